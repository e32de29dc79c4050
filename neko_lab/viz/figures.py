"""Figures of simulation results: score distributions, win rates, points by category, scoring curves.

Every function takes the DataFrame of nl.simulate() (or its trace) and `by`, a column name or a list of
column names ("agent", "seat", ["agent", "seat"], "opt_<option>", ...) that splits the rows into groups.
"""
from __future__ import annotations

import math
from typing import Sequence

import pandas as pd
import plotly.graph_objects as go

from ..analysis.balance import with_share
from ..analysis.frames import TABLE, TRACE, check_one_run, check_winner, check_z, need
from ..analysis.stats import wilson_interval
from ..core.errors import ConfigError, excerpt

PALETTE = ["#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2", "#EECA3B", "#9D755D",
           "#FF9DA6", "#BAB0AC"]


def _by(df: pd.DataFrame, by: str | Sequence[str]) -> list[str]:
    if not isinstance(by, (str, list, tuple)) or not all(isinstance(c, str) for c in ([by] if isinstance(by, str) else by)):
        raise ConfigError(f"by is a column name or a list of column names (e.g. 'agent' or ['agent', 'seat']), "
                          f"not {excerpt(by)}")
    cols = [by] if isinstance(by, str) else list(by)
    missing = [c for c in cols if c not in df.columns]
    if missing or not cols:
        raise ConfigError(f"cannot group by {missing or by!r}: the columns are {', '.join(map(str, df.columns))}")
    return cols


CONFIDENCE_NOTE = ("Whiskers: {level} Wilson interval, the true win rates these games cannot rule out "
                   "(more games, narrower).")


# columns whose name is not what a player calls them
SAID = {"order": "turn order", "players": "player count"}


def words(column: str) -> str:
    """A column name as a reader says it, without its pts_/opt_ prefix and with spaces for underscores:
    "pts_mid-game tiles" -> "mid-game tiles", "opt_sea_shepherd" -> "sea shepherd", "order" -> "turn order"."""
    return SAID.get(column) or column.removeprefix("pts_").removeprefix("opt_").replace("_", " ")


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd"."""
    last = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th") if n % 100 not in (11, 12, 13) else "th"
    return f"{n}{last}"


def _missing(value) -> bool:
    try:
        return value is None or bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _label(column: str, value) -> str:
    """One part of a group label: seats count from 1 ("seat 1"); the turn order reads "1st to play"
    (0, a seat that never acted, "never to play"); a player count "3 players"; agents are their own name;
    an option left at None (or missing) reads "None", a group of its own."""
    if _missing(value):
        return f"{words(column)} None" if column.startswith("opt_") or column in ("players",) else "None"
    if isinstance(value, float) and value.is_integer():   # a whole-number column with a None in it
        value = int(value)
    if column == "seat":
        return f"seat {int(value) + 1}"
    if column == "order":
        return f"{ordinal(int(value))} to play" if int(value) > 0 else "never to play"
    if column == "players":
        return f"{int(value)} player{'s' * (int(value) != 1)}"
    if column == "game" or column.startswith("opt_"):
        return f"{words(column)} {value}"
    return str(value)


def _groups(df: pd.DataFrame, cols: list[str]):
    """(label, rows) for each group, in sorted order; labels read "greedy" or "greedy · seat 1".
    Rows whose value is None or missing form a group of their own (never dropped)."""
    for key, rows in group_rows(df, cols):
        key = key if isinstance(key, tuple) else (key,)
        yield " · ".join(_label(c, k) for c, k in zip(cols, key)), rows


def group_rows(df: pd.DataFrame, cols: list[str]):
    """df.groupby(cols) keeping None/NaN keys as a group (pandas drops them by default) and
    grouping values of mixed types (None beside numbers) without failing to sort them."""
    try:
        return list(df.groupby(cols, sort=True, observed=True, dropna=False))
    except TypeError:      # unorderable mixed keys: group in order of appearance
        return list(df.groupby(cols, sort=False, observed=True, dropna=False))


def _transparent(colour: str, alpha: float) -> str:
    """'#4C78A8' -> 'rgba(76, 120, 168, alpha)'."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r}, {g}, {b}, {alpha})"


def _whole_numbers(axis: dict) -> dict:
    """Axis settings that put ticks on whole numbers only (rounds, players)."""
    return {**axis, "tickmode": "linear", "dtick": 1, "tickformat": "d"}


def whole_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that cuts `span` into at most about `most` steps."""
    step = 1
    while span / step > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return step


def whole_ticks(low: float, high: float, most: int = 10) -> dict:
    """Axis settings that put ticks on whole numbers only (counts: games, decisions, lead changes,
    points), every 1, 2, 5, 10, 20, 50, ... chosen so that at most about `most` ticks span low..high."""
    step = whole_step(max(float(high) - float(low), 1.0), most)
    return {"tickmode": "linear", "tick0": 0, "dtick": step, "tickformat": "d"}


def score_distribution(df: pd.DataFrame, by: str | Sequence[str] = "agent", kind: str = "histogram",
                       title: str | None = None) -> go.Figure:
    """Distribution of final scores per group: overlaid histograms (kind="histogram") or box plots
    (kind="box")."""
    cols = _by(need(df, ["score"], "score_distribution", one_run=False), by)
    if kind not in ("histogram", "box"):
        raise ConfigError(f"kind must be 'histogram' or 'box', not {kind!r}")
    fig = go.Figure()
    for i, (label, rows) in enumerate(_groups(df, cols)):
        colour = PALETTE[i % len(PALETTE)]
        if kind == "histogram":
            fig.add_trace(go.Histogram(x=rows["score"].to_numpy(), name=label, opacity=0.6,
                                       marker_color=colour))
        else:
            fig.add_trace(go.Box(y=rows["score"].to_numpy(), name=label, marker_color=colour,
                                 boxmean=True))
    fig.update_layout(title=title or f"Final scores by {' and '.join(map(words, cols))}", barmode="overlay",
                      xaxis_title="score" if kind == "histogram" else None,
                      yaxis_title="games" if kind == "histogram" else "score", template="plotly_white")
    return fig


def win_share(rows: pd.DataFrame) -> float:
    """Total win share of some rows: the `share` column (1/k for each of k tied winners), or, for a
    frame without it, `won` split among each game's winners."""
    if "share" in rows.columns:
        return float(rows["share"].sum())
    return float(rows["won"].sum())


def _results_with_wins(df: pd.DataFrame, who: str) -> pd.DataFrame:
    """df, refused unless it tells who won: a `share` column, or `won` to split among each game's winners."""
    need(df, [], who, one_run=False)
    return check_winner(need(df, ["game"] if "share" in df.columns else ["game", "won"], who, one_run=False), who)


def who_won(df: pd.DataFrame, by: str | Sequence[str] = "agent", z: float = 1.96) -> pd.DataFrame:
    """Win rate per group with its Wilson interval: columns group, seats, wins, rate, low, high.

    wins is the group's win share: a win shared by k tied seats counts 1/k for each (the `share`
    column), so the rates of a game's seats add up to one win and ties do not inflate them."""
    cols = _by(_results_with_wins(df, "who_won"), by)
    z = check_z(z, "who_won")
    df = with_share(df)
    out = []
    for label, rows in _groups(df, cols):
        n, wins = len(rows), win_share(rows)
        low, high = wilson_interval(wins, n, z)
        out.append({"group": label, "seats": n, "wins": wins, "rate": wins / n if n else 0.0,
                    "low": low, "high": high})
    return pd.DataFrame(out, columns=["group", "seats", "wins", "rate", "low", "high"])


def win_rates(df: pd.DataFrame, by: str | Sequence[str] = "agent", z: float = 1.96,
              title: str | None = None) -> go.Figure:
    """Share of seats that won, per group, with Wilson confidence intervals as error bars.
    A shared win (a tie the rules leave standing) counts 1/k for each of the k tied seats."""
    cols = _by(_results_with_wins(df, "win_rates"), by)
    z = check_z(z, "win_rates")
    table = who_won(df, cols, z)
    fig = go.Figure(go.Bar(
        x=table["group"].tolist(), y=table["rate"].tolist(),
        marker_color=[PALETTE[i % len(PALETTE)] for i in range(len(table))],
        error_y=dict(type="data", symmetric=False, array=(table["high"] - table["rate"]).tolist(),
                     arrayminus=(table["rate"] - table["low"]).tolist()),
        customdata=table[["wins", "seats", "low", "high"]].to_numpy(),
        hovertemplate="%{x}: %{y:.1%} (%{customdata[0]:.1f} of %{customdata[1]}; "
                      "%{customdata[2]:.1%} to %{customdata[3]:.1%})<extra></extra>"))
    level = f"{confidence(z):.0%}"
    fig.update_layout(title=dict(text=title or f"Win rate by {' and '.join(map(words, cols))}",
                                 subtitle=dict(text=CONFIDENCE_NOTE.format(level=level))),
                      margin=dict(t=90), yaxis=dict(title="share of seats that won", tickformat=".0%",
                                                    range=[0, 1]), template="plotly_white")
    return fig


def confidence(z: float) -> float:
    """The two-sided confidence level of a z value: 1.96 -> 0.95."""
    return math.erf(z / math.sqrt(2))


def breakdown(df: pd.DataFrame, by: str | Sequence[str] = "agent", title: str | None = None) -> go.Figure:
    """Mean points per breakdown category (the pts_<category> columns), stacked, per group."""
    cols = _by(need(df, [], "breakdown", one_run=False), by)
    cats = [c for c in df.columns if c.startswith("pts_")]
    if not cats:
        raise ConfigError("no pts_<category> columns: pass the DataFrame returned by nl.simulate()")
    labels, means = [], []
    for label, rows in _groups(df, cols):
        labels.append(label)
        means.append(rows[cats].mean())
    fig = go.Figure()
    for i, cat in enumerate(cats):
        fig.add_trace(go.Bar(x=labels, y=[float(m[cat]) for m in means], name=words(cat),
                             marker_color=PALETTE[i % len(PALETTE)]))
    fig.update_layout(barmode="relative",
                      title=title or f"Mean points by category, by {' and '.join(map(words, cols))}",
                      yaxis_title="mean points", template="plotly_white")
    return fig


def curve_table(trace: pd.DataFrame, by: str | Sequence[str] = "agent", value: str = "score") -> pd.DataFrame:
    """Median and quartiles of `value` by round for each group: columns group, round, median, q25, q75, n.

    A seat's value in a round is its value at the last recorded point of that round; after its game
    ends the final value is carried forward, so late rounds still count every game.
    """
    cols = _by(need(trace, ["game", "step", "round", "seat"], "curve_table", TRACE, one_run=False), by)
    if not isinstance(value, str) or value not in trace.columns:
        raise ConfigError(f"no column {excerpt(value)} in the trace")
    rows = []
    for label, part in _groups(trace, cols):
        check_one_run(part, "curve_table", TRACE, grouped=True)     # a group must not mix the games of two runs
        last = part.sort_values("step", kind="stable").groupby(["game", "seat", "round"]).last()[value]
        grid = last.unstack("round").sort_index(axis=1).ffill(axis=1)
        for rnd in grid.columns:
            col = grid[rnd].dropna()
            rows.append({"group": label, "round": int(rnd), "median": float(col.median()),
                         "q25": float(col.quantile(0.25)), "q75": float(col.quantile(0.75)),
                         "n": int(col.size)})
    return pd.DataFrame(rows, columns=["group", "round", "median", "q25", "q75", "n"])


def scoring_curves(trace: pd.DataFrame, by: str | Sequence[str] = "agent", value: str = "score",
                   title: str | None = None) -> go.Figure:
    """Median `value` (the score, or a pts_<category>) by round per group, with the interquartile
    range as a shaded band. `trace` is the second frame of nl.simulate(..., trace=True)."""
    need(trace, ["game", "step", "round", "seat"], "scoring_curves", TRACE, one_run=False)
    table = curve_table(trace, by, value)
    fig = go.Figure()
    for i, (label, part) in enumerate(table.groupby("group", sort=False)):
        colour = PALETTE[i % len(PALETTE)]
        x = part["round"].tolist()
        fig.add_trace(go.Scatter(x=x + x[::-1], y=part["q75"].tolist() + part["q25"].tolist()[::-1],
                                 mode="lines", fill="toself", fillcolor=_transparent(colour, 0.18),
                                 line=dict(width=0),
                                 hoverinfo="skip", showlegend=False, name=f"{label} IQR",
                                 legendgroup=label))
        fig.add_trace(go.Scatter(x=x, y=part["median"].tolist(), mode="lines+markers", name=label,
                                 line=dict(color=colour), legendgroup=label))
    name = "score" if value == "score" else f"points from {words(value)}"
    fig.update_layout(title=dict(text=title or f"Median {name} by round",
                                 subtitle=dict(text="Line: the median game. Band: the middle half of games "
                                                    "(from the 25th to the 75th percentile).")),
                      margin=dict(t=90), xaxis=_whole_numbers(dict(title="round")), yaxis_title=name,
                      template="plotly_white")
    return fig


def win_matrix(table: pd.DataFrame, title: str | None = None) -> go.Figure:
    """Heat map of a tournament table (nl.sim.tournament): row agent's win share against column agent."""
    need(table, [], "win_matrix", TABLE)
    z = table.to_numpy(dtype=float)
    text = [["" if v != v else f"{v:.0%}" for v in row] for row in z]
    fig = go.Figure(go.Heatmap(z=z, x=[str(c) for c in table.columns], y=[str(i) for i in table.index],
                               text=text, texttemplate="%{text}", zmin=0, zmax=1, colorscale="RdBu",
                               colorbar=dict(title="win share", tickformat=".0%")))
    fig.update_layout(title=title or "Win share of each agent (row) against each opponent (column)",
                      xaxis_title="opponent", yaxis=dict(title="agent", autorange="reversed"),
                      template="plotly_white")
    return fig
