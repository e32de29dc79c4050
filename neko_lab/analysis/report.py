"""The playtest report: what a designer asks of a batch of games, as tables, plotly figures and
sentences that state each finding with its interval (findings.py), written as one HTML file and shown
in a notebook. A pure function of simulate()'s frames (analyse); nl.playtest() (neko_lab/sim/playtest.py)
plays the batch and builds it.

    rep = nl.playtest("naeco", players=2, games=400)
    rep                    # the findings and tables
    rep.show()             # ... and the figures (in a notebook)
    rep.save("naeco.html") # one self-contained HTML file

Sections: seat balance (and first to act, where the turn order is not the seat order), decisiveness,
game length, drama (lead changes and the leader-goes-on-to-win curve on projected scores), branching
factor by decision kind and per-card statistics. The default size and agents come from the game
(State.PLAYTEST), chosen so that the report runs in under a minute on two cores.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from neko_lab.core import ConfigError
from neko_lab.core.errors import counted

from . import findings
from .balance import decisiveness, equal_seats_test, game_length, seat_balance
from .cards import card_stats
from .decisions import branching
from .drama import drama, leader_wins
from .frames import ACTIONS, check_whole, need


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

    def _body(self, with_figures: bool) -> str:
        s = self.settings
        out = [f"<h2>Playtest: {html.escape(self.title)}</h2>",
               f"<p>{counted(s['games'], 'game')}, {counted(s['players'], 'player')}, "
               f"agents {html.escape(', '.join(s['agents']))}"
               f" (rotating over seats), seed {s['seed']}, card data {s['data'] or 'none'}"
               + (f", options {html.escape(str(s['options']))}" if s["options"] else "") + ".</p>"]
        include = "cdn" if with_figures == "cdn" else True
        for key, text in self.findings.items():
            out.append(f"<h3>{html.escape(key.capitalize())}</h3><p>{html.escape(text)}</p>")
            if key in self.tables:
                out.append(_table_html(self.tables[key]))
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
        return ("<!DOCTYPE html><html><head><meta charset='utf-8'>"
                f"<title>Playtest: {html.escape(self.title)}</title>"
                "<style>body{font-family:sans-serif;max-width:1100px;margin:auto;padding:1em}"
                "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;"
                "text-align:right}</style></head><body>"
                + self._body("cdn" if plotlyjs == "cdn" else True) + "</body></html>")

    def save(self, path: str | Path, plotlyjs: str | bool = True) -> Path:
        """Write the report as one HTML file; returns its path."""
        path = Path(path)
        path.write_text(self.to_html(plotlyjs), encoding="utf-8")
        return path

    def show(self) -> None:
        """In a notebook: the findings and tables, then every figure."""
        from IPython.display import HTML, display
        for key, text in self.findings.items():
            display(HTML(f"<h3>{html.escape(key.capitalize())}</h3><p>{html.escape(text)}</p>"))
            if key in self.tables:
                display(HTML(_table_html(self.tables[key])))
            for fig in self.figures.get(key, []):
                fig.show()


def _table_html(table: pd.DataFrame) -> str:
    fmt = {c: "{:.1%}".format for c in ("rate", "low", "high", "fair", "excess", "others", "lift",
                                          "held_by", "forced", "chance") if c in table.columns}
    fmt.update({c: "{:.2f}".format for c in ("wins", "mean", "sd", "per_game", "per_round", "median",
                                            "q25", "q75") if c in table.columns})
    shown = table.index.name is not None or not isinstance(table.index, pd.RangeIndex)
    return table.to_html(formatters=fmt, index=shown, border=0)


def analyse(df: pd.DataFrame, trace: pd.DataFrame, min_card_seats: int | None = None) -> tuple[dict, dict]:
    """(tables, findings) of a playtest from simulate()'s frame and trace="action" trace, of one run
    (see frames.py). min_card_seats: the fewest seats that must hold a card (and not hold it) for the
    card to be shown; None chooses from the number of games."""
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
    if players > 1:
        seat_tab = seat_balance(df)
        tables["seats"] = seat_tab.set_index("seat")
        said["seats"] = findings.seats(seat_tab, equal_seats_test(df))
        if "order" in df.columns and (df["order"] != df["seat"] + 1).any():
            order_tab = seat_balance(df, by="order")
            tables["first to act"] = order_tab
            said["first to act"] = findings.seats(order_tab, equal_seats_test(df, by="order"), by="order")
        dec = decisiveness(df)
        said["decisiveness"] = findings.decisive(dec)
        tables["decisiveness"] = pd.DataFrame([dec]).set_index("games")
    tables["length"] = game_length(df)
    said["length"] = findings.length(tables["length"])
    if players > 1 and len(trace):
        summary = drama(trace)
        curve = leader_wins(trace, df, at="progress")
        tables["drama"] = curve.set_index("progress")
        said["drama"] = findings.drama(summary, curve)
    if "choices" in trace.columns and len(trace):
        tables["branching"] = branching(trace).set_index("kind")
        said["branching"] = findings.branching(tables["branching"].reset_index())
    if "held" in df.columns:
        least = min_card_seats or max(10, len(df) // 20)
        cards = card_stats(df, min_seats=least)
        # every card when there are few, else the 8 best and 8 worst: the cards the finding names are shown
        tables["cards"] = cards.set_index("card") if len(cards) <= 20 else \
            pd.concat([cards.head(8), cards.tail(8)]).set_index("card")
        said["cards"] = findings.cards(cards, least, games=int(df["game"].nunique()))
    return tables, said

