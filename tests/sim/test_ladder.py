"""Ladders for any player count, ratings, agents with parameters everywhere, budget and grid sweeps."""
from __future__ import annotations

import re

import pandas as pd
import pytest

import neko_lab as nl
from neko_lab import cli
from neko_lab.agents import Agent, MCTSAgent, agent_label, parse_spec, split_agents
from neko_lab.core import ConfigError
from neko_lab.sim import budget_sweep, ladder, runner, sweep, tournament
import toygame  # noqa: F401  (registers "toy"; imported by this name only, as conftest does, so it registers once)


@pytest.mark.parametrize("text,spec", [
    ("greedy", "greedy"),
    ("mcts(iterations=5)", ("mcts", {"iterations": 5})),
    (" mcts( iterations = 5, exploration=1.0 ) ", ("mcts", {"iterations": 5, "exploration": 1.0})),
    ("mcts()", "mcts"),
    ("x(mode=fast, limit=None)", ("x", {"mode": "fast", "limit": None})),
])
def test_agents_written_as_text(text, spec):
    assert parse_spec(text) == spec


@pytest.mark.parametrize("text", ["mcts(iterations=5", "mcts(5)", "mcts(iterations=[)", "a=b"])
def test_unreadable_agent_text_is_refused(text):
    with pytest.raises(ConfigError, match="cannot read the agent"):
        parse_spec(text)


def test_commas_inside_brackets_belong_to_the_agent():
    assert split_agents("greedy,mcts(iterations=5,exploration=2),random") == [
        "greedy", ("mcts", {"iterations": 5, "exploration": 2}), "random"]


def test_a_parameter_given_twice_is_refused_not_taken_from_the_last():
    for text in ("mcts(iterations=500,iterations=1)", "mcts(iterations=5, exploration=1, iterations=5)"):
        with pytest.raises(ConfigError, match="the parameter iterations is given twice"):
            parse_spec(text)
    with pytest.raises(ConfigError, match="the parameter iterations is given twice"):
        nl.simulate("toy", games=1, agents=["mcts(iterations=500,iterations=1)"], progress=False)


@pytest.mark.parametrize("text,where", [("greedy,", "a comma at the end"), (",greedy", "a comma at the start"),
                                        ("greedy,,random", "two commas in a row"), ("", "nothing"),
                                        ("greedy, ", "a comma at the end")])
def test_an_empty_agent_name_in_a_list_is_refused(text, where):
    with pytest.raises(ConfigError, match=f"have an empty name \\({where}\\)"):
        split_agents(text)


def test_an_agent_as_text_plays_as_its_spec():
    text = nl.simulate("toy", games=4, agents=["mcts(iterations=5)", "random"], seed=1, progress=False)
    spec = nl.simulate("toy", games=4, agents=[("mcts", {"iterations": 5}), "random"], seed=1, progress=False)
    pd.testing.assert_frame_equal(text, spec)
    assert agent_label("mcts( iterations=5 )") == "mcts(iterations=5)"
    with pytest.raises(ConfigError, match="agent .mcts. has no parameter .depth."):
        nl.make_agent("mcts(depth=3)", "toy", 0)


class First(Agent):          # two agents of the user's own, neither named: both "agent"
    def choose(self, state):
        return state.legal_actions()[0]


class Last(Agent):
    def choose(self, state):
        return state.legal_actions()[-1]


def test_agent_objects_made_with_parameters_are_labelled_as_their_specs():
    """The defect: MCTSAgent(iterations=30) and MCTSAgent(iterations=2) were both "mcts" in the results,
    one agent winning half of its own games."""
    objects = nl.simulate("toy", games=4, agents=[MCTSAgent(iterations=5), MCTSAgent(iterations=2)], seed=1,
                          progress=False)
    specs = nl.simulate("toy", games=4, agents=["mcts(iterations=5)", "mcts(iterations=2)"], seed=1,
                        progress=False)
    pd.testing.assert_frame_equal(objects, specs)
    assert agent_label(MCTSAgent()) == "mcts" and agent_label(MCTSAgent(seed=3)) == "mcts"   # defaults: as before
    assert agent_label(MCTSAgent(3, 30, exploration=1.0)) == "mcts(exploration=1.0,iterations=30)"
    lad = ladder("toy", [MCTSAgent(iterations=5), MCTSAgent(iterations=2)], games=2, progress=False)
    assert list(lad.table.index) == ["mcts(iterations=5)", "mcts(iterations=2)"]


def test_different_agents_under_one_label_are_refused_before_a_game_is_played(monkeypatch):
    played = []
    real = runner.run_batch
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b) or real(b))
    for run in (lambda agents: nl.simulate("toy", games=2, players=3, agents=agents, progress=False),
                lambda agents: ladder("toy", agents, games=2, progress=False)):
        with pytest.raises(ConfigError, match=r"agents 1 and 2 \(the class First and the class Last\) are different "
                                              r"agents both labelled 'agent'.*give each a name of its own"):
            run([First, Last])
        with pytest.raises(ConfigError, match=r"agents 2 and 3 \(a First object and a Last object\) .* 'agent'"):
            run(["random", First(), Last()])
    assert played == []
    # the same agent given twice, or as a name and as its object, is one agent
    df = nl.simulate("toy", games=2, agents=["mcts", MCTSAgent(), MCTSAgent], players=3, progress=False)
    assert set(df["agent"]) == {"mcts"}
    with pytest.raises(ConfigError, match=r"'random' is given 2 times, and a round robin plays each agent once; "
                                          r"give it once"):
        ladder("toy", ["random", "greedy", "random"], games=2, progress=False)


def test_three_player_round_robin_rotates_seats():
    """The defect: tournament(players=3) raised TypeError."""
    agents = ["random", "greedy", "mcts(iterations=3)"]
    table = tournament("toy", agents, games=6, players=3, seed=2, progress=False)
    for a in table.index:
        for b in table.columns:
            if a != b:
                assert table.loc[a, b] + table.loc[b, a] == pytest.approx(1.0)
    lad = ladder("toy", agents, games=6, players=3, seed=2, progress=False)
    seats = lad.games.groupby(["agent", "seat"]).size()
    assert (seats == 2).all() and len(seats) == 9          # every agent in every seat equally often
    assert set(lad.pairs.columns) >= {"agent", "opponent", "games", "rate", "low", "high", "score_margin"}
    assert list(lad.ratings.columns[:3]) == ["rating", "low", "high"]


def test_four_agents_at_three_seats_play_every_group_of_three():
    lad = ladder("toy", ["random", "greedy", "mcts(iterations=2)", "mcts(iterations=4)"], games=3,
                 players=3, progress=False)
    assert lad.games["match"].nunique() == 4 and lad.games["game"].nunique() == 12
    assert (lad.pairs["games"] == 6).all()                  # each pair meets in 2 groups of 3 games


def test_an_agent_in_two_seats_counts_once_a_game_in_the_pairs():
    """The defect: two agents at three seats reported 4 games for 2 played, and a Wilson interval that
    took the two pairings of each game for independent games."""
    from neko_lab.analysis.stats import wilson_interval

    lad = ladder("toy", ["greedy", "random"], players=3, games=2, seed=1, progress=False)
    pairs = lad.pairs.set_index("agent")
    assert pairs["games"].tolist() == [2, 2]
    assert pairs.loc["greedy", "wins"] + pairs.loc["random", "wins"] == 2
    w = pairs.loc["greedy", "wins"]
    assert (pairs.loc["greedy", "low"], pairs.loc["greedy", "high"]) == wilson_interval(w, 2)
    assert lad.table.loc["greedy", "random"] == w / 2


def test_two_player_ladder_keeps_the_pairwise_table():
    agents = ["random", "greedy"]
    lad = ladder("toy", agents, games=10, seed=3, progress=False)
    df = lad.games
    share = df.groupby("agent")["share"].sum() / 10
    assert lad.table.loc["random", "greedy"] == pytest.approx(share["random"])


def test_budget_sweep_plays_the_same_games_at_each_budget():
    out = budget_sweep("toy", [1, 8], opponent="random", games=6, progress=False)
    assert list(out["budget"]) == [1, 8] and list(out["agent"]) == ["mcts(iterations=1)", "mcts(iterations=8)"]
    assert ((out["low"] <= out["rate"]) & (out["rate"] <= out["high"])).all()
    assert (out["games"] == 6).all()


def test_a_budget_against_itself_counts_the_searching_seat_alone():
    """The defect: at the budget equal to the opponent's, both seats bore its label and were counted as
    the searching agent's: games 8 of 4, wins 4 (every game), margin NaN."""
    out = budget_sweep("toy", [2, 5], opponent="mcts(iterations=5)", games=4, seed=1, progress=False)
    df = nl.simulate("toy", games=4, agents=["mcts(iterations=5)"] * 2, seed=1, progress=False)
    first = df[df["seat"] == df["game"] % 2]       # agents[0] sits in seat (-g) % 2: the searching agent
    mirror = out.set_index("budget").loc[5]
    assert mirror["games"] == 4 and mirror["wins"] == first["share"].sum()
    other = df[df["seat"] != df["game"] % 2].set_index("game")["score"]
    assert mirror["margin"] == pytest.approx((first.set_index("game")["score"] - other).mean())
    three = budget_sweep("toy", [5], opponent="mcts(iterations=5)", players=3, games=3, seed=1, progress=False)
    assert three["games"].tolist() == [3]


def test_a_budget_given_twice_is_refused_before_anything_is_played(tmp_path, monkeypatch):
    played = []
    real = runner.run_batch
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b) or real(b))
    for out in (None, tmp_path / "bs"):
        with pytest.raises(ConfigError, match=r"budgets gives iterations=2 more than once \(\[2, 5, 2\]\): give "
                                              r"each budget once"):
            budget_sweep("toy", [2, 5, 2], games=2, seed=1, progress=False, out=out)
    assert played == [] and not (tmp_path / "bs").exists()


def test_a_sweep_plays_every_cell_and_resumes(tmp_path, monkeypatch):
    kw = dict(options={"short": [False, True]}, agents=[["greedy", "random"], ["random"]], games=4,
              seed=5, progress=False)
    df = sweep("toy", **kw)
    assert df["cell"].nunique() == 4 and len(df) == 4 * 4 * 2
    cells = df.groupby("cell").agg(short=("opt_short", "first"), lineup=("lineup", "first"))
    assert list(cells["short"]) == [False, False, True, True]
    assert list(cells["lineup"]) == ["greedy vs random", "random"] * 2
    alone = nl.simulate("toy", games=4, agents=["random"], seed=5, progress=False, short=True)
    mine = df[df["cell"] == 3].drop(columns=["cell", "lineup", "data_folder"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(mine, alone)
    out = tmp_path / "sweep"
    first = sweep("toy", out=out, **kw)
    pd.testing.assert_frame_equal(first.to_pandas(), df)          # streamed: read back lazily, the same table
    played = []
    real = runner.run_batch
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b) or real(b))
    again = sweep("toy", out=out, resume=True, **kw)
    assert played == []
    pd.testing.assert_frame_equal(again.to_pandas(), df)
    with pytest.raises(ConfigError, match="cannot resume .*: it holds a sweep of other cells"):
        sweep("toy", out=out, resume=True, **{**kw, "options": {"short": [False]}})
    assert played == []
    with pytest.raises(ConfigError, match="list of values"):
        sweep("toy", options={"short": True})


def test_a_streamed_sweep_reads_back_whole_and_labelled_with_every_column(tmp_path):
    # Naéco's missions are a scoring category of the sea_shepherd variant only
    kw = dict(options={"sea_shepherd": [False, True]}, agents=[["greedy", "random"], ["random"]], games=4,
              players=2, seed=7, progress=False)
    df = sweep("naeco", **kw)
    assert df["pts_missions"].notna().all() and (df.loc[~df["opt_sea_shepherd"], "pts_missions"] == 0).all()
    assert (df.loc[df["opt_sea_shepherd"], "pts_missions"] != 0).any()
    out = tmp_path / "sweep"
    res = sweep("naeco", out=out, **kw)
    assert isinstance(res, nl.sim.results.Results) and len(res) == len(df)     # read lazily, as simulate(out=)
    pd.testing.assert_frame_equal(res.to_pandas(), df)
    pd.testing.assert_frame_equal(nl.open_results(out).to_pandas(), df)
    whole = pd.read_parquet(out)                  # pandas' folder reader: every cell, labelled, every column
    pd.testing.assert_frame_equal(whole, df)
    for k in range(4):                            # each cell's folder is a run folder whose rows carry labels
        cell = nl.open_results(out / f"cell-{k:03d}").to_pandas()
        assert set(cell["cell"]) == {k} and set(cell.columns) == set(df.columns)


def test_a_sweep_folder_of_an_earlier_version_resumes_into_a_labelled_sweep(tmp_path, monkeypatch):
    # an earlier version streamed each cell as a plain run (no labels in its rows, no _sweep.json)
    out = tmp_path / "old"
    for k, short in enumerate([False, True]):
        nl.simulate("toy", games=4, agents=["random"], seed=2, progress=False, short=short,
                    out=out / f"cell-{k:03d}")
    with pytest.raises(nl.DataError, match="a sweep's folder written by an earlier version.*resume=True"):
        nl.open_results(out)
    played = []
    real = runner.run_batch
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b) or real(b))
    kw = dict(options={"short": [False, True]}, agents=[["random"]], games=4, seed=2, progress=False)
    res = sweep("toy", out=out, resume=True, **kw)
    assert played == []
    expected = sweep("toy", **kw)
    pd.testing.assert_frame_equal(res.to_pandas(), expected)
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected)


def test_an_error_in_a_cell_names_the_cell_and_keeps_its_type_and_replay(tmp_path):
    from simagents import FailsIn

    with pytest.raises(ConfigError, match=r"^In cell 1 of the sweep \(its number in the cell column: short='yes'; "
                                          r"line-up random; card data shipped\): toy option short is True or False"):
        sweep("toy", options={"short": [False, "yes"]}, agents=[["random"]], games=2, progress=False)
    seed = nl.sim.game_seed(4, 0)
    bad = FailsIn(seeds={runner.seat_seeds(seed, 2)[1][0]}, after=0)     # fails in game 0 in seat 1 only
    with pytest.raises(ValueError, match="agent gave up") as info:
        sweep("toy", options={"short": [False, True]}, agents=[["random"], [bad, "random"]], games=2, seed=4,
              progress=False)
    text = str(info.value)
    assert type(info.value) is ValueError and isinstance(info.value.__cause__, ValueError)
    assert text.startswith("In cell 1 of the sweep (its number in the cell column: short=False; line-up "
                           "failing vs random; card data shipped): agent gave up")
    assert f"Game 0 of the run (its number in the results' game column), seed {seed}" in text
    replay = re.search(r"Replay it with (nl\.play\(.*\))\.\n", text).group(1)
    assert replay == f"nl.play('toy', agents=[<the FailsIn object>, 'random'], players=2, seed={seed}, short=False)"
    with pytest.raises(ValueError, match="agent gave up"):         # the call replays the failure
        nl.play("toy", agents=[bad, "random"], players=2, seed=seed, short=False)


def test_a_sweep_checks_every_cell_before_playing_any(tmp_path, monkeypatch):
    played = []
    real = runner.run_batch
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b) or real(b))
    kw = dict(games=2, progress=False)
    for game, wrong, error, message in [
            ("naeco", {"data": [None, tmp_path / "no_such_folder"]}, nl.DataError, "no such dataset folder"),
            ("toy", {"options": {"short": [False, "yes"]}}, ConfigError, "short is True or False, not 'yes'"),
            ("toy", {"agents": [["random"], ["random", "no_such_agent"]]}, ConfigError, "unknown agent"),
            ("toy", {"agents": [["random"], ["random"] * 3]}, ConfigError, "3 agents for 2 seats"),
            ("toy", {"options": {"games": [2, 4]}}, ConfigError, "games is an argument of sweep or simulate"),
            ("toy", {"options": {"game": ["naeco"]}}, ConfigError, "game is an argument of sweep or simulate"),
            ("toy", {"options": {"chunk": [1, 2]}}, ConfigError, "chunk is an argument of sweep or simulate"),
            ("toy", {"options": {"trace": [False, True]}}, ConfigError, "trace is an argument of sweep or"),
            ("toy", {"options": {"data": [None]}}, ConfigError, "give folders as sweep's data="),
            ("toy", {"trace": True}, ConfigError, "sweep returns one table of results, without traces")]:
        with pytest.raises(error, match=message):
            sweep(game, **{"agents": [["random"]], **wrong}, **kw)
        assert played == [], wrong
    out = tmp_path / "sweep"
    nl.simulate("toy", games=2, agents=["random"], out=out / "cell-001", progress=False)
    played.clear()
    with pytest.raises(ConfigError, match="cell-001 already holds a simulation"):
        sweep("toy", agents=[["greedy"], ["greedy", "random"]], out=out, **kw)
    assert played == [] and not (out / "cell-000").exists()


def test_a_sweep_over_card_data_tells_the_rows_apart(tmp_path):
    import shutil
    from neko_lab.core.data import shipped_dir

    alt = tmp_path / "cards"
    shutil.copytree(shipped_dir("naeco"), alt)
    with open(alt / "species.csv", "a", encoding="utf-8"):
        pass
    text = (alt / "species.csv").read_text(encoding="utf-8").replace(",1,1,", ",1,2,", 1)
    (alt / "species.csv").write_text(text, encoding="utf-8")
    df = sweep("naeco", data=[None, alt], agents=[["random"]], games=2, progress=False)
    assert df.groupby("cell")["data"].first().nunique() == 2
    assert list(df.groupby("cell")["data_folder"].first()) == ["shipped", str(alt)]


def test_the_command_line_takes_agent_parameters_and_a_data_folder(capsys, tmp_path):
    from neko_lab.core.data import shipped_dir

    code = cli.main(["simulate", "naeco", "--games", "2", "--agents", "mcts(iterations=3),random",
                     "--data", shipped_dir("naeco"), "--no-progress"])
    assert code == 0
    assert "mcts(iterations=3)" in capsys.readouterr().out
    assert cli.main(["simulate", "naeco", "--games", "2", "--agents", "mcts(iterations=3", "--no-progress"]) == 2
    assert "cannot read the agent" in capsys.readouterr().err
    assert cli.main(["simulate", "naeco", "--games", "2", "--data", str(tmp_path / "none"),
                     "--no-progress"]) == 2


def test_a_budget_sweep_at_three_seats_gives_the_searching_agent_one_seat_a_game():
    df = budget_sweep("toy", [1, 2], opponent="random", players=3, games=6, progress=False)
    assert df["games"].tolist() == [6, 6] and (df["wins"] <= 6).all()


def test_a_ladder_and_a_sweep_stream_each_run_to_its_own_folder_and_resume(tmp_path):
    agents = ["greedy", "random", "mcts(iterations=2)"]
    plain = ladder("toy", agents, games=6, progress=False)
    streamed = ladder("toy", agents, games=6, progress=False, out=tmp_path / "lad")
    again = ladder("toy", agents, games=6, progress=False, out=tmp_path / "lad", resume=True)
    pd.testing.assert_frame_equal(streamed.table, plain.table)
    pd.testing.assert_frame_equal(again.table, plain.table)
    assert sorted(p.name for p in (tmp_path / "lad").iterdir()) == ["match-000", "match-001", "match-002"]
    swept = budget_sweep("toy", [1, 2], games=4, progress=False, out=tmp_path / "bs")
    pd.testing.assert_frame_equal(swept, budget_sweep("toy", [1, 2], games=4, progress=False))
    assert sorted(p.name for p in (tmp_path / "bs").iterdir()) == ["budget-1", "budget-2"]
    # the run folder is checked as simulate checks it, by the sweeps too (an empty one streamed to ./cell-000)
    with pytest.raises(ConfigError, match=r"out must be a folder path \(str or pathlib.Path\), not int"):
        ladder("toy", agents, games=2, progress=False, out=5)
    with pytest.raises(ConfigError, match="out must name a folder for the results, not an empty path"):
        sweep("toy", {"short": [False]}, games=2, progress=False, out="")


def test_a_ladder_and_a_budget_sweep_check_every_run_before_playing_any(tmp_path, monkeypatch):
    played = []
    real = runner.run_batch
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b) or real(b))
    with pytest.raises(ConfigError, match="unknown agent"):
        ladder("toy", ["greedy", "random", "no_such_agent"], games=2, progress=False, out=tmp_path / "lad")
    with pytest.raises(ConfigError, match="iterations"):
        budget_sweep("toy", [1, -1], games=2, progress=False, out=tmp_path / "bs")
    # nothing was played or written: the same calls with the mistake put right start from scratch
    assert played == [] and list(tmp_path.iterdir()) == []
    ladder("toy", ["greedy", "random"], games=2, progress=False, out=tmp_path / "lad")
    budget_sweep("toy", [1, 2], games=2, progress=False, out=tmp_path / "bs")


@pytest.mark.parametrize("call, message", [
    (lambda: ladder("toy", ["greedy", "random"], games=0), "games is the number of games of every match, "
                                                           "a whole number >= 1, not 0"),
    (lambda: tournament("toy", ["greedy", "random"], games="5"), "a whole number >= 1, not '5'"),
    (lambda: ladder("toy", None), r"agents is an agent or a list of agents .*, not None"),
    # a text is one agent spec, as simulate reads it, never a list of letters
    (lambda: tournament("toy", "greedy,random"), r"at least two agents with different names, not \['greedy,random'\]"),
    (lambda: sweep("toy", options=["short"]), r"sweep options is a dict of each option's values .*, not \['short'\]"),
    (lambda: budget_sweep("toy", None), "budgets is a list of the iterations values to try .*, not None"),
    (lambda: budget_sweep("toy", 5), "budgets is a list .*, not 5"),
    (lambda: budget_sweep("toy", []), r"budgets is a list .*, not \[\]"),
    (lambda: budget_sweep("toy", [2], games=0), "a whole number >= 1, not 0"),
])
def test_round_robins_and_sweeps_refuse_games_agents_options_and_budgets_they_cannot_use(call, message):
    with pytest.raises(ConfigError, match=message):
        call()


def test_a_run_and_a_sweep_refuse_each_others_folder_and_leave_it_as_it_was(tmp_path, capsys):
    run, grid = tmp_path / "run", tmp_path / "grid"
    nl.simulate("toy", games=4, seed=1, progress=False, out=run)
    sweep("toy", options={"short": [False, True]}, games=2, seed=1, progress=False, out=grid)
    before = {f: sorted(p.relative_to(f) for p in f.rglob("*")) for f in (run, grid)}
    for resume in (False, True):
        with pytest.raises(ConfigError, match=re.escape(f"{run} holds a run (_run.json), not a sweep")):
            sweep("toy", options={"short": [False]}, games=2, progress=False, out=run, resume=resume)
        with pytest.raises(ConfigError, match=re.escape(f"{grid} holds a sweep (_sweep.json), not a run")):
            nl.simulate("toy", games=2, seed=9, progress=False, out=grid, resume=resume)
    assert cli.main(["simulate", "toy", "--games", "2", "--out", str(grid), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{grid} holds a sweep" in err[0]
    assert {f: sorted(p.relative_to(f) for p in f.rglob("*")) for f in (run, grid)} == before
    assert len(nl.open_results(run)) == 8 and len(pd.read_parquet(run)) == 8
    assert len(nl.open_results(grid)) == 8 and len(pd.read_parquet(grid)) == 8


@pytest.mark.parametrize("resume", [False, True])
def test_a_folder_holding_other_files_is_refused_by_a_run_and_a_sweep(tmp_path, resume):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "README.txt").write_text("my notes\n")
    mine = tmp_path / "analysis"
    mine.mkdir()
    pd.DataFrame({"game": [0], "seat": [0], "score": [99]}).to_parquet(mine / "summary.parquet")
    for folder, name in ((notes, "README.txt"), (mine, "summary.parquet")):
        with pytest.raises(ConfigError, match=re.escape(f"{folder} is not empty ({name}) and holds no run")):
            nl.simulate("toy", games=2, progress=False, out=folder, resume=resume)
        with pytest.raises(ConfigError, match=re.escape(f"{folder} is not empty ({name}) and holds no sweep")):
            sweep("toy", options={"short": [False]}, games=2, progress=False, out=folder, resume=resume)
        assert [p.name for p in folder.iterdir()] == [name]
    # names the Parquet readers skip do not stand in the way, and an empty folder is a new run's
    empty = tmp_path / "empty"
    (empty / ".ipynb_checkpoints").mkdir(parents=True)
    assert len(nl.simulate("toy", games=2, progress=False, out=empty, resume=resume)) == 4
    assert len(pd.read_parquet(empty)) == 4


def test_a_streamed_sweep_over_none_and_a_number_reads_back_as_it_was_played(tmp_path):
    kw = dict(options={"catanna_cubes": [None, 7]}, games=2, players=1, agents=[["random"]], seed=1,
              progress=False)
    mem = sweep("syndicate", **kw)
    res = sweep("syndicate", out=tmp_path / "grid", **kw)
    for back in (res.to_pandas(), nl.open_results(tmp_path / "grid").to_pandas()):
        pd.testing.assert_frame_equal(back, mem)
    assert list(mem.opt_catanna_cubes) == [None, None, 7, 7]
    assert list(res.to_pandas(columns=["opt_catanna_cubes"]).opt_catanna_cubes) == [None, None, 7, 7]
    assert list(pd.read_parquet(tmp_path / "grid").opt_catanna_cubes.fillna(-1)) == [-1, -1, 7, 7]   # as README says


def test_a_sweep_takes_the_values_of_a_frame_column_as_its_list():
    import numpy as np
    df = nl.simulate("toy", games=2, progress=False, short=True)
    for values in (df.opt_short.unique(), pd.Series([np.False_, np.True_]), np.array([False, True])):
        out = sweep("toy", options={"short": values}, games=2, progress=False)
        assert set(map(type, out.opt_short)) == {bool}
        assert sorted(out.groupby("cell").opt_short.first()) == sorted(bool(v) for v in values)
    with pytest.raises(ConfigError, match="sweep option short needs a list of values, not {True}"):
        sweep("toy", options={"short": {True}}, games=2, progress=False)
