"""The playtest report: what a designer asks of a batch of games, as tables, plotly figures and
sentences that state each finding with its interval (findings.py), written as one HTML file and shown
in a notebook. A pure function of simulate()'s frames (analyse); nl.playtest() (neko_lab/sim/playtest.py)
plays the batch and builds it.

    rep = nl.playtest("naeco", players=2, games=400)
    rep                    # the findings and tables
    rep.show()             # ... and the figures (in a notebook)
    rep.save("naeco.html") # one self-contained HTML file

Sections: seat balance (and first to act, where the turn order is not the seat order), decisiveness,
final scores (their spread, and each seat's mean), game length, drama (lead changes between the ends
of rounds and the leader-goes-on-to-win curve on projected scores), branching factor by decision kind
and per-card statistics. A solo game has no seats to balance: a game won or lost against the game
itself (Syndicate against CatANNA) reports its result, a game rated on the rulebook's scale (Naéco)
how many games reach each rating, and its cards are compared by the holders' scores. The default size
and agents come from the game (State.PLAYTEST), chosen so that the report runs in under a minute on
two cores.
"""
from __future__ import annotations

import errno
import html
import math
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from neko_lab.core import ConfigError
from neko_lab.core.errors import check_flag, counted

from . import findings
from .balance import decisiveness, equal_seats_test, game_length, seat_balance
from .cards import ENDS, LONG, card_scores, card_stats, ends, left_out
from .decisions import branching
from .drama import drama, leader_wins
from .frames import ACTIONS, check_whole, need
from .scores import RATED, rating_counts, score_table, solo_result


@dataclass
class Report:
    """A playtest report: settings, the result frames, tables, figures and findings (sentences)."""
    game: str
    title: str
    settings: dict
    results: pd.DataFrame
    trace: pd.DataFrame
    tables: dict = field(default_factory=dict)
    findings: dict = field(default_factory=dict)
    _figures: dict | None = None

    @property
    def figures(self) -> dict:
        """The plotly figures by section (built on first use)."""
        if self._figures is None:
            from .report_figures import figures
            self._figures = figures(self)
        return self._figures

    def summary(self) -> str:
        """The findings as plain text, one paragraph per section."""
        return "\n\n".join(f"{k.capitalize()}: {v}" for k, v in self.findings.items())

    def describe(self) -> str:
        """What was played, in one line: games, players, agents, seed, the game options that differ
        from the rules' defaults and the card data (its fingerprint, and the folder it came from)."""
        s = self.settings
        agents = s["agents"]
        text = (f"{counted(s['games'], 'game')}, {counted(s['players'], 'player')}, agents {', '.join(agents)}"
                + (" (rotating over seats)" if s["players"] > 1 and len(agents) > 1 else "")
                + f", seed {s['seed']}")
        options = s.get("options") or {}
        text += (", options " + ", ".join(f"{k}={v!r}" for k, v in options.items())) if options \
            else ", the rules' default options"
        folder = s.get("data_folder")
        if s.get("data"):
            text += f", card data {s['data']} " + (f"from the folder {folder}" if folder else "(the shipped data)")
        elif folder:
            text += f", card data from the folder {folder}"
        return text

    def _body(self, with_figures: bool) -> str:
        out = [f"<h2>Playtest: {html.escape(self.title)}</h2>", f"<p>{html.escape(self.describe())}.</p>"]
        include = "cdn" if with_figures == "cdn" else True
        for key, text in self.findings.items():
            out.append(f"<h3>{html.escape(key.capitalize())}</h3><p>{html.escape(text)}</p>")
            if key in self.tables:
                out.append(section_html(key, self.tables[key]))
            if with_figures:
                for fig in self.figures.get(key, []):
                    out.append(fig.to_html(full_html=False, include_plotlyjs=include,
                                           default_width="100%", default_height="420px"))
                    include = False
        return "\n".join(out)

    def _repr_html_(self) -> str:
        return f"<div class='neko-playtest'>{self._body(False)}</div>"

    def to_html(self, plotlyjs: str | bool = True) -> str:
        """The whole report as one HTML page (plotly.js inside it, so it opens offline;
        plotlyjs="cdn" links it instead, for a small file)."""
        return ("<!DOCTYPE html><html><head><meta charset='utf-8'>" + MARKER
                + f"<title>Playtest: {html.escape(self.title)}</title>"
                "<style>body{font-family:sans-serif;max-width:1100px;margin:auto;padding:1em}"
                "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;"
                "text-align:right}</style></head><body>"
                + self._body("cdn" if plotlyjs == "cdn" else True) + "</body></html>")

    def save(self, path: str | Path, plotlyjs: str | bool = True, overwrite: bool = False) -> Path:
        """Write the report as one HTML file; returns its path. The file is written whole or not at all:
        into a temporary file beside it, renamed into place once complete, so that a write that fails
        (a full disk) leaves what was there before. An existing file is replaced only with
        overwrite=True, and only if it is a report neko_lab wrote (never a file of another kind). A path
        that cannot be written (a folder, a folder that does not exist, no permission, an existing
        file) is a ConfigError saying why."""
        return write_report(self, path, "path", plotlyjs=plotlyjs, overwrite=overwrite)

    def show(self) -> None:
        """In a notebook: the findings and tables, then every figure."""
        from IPython.display import HTML, display
        for key, text in self.findings.items():
            display(HTML(f"<h3>{html.escape(key.capitalize())}</h3><p>{html.escape(text)}</p>"))
            if key in self.tables:
                display(HTML(section_html(key, self.tables[key])))
            for fig in self.figures.get(key, []):
                fig.show()


MARKER = "<meta name='generator' content='neko_lab playtest report'>"
# how every report began before it carried MARKER: such a file is a report too, and may be replaced
LEGACY_START = "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Playtest: "


def is_report(path: Path) -> bool:
    """Whether the file at `path` is a playtest report neko_lab wrote (the only kind of file a report
    ever replaces)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(4096)
    except OSError:
        return False
    return head.startswith(LEGACY_START) or (head.startswith("<!DOCTYPE html>") and MARKER in head)


def report_path(path: Any, name: str = "html", overwrite: bool = False) -> Path:
    """`path` as the path of a report file to write, if it can be written there; else a ConfigError
    saying why, which names the argument `name` (nl.playtest(html=...) checks it before any game is
    played; Report.save(path) before writing). An existing file is refused unless overwrite=True, and
    a file that is not a neko_lab report (is_report) even then: a report never destroys other work."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise ConfigError(f"{name} must name the report's file (a str or pathlib.Path), not {path!r}")
    overwrite = check_flag("overwrite", overwrite)
    shown = os.fspath(path)
    out = Path(path)
    if out.is_dir():
        raise ConfigError(f"{name}={shown!r} is a folder: name the report's file, e.g. "
                          f"{os.fspath(out / 'playtest.html')!r}")
    folder = out.parent
    if not folder.is_dir():
        raise ConfigError(f"{name}={shown!r}: the folder {os.fspath(folder)!r} does not exist")
    if out.exists() or out.is_symlink():
        if not out.is_file():
            raise ConfigError(f"{name}={shown!r} exists and is not a file: name another file")
        if not is_report(out):
            raise ConfigError(f"{name}={shown!r} exists and is not a neko_lab playtest report, so it is never "
                              f"replaced (not even with overwrite=True): move it away or name another file")
        if not overwrite:
            raise ConfigError(f"{name}={shown!r} already exists: pass overwrite=True to replace it, or name "
                              f"another file")
        if not os.access(out, os.W_OK):
            raise ConfigError(f"{name}={shown!r} cannot be written (Permission denied)")
    try:                                     # the temporary file the report is written to, and removed
        _temporary(out).unlink()
    except OSError as exc:
        raise ConfigError(f"{name}={shown!r} cannot be written "
                          f"({exc.strerror or type(exc).__name__})") from None
    return out


def _temporary(out: Path) -> Path:
    """A new empty file beside `out` (hidden, and named for it), created with the permissions a new
    file gets (those of `out`, where it exists)."""
    target = out.resolve() if out.is_symlink() else out      # a link's target is replaced, not the link
    while True:
        tmp = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        if target.exists():
            os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        return tmp


def write_report(report: Report, path: Any, name: str = "html", plotlyjs: str | bool = True,
                 overwrite: bool = False) -> Path:
    """Write `report` as one HTML file at `path` (checked by report_path, whose messages name the
    argument `name`); the file is complete or untouched: the page goes to a temporary file beside it,
    renamed into place once written, and removed if the write fails."""
    out = report_path(path, name, overwrite)
    page = report.to_html(plotlyjs)
    tmp = None
    try:
        tmp = _temporary(out)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(page)
            f.flush()
            os.fsync(f.fileno())
        if not overwrite and (out.exists() or out.is_symlink()):
            # written by someone else while the report was being made: theirs is kept
            raise FileExistsError(errno.EEXIST, "it appeared while the report was being written")
        os.replace(tmp, out.resolve() if out.is_symlink() else out)
        tmp = None
    except OSError as exc:                   # the disk filled up, or the folder went away meanwhile
        raise ConfigError(f"{name}={os.fspath(path)!r} cannot be written "
                          f"({exc.strerror or type(exc).__name__}); "
                          + ("what was there is left as it was" if out.exists() else "nothing was written")
                          ) from None
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
    return out


# how each column of a report table reads: shares as percentages, points and counts with the decimals
# they need (8, 7.5, 9.6); low/high/others are shares beside a rate, points beside a score; a lift
# beside a rate is a difference of two shares, in percentage points ("+20.7 pts"), beside a score a
# difference in points ("+2.3"); a p value with three decimals
PERCENT = ("rate", "fair", "excess", "held_by", "held_in", "forced", "chance", "share", "shared", "no_winner",
           "tie_break", "close")
BESIDE_RATE = ("low", "high", "others")
# a solo report's cards table: a card's seats are the games whose player held it
SOLO_CARDS = {"seats": "games", "held_by": "held_in"}


NO_VALUE = "–"        # a cell with no number: the interval of a mean of one game, say


def _finite(fmt):
    """`fmt` for finite numbers; NO_VALUE for an infinite bound (no interval) or a missing value."""
    return lambda x: fmt(x) if math.isfinite(x) else NO_VALUE


def section_html(key: str, table: pd.DataFrame) -> str:
    """A report table as HTML. A long cards table: its two ends, then the whole table folded (a
    <details> element the reader opens), so that every card compared can be looked up."""
    if key != "cards" or len(table) <= LONG:
        return _table_html(table)
    most, least = ("win most often", "win least often") if "rate" in table.columns else ("score most", "score least")
    return (f"<p>The {ENDS} cards whose holders {most} and the {ENDS} whose holders {least}, of "
            f"{len(table)} compared (every card in the list below them):</p>"
            + _table_html(ends(table))
            + f"<details><summary>All {len(table)} cards compared (click to open)</summary>"
            + _table_html(table) + "</details>")


def _table_html(table: pd.DataFrame) -> str:
    pct = set(PERCENT) | (set(BESIDE_RATE) if "rate" in table.columns else set())
    fmt = {}
    for c in table.columns:
        if c == "lift":
            fmt[c] = _finite((lambda x: f"{100 * x:+.1f} pts") if "rate" in table.columns else "{:+.1f}".format)
        elif c == "p":
            fmt[c] = _finite("{:.3f}".format)
        elif c in pct:
            fmt[c] = _finite("{:.1%}".format)
        elif pd.api.types.is_float_dtype(table[c]):   # one number of decimals down a column
            finite = table[c][table[c].map(math.isfinite)]
            whole = finite.map(float.is_integer).all()
            fmt[c] = _finite("{:.0f}".format if whole else "{:.1f}".format)
    shown = table.index.name is not None or not isinstance(table.index, pd.RangeIndex)
    return table.to_html(formatters=fmt, index=shown, border=0, na_rep=NO_VALUE)


def scores_and_rating(df: pd.DataFrame, scale: tuple = ()) -> tuple[dict, dict]:
    """(tables, findings) of the final scores (the "scores" section) and, given the game's solo rating
    scale (State.RATING_SCALE) for a solo frame, how many games reach each tier (the "rating" section):
    the part of the report that `neko-lab simulate` also prints for a game with no winner. `df`: the
    rows of one run, with columns game, seat, score and players (and solo_tier where the game rates)."""
    need(df, ["game", "seat", "score", "players"], "scores_and_rating")
    players = int(df["players"].iloc[0])
    scores = score_table(df)
    said = {"scores": findings.scores(scores, solo=players == 1)}
    tables = {"scores": scores.assign(seat=scores["seat"].map(
        lambda k: "all seats" if k == "all" else ("the player" if players == 1 else f"seat {k}"))).set_index("seat")}
    if players == 1 and scale:
        tables["rating"] = rating_counts(df, scale).set_index("tier")
        said["rating"] = findings.rating(tables["rating"].reset_index())
    return tables, said


def analyse(df: pd.DataFrame, trace: pd.DataFrame, min_card_seats: int | None = None,
            scale: tuple = (), game: Any = None) -> tuple[dict, dict]:
    """(tables, findings) of a playtest from simulate()'s frame and trace="action" trace, of one run
    (see frames.py). min_card_seats: the fewest seats that must hold a card (and not hold it) for the
    card to be shown; None chooses from the number of games. `scale`: the game's solo rating scale
    (State.RATING_SCALE), for a solo game rated on it. `game`: the game's State class, whose words the
    report uses (ROUND_NAME, DECISION_NAMES, ORDER_RULE); None: rounds, and decision kinds with spaces
    for underscores."""
    unit = getattr(game, "ROUND_NAME", "round")
    names = getattr(game, "DECISION_NAMES", {})
    if min_card_seats is not None:
        check_whole(min_card_seats, "min_card_seats", "analyse", 1, " or None")
    tables: dict = {}
    said: dict = {}
    if not len(need(df, [], "analyse")) or not len(need(trace, [], "analyse", ACTIONS)):
        raise ConfigError("nothing to analyse: the results hold no games (play at least one with "
                          "nl.simulate(..., games=N, trace='action'))")
    need(df, ["game", "seat", "agent", "won", "score", "players", "steps", "rounds"], "analyse")
    need(trace, ["game", "step", "round", "seat"], "analyse", ACTIONS)
    players = int(df["players"].iloc[0])
    rated = players == 1 and RATED in df.columns
    if players == 1 and not rated:           # won or lost against the game itself
        said["result"] = findings.solo(solo_result(df), df)
    if players > 1:
        seat_tab = seat_balance(df)
        tables["seats"] = seat_tab.set_index("seat")
        said["seats"] = findings.seats(seat_tab, equal_seats_test(df))
        if "order" in df.columns and (df["order"] != df["seat"] + 1).any():
            order_tab = seat_balance(df, by="order")
            tables["first to act"] = order_tab
            said["first to act"] = findings.seats(order_tab, equal_seats_test(df, by="order"), by="order",
                                                  order_rule=getattr(game, "ORDER_RULE", ""))
        dec = decisiveness(df)
        said["decisiveness"] = findings.decisive(dec)
        tables["decisiveness"] = pd.DataFrame([dec]).set_index("games")
    score_tables, score_said = scores_and_rating(df, scale if rated else ())
    tables.update(score_tables)
    said.update(score_said)
    length = game_length(df)
    said["length"] = findings.length(length, unit)
    tables["length"] = length.rename(index={"rounds": f"{unit}s"})      # the game's own unit (turns)
    if players > 1 and len(trace):
        summary = drama(trace)
        curve = leader_wins(trace, df, at="progress")
        tables["drama"] = curve.set_index("progress")
        said["drama"] = findings.drama(summary, curve)
    if "choices" in trace.columns and len(trace):
        kinds = branching(trace)             # each kind as a player names it
        kinds["kind"] = kinds["kind"].map(lambda k: k if k == "all" else names.get(k, str(k).replace("_", " ")))
        tables["branching"] = kinds.set_index("kind")
        said["branching"] = findings.branching(tables["branching"].reset_index())
    if "held" in df.columns:
        least = min_card_seats or max(10, len(df) // 20)
        by_score = players == 1              # one seat: nobody to win against, or a rated game
        cards = (card_scores if by_score else card_stats)(df, min_seats=least)
        # every card compared, so that any card can be looked up (the page shows the ends of a long
        # table first: section_html); the finding names the cards left out
        tables["cards"] = cards.drop(columns="false_alarm").set_index("card")   # the finding sums it
        if by_score:                         # one seat a game: its seats are games
            tables["cards"] = tables["cards"].rename(columns=SOLO_CARDS)
        said["cards"] = findings.cards(cards, least, games=int(df["game"].nunique()),
                                       left=left_out(df, cards), seats=len(df))
    return tables, said

