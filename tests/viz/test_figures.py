"""Figures are checked on their data (traces' x/y), never on pictures."""
from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest

import neko_lab as nl
from neko_lab.core import ConfigError
from neko_lab.viz.figures import with_share
from neko_lab.viz import (breakdown, draw_graph, score_distribution, scoring_curves, who_won,
                          wilson_interval, win_rates)
from neko_lab.viz.figures import curve_table


@pytest.fixture(scope="module")
def sims():
    return nl.simulate("toy", games=30, agents=["greedy", "random"], seed=2, trace=True, progress=False)


def test_wilson_interval_matches_the_textbook_formula():
    # 8 wins of 10 at 95 %: the published Wilson interval is about (0.490, 0.943)
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-3) and high == pytest.approx(0.9433, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_score_distribution_has_one_histogram_per_group(sims):
    df, _ = sims
    fig = score_distribution(df, by="agent")
    assert isinstance(fig, go.Figure) and not isinstance(fig, go.FigureWidget)
    assert [t.name for t in fig.data] == ["greedy", "random"]
    for t in fig.data:
        assert sorted(t.x) == sorted(df[df["agent"] == t.name]["score"])
    box = score_distribution(df, by="seat", kind="box")
    assert [t.name for t in box.data] == ["seat 1", "seat 2"]          # seats count from 1 for readers
    assert sorted(box.data[1].y) == sorted(df[df["seat"] == 1]["score"])


def test_win_rates_bars_and_wilson_error_bars(sims):
    df, _ = sims
    fig = win_rates(df, by="agent")
    bar = fig.data[0]
    assert list(bar.x) == ["greedy", "random"]
    for name, rate, plus, minus in zip(bar.x, bar.y, bar.error_y.array, bar.error_y.arrayminus):
        rows = with_share(df)[df["agent"] == name]      # a shared win counts 1/k for each tied seat
        assert rate == pytest.approx(rows["share"].mean())
        low, high = wilson_interval(rows["share"].sum(), len(rows))
        assert rate + plus == pytest.approx(high) and rate - minus == pytest.approx(low)
    two = who_won(df, by=["agent", "seat"])
    assert list(two["group"]) == ["greedy · seat 1", "greedy · seat 2", "random · seat 1", "random · seat 2"]
    assert two["seats"].sum() == len(df)


def test_breakdown_stacks_mean_points_per_category(sims):
    df, _ = sims
    fig = breakdown(df, by="agent")
    assert fig.layout.barmode == "relative"
    assert [t.name for t in fig.data] == ["bonus", "played"]
    for t in fig.data:
        assert list(t.x) == ["greedy", "random"]
        expected = df.groupby("agent")[f"pts_{t.name}"].mean()
        assert list(t.y) == pytest.approx([expected["greedy"], expected["random"]])
    # the stacked heights are the mean scores
    total = np.add(*[np.array(t.y) for t in fig.data])
    assert list(total) == pytest.approx(list(df.groupby("agent")["score"].mean()))


def test_scoring_curves_median_and_band(sims):
    df, tr = sims
    fig = scoring_curves(tr, by="agent")
    lines = [t for t in fig.data if t.mode == "lines+markers"]
    bands = [t for t in fig.data if t.fill == "toself"]
    assert [t.name for t in lines] == ["greedy", "random"] and len(bands) == 2
    table = curve_table(tr, by="agent")
    greedy = table[table["group"] == "greedy"]
    assert list(lines[0].x) == greedy["round"].tolist() and list(lines[0].y) == greedy["median"].tolist()
    assert (greedy["q25"] <= greedy["median"]).all() and (greedy["median"] <= greedy["q75"]).all()
    # every seat is counted in every round (finished games carry their final score forward) ...
    assert (table["n"] == 30).all()
    # ... so the last point is the median final score of that agent
    assert greedy["median"].iloc[-1] == pytest.approx(df[df["agent"] == "greedy"]["score"].median())
    assert greedy["round"].iloc[0] == 1                  # rounds count from 1, as a reader counts them


def test_curve_table_on_a_hand_made_trace():
    tr = pd.DataFrame({"game": [0, 0, 0, 1, 1], "step": [0, 1, 2, 0, 1], "round": [1, 2, 2, 1, 2],
                       "seat": [0] * 5, "agent": ["a"] * 5, "score": [0, 3, 5, 0, 1]})
    t = curve_table(tr, by="agent")
    assert t[["round", "median", "q25", "q75"]].values.tolist() == [[1, 0, 0, 0], [2, 3, 2, 4]]


def test_curve_table_refuses_a_group_that_mixes_the_games_of_two_runs():
    tr = pd.DataFrame({"game": [0, 0, 0, 1, 1], "step": [0, 1, 2, 0, 1], "round": [1, 2, 2, 1, 2],
                       "seat": [0] * 5, "agent": ["a"] * 5, "score": [0, 3, 5, 0, 1]})
    both = pd.concat([tr.assign(cell=0), tr.assign(cell=1, score=tr["score"] * 2)], ignore_index=True)
    with pytest.raises(ConfigError, match="curve_table reads the games of one run.*Add 'cell' to by="):
        curve_table(both, by="agent")
    t = curve_table(both, by=["cell", "agent"]).set_index(["group", "round"])
    assert t.loc[("1 · a", 2), "median"] == 2 * curve_table(tr, by="agent").set_index("round").loc[2, "median"]


def test_bad_grouping_column_is_refused(sims):
    df, _ = sims
    with pytest.raises(ConfigError, match="cannot group by"):
        win_rates(df, by="colour")
    with pytest.raises(ConfigError, match="kind must be"):
        score_distribution(df, kind="pie")


@pytest.mark.parametrize("call, message", [
    (lambda df, tr: score_distribution(None), r"score_distribution needs the results of nl.simulate\(\) .*, "
                                              r"a pandas DataFrame, not None"),
    (lambda df, tr: score_distribution([1, 2]), r"a pandas DataFrame, not \[1, 2\]"),
    (lambda df, tr: score_distribution(df.drop(columns="score")), "this frame has no 'score' column"),
    (lambda df, tr: score_distribution(df, by=None), r"by is a column name or a list of column names .*, not None"),
    (lambda df, tr: win_rates(df, by=3), "by is a column name .*, not 3"),
    (lambda df, tr: win_rates(None), "win_rates needs the results"),
    (lambda df, tr: who_won(df.drop(columns=["share", "won"])), "who_won needs the results .* no 'won' column"),
    (lambda df, tr: breakdown("df"), "breakdown needs the results .*, not 'df'"),
    # the trace has score and pts_ columns too, of every point of every game: not the final scores
    *[(lambda df, tr, f=f: f(tr), rf"{f.__name__} needs the results of nl.simulate\(\) .*: this frame is a "
                                  r"trace .*; pass the first frame simulate returns")
      for f in (score_distribution, breakdown, win_rates, who_won)],
    (lambda df, tr: scoring_curves(df), r"scoring_curves needs the trace of nl.simulate\(..., trace=True\) .* "
                                        r"no 'step' or 'round' column"),
    (lambda df, tr: curve_table(tr, value=None), "no column None in the trace"),
    (lambda df, tr: nl.viz.win_matrix(None), r"win_matrix needs a tournament table .*, not None"),
])
def test_every_figure_names_the_frame_and_columns_it_needs(sims, call, message):
    with pytest.raises(ConfigError, match=message):
        call(*sims)


def test_draw_graph_places_nodes_and_groups_edges():
    G = nx.Graph()
    G.add_node("a", depth=1, pos=(0, 0))
    G.add_node("b", depth=2, pos=(1, 0))
    G.add_node("c", depth=3, pos=(0, 1))
    G.add_edge("a", "b", kind="road", cost=2)
    G.add_edge("b", "c", kind="sea", cost=5)
    G.add_edge("a", "c", kind="road", cost=1)
    fig = draw_graph(G, pos="pos", node_color="depth", edge_color="kind", edge_text="cost")
    roads, seas = fig.data[0], fig.data[1]
    assert roads.name == "kind = road" and seas.name == "kind = sea"
    assert list(roads.x) == [0, 1, None, 0, 0, None] and list(roads.y) == [0, 0, None, 0, 1, None]
    assert list(seas.x) == [1, 0, None]
    labels = fig.data[2]
    assert list(labels.text) == ["2", "1", "5"] and list(labels.x) == [0.5, 0, 0.5]   # a-b, a-c, b-c
    nodes = fig.data[-1]
    assert list(nodes.customdata) == ["a", "b", "c"] and list(nodes.marker.color) == [1, 2, 3]
    assert nodes.marker.showscale and (list(nodes.x), list(nodes.y)) == ([0, 1, 0], [0, 0, 1])
    assert "depth: 2" in nodes.hovertext[1]
    assert len(fig.layout.annotations) == 0          # undirected: no arrows


def test_draw_graph_categories_layouts_and_arrows():
    G = nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 4)])
    nx.set_node_attributes(G, {1: "prey", 2: "prey", 3: "predator", 4: "prey"}, "role")
    fig = draw_graph(G, node_color="role", node_text=lambda n, d: f"#{n} {d['role']}", pos="circular")
    node_traces = [t for t in fig.data if t.mode == "markers+text"]
    assert [t.name for t in node_traces] == ["predator", "prey"]
    assert list(node_traces[1].customdata) == ["1", "2", "4"] and node_traces[0].hovertext[0] == "#3 predator"
    layout = nx.circular_layout(G)
    assert node_traces[0].x[0] == pytest.approx(layout[3][0])
    arrows = fig.layout.annotations
    assert len(arrows) == 4 and (arrows[3].ax, arrows[3].x) == pytest.approx((layout[3][0], layout[4][0]))
    spring = draw_graph(G, seed=1)
    again = draw_graph(G, seed=1)
    assert list(spring.data[-1].x) == list(again.data[-1].x)          # the default layout is seeded
    with pytest.raises(ConfigError, match="no position for node 4"):
        draw_graph(G, pos={1: (0, 0), 2: (1, 1), 3: (2, 2)})


def test_draw_graph_numeric_edge_colours_and_sizes():
    G = nx.path_graph(4)
    for i, (u, v) in enumerate(G.edges):
        G.edges[u, v]["fuel"] = i
    nx.set_node_attributes(G, {0: 1, 1: 2, 2: 4, 3: 8}, "pop")
    G.add_edge(3, 4, fuel=10)
    G.nodes[4]["pop"] = 0
    fig = draw_graph(G, edge_color="fuel", node_size="pop", labels=False)
    edge_traces = [t for t in fig.data if t.mode == "lines"]
    assert [t.name for t in edge_traces] == ["fuel = 0", "fuel = 1", "fuel = 2", "fuel = 10"]
    assert len({t.line.color for t in edge_traces}) == 4
    nodes = fig.data[-1]
    assert list(nodes.marker.size) == pytest.approx([9, 12, 18, 30, 6])   # 6 + 24 * pop / max pop
    assert not math.isnan(nodes.x[0]) and nodes.text is None


def test_win_matrix_shows_the_table():
    from neko_lab.viz import win_matrix

    table = pd.DataFrame([[np.nan, 0.25], [0.75, np.nan]], index=["a", "b"], columns=["a", "b"])
    heat = win_matrix(table).data[0]
    assert list(heat.x) == ["a", "b"] and list(heat.y) == ["a", "b"]
    assert heat.z[1][0] == 0.75 and heat.text[0][1] == "25%" and heat.text[0][0] == ""


def test_rounds_are_whole_numbers_on_the_axis(sims):
    _, tr = sims
    axis = scoring_curves(tr, by="agent").layout.xaxis
    assert (axis.tickmode, axis.dtick, axis.tickformat) == ("linear", 1, "d")   # no tick at round 1.5


def test_titles_and_legends_are_in_words():
    from neko_lab.viz.figures import words

    assert words("pts_mid-game tiles") == "mid-game tiles" and words("opt_sea_shepherd") == "sea shepherd"
    tr = pd.DataFrame({"game": [0, 0], "step": [0, 1], "round": [1, 2], "seat": [0, 0], "agent": ["a", "a"],
                       "score": [0, 3], "pts_mid-game tiles": [0, 3]})
    fig = scoring_curves(tr, by="agent", value="pts_mid-game tiles")
    assert fig.layout.title.text == "Median points from mid-game tiles by round"
    assert fig.layout.yaxis.title.text == "points from mid-game tiles"
    df = pd.DataFrame({"agent": ["a", "b"], "seat": [0, 1], "score": [3, 4], "won": [False, True],
                       "pts_mid-game tiles": [3, 4], "pts_extra_points": [1, 2]})
    assert [t.name for t in breakdown(df).data] == ["mid-game tiles", "extra points"]
    assert "pts" not in breakdown(df, by="seat").layout.title.text


def test_win_rate_figure_says_what_the_interval_means(sims):
    df, _ = sims
    note = win_rates(df, by="agent").layout.title.subtitle.text
    assert "95% Wilson interval" in note and "cannot rule out" in note
    assert "90% Wilson interval" in win_rates(df, by="agent", z=1.645).layout.title.subtitle.text


def test_a_layout_that_needs_a_package_not_installed_says_which(monkeypatch):
    import networkx as nx
    from neko_lab.core import ConfigError
    from neko_lab.viz import draw_graph

    def needs_scipy(G):
        raise ModuleNotFoundError("No module named 'scipy'", name="scipy")

    monkeypatch.setattr(nx, "kamada_kawai_layout", needs_scipy)
    with pytest.raises(ConfigError, match="the 'kamada_kawai' layout needs scipy"):
        draw_graph(nx.path_graph(3), pos="kamada_kawai")


def test_draw_graph_names_nodes_by_their_label_and_hides_internal_attributes():
    G = nx.Graph(internal=("slot",))
    G.add_node(0, label="slot 1", slot=0, kind="hub")
    G.add_node(1, slot=1, kind="end")                       # no label: the node itself names it
    G.add_edge(0, 1)
    for fig in (draw_graph(G, pos="circular"), draw_graph(G, pos="circular", node_color="kind")):
        texts = [t for tr in fig.data if tr.mode == "markers+text" for t in tr.text]
        hovers = [h for tr in fig.data if tr.mode == "markers+text" for h in tr.hovertext]
        assert sorted(texts) == ["1", "slot 1"]
        assert any(h.startswith("<b>slot 1</b>") and "kind: hub" in h for h in hovers)
        assert not any("slot: " in h or "label: " in h for h in hovers)
    nodes = draw_graph(G, pos="circular").data[-1]
    assert list(nodes.customdata) == ["0", "1"]             # code still finds the nodes by their ids


def test_turn_order_and_player_count_groups_read_as_players_say_them():
    df = nl.simulate("toy", games=12, players=3, agents=["random"], seed=1, progress=False)
    fig = win_rates(df, by="order")
    assert fig.layout.title.text == "Win rate by turn order"
    assert list(fig.data[0].x) == ["1st to play", "2nd to play", "3rd to play"]
    assert [t.name for t in score_distribution(df, by="order").data] == ["1st to play", "2nd to play", "3rd to play"]
    solo = nl.simulate("toy", games=4, players=1, agents=["random"], seed=1, progress=False)
    both = pd.concat([solo, df.assign(game=df.game + 4)], ignore_index=True)
    fig = win_rates(both, by="players")
    assert fig.layout.title.text == "Win rate by player count" and list(fig.data[0].x) == ["1 player", "3 players"]
    assert list(who_won(both, by=["agent", "players"])["group"]) == ["random · 1 player", "random · 3 players"]
