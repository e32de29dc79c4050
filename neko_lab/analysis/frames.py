"""What a frame must hold for an analysis or a figure: one check shared by every public function of
nl.analysis and nl.viz, so a frame of the wrong kind (the results where a trace is needed, a frame
without `score`, None) is refused with a ConfigError that names the missing columns and how to get them;
a trace where the results are needed is refused by its `step` column (it has score and pts_ columns
too, of every point of every game).

Every function of nl.analysis reads the games of one run: a game is known by its number (`game`), so
a frame that joins several runs whose game numbers each start at 0 (a sweep's table, which holds one
run per cell, or runs joined with pd.concat) would mix different games under one number and give wrong
counts, shares and margins. need() refuses such a frame (the same game and seat twice; in a trace, the
same game, step and seat) and says which column tells the runs apart, so each can be analysed in turn:
{cell: nl.analysis.seat_balance(part) for cell, part in df.groupby("cell")}. A frame whose runs number
their games apart (nl.sim.ladder's games) is one run to these functions. The figures of nl.viz group
rows by columns the caller names and take such frames as they are.
"""
from __future__ import annotations

import math
import numbers
from typing import Any, Iterable

import pandas as pd

from ..core.errors import ConfigError, counted, excerpt, one_of

RESULTS = "the results of nl.simulate() (one row per game and seat)"
TRACE = "the trace of nl.simulate(..., trace=True) (the second frame it returns)"
ACTIONS = "the trace of nl.simulate(..., trace='action') (the second frame it returns)"
TABLE = "a tournament table (nl.sim.tournament(...))"

# the columns that name one row of each kind of frame, and the columns that can tell runs apart
KEYS = {RESULTS: ("game", "seat"), TRACE: ("game", "step", "seat"), ACTIONS: ("game", "step", "seat")}
RUN_COLUMNS = ("cell", "match", "lineup", "data_folder", "players", "data", "config")


def need(frame: Any, columns: Iterable[str], who: str, source: str = RESULTS, one_run: bool = True) -> pd.DataFrame:
    """`frame` if it is a pandas DataFrame holding every one of `columns`; else a ConfigError saying
    that `who` needs `source` and which columns are missing. With one_run (the default), a frame that
    holds one game twice (several runs joined, see the module docstring) is refused too."""
    if not isinstance(frame, pd.DataFrame):
        hint = (": call .to_pandas() on the Results of a run streamed to out="
                if callable(getattr(frame, "to_pandas", None)) else "")
        raise ConfigError(f"{who} needs {source}, a pandas DataFrame, not {excerpt(frame)}{hint}")
    if source == RESULTS and "step" in frame.columns and "steps" not in frame.columns:
        # a trace holds score and pts_ columns too, but a row per point of every game, the start's 0 included
        raise ConfigError(f"{who} needs {source}: this frame is a trace of nl.simulate(..., trace=...) (a row "
                          f"per game, step and seat, its `step` column), whose scores are those of every "
                          f"point of the game, not the final ones; pass the first frame simulate returns")
    missing = [c for c in dict.fromkeys(columns) if c not in frame.columns]
    if missing:
        raise ConfigError(f"{who} needs {source}: this frame has no {one_of(missing)} column")
    if one_run:
        check_one_run(frame, who, source)
    return frame


def check_winner(frame: pd.DataFrame, who: str) -> pd.DataFrame:
    """`frame` unless some of its games have no winner by the rules (State.NO_WINNER, such as Naéco's
    solo game, rated and not won: simulate leaves their `share` empty, NaN); else a ConfigError saying
    that `who` measures wins, why these games have none, and what to measure instead."""
    if "share" in frame.columns and frame["share"].isna().any():
        games = frame.loc[frame["share"].isna(), "game"].nunique() if "game" in frame.columns else None
        some = "these games have" if games is None or games == frame["game"].nunique() else \
            f"{counted(games, 'game')} of these have"
        raise ConfigError(f"{who} measures wins, but {some} no winner: the rules name none at this player "
                          f"count (a game rated on its score, as Naéco's solo game is: State.NO_WINNER), so "
                          f"won is False and share is empty (NaN) for every seat. Measure the scores "
                          f"instead: nl.analysis.score_table(df), nl.analysis.card_scores(df) for the cards, "
                          f"nl.viz.score_distribution(df) to draw them, "
                          f"and nl.analysis.rating_counts(df, scale) for the rating tiers (scale: the game's "
                          f"RATING_SCALE)")
    return frame


def run_columns(frame: pd.DataFrame) -> list[str]:
    """The columns of `frame` that can tell runs apart, the likeliest first: a sweep's cell, a
    tournament's match, the game options, then the line-up, the player count and the card data
    (not `seed`, which differs from game to game)."""
    options = sorted(c for c in frame.columns if isinstance(c, str) and c.startswith("opt_"))
    ordered = [*RUN_COLUMNS[:2], *options, *RUN_COLUMNS[2:]]
    return [c for c in ordered if c in frame.columns]


def check_one_run(frame: pd.DataFrame, who: str, source: str, grouped: bool = False) -> None:
    key = list(KEYS.get(source, ()))
    if not key or frame.empty or any(c not in frame.columns for c in key):
        return
    repeated = frame.duplicated(key, keep=False)
    if not repeated.any():
        return
    rows = frame[repeated]
    first = rows.iloc[0]
    same = rows[(rows[key] == first[key]).all(axis=1)]            # the rows of the first repeated game
    apart = [c for c in run_columns(frame) if same[c].astype(str).nunique() > 1]
    games = rows["game"].nunique()
    what = "game and seat" if source == RESULTS else "game, step and seat"
    text = (f"{who} reads the games of one run, but this frame has several rows for the same {what} "
            f"({counted(games, 'game number')} used more than once): it joins runs whose games are each "
            f"numbered from 0 (the cells of a sweep, or runs joined with pd.concat), and their games would "
            f"be mixed. ")
    if apart:
        col, value = apart[0], first[apart[0]]
        value = value.item() if hasattr(value, "item") else value        # 0, not np.int64(0)
        runs = f"the runs differ in {one_of(apart)}"
        if grouped:
            text += f"Add {col!r} to by= so that each group holds one run ({runs})."
        else:
            text += (f"Pass one run, df[df[{col!r}] == {value!r}], or analyse each in turn: "
                     f"for key, part in df.groupby({col!r}): ... ({runs}).")
    else:
        text += ("No column tells the runs apart: pass one run, or number the games of each run apart "
                 "before joining them (add the games of the runs before it to a run's `game` column).")
    raise ConfigError(text)


def check_z(z: Any, who: str) -> float:
    """`z` if it is a positive finite number (the half-width of an interval in standard errors: 1.96
    for 95 % confidence); else a ConfigError naming `who`'s argument."""
    if isinstance(z, bool) or not isinstance(z, numbers.Real) or not math.isfinite(z) or z <= 0:
        raise ConfigError(f"{who}'s z is the width of the intervals in standard errors, a number above 0 "
                          f"(1.96 for 95 % confidence, 2.58 for 99 %), not {excerpt(z)}")
    return float(z)


def check_whole(value: Any, name: str, who: str, least: int = 1, meaning: str = "") -> int:
    """`value` if it is a whole number >= `least`; else a ConfigError naming `who`'s argument `name`."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < least:
        raise ConfigError(f"{who}'s {name} is a whole number >= {least}{meaning}, not {excerpt(value)}")
    return int(value)


def check_choice(value: Any, name: str, who: str, allowed: Iterable[str], hint: str = "") -> str:
    """`value` if it is one of `allowed`; else a ConfigError naming `who`'s argument and its values."""
    allowed = list(allowed)
    if not isinstance(value, str) or value not in allowed:
        raise ConfigError(f"{who}'s {name} is {one_of(allowed)}, not {excerpt(value)}{hint}")
    return value
