"""Comparing rule options: does a variant change who wins, or how much players score?

    sw = nl.sim.sweep("neptune", options={"events": [False, True]}, games=200, players=3,
                      agents=[["neptune"]])
    cmp = nl.analysis.compare_options(sw)          # the one option the sweep varies
    cmp                                            # table, tests and the finding
    cmp.summary()
    nl.analysis.compare_options(df_a, df_b)        # or two frames of nl.simulate()

For each value of the option (or each frame), over its games:
- first seat: the win share of seat 1 (a tie counts 1/k for each of k winners) with its 95 % Wilson
  interval;
- score: a game's mean final score over its seats, averaged over the games, with its 95 % Student's t
  interval (one value per game, so the games are the independent samples).
Every value is tested against the first one (the reference): the first seat's win share with the
two-proportion z test, the score with Welch's t test; both two-sided.

Player counts (two frames of nl.simulate() at different counts, or option="players"): seat 1's win
share means something else at each count, since equal seats would each win 1/2 of two-player games and
1/3 of three-player ones, so `fair` (the share every seat would win if seats were equal: the mean win
share over every seat) is given for each count, and the test is of seat 1's excess over it (first_seat -
fair) with the z test of a difference of two proportions (unpooled), its difference in `excess_diff`. A
game's mean final score means the same at every count (what a player scores). A line-up that is one
agent in every seat is that agent at any count (["naeco"] at two players and at three are the same
line-up); a solo frame (one seat a game, whose win is against the game itself) is not compared with
others at another count: compare its scores with nl.analysis.score_table. A sweep plays every cell from
the same seeds, so the cells' games are alike as far as the option lets them be; the tests treat
them as independent samples, which if anything understates how sure a difference is.

A sweep that varies only its card data folders (or only its line-ups) is compared over them the same
way; two frames are compared over the one thing they differ in (an option, the player count, the
line-up or the card data, which names the rows; option= names it, "players" for the player count), and
frames differing in more than one are refused, naming each: a difference found could come from any of
them.

One option is compared at a time, within one line-up, one card data folder and one player count: a
sweep's frame that also varies another option, its line-ups (`lineup`, from agents=) or its data folders
(`data_folder`, from data=) is refused with a ConfigError naming the column and how to keep one of its
values (df[df.lineup == ...]), since pooling them would count the same deals once per line-up or folder
and narrow the intervals with games that are not independent.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass

import pandas as pd

from ..core.errors import ConfigError, counted
from .balance import with_share
from .frames import check_winner, need
from .stats import (SURE, Z95, fmt_interval, fmt_num, fmt_p, fmt_pct, fmt_range, mean_interval,
                    normal_sf, two_proportion_test, welch_test, wilson_interval)

NEEDED = ["game", "seat", "won", "score"]


@dataclass
class OptionComparison:
    """compare_options()'s answer: `table` (one row per option value), `tests` (each value against
    the first) and summary() (the finding in words)."""
    option: str
    table: pd.DataFrame
    tests: pd.DataFrame

    def summary(self) -> str:
        ref = self.table.iloc[0]
        out = []
        for (_, row), (_, test) in zip(self.table.iloc[1:].iterrows(), self.tests.iterrows()):
            if row["players"] != ref["players"]:      # player counts: seat 1 against its fair share
                seat = (f"seat 1 wins {fmt_pct(row['first_seat'])} {fmt_interval(row['low'], row['high'])} "
                        f"where equal seats would each win {fmt_pct(row['fair'])}, against "
                        f"{fmt_pct(ref['first_seat'])} {fmt_interval(ref['low'], ref['high'])} where they "
                        f"would each win {fmt_pct(ref['fair'])}, so its share differs from the fair one by "
                        f"{_diff(100 * row['excess'])} percentage points against {_diff(100 * ref['excess'])} "
                        f"({_diff(100 * test['excess_diff'])} points, z test {fmt_p(test['p_rate'])}: "
                        f"{_verdict(test['p_rate'])})")
            else:
                seat = (f"seat 1 wins {fmt_pct(row['first_seat'])} "
                        f"{fmt_interval(row['low'], row['high'])} against {fmt_pct(ref['first_seat'])} "
                        f"{fmt_interval(ref['low'], ref['high'])} ({_diff(100 * test['rate_diff'])} percentage "
                        f"points, two-proportion z test {fmt_p(test['p_rate'])}: {_verdict(test['p_rate'])})")
            out.append(
                f"{row['value']} against {ref['value']} ({counted(int(row['games']), 'game')} and "
                f"{int(ref['games'])}): {seat}; a game's "
                f"mean final score is {fmt_num(row['score'])} {fmt_range(row['score_low'], row['score_high'])} "
                f"against {fmt_num(ref['score'])} {fmt_range(ref['score_low'], ref['score_high'])} "
                f"({_diff(test['score_diff'])} points, Welch's t test {fmt_p(test['p_score'])}: "
                f"{_verdict(test['p_score'])}).")
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"{self.table.to_string(index=False)}\n\n{self.summary()}"

    def _repr_html_(self) -> str:
        fmt = {c: "{:.1%}".format for c in ("first_seat", "low", "high", "fair", "excess", "rate_diff",
                                            "excess_diff")}
        fmt.update({c: "{:.2f}".format for c in ("score", "score_low", "score_high", "score_diff", "z",
                                                 "t", "dof")})
        fmt.update({c: "{:.3g}".format for c in ("p_rate", "p_score")})
        return (self.table.to_html(index=False, border=0, formatters=fmt)
                + self.tests.to_html(index=False, border=0, formatters=fmt)
                + "".join(f"<p>{html.escape(line)}</p>" for line in self.summary().splitlines()))


def _diff(x: float) -> str:
    return f"{'+' if x > 0 else '−' if x < 0 else '±'}{fmt_num(abs(x))}"


def _verdict(p: float) -> str:
    if p < SURE:
        return "a difference"
    if p < 0.05:
        return "a hint of a difference, more games would tell"
    return "no difference these games can see"


def _groups(a: pd.DataFrame, b: pd.DataFrame | None, option: str | None) -> tuple[str, list]:
    """(what is compared, [(label, frame), ...]) for the values or the frames to compare."""
    if b is not None:
        return _two_frames(a, b, option)
    varying = [c for c in a.columns if c.startswith("opt_") and a[c].nunique(dropna=False) > 1]
    if option is None:
        others = [c for c, _, _ in _pooled_varying(a)]
        if not varying and len(others) == 1:                      # e.g. a sweep over data= only
            return _over(a, others[0], others[0])
        if not varying:
            raise ConfigError("compare_options: this frame plays one set of options, so there is nothing to "
                              "compare; give the frame of nl.sim.sweep(game, options={name: [a, b]}) or two "
                              "frames of nl.simulate()")
        if len(varying) > 1:
            raise ConfigError(f"compare_options: this frame varies {' and '.join(c[4:] for c in varying)}: name "
                              f"the one to compare with option=")
        column = varying[0]
    elif option == "players" and "players" in a.columns:     # a sweep plays one player count
        return _over(a, "players", "players")
    else:
        column = _column(a, option)
        rest = [c[4:] for c in varying if c != column]
        if rest:
            raise ConfigError(f"compare_options: the frame also varies {' and '.join(rest)}; keep the rows of one "
                              f"value of it first, e.g. df[df.opt_{rest[0]} == value]")
    _one_lineup_and_data(a)
    return _over(a, column, column[4:])


def _over(frame: pd.DataFrame, column: str, name: str) -> tuple[str, list]:
    """(name, [(label, rows), ...]): the frame's rows for each value of `column`, in order of appearance."""
    values = list(dict.fromkeys(frame[column].tolist()))
    if len(values) < 2:
        raise ConfigError(f"compare_options: every game was played with {name}={values[0]!r}, so "
                          f"there is nothing to compare")
    return name, [(f"{name}={v!r}", frame[frame[column].isna()] if pd.isna(v) else frame[frame[column] == v])
                  for v in values]


def _settings(frame: pd.DataFrame) -> dict[str, tuple]:
    """What a frame's games were played with, each as the tuple of its values: every option, the player
    count, the line-up (the agents of a game in seat order; a sweep's lineup column where there is one)
    and the card data (its folder where the frame says it, else its fingerprint)."""
    out = {c[4:]: tuple(dict.fromkeys(frame[c].tolist())) for c in frame.columns if c.startswith("opt_")}
    if "players" in frame.columns:
        out["players"] = tuple(sorted(set(frame["players"].tolist())))
    elif "seat" in frame.columns:                    # a frame without the column: its seats per game
        out["players"] = tuple(sorted(set(frame.groupby("game")["seat"].size().tolist())))
    if "lineup" in frame.columns:
        out["line-up"] = tuple(sorted(set(frame["lineup"].tolist())))
    elif "agent" in frame.columns:
        games = frame.sort_values(["game", "seat"]).groupby("game", sort=False)["agent"]
        # one agent in every seat is the same line-up at any player count
        out["line-up"] = tuple(sorted(set(games.agg(lambda a: a.iloc[0] if a.nunique() == 1
                                                    else " vs ".join(a)).tolist())))
    for column in ("data_folder", "data"):
        if column in frame.columns:
            out["card data"] = tuple(dict.fromkeys(frame[column].tolist()))
            break
    return out


def _two_frames(a: pd.DataFrame, b: pd.DataFrame, option: str | None) -> tuple[str, list]:
    """Two frames of nl.simulate(): compared over what they differ in, which must be one thing (an option,
    the player count, the line-up or the card data); frames differing in several are refused, naming them,
    since a difference found could come from any of them."""
    need(b, NEEDED, "compare_options")
    sa, sb = _settings(a), _settings(b)
    if option is not None and option != "players":
        differ = [_column(a, option)]
        return differ[0][4:], [(_label(f, differ), f) for f in (a, b)]
    differ = [k for k in sa if k in sb and sa[k] != sb[k]]
    if option == "players" and differ != ["players"]:
        raise ConfigError("compare_options: option='players' compares two frames at different player counts "
                          "that differ in nothing else, but these " + (
                              "are at the same player count" if "players" not in differ else
                              "also differ in " + " and ".join(k for k in differ if k != "players")))
    if not differ:
        return "frame", [("the first frame", a), ("the second frame", b)]
    if len(differ) > 1:
        said = "; ".join(f"{k} {_said(sa[k])} against {_said(sb[k])}" for k in differ)
        raise ConfigError(f"compare_options: the two frames differ in {len(differ)} things ({said}), so a "
                          f"difference found could come from any of them; compare frames that differ in one")
    name = differ[0]
    return name, [(f"{name}={_said(s[name])}", f) for s, f in ((sa, a), (sb, b))]


def _said(values: tuple) -> str:
    return "/".join(v if isinstance(v, str) else repr(v) for v in values)


# what else a sweep's cells differ in besides options: each value's games would be pooled over them
POOLED = (("lineup", "line-up", "line-ups"), ("data_folder", "card data folder", "card data folders"),
          ("data", "set of card data", "sets of card data"), ("players", "player count", "player counts"))


def _pooled_varying(frame: pd.DataFrame) -> list[tuple[str, str, str]]:
    """(column, one, many) for each POOLED column whose values vary in the frame."""
    out = []
    for column, one, many in POOLED:
        if column == "data" and "data_folder" in frame.columns:
            continue                                  # the folder says it, in words
        if column in frame.columns and frame[column].nunique(dropna=False) > 1:
            out.append((column, one, many))
    return out


def _one_lineup_and_data(frame: pd.DataFrame) -> None:
    """Refuse a frame whose games were played by several line-ups, with several card data folders or
    at several player counts (a sweep over agents= or data=): each option value's games would be pooled
    over them, the same deals counted once per line-up, and the intervals narrowed by games that are not
    independent. The message names the column and how to keep one of its values."""
    for column, one, many in _pooled_varying(frame):
        values = list(dict.fromkeys(frame[column].tolist()))       # tolist: 3, not np.int64(3)
        raise ConfigError(
            f"compare_options: the frame holds games of {counted(len(values), one, many)} "
            f"(the {column} column: {', '.join(repr(v) for v in values)}), and each option value's games "
            f"would be pooled over them (the same deals counted once for each); keep the rows of one value "
            f"of it first, e.g. df[df.{column} == {values[0]!r}], or compare each in turn: for key, part in "
            f"df.groupby({column!r}): compare_options(part)")


def _column(frame: pd.DataFrame, option: str) -> str:
    if not isinstance(option, str):
        raise ConfigError(f"option names a game option, not {option!r}")
    column = option if option.startswith("opt_") else f"opt_{option}"
    if column not in frame.columns:
        known = [c[4:] for c in frame.columns if c.startswith("opt_")]
        raise ConfigError(f"compare_options: the frame has no option {option!r} (its options: "
                          f"{', '.join(known) or 'none'})")
    return column


def _label(frame: pd.DataFrame, columns: list[str]) -> str:
    return ", ".join(f"{c[4:]}={'/'.join(repr(v) for v in frame[c].drop_duplicates())}" for c in columns)


def excess_test(rate_a: float, n_a: int, fair_a: float, rate_b: float, n_b: int, fair_b: float) -> dict:
    """z test (unpooled: the two rates are not expected equal) that two win rates lie equally far from
    their fair shares: {"difference" (b's rate minus a's), "z", "p" (two-sided)}; p = 1 when neither
    rate varies and the excesses are equal."""
    se = math.sqrt(rate_a * (1 - rate_a) / n_a + rate_b * (1 - rate_b) / n_b)
    gap = (rate_b - fair_b) - (rate_a - fair_a)
    if se <= 0:
        return {"difference": rate_b - rate_a, "z": 0.0, "p": 1.0 if abs(gap) < 1e-12 else 0.0}
    return {"difference": rate_b - rate_a, "z": gap / se, "p": min(1.0, 2 * normal_sf(abs(gap / se)))}


def compare_options(a: pd.DataFrame, b: pd.DataFrame | None = None, option: str | None = None,
                    z: float = Z95) -> OptionComparison:
    """Compare the first seat's win share and the mean final score between the values of one game
    option (see the module docstring): `a` is a frame of nl.sim.sweep() (option= names the option when
    the sweep varies several), or `a` and `b` are two frames of nl.simulate(), compared over the one thing
    they differ in: an option, the line-up, the card data or the player count (where seat 1's win share
    is measured against its fair share at each count). table: value, games, players, first_seat, low,
    high, fair, excess, score, score_low, score_high; tests: value, against, rate_diff, excess_diff, z,
    p_rate, score_diff, t, dof, p_score."""
    need(a, NEEDED, "compare_options", one_run=b is not None)    # a sweep's table joins its cells
    for frame in (a, b):
        if frame is not None:
            check_winner(frame, "compare_options")
    name, groups = _groups(a, b, option)
    rows, samples = [], []
    for label, part in groups:
        part = with_share(part)
        key = ["cell", "game"] if "cell" in part.columns else ["game"]
        first = part[part["seat"] == 0]
        n, wins = len(first), float(first["share"].sum())
        if n < 2:
            raise ConfigError(f"compare_options: {label} has {counted(n, 'game')}; at least 2 are needed")
        low, high = wilson_interval(wins, n, z)
        fair = float(part["share"].fillna(0.0).mean())      # what each seat would win if seats were equal
        scores = part.groupby(key)["score"].mean().astype(float).tolist()
        mean, s_low, s_high = mean_interval(scores)
        seats = int(part.groupby(key)["seat"].size().max())
        rows.append({"value": label, "games": n, "players": seats, "first_seat": wins / n, "low": low,
                     "high": high, "fair": fair, "excess": wins / n - fair,
                     "score": mean, "score_low": s_low, "score_high": s_high})
        samples.append((wins, n, scores, seats))
    counts = {seats for *_, seats in samples}
    if len(counts) > 1 and 1 in counts:
        raise ConfigError("compare_options: a solo game is won or lost against the game itself, so its win "
                          "share cannot be set beside seat 1's at another player count; compare the scores "
                          "instead, e.g. nl.analysis.score_table(df) of each frame")
    tests = []
    wins0, n0, scores0, seats0 = samples[0]
    for row, (wins, n, scores, seats) in zip(rows[1:], samples[1:]):
        if seats == seats0:
            rate = two_proportion_test(wins0, n0, wins, n)
        else:                                 # seat 1's excess over its fair share at each count
            rate = excess_test(rows[0]["first_seat"], n0, rows[0]["fair"], row["first_seat"], n, row["fair"])
        score = welch_test(scores0, scores)
        tests.append({"value": row["value"], "against": rows[0]["value"], "rate_diff": rate["difference"],
                      "excess_diff": row["excess"] - rows[0]["excess"],
                      "z": rate["z"], "p_rate": rate["p"], "score_diff": score["difference"],
                      "t": score["t"], "dof": score["dof"], "p_score": score["p"]})
    return OptionComparison(name, pd.DataFrame(rows), pd.DataFrame(tests))
