"""The plotly figures of a playtest report, one list per section (built from the report's tables)."""
from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ..viz.figures import PALETTE, whole_step, whole_ticks
from .balance import margins
from .cards import ends
from .drama import lead_changes

LAYOUT = dict(template="plotly_white", margin=dict(t=70, l=60, r=20, b=50), height=400)


def _rates(table, x_label: str, title: str, fair: float | None, equal: str = "equal seats") -> go.Figure:
    x = [str(v) for v in table.index]
    fig = go.Figure(go.Bar(
        x=x, y=table["rate"], marker_color=PALETTE[0],
        error_y=dict(type="data", symmetric=False, array=table["high"] - table["rate"],
                     arrayminus=table["rate"] - table["low"]),
        hovertemplate="%{x}: %{y:.1%}<extra></extra>"))
    if fair is not None:
        fig.add_hline(y=fair, line_dash="dash", line_color="#555",
                      annotation_text=f"{equal}: {fair:.0%}", annotation_position="top left")
    fig.update_layout(title=dict(text=title, subtitle=dict(text="Whiskers: 95 % Wilson interval; a tie "
                                                                 "counts 1/k for each of k winners.")),
                      xaxis_title=x_label, yaxis=dict(title="win share", tickformat=".0%", range=[0, 1]),
                      **LAYOUT)
    return fig


def _whole(values) -> bool:
    return len(values) > 0 and all(math.isfinite(v) and float(v).is_integer() for v in values)


def _hist(values, title: str, x_title: str) -> go.Figure:
    """A histogram of counts per game. Its height counts games, and whole-number values (lead changes,
    decisions, points) get one bar per value or per run of values and ticks on whole numbers only,
    never at -0.5 or 0.5."""
    values = [float(v) for v in values]
    xaxis: dict = {"title": x_title}
    hist: dict = {}
    if _whole(values):
        low, high = min(values), max(values)
        size = whole_step(high - low + 1, 60)          # at most about 60 bars, each of whole numbers
        hist["xbins"] = dict(start=low - 0.5, end=high + 0.5, size=size)
        xaxis.update(whole_ticks(low, high))
        edges = np.arange(low - 0.5, high + 0.5 + size, size)
        tallest = int(np.histogram(values, bins=edges)[0].max())
    else:
        tallest = len(values)
    fig = go.Figure(go.Histogram(x=values, marker_color=PALETTE[1], **hist))
    fig.update_layout(title=title, xaxis=xaxis, yaxis=dict(title="games", **whole_ticks(0, max(tallest, 1))),
                      bargap=0.05, **LAYOUT)
    return fig


def figures(rep) -> dict:
    t, out = rep.tables, {}
    if "seats" in t:
        out["seats"] = [_rates(t["seats"].rename(index=lambda s: f"seat {s}"), "seat",
                               "Win share by seat", float(t["seats"]["fair"].iloc[0]))]
    if "first to act" in t:
        tab = t["first to act"].set_index("order")
        out["first to act"] = [_rates(tab.rename(index=lambda k: f"{k}. in turn order"),
                                      "place in the opening turn order (1 = the starting player)",
                                      "Win share by place in the opening turn order",
                                      float(tab["fair"].iloc[0]), "equal places")]
    if "decisiveness" in t:
        out["decisiveness"] = [_hist(margins(rep.results), "Winner's margin over the next player",
                                     "points")]
    if "scores" in t:
        df = rep.results
        seats = sorted(df["seat"].unique())
        if len(seats) == 1:
            out["scores"] = [_hist(df["score"], "Final scores", "points")]
        else:                            # one box per seat (the dashed line: its mean)
            fig = go.Figure([go.Box(y=list(df.loc[df["seat"] == seat, "score"]), name=f"seat {seat + 1}",
                                    boxmean=True, marker_color=PALETTE[0]) for seat in seats])
            points = list(df["score"])
            yaxis = dict(title="points", **(whole_ticks(min(points), max(points)) if _whole(points) else {}))
            fig.update_layout(title=dict(text="Final scores by seat", subtitle=dict(
                text="Box: the middle half and the median; dashed: the mean.")),
                xaxis_title="seat", yaxis=yaxis, showlegend=False, **LAYOUT)
            out["scores"] = [fig]
    if "rating" in t:
        tab = t["rating"]
        fig = go.Figure(go.Bar(x=[f"tier {k}<br>{r}" for k, r in zip(tab.index, tab["scores"])],
                               y=tab["games"], marker_color=PALETTE[2], customdata=tab[["words"]].to_numpy(),
                               hovertemplate="%{customdata[0]}: %{y} games<extra></extra>"))
        fig.update_layout(title="Solo games by rating on the rulebook's scale", xaxis_title="rating (points)",
                          yaxis=dict(title="games", **whole_ticks(0, max(int(tab["games"].max()), 1))), **LAYOUT)
        out["rating"] = [fig]
    out["length"] = [_hist(rep.results.groupby("game")["steps"].first(),
                           "Game length: decisions per game (all players)", "decisions")]
    if "drama" in t:
        curve = t["drama"]
        x = [float(v) for v in curve.index]
        fig = go.Figure()
        fig.add_trace(go.Scatter(x=x + x[::-1], y=list(curve["high"]) + list(curve["low"])[::-1],
                                 fill="toself", fillcolor="rgba(76, 120, 168, 0.18)", line=dict(width=0),
                                 hoverinfo="skip", showlegend=False))
        fig.add_trace(go.Scatter(x=x, y=list(curve["rate"]), mode="lines+markers", name="leader wins",
                                 line=dict(color=PALETTE[0])))
        fig.add_trace(go.Scatter(x=x, y=list(curve["chance"]), mode="lines", name="chance",
                                 line=dict(color="#555", dash="dash")))
        fig.update_layout(title=dict(text="Does the leader go on to win?",
                                     subtitle=dict(text="Leader on the projected score at each tenth of "
                                                        "the game; band: 95 % Wilson interval.")),
                          xaxis=dict(title="share of the game played", tickformat=".0%"),
                          yaxis=dict(title="leader's final win share", tickformat=".0%", range=[0, 1]),
                          **LAYOUT)
        out["drama"] = [fig, _hist(lead_changes(rep.trace)["lead_changes"], "Lead changes per game",
                                   "lead changes")]
    if "branching" in t:
        tab = t["branching"].drop(index="all", errors="ignore")
        fig = go.Figure(go.Bar(x=list(tab.index), y=tab["mean"], marker_color=PALETTE[2],
                               customdata=tab[["max", "decisions"]].to_numpy(),
                               hovertemplate="%{x}: %{y:.1f} choices on average, up to %{customdata[0]} "
                                             "(%{customdata[1]} decisions)<extra></extra>"))
        fig.update_layout(title="Branching factor: legal actions per decision, by kind",
                          xaxis_title="decision", yaxis_title="mean number of choices", **LAYOUT)
        out["branching"] = [fig]
    if "cards" in t:
        whole = t["cards"]
        tab = ends(whole)                     # a long table: its two ends (the report's table has every card)
        shown = "" if len(tab) == len(whole) else f" (the {len(tab) // 2} highest and lowest of {len(whole)} cards)"
        measure = "rate" if "rate" in tab.columns else "score"
        fig = go.Figure()
        fig.add_trace(go.Bar(y=list(tab.index), x=tab[measure], orientation="h", name="holders",
                             marker_color=PALETTE[0],
                             error_x=dict(type="data", symmetric=False, array=tab["high"] - tab[measure],
                                          arrayminus=tab[measure] - tab["low"])))
        fig.add_trace(go.Scatter(y=list(tab.index), x=tab["others"], mode="markers", name="the others",
                                 marker=dict(color="#333", symbol="line-ns-open", size=14)))
        axis = dict(title="win share", tickformat=".0%") if measure == "rate" else dict(title="mean final score")
        fig.update_layout(title=("Win share of the players holding each card at the end" if measure == "rate"
                                 else "Mean final score of the games whose player held each card at the end") + shown,
                          xaxis=axis, yaxis=dict(autorange="reversed"),
                          **{**LAYOUT, "height": 120 + 24 * len(tab)})
        out["cards"] = [fig]
    return out
