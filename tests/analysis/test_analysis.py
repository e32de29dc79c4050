"""Every analysis on frames whose answer is known: hand-built games, then the toy game."""
from __future__ import annotations

import math

import pandas as pd
import pytest

import neko_lab as nl
from neko_lab import analysis as A
import toygame  # noqa: F401  (registers "toy"; imported by this name only, as conftest does, so it registers once)


def games(results):
    """A results frame from [(scores, winners, agents), ...] (agents default a, b, ...)."""
    rows = []
    for g, item in enumerate(results):
        scores, winners = item[0], item[1]
        agents = item[2] if len(item) > 2 else [chr(97 + s) for s in range(len(scores))]
        for s, sc in enumerate(scores):
            rows.append({"game": g, "seat": s, "agent": agents[s], "score": sc, "won": s in winners,
                         "share": 1 / len(winners) if s in winners else 0.0, "steps": 10 + g,
                         "rounds": 2 + g % 2, "order": 1 + (s + g) % len(scores)})
    return pd.DataFrame(rows)


def test_seat_balance_counts_a_tie_as_half_a_win():
    df = games([([5, 3], [0]), ([6, 2], [0]), ([7, 1], [0]), ([4, 4], [0, 1])])
    t = A.seat_balance(df).set_index("seat")
    assert list(t.index) == [1, 2]                  # seats count from 1: seat 1 is the frame's seat 0
    assert t.loc[1, "wins"] == 3.5 and t.loc[2, "wins"] == 0.5
    assert t.loc[1, "rate"] == 3.5 / 4 and t.loc[1, "fair"] == 0.5
    low, high = A.wilson_interval(3.5, 4)
    assert (t.loc[1, "low"], t.loc[1, "high"]) == (low, high)
    by_order = A.seat_balance(df, by="order").set_index("order")
    assert by_order.loc[1, "wins"] == 2.5          # first to act: seat 1 in games 1 and 3, seat 2 in 2 and 4


def test_wilson_interval_matches_the_textbook_value():
    low, high = A.wilson_interval(591, 1000)       # 59.1 % of 1000
    # centre (0.591 + 1.96²/2000) / (1 + 1.96²/1000) = 0.59065, half-width 0.03042
    assert (round(low, 4), round(high, 4)) == (0.5602, 0.6211)


def test_equal_seats_test_on_known_counts():
    even = games([([1, 0], [0]) if g % 2 else ([0, 1], [1]) for g in range(100)])
    assert A.equal_seats_test(even)["p"] == pytest.approx(1.0)
    skewed = games([([1, 0], [0])] * 70 + [([0, 1], [1])] * 30)
    res = A.equal_seats_test(skewed)
    assert res["statistic"] == pytest.approx(16.0)              # (70-50)²/50 + (30-50)²/50
    assert res["p"] == pytest.approx(6.334e-5, rel=1e-3)        # chi-square, 1 degree of freedom
    assert A.chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)


def test_a_tie_broken_by_a_point_added_to_the_score_is_a_tie_break_not_a_one_point_win():
    # Syndicate: on a tie the seat with more deliveries gains one point (the `tie-break` category)
    df = games([([31, 30], [0]), ([20, 12], [0]), ([8, 9], [1])])
    df["pts_tie-break"] = [1, 0, 0, 0, 0, 0]                    # game 1 was 30 to 30 before the tie-break
    assert list(A.margins(df)) == [0, 8, 1]
    d = A.decisiveness(df)
    assert d["tie_break"] == pytest.approx(1 / 3) and d["close"] == pytest.approx(2 / 3)
    assert list(A.margins(df.drop(columns="pts_tie-break"))) == [1, 8, 1]


def test_syndicate_games_won_on_the_tie_break_point_count_as_tie_breaks():
    df = nl.simulate("syndicate", games=40, agents=["random"], seed=1, progress=False)
    broken = df.loc[df["pts_tie-break"] > 0, "game"].unique()
    assert len(broken), "this seed plays games tied before the delivery tie-break"
    m = A.margins(df)
    assert (m.loc[broken] == 0).all()
    assert A.decisiveness(df)["tie_break"] == pytest.approx(len(broken) / 40)


def test_decisiveness_margins_and_shared_wins():
    df = games([([10, 4, 7], [0]), ([5, 5, 1], [0, 1]), ([3, 3, 2], [1]), ([0, 2, 9], [2])])
    d = A.decisiveness(df)
    assert d["games"] == 4 and d["shared"] == 0.25 and d["no_winner"] == 0.0
    assert list(A.margins(df)) == [3, 0, 7]                     # 10-7, a tie-break, 9-2
    assert d["margin_mean"] == pytest.approx(10 / 3) and d["tie_break"] == 0.25
    length = A.game_length(df)
    assert length.loc["steps", "mean"] == 11.5 and length.loc["rounds", "max"] == 3


def trace_of(points):
    """A trace from {game: [[projected by seat] per point]}; point i is step i, round i // 2."""
    rows = []
    for g, pts in points.items():
        for i, vals in enumerate(pts):
            for s, v in enumerate(vals):
                rows.append({"game": g, "step": i, "round": i // 2, "seat": s, "agent": "x",
                             "score": 0, "projected": v})
    return pd.DataFrame(rows)


def test_lead_changes_and_stability_on_a_known_game():
    tr = trace_of({0: [[0, 0], [5, 3], [5, 8], [10, 9]],       # tie, seat 1, seat 2, seat 1 lead
                   1: [[1, 0], [2, 0], [3, 0], [4, 0]]})       # seat 1 leads throughout
    per = A.lead_changes(tr, every="point").set_index("game")
    assert per.loc[0, "lead_changes"] == 2 and per.loc[0, "stability"] == 0.0
    assert per.loc[1, "lead_changes"] == 0 and per.loc[1, "stability"] == 1.0
    assert A.drama(tr, every="point")["no_change"] == 0.5
    # by default only the start and the ends of rounds count: points 0, 1 (end of round 0) and 3 (the
    # end), so seat 2's lead inside round 1 is no change
    by_round = A.lead_changes(tr).set_index("game")
    assert by_round.loc[0, "lead_changes"] == 0 and by_round.loc[0, "points"] == 3
    assert A.drama(tr)["no_change"] == 1.0
    with pytest.raises(nl.ConfigError, match="every is 'round'"):
        A.drama(tr, every="action")


def test_lead_changes_do_not_depend_on_which_trace_was_recorded():
    df, by_action = nl.simulate("toy", games=30, agents=["greedy", "random"], seed=2, trace="action",
                                progress=False)
    _, by_round = nl.simulate("toy", games=30, agents=["greedy", "random"], seed=2, trace=True, progress=False)
    cols = ["game", "step", "round", "seat", "score", "projected"]
    cut = A.round_points(by_action)[cols].reset_index(drop=True)
    assert cut.equals(by_round[cols].reset_index(drop=True))
    assert A.drama(by_action) == A.drama(by_round)
    assert A.lead_changes(by_action).equals(A.lead_changes(by_round))


def test_leader_goes_on_to_win_curve():
    tr = trace_of({0: [[0, 0], [5, 3], [5, 8], [10, 9]], 1: [[1, 0], [2, 0], [3, 0], [4, 0]]})
    df = games([([10, 9], [0]), ([4, 0], [0])])
    curve = A.leader_wins(tr, df).set_index("round")
    # round 0 ends at point 1: seat 1 leads both games and wins both
    assert curve.loc[0, "games"] == 2 and curve.loc[0, "rate"] == 1.0
    # round 1 ends at point 3: seat 1 leads both again
    assert curve.loc[1, "wins"] == 2.0 and curve.loc[1, "chance"] == 0.5
    lost = games([([10, 9], [1]), ([4, 0], [0])])               # game 1 won by the trailing seat
    assert A.leader_wins(tr, lost).set_index("round").loc[1, "rate"] == 0.5


def test_branching_by_decision_kind():
    rows = []
    for step, (actor, kind, choices) in enumerate([(0, "turn", 3), (0, "bonus", 2), (1, "turn", 5),
                                                    (0, "turn", 1)], start=1):
        for s in (0, 1):
            rows.append({"game": 0, "step": step, "round": 1, "seat": s, "agent": "x", "score": 0,
                         "projected": 0, "actor": actor, "kind": kind, "choices": choices})
    rows.insert(0, {"game": 0, "step": 0, "round": 0, "seat": 0, "agent": "x", "score": 0, "projected": 0,
                    "actor": -1, "kind": "", "choices": 0})
    b = A.branching(pd.DataFrame(rows)).set_index("kind")
    assert b.loc["turn", "decisions"] == 3 and b.loc["turn", "mean"] == 3.0
    assert b.loc["turn", "forced"] == pytest.approx(1 / 3) and b.loc["bonus", "max"] == 2
    assert b.loc["all", "decisions"] == 4 and b.loc["turn", "per_game_per_seat"] == 1.5   # 3 decisions, 2 seats
    assert b.loc["turn", "per_game_all_seats"] == 3 and b.loc["turn", "per_round_all_seats"] == 3
    assert b.loc["turn", "per_round_per_seat"] == 1.5


def test_decisions_per_game_of_all_seats_is_the_length_of_a_game():
    """The defect: a column named per_game held one seat's decisions, a third of a three-player game's."""
    df, tr = nl.simulate("toy", games=6, players=3, agents=["random"], seed=4, trace="action", progress=False)
    b = A.branching(tr).set_index("kind")
    steps = df.groupby("game")["steps"].first().mean()
    assert b.loc["all", "per_game_all_seats"] == pytest.approx(steps)
    assert b.loc["all", "per_game_per_seat"] == pytest.approx(steps / 3)
    assert "per_game" not in b.columns and "per_round" not in b.columns


def test_card_stats_win_share_when_held():
    df = games([([5, 3], [0]), ([6, 2], [1]), ([7, 1], [0]), ([4, 4], [0, 1])])
    df["held"] = ["Ace|Ace|King", "Queen", "Ace", "King", "Ace", "", "Queen", "Queen"]
    t = A.card_stats(df).set_index("card")
    assert t.loc["Ace", "seats"] == 3 and t.loc["Ace", "copies"] == 4
    assert t.loc["Ace", "rate"] == pytest.approx(2 / 3)          # seats 1, 1, 1: won, lost, won
    assert t.loc["Queen", "rate"] == pytest.approx(1 / 3)        # lost, then both halves of a tie
    assert t.loc["Ace", "others"] == pytest.approx((4 - 2) / 5)
    assert list(t.index) == ["King", "Ace", "Queen"]            # sorted by lift (King: won both)
    # min_seats bounds holders and non-holders alike: King (2 holders) and nothing else drops at 3
    assert list(A.card_stats(df, min_seats=3)["card"]) == ["Ace", "Queen"]
    df["held"] = "Ace"                                          # every seat holds it: nobody to compare
    assert A.card_stats(df).empty


def test_cards_left_out_read_rarest_first_with_numbers_in_their_order():
    from neko_lab.analysis.cards import left_out
    df = games([([5, 3], [0]), ([6, 2], [1]), ([7, 1], [0]), ([4, 4], [0, 1])])
    df["held"] = ["minion 10|Ace", "minion 3", "minion 3|Ace", "minion 2", "Ace", "", "Ace", "Ace"]
    compared = A.card_stats(df, min_seats=3)
    assert list(compared["card"]) == ["Ace"]
    out = left_out(df, compared)
    assert list(out["card"]) == ["minion 2", "minion 10", "minion 3"]    # one seat each, then two
    assert list(out["seats"]) == [1, 1, 2]


def test_ratings_recover_a_known_strength_gap():
    # a beats b in 3 of 4 games: Bradley–Terry gives p_a / p_b = 3, 400·log10(3) ≈ 190.8 Elo apart
    df = games([([1, 0], [0], ["a", "b"])] * 300 + [([0, 1], [1], ["a", "b"])] * 100)
    r = A.ratings(df)
    assert r.loc["a", "rating"] - r.loc["b", "rating"] == pytest.approx(400 * math.log10(3), abs=0.5)
    assert r.loc["a", "rating"] == pytest.approx(-r.loc["b", "rating"])
    assert r.loc["a", "low"] < r.loc["a", "rating"] < r.loc["a", "high"]
    pw = A.pairwise(df).set_index(["agent", "opponent"])
    assert pw.loc[("a", "b"), "rate"] == 0.75 and pw.loc[("a", "b"), "score_margin"] == 0.5


def test_three_player_games_give_pairwise_results():
    df = games([([9, 5, 1], [0], ["x", "y", "z"])] * 20 + [([1, 5, 9], [2], ["x", "y", "z"])] * 20)
    pw = A.pairwise(df).set_index(["agent", "opponent"])
    assert pw.loc[("y", "x"), "rate"] == 0.5 and pw.loc[("y", "z"), "games"] == 40
    r = A.ratings(df)
    assert r.loc["y", "rating"] == pytest.approx(0, abs=1e-6)


def test_an_agent_holding_two_seats_meets_each_opponent_once_a_game():
    """The defect: an agent in two seats of a game gave two pairings a game against each opponent, counted
    as independent games (games 6 of 3). Now each agent is its best-placed seat, one result a game."""
    df = games([([9, 5, 1], [0], ["a", "b", "a"]),        # a's seat 1 wins: a beats b
                ([1, 9, 5], [1], ["a", "b", "a"]),        # b wins, against a's best seat (5 points)
                ([4, 4, 4], [0, 1, 2], ["b", "a", "a"])])  # all tied: half each
    pw = A.pairwise(df).set_index(["agent", "opponent"])
    assert pw.loc[("a", "b"), "games"] == 3 and pw.loc[("a", "b"), "wins"] == 1.5
    assert pw.loc[("a", "b"), "score_margin"] == pytest.approx((4 - 4 + 0) / 3)
    assert pw.loc[("b", "a"), "wins"] == 1.5
    assert A.ratings(df).loc["a", "games"] == 3


def test_analyses_run_on_the_toy_game():
    df, tr = nl.simulate("toy", games=20, agents=["greedy", "random"], seed=4, trace="action", progress=False)
    assert A.seat_balance(df)["games"].sum() == 40
    b = A.branching(tr).set_index("kind")
    assert set(b.index) <= {"turn", "bonus", "all"} and b.loc["turn", "max"] <= 5
    assert b.loc["all", "decisions"] == df.groupby("game")["steps"].first().sum()
    assert len(A.lead_changes(tr)) == 20
    best = df.groupby("agent")["share"].sum().idxmax()         # two agents: more wins, higher rating
    assert A.ratings(df).index[0] == best


def test_a_winless_agent_leaves_the_others_intervals_as_they_would_be_without_it():
    # a beats b in 3 of 4 games; c loses every game to both: the a-b intervals must not blow up
    ab = [([1, 0], [0], ["a", "b"])] * 30 + [([0, 1], [1], ["a", "b"])] * 10
    beaten = [([1, 0], [0], ["a", "c"])] * 20 + [([1, 0], [0], ["b", "c"])] * 20
    alone, together = A.ratings(games(ab)), A.ratings(games(ab + beaten))
    for agent in ("a", "b"):        # c's games add next to nothing about a against b
        assert together.loc[agent, "se"] == pytest.approx(alone.loc[agent, "se"], rel=1e-3)
        assert together.loc[agent, "rating"] == pytest.approx(alone.loc[agent, "rating"], abs=0.5)
    c = together.loc["c"]
    assert c["low"] == -math.inf and c["high"] == c["rating"] < together.loc["b", "low"] and c["se"] == math.inf


@pytest.fixture(scope="module")
def toy_runs():
    return nl.simulate("toy", games=4, agents=["greedy", "random"], seed=1, trace=True, progress=False)


@pytest.mark.parametrize("call, message", [
    (lambda df, tr: A.drama(df), r"drama needs the trace of nl.simulate\(..., trace=True\) .*: this frame has "
                                 r"no 'step' or 'round' column"),
    (lambda df, tr: A.lead_changes(df), "lead_changes needs the trace of nl.simulate"),
    (lambda df, tr: A.leader_wins(df, df), "leader_wins needs the trace of nl.simulate"),
    (lambda df, tr: A.leader_wins(tr, tr.drop(columns="won", errors="ignore")), "leader_wins needs the results"),
    (lambda df, tr: A.branching(df), r"branching needs the trace of nl.simulate\(..., trace='action'\)"),
    (lambda df, tr: A.margins(df.drop(columns="score")), r"margins needs the results of nl.simulate\(\) .*: "
                                                         r"this frame has no 'score' column"),
    (lambda df, tr: A.decisiveness(df.drop(columns="score")), "decisiveness needs the results .* no 'score' column"),
    (lambda df, tr: A.ratings(df.drop(columns="score")), "ratings needs the results .* no 'score' column"),
    (lambda df, tr: A.pairwise(df.drop(columns=["score", "agent"])), "no 'agent' or 'score' column"),
    (lambda df, tr: A.game_length(df.drop(columns="steps")), "game_length needs the results .* no 'steps' column"),
    (lambda df, tr: A.seat_balance(df.drop(columns="order"), by="order"),
     "seat_balance needs the results .* no 'order' column"),
    (lambda df, tr: A.holdings(df), "holdings needs a `held` column"),
    (lambda df, tr: A.with_share(df.drop(columns=["share", "won"])), "with_share needs the results .* no 'won'"),
    (lambda df, tr: A.analyse(df, None), "analyse needs the trace .*, a pandas DataFrame, not None"),
    *[(lambda df, tr, f=f: f(tr), rf"{f.__name__} needs the results of nl.simulate\(\) .*: this frame is a trace")
      for f in (A.score_table, A.game_length, A.margins, A.seat_balance)],
] + [(lambda df, tr, f=f: f(None), f"{f.__name__} needs the results of nl.simulate.*, a pandas DataFrame, not None")
     for f in (A.seat_balance, A.equal_seats_test, A.decisiveness, A.margins, A.game_length, A.card_stats,
               A.card_scores, A.score_table, A.solo_result, A.compare_options, A.pairwise, A.ratings)]
  + [(lambda df, tr, f=f: f(None), f"{f.__name__} needs the trace of nl.simulate.*, not None")
     for f in (A.drama, A.lead_changes, A.round_points, A.branching)])
def test_every_analysis_names_the_frame_and_columns_it_needs(toy_runs, call, message):
    df, tr = toy_runs
    with pytest.raises(nl.ConfigError, match=message):
        call(df, tr)


def test_a_streamed_run_is_told_to_become_a_frame_first(tmp_path):
    res = nl.simulate("toy", games=2, agents=["random"], progress=False, out=tmp_path / "run")
    with pytest.raises(nl.ConfigError, match=r"not .*: call .to_pandas\(\) on the Results of a run streamed to out="):
        A.seat_balance(res)


def test_the_seats_of_every_table_a_person_reads_count_from_1():
    df = games([([5, 3, 1], [2]), ([6, 2, 9], [2]), ([7, 1, 0], [0])])
    seats = A.seat_balance(df)
    assert list(seats["seat"]) == [1, 2, 3]
    assert seats.set_index("seat").loc[3, "wins"] == 2.0          # the frame's seat 2 won games 1 and 2
    from neko_lab.analysis import findings
    text = findings.seats(seats.assign(rate=[0.6, 0.1, 0.3]), {"games": 300, "p": 0.5})
    assert "Seat 1 wins 60.0 %" in text and "seat 2 10.0 %" in text   # the table's own numbers, as read
    even = findings.seats(seats.assign(rate=[0.5, 0.5, 0.5]), {"games": 300, "p": 1.0})
    assert "Seat 1 wins 50.0 %" in even and "and seat 2 50.0 %" in even   # equal rates: two seats named


def sweep_like(cells):
    """Two runs joined as a sweep joins them: every cell's games numbered from 0, told apart by `cell`
    and an option column."""
    frames = []
    for cell, results in enumerate(cells):
        frames.append(games(results).assign(cell=cell, opt_rule=bool(cell)))
    return pd.concat(frames, ignore_index=True)


ONE_RUN = [([5, 3], [0]), ([4, 4], [0, 1]), ([9, 1], [0])]
OTHER_RUN = [([2, 8], [1]), ([3, 3], [0, 1]), ([1, 7], [1])]


@pytest.mark.parametrize("call", [
    A.seat_balance, A.equal_seats_test, A.decisiveness, A.margins, A.game_length, A.pairwise, A.ratings,
    lambda df: A.seat_balance(df, by="order"), lambda df: A.card_stats(df.assign(held="Ace")),
    lambda df: A.holdings(df.assign(held="Ace")), lambda df: A.with_share(df.drop(columns="share"))])
def test_a_sweep_table_is_refused_and_told_how_to_take_one_cell(call):
    both = sweep_like([ONE_RUN, OTHER_RUN])
    with pytest.raises(nl.ConfigError, match=r"reads the games of one run, .*3 game numbers used more than once.*"
                                             r"df\[df\['cell'\] == 0\].*df.groupby\('cell'\).*"
                                             r"the runs differ in 'cell' or 'opt_rule'"):
        call(both)


def test_each_cell_of_a_sweep_gives_what_it_gives_alone():
    both = sweep_like([ONE_RUN, OTHER_RUN])
    per_cell = {cell: A.decisiveness(part) for cell, part in both.groupby("cell")}
    assert per_cell[0] == A.decisiveness(games(ONE_RUN)) and per_cell[1] == A.decisiveness(games(OTHER_RUN))
    assert per_cell[0]["shared"] == pytest.approx(1 / 3) and per_cell[0]["margin_mean"] == 5.0


def test_runs_joined_with_concat_name_the_column_that_tells_them_apart_or_none():
    a, b = games(ONE_RUN), games(OTHER_RUN)
    with pytest.raises(nl.ConfigError, match=r"the runs differ in 'opt_events'"):
        A.seat_balance(pd.concat([a.assign(opt_events=False), b.assign(opt_events=True)]))
    with pytest.raises(nl.ConfigError, match="No column tells the runs apart: pass one run, or number the games"):
        A.decisiveness(pd.concat([a, b]))
    # numbered apart (as nl.sim.ladder numbers its matches), two runs are read as one
    apart = pd.concat([a, b.assign(game=b["game"] + len(ONE_RUN))], ignore_index=True)
    assert A.decisiveness(apart)["games"] == 6 and A.seat_balance(apart)["games"].tolist() == [6, 6]


def test_two_traces_joined_are_refused():
    tr = trace_of({0: [[0, 0], [5, 3], [5, 8], [10, 9]]})
    for call in (A.drama, A.lead_changes, lambda t: A.leader_wins(t, games([([10, 9], [0])]))):
        with pytest.raises(nl.ConfigError, match="same game, step and seat"):
            call(pd.concat([tr, tr], ignore_index=True))


@pytest.mark.parametrize("call, message", [
    (lambda df, tr: A.seat_balance(df, by="agent"),
     r"seat_balance's by is 'seat' or 'order', not 'agent' \(.*nl.viz.who_won\(df, by='agent'\)\)"),
    (lambda df, tr: A.seat_balance(df, by=["seat"]), "seat_balance's by is 'seat' or 'order', not \\['seat'\\]"),
    (lambda df, tr: A.equal_seats_test(df, by="agent"), "equal_seats_test's by is 'seat' or 'order', not 'agent'"),
    (lambda df, tr: A.seat_balance(df, z=-1), "seat_balance's z is .* a number above 0 .*, not -1"),
    (lambda df, tr: A.seat_balance(df, z=0), "seat_balance's z .* not 0"),
    (lambda df, tr: A.seat_balance(df, z="1.96"), "seat_balance's z .* not '1.96'"),
    (lambda df, tr: A.seat_balance(df, z=float("nan")), "seat_balance's z .* not nan"),
    (lambda df, tr: A.card_stats(df, z=-2), "card_stats's z .* not -2"),
    (lambda df, tr: A.card_stats(df, min_seats=0), "card_stats's min_seats is a whole number >= 1 .*, not 0"),
    (lambda df, tr: A.card_stats(df, min_seats=2.5), "card_stats's min_seats .* not 2.5"),
    (lambda df, tr: A.leader_wins(tr, df, z=-1), "leader_wins's z .* not -1"),
    (lambda df, tr: A.leader_wins(tr, df, at="tenth"), "leader_wins's at is 'round' or 'progress', not 'tenth'"),
    (lambda df, tr: A.leader_wins(tr, df, value="nope"), "leader_wins's value is the trace's column .*'projected'.*"
                                                         "not 'nope'"),
    (lambda df, tr: A.lead_changes(tr, value="agent"), "lead_changes's value .* not 'agent'"),
    (lambda df, tr: A.ratings(df, z=True), "ratings's z .* not True"),
    (lambda df, tr: A.ratings(df, iterations=0), "ratings's iterations is a whole number >= 1 .* not 0"),
    (lambda df, tr: A.wilson_interval(3, 10, z=-1.96), "wilson_interval's z .* not -1.96"),
    (lambda df, tr: A.analyse(df, tr, min_card_seats=-1), "analyse's min_card_seats is a whole number >= 1"),
    (lambda df, tr: nl.viz.who_won(df, z=-1), "who_won's z .* not -1"),
    (lambda df, tr: nl.viz.win_rates(df, z=0), "win_rates's z .* not 0"),
])
def test_every_analysis_argument_out_of_range_is_named_with_its_values(toy_runs, call, message):
    df, tr = toy_runs
    with pytest.raises(nl.ConfigError, match=message):
        call(df, tr)


def test_intervals_keep_low_below_high_for_any_allowed_z(toy_runs):
    df, _ = toy_runs
    for z in (0.5, 1, 1.96, 3):
        t = A.seat_balance(df, z=z)
        assert (t["low"] <= t["rate"]).all() and (t["rate"] <= t["high"]).all()
    assert (A.seat_balance(df, z=3)["high"] >= A.seat_balance(df, z=1)["high"]).all()


def test_a_real_sweep_is_analysed_cell_by_cell_and_its_figures_group_by_option():
    sw = nl.sim.sweep("toy", options={"short": [False, True]}, games=6, agents=[["greedy", "random"]],
                      seed=2, progress=False)
    with pytest.raises(nl.ConfigError, match=r"df\[df\['cell'\] == 0\]"):
        A.seat_balance(sw)
    alone = nl.simulate("toy", games=6, agents=["greedy", "random"], seed=2, progress=False, short=True)
    pd.testing.assert_frame_equal(A.seat_balance(sw[sw["cell"] == 1]), A.seat_balance(alone))
    table = nl.viz.who_won(sw, by=["opt_short", "seat"])          # figures group the rows they are told to
    assert table["seats"].tolist() == [6] * 4 and table["group"].iloc[0] == "short False · seat 1"


def test_final_scores_by_seat_with_the_interval_of_the_mean():
    df = games([([10, 4], [0]), ([6, 8], [1]), ([8, 6], [0]), ([12, 2], [0])])
    t = A.score_table(df).set_index("seat")
    assert t.index.tolist() == ["all", 1, 2]                    # every seat together, then each seat from 1
    assert t.loc[1, "mean"] == 9.0 and t.loc[2, "mean"] == 5.0 and t.loc["all", "mean"] == 7.0
    assert t.loc[1, "median"] == 9.0 and t.loc[1, "min"] == 6 and t.loc[1, "max"] == 12
    # t interval: sd of 10, 6, 8, 12 is 2.582; t(0.975, 3) = 3.182; half-width 3.182 * 2.582 / 2
    assert t.loc[1, "low"] == pytest.approx(9 - 4.108, abs=1e-3) and t.loc[1, "high"] == pytest.approx(13.108, abs=1e-3)
    solo = A.score_table(df[df.seat == 0])
    assert solo["seat"].tolist() == [1]
    # every seat together: a game's seats are not independent, so the interval is over one value per game
    # (each game's mean is 7 here: no spread between games, whatever the seats' spread)
    assert t.loc["all", "games"] == 4 and t.loc["all", "sd"] > 0
    assert t.loc["all", "low"] == t.loc["all", "high"] == 7.0


def test_the_interval_of_every_seats_mean_score_is_the_one_compare_options_gives():
    df = nl.simulate("toy", games=30, agents=["greedy", "random"], seed=5, progress=False)
    row = A.score_table(df).iloc[0]
    cmp = A.compare_options(df, df.copy()).table.iloc[0]
    assert row["seat"] == "all" and row["games"] == cmp["games"] == 30
    assert (row["mean"], row["low"], row["high"]) == pytest.approx((cmp["score"], cmp["score_low"],
                                                                    cmp["score_high"]))
    assert row["high"] - row["low"] > 0


def test_student_t_welch_and_two_proportion_tests_match_the_textbook():
    from neko_lab.analysis.stats import t_quantile, t_sf
    assert t_quantile(0.975, 29) == pytest.approx(2.0452, abs=1e-4)
    assert t_sf(2.0, 10) == pytest.approx(0.036694, abs=1e-6)
    w = A.welch_test([1, 2, 3, 4], [2, 4, 6, 8, 9])
    assert w["t"] == pytest.approx(2.30108, abs=1e-5) and w["dof"] == pytest.approx(5.7922, abs=1e-4)
    assert w["p"] == pytest.approx(0.062556, abs=1e-6)
    z = A.two_proportion_test(30, 100, 45, 100)                 # pooled 0.375: z = 0.15 / 0.068465
    assert z["z"] == pytest.approx(2.19089, abs=1e-5) and z["p"] == pytest.approx(0.02846, abs=1e-5)
    assert A.two_proportion_test(10, 10, 20, 20)["p"] == 1.0    # nothing varies: nothing to tell


def test_solo_result_and_rating_counts():
    solo = pd.DataFrame({"game": range(4), "seat": 0, "won": [True, True, False, True],
                         "share": [1.0, 0.5, 0.0, 1.0], "score": [10, 12, 25, 30]})
    r = A.solo_result(solo)
    assert (r["rate"], r["won"], r["shared"], r["lost"]) == (0.625, 0.5, 0.25, 0.25)
    scale = ((None, "low"), (12, "middle"), (18, "high"))
    t = A.rating_counts(solo, scale)
    assert t["games"].tolist() == [1, 1, 2] and t["scores"].tolist() == ["below 12", "12 to 17", "18 or more"]
    rated = solo.assign(solo_tier=[1, 1, 1, 3])                 # the game's own tiers win over the score
    assert A.rating_counts(rated, scale)["games"].tolist() == [3, 0, 1]


def test_cards_compared_by_the_holders_scores():
    df = games([([10, 4], [0]), ([6, 8], [1]), ([8, 6], [0]), ([12, 2], [0])])
    df["held"] = ["A|B", "B", "A", "B", "A|A", "", "A", "B"]
    t = A.card_scores(df).set_index("card")
    assert t.loc["A", "seats"] == 4 and t.loc["A", "copies"] == 5
    assert t.loc["A", "score"] == pytest.approx((10 + 6 + 8 + 12) / 4)      # seats holding A
    assert t.loc["A", "others"] == pytest.approx((4 + 8 + 6 + 2) / 4)
    assert t.loc["A", "lift"] == pytest.approx(4.0) and t.loc["A", "low"] < 9 < t.loc["A", "high"]


@pytest.fixture(scope="module")
def rated_solo():
    """Naéco's solo games: rated on the rulebook's scale, never won (State.NO_WINNER)."""
    return nl.simulate("naeco", games=6, players=1, agents=["greedy"], seed=1, trace=True, progress=False)


def test_a_game_the_rules_name_no_winner_for_has_no_winner_in_its_rows(rated_solo):
    df, _ = rated_solo
    assert not df["won"].any() and df["share"].isna().all()
    two = nl.simulate("naeco", games=4, players=2, agents=["greedy"], seed=1, progress=False)
    assert two.groupby("game")["share"].sum().round(9).eq(1.0).all()         # two players: a winner


@pytest.mark.parametrize("call", [
    lambda df, tr: A.seat_balance(df), lambda df, tr: A.seat_balance(df, by="order"),
    lambda df, tr: A.equal_seats_test(df), lambda df, tr: A.card_stats(df), lambda df, tr: A.solo_result(df),
    lambda df, tr: A.leader_wins(tr, df), lambda df, tr: A.ratings(df), lambda df, tr: A.pairwise(df),
    lambda df, tr: A.compare_options(df, df), lambda df, tr: nl.viz.win_rates(df),
    lambda df, tr: nl.viz.who_won(df, by="seat"),
])
def test_win_measures_refuse_games_nobody_can_win_and_say_what_to_measure(rated_solo, call):
    """The defect: solo Naéco, which has no winner, read as a 100 % win rate."""
    df, tr = rated_solo
    with pytest.raises(nl.ConfigError, match=r"measures wins, but these games have no winner.*NO_WINNER.*"
                                             r"score_table\(df\)"):
        call(df, tr)


def test_decisiveness_counts_games_nobody_can_win_as_games_nobody_won(rated_solo):
    df, _ = rated_solo
    d = A.decisiveness(df)
    assert d["games"] == 6 and d["no_winner"] == 1.0 and d["shared"] == 0.0
    assert len(A.score_table(df)) and len(A.card_scores(df)) and len(A.rating_counts(
        df, nl.GAMES["naeco"].RATING_SCALE)) == len(nl.GAMES["naeco"].RATING_SCALE)
