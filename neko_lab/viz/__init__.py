"""Plotly figures for simulation results and graph models (plain go.Figure objects).

    df = nl.simulate("naeco", games=2000)
    nl.viz.win_rates(df, by="agent")
"""
from .figures import (breakdown, score_distribution, scoring_curves, who_won, wilson_interval, win_matrix,
                      win_rates)
from .graph import draw_graph

__all__ = ["score_distribution", "win_rates", "breakdown", "scoring_curves", "draw_graph",
           "wilson_interval", "who_won", "win_matrix"]
