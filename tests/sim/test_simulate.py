"""nl.simulate and nl.play on the toy game: columns, seat rotation, seeding, workers, Dask, Parquet
streaming with resume, and scoring curves."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import neko_lab as nl
from neko_lab.core import ConfigError
from neko_lab.sim.results import Results
from neko_lab.sim import runner


@pytest.fixture(scope="module")
def serial():
    return nl.simulate("toy", games=40, players=2, agents=["greedy", "random"], seed=7, progress=False)


def test_one_row_per_game_and_seat_sorted(serial):
    assert len(serial) == 80
    assert list(serial[["game", "seat"]].itertuples(index=False, name=None)) == \
        [(g, s) for g in range(40) for s in range(2)]
    assert list(serial.columns[:13]) == ["game", "seat", "agent", "score", "won", "share", "order",
                                         "steps", "rounds", "players", "seed", "data", "config"]
    assert {"pts_played", "pts_bonus", "opt_short"} <= set(serial.columns)
    assert (serial["players"] == 2).all() and (~serial["opt_short"]).all()


def test_rows_agree_with_a_replay_of_each_game(serial):
    """The seed column replays a game exactly with nl.play and the agents in seat order."""
    for g in (0, 1, 17):
        rows = serial[serial["game"] == g].sort_values("seat")
        state = nl.play("toy", list(rows["agent"]), players=2, seed=int(rows["seed"].iloc[0]))
        assert list(rows["score"]) == state.scores()
        assert list(rows["pts_played"]) == [b["played"] for b in state.breakdown()]
        assert [s for s, w in enumerate(rows["won"]) if w] == state.winners()
        assert rows["steps"].iloc[0] == state.steps and rows["rounds"].iloc[0] == state.round_number()


def test_score_is_the_sum_of_the_breakdown(serial):
    assert (serial["score"] == serial["pts_played"] + serial["pts_bonus"]).all()
    assert serial.groupby("game")["won"].any().all()


def test_agents_rotate_over_seats_by_game(serial):
    first = serial[serial["seat"] == 0].set_index("game")["agent"]
    assert all(first[g] == ("greedy" if g % 2 == 0 else "random") for g in range(40))
    counts = serial.groupby(["agent", "seat"]).size()
    assert (counts == 20).all()
    fixed = nl.simulate("toy", games=6, agents=["greedy", "random"], seed=7, rotate=False, progress=False)
    assert list(fixed[fixed["seat"] == 0]["agent"].unique()) == ["greedy"]


def test_three_seats_two_agents_follow_the_rotation_rule():
    df = nl.simulate("toy", games=3, players=3, agents=["greedy", "random"], seed=1, progress=False)
    seats = df.pivot(index="game", columns="seat", values="agent")
    assert seats.loc[0].tolist() == ["greedy", "random", "greedy"]
    assert seats.loc[1].tolist() == ["random", "greedy", "random"]


def test_derived_seeds_are_distinct_balanced_and_the_same_everywhere():
    from neko_lab.core.rng import derive
    seeds = [runner.game_seed(run, g) for run in range(20) for g in range(500)]
    assert len(set(seeds)) == len(seeds) and all(0 <= x < 2**63 for x in seeds)
    ones = sum(bin(x).count("1") for x in seeds) / (63 * len(seeds))
    assert 0.49 < ones < 0.51                       # every bit set about half the time
    state, agents = runner.seat_seeds(seeds[0], 4)
    assert len({state, *agents}) == 5
    # pure integer arithmetic: these values hold on every machine and Python version
    assert derive(0) == 0x7110541CBD8EE6D7 and runner.game_seed(7, 4) == derive(7, 1, 4) == 8176208051354506322


def test_games_are_seeded_independently_of_the_split(serial):
    assert runner.game_seed(7, 3) != runner.game_seed(7, 4) != runner.game_seed(8, 4)
    small = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, chunk=3, progress=False)
    pd.testing.assert_frame_equal(small, serial)
    head = nl.simulate("toy", games=10, agents=["greedy", "random"], seed=7, progress=False)
    pd.testing.assert_frame_equal(head, serial[serial["game"] < 10].reset_index(drop=True))


def test_process_pool_gives_the_same_frame(serial):
    df = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, workers=2, chunk=7,
                     progress=False)
    pd.testing.assert_frame_equal(df, serial)


def test_dask_client_gives_the_same_frame(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        df = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, client=client, chunk=10,
                         progress=False)
    pd.testing.assert_frame_equal(df, serial)
    # the client is closed now, its cluster gone: said before any game is played
    with pytest.raises(ConfigError, match=r"client is closed \(Client.close\(\) was called, or its cluster has gone\)"):
        nl.simulate("toy", games=4, client=client, progress=False)


def test_dask_client_streaming_to_parquet_returns_the_same_rows(tmp_path, serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        res = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, client=client, chunk=10,
                          out=tmp_path / "d", progress=False)
    assert isinstance(res, Results)
    pd.testing.assert_frame_equal(res.to_pandas(), serial)


def test_streaming_to_parquet_survives_an_interruption_and_resumes(tmp_path, monkeypatch, serial):
    out = tmp_path / "run"
    calls = []
    real = runner.run_batch

    def interrupted(batch):
        if len(calls) == 3:
            raise KeyboardInterrupt
        calls.append(batch.start)
        return real(batch)

    monkeypatch.setattr(runner, "run_batch", interrupted)
    with pytest.raises(KeyboardInterrupt):
        nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, out=out, chunk=8, progress=False)
    parts = sorted(p.name for p in out.glob("part-*.parquet"))
    assert len(parts) == 3 and not list(out.glob("*.tmp"))
    kept = pd.concat([pd.read_parquet(out / p) for p in parts], ignore_index=True)
    assert sorted(kept["game"].unique()) == list(range(24))

    with pytest.raises(ConfigError, match="resume=True"):
        nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, out=out, chunk=8, progress=False)
    with pytest.raises(ConfigError, match="other settings"):
        nl.simulate("toy", games=40, agents=["random", "random"], seed=7, out=out, resume=True,
                    progress=False)
    with pytest.raises(ConfigError, match="other settings.*games=40"):
        nl.simulate("toy", games=48, agents=["greedy", "random"], seed=7, out=out, resume=True,
                    progress=False)
    monkeypatch.setattr(runner, "run_batch", real)
    played = []
    monkeypatch.setattr(runner, "run_batch", lambda b: played.append(b.start) or real(b))
    df = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, out=out, resume=True,
                     progress=False)
    assert played == [24, 32]                 # only the missing chunks are played
    pd.testing.assert_frame_equal(df.to_pandas(), serial)


def test_trace_records_scoring_curves(tmp_path):
    df, tr = nl.simulate("toy", games=6, agents=["greedy", "random"], seed=3, trace=True, progress=False)
    assert list(tr.columns[:6]) == ["game", "step", "round", "seat", "agent", "score"]
    assert (tr["score"] == tr["pts_played"] + tr["pts_bonus"]).all()
    for g in range(6):
        t = tr[tr["game"] == g]
        assert t["step"].iloc[0] == 0 and (t["score"][t["step"] == 0] == 0).all()
        rounds = t.drop_duplicates("step")["round"].tolist()
        rows = df[df["game"] == g].sort_values("seat")
        # the start (round 1), then one point at the end of each round, the last at the end of the game
        assert rounds == [1] + list(range(1, rows["rounds"].iloc[0] + 1))
        final = t[t["step"] == t["step"].max()].sort_values("seat")
        assert final["score"].tolist() == rows["score"].tolist()
        assert final["agent"].tolist() == rows["agent"].tolist()
        # the score never falls in the toy game: each curve is non-decreasing
        for _, curve in t.groupby("seat"):
            assert curve["score"].is_monotonic_increasing
    df2, tr2 = nl.simulate("toy", games=6, agents=["greedy", "random"], seed=3, trace=True, progress=False,
                           out=tmp_path / "t", chunk=4)
    pd.testing.assert_frame_equal(tr2.to_pandas(), tr)
    pd.testing.assert_frame_equal(df2.to_pandas(), df)


def test_trace_per_action_has_a_point_after_every_action():
    df, tr = nl.simulate("toy", games=3, agents=["random"], seed=9, trace="action", progress=False)
    per_game = tr.groupby("game")["step"].nunique()
    steps = df.groupby("game")["steps"].first()
    assert (per_game == steps + 1).all()
    with pytest.raises(ConfigError, match="trace is True"):
        nl.simulate("toy", games=1, trace="sometimes", progress=False)


def test_options_reach_the_game_and_the_columns():
    df = nl.simulate("toy", games=4, agents=["random"], seed=0, short=True, progress=False)
    assert df["opt_short"].all()
    assert (df.groupby("game")["pts_played"].sum() <= 2 * 21).all()   # two copies of 1..6


@pytest.mark.parametrize("kwargs,match", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"players": 9}, "1 to 4 players"),
    ({"agents": ["random", "wizard"]}, "unknown agent 'wizard'"),
    ({"agents": ["random"] * 3}, "at most one agent per seat"),
    ({"colour": "red"}, "no option 'colour'"),
    ({"games": -1}, "games must be an integer"),
    ({"workers": 0}, "workers must be an integer"),
    ({"resume": True}, "needs out="),
    ({"seed": -1}, r"0 <= seed < 2\*\*64"),
    ({"seed": 2 ** 64}, r"0 <= seed < 2\*\*64"),
    ({"out": 5}, "out must be a folder path"),
])
def test_bad_arguments_are_refused_before_any_game(kwargs, match):
    args = {"game": "toy", "games": 3, "players": 2, "agents": ["random"], "progress": False, **kwargs}
    with pytest.raises(ConfigError, match=match):
        nl.simulate(args.pop("game"), **args)


@pytest.mark.parametrize("game", ["journey", "naeco"])
def test_players_left_out_is_the_games_default_as_in_play_and_on_the_command_line(game):
    cls = runner.resolve_game(game)
    df = nl.simulate(game, games=1, agents=["random"], progress=False)
    assert set(df["players"]) == {cls.DEFAULT_PLAYERS} and len(df) == cls.DEFAULT_PLAYERS
    assert nl.play(game, "random", seed=1).players == cls.DEFAULT_PLAYERS


def test_play_returns_the_final_state():
    s = nl.play("toy", ["greedy", "random", "random"], players=3, seed=4, short=True)
    assert s.is_over() and s.players == 3 and s.options["short"]
    assert nl.play("toy", "random", players=2, seed=4).is_over()
    with pytest.raises(ConfigError, match=r"seed must be a whole number with 0 <= seed < 2\*\*64"):
        nl.play("toy", "random", seed=-1)
    with pytest.raises(ConfigError, match="1 to 4 players"):
        nl.play("toy", "random", players=0, seed=1)


@pytest.mark.parametrize("kwargs, message", [
    ({"agents": None}, r"agents is an agent or a list of agents in seat order .*, not None"),
    ({"agents": {0: "greedy", 1: "random"}}, "not a dict: every seat is played by an agent"),
    ({"agents": 5}, "agents is an agent or a list of agents in seat order .*, not 5"),
    ({"first_moves": "a"}, r"first_moves is a list that receives the seats .* not 'a'"),
    ({"first_moves": ()}, r"first_moves is a list .* not \(\)"),
])
def test_play_refuses_agents_and_first_moves_it_cannot_use(kwargs, message):
    args = {"agents": "random", "seed": 1, **kwargs}
    with pytest.raises(ConfigError, match=message):
        nl.play("toy", args.pop("agents"), **args)


def test_progress_bar_counts_games(monkeypatch, capsys):
    monkeypatch.delenv("TQDM_DISABLE", raising=False)
    nl.simulate("toy", games=5, agents=["random"], seed=0, progress=True)
    assert "5/5" in capsys.readouterr().err
    monkeypatch.setenv("TQDM_DISABLE", "1")
    nl.simulate("toy", games=5, agents=["random"], seed=0, progress=True)
    assert "5/5" not in capsys.readouterr().err


def test_tournament_table_is_the_pairwise_win_share():
    from neko_lab.sim import game_seed, tournament

    agents = ["random", "greedy", ("mcts", {"iterations": 5})]
    table = tournament("toy", agents, games=6, seed=3, progress=False, short=True)
    labels = ["random", "greedy", "mcts(iterations=5)"]
    assert list(table.index) == labels and list(table.columns) == labels
    for a in labels:
        assert table.loc[a, a] != table.loc[a, a]          # empty diagonal (NaN)
        for b in labels:
            if a != b:
                assert table.loc[a, b] + table.loc[b, a] == pytest.approx(1.0)
    # the first match (random vs greedy) is simulate() with the first child seed
    df = nl.simulate("toy", games=6, agents=["random", "greedy"], seed=game_seed(3, 0), short=True,
                     progress=False)
    won = df[df["won"]]
    share = won.groupby("game")["seat"].transform("size")
    expected = (1 / share[won["agent"] == "random"]).sum() / 6
    assert table.loc["random", "greedy"] == pytest.approx(expected)
    with pytest.raises(ConfigError, match="two agents with different names"):
        tournament("toy", ["random", "random"], games=2)


def test_a_run_streamed_to_parquet_returns_results_read_lazily(tmp_path, serial):
    res = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=7, out=tmp_path / "r",
                      chunk=8, progress=False)
    assert isinstance(res, Results) and len(res.files) == 5
    assert len(res) == len(serial) and res.columns[:4] == ["game", "seat", "agent", "score"]
    pd.testing.assert_frame_equal(res.to_pandas(), serial)
    part = res.to_pandas(columns=["agent", "won"])
    assert list(part.columns) == ["agent", "won"] and part["won"].sum() == serial["won"].sum()
    assert res.dataset.count_rows() == len(serial)
    dd = pytest.importorskip("dask.dataframe")
    assert int(res.to_dask()["score"].sum().compute()) == int(serial["score"].sum())


def test_results_name_what_they_cannot_read(tmp_path):
    import shutil
    out = tmp_path / "r"
    res = nl.simulate("toy", games=8, agents=["random"], seed=1, out=out, chunk=4, progress=False)
    with pytest.raises(ConfigError, match=re.escape(f"no column 'scor' in the results in {out}; its columns: "
                                                    f"game, seat, agent, score, won, ")):
        res.to_pandas(columns=["agent", "scor"])
    with pytest.raises(ConfigError, match="columns is a list of column names, not 'score'"):
        res.to_pandas(columns="score")
    assert list(res.to_pandas(columns=pd.Index(["seat", "agent"])).columns) == ["seat", "agent"]
    damaged = res.files[1]
    damaged.write_text("not parquet")
    with pytest.raises(nl.DataError, match=f"{damaged.name}: not a readable Parquet file"):
        len(res)
    shutil.rmtree(out)
    for read in (len, Results.to_pandas, Results.head):
        with pytest.raises(nl.DataError, match=re.escape(f"{out}: no such run folder (moved or deleted")):
            read(res)
    assert repr(res) == f"<Results: no folder {out}>"
    empty = nl.simulate("toy", games=0, agents=["random"], out=tmp_path / "none", progress=False)
    assert len(empty) == 0 and list(empty.to_pandas(columns=["agent", "won"]).columns) == ["agent", "won"]


def test_results_fill_a_category_missing_from_some_parts(tmp_path):
    folder = tmp_path / "r"
    res = nl.simulate("toy", games=8, agents=["random"], seed=1, out=folder, chunk=4, progress=False)
    first = res.files[0]
    pd.read_parquet(first).drop(columns=["pts_bonus"]).to_parquet(first, index=False)
    df = res.to_pandas()
    assert len(df) == 16 and (df.loc[df["game"] < 4, "pts_bonus"] == 0).all()
    assert df["pts_bonus"].dtype == "int64"


def test_a_pool_run_keeps_no_finished_chunk(tmp_path, monkeypatch):
    """The process pool hands each chunk to collect() and drops it: nothing grows with the run."""
    import gc
    import importlib
    import weakref
    sim_module = importlib.import_module("neko_lab.sim.simulate")

    class Row(dict):
        pass

    kept: list = []
    still_alive: list[int] = []
    original = sim_module._Store.write

    def tracking_write(self, start, rows, trace):
        gc.collect()
        still_alive.append(sum(ref() is not None for ref in kept))   # earlier chunks still held
        marker = Row(rows[0])
        kept.append(weakref.ref(marker))
        rows.append(marker)
        original(self, start, rows[:-1], trace)

    monkeypatch.setattr(sim_module._Store, "write", tracking_write)
    nl.simulate("toy", games=24, agents=["random"], seed=2, workers=2, chunk=3, out=tmp_path / "p",
                progress=False)
    assert len(kept) == 8 and still_alive == [0] * 8


def _script(tmp_path, body: str) -> Path:
    path = tmp_path / "run_script.py"
    path.write_text("import sys\nimport neko_lab as nl\nimport toygame\n" + body, encoding="utf-8")
    return path


def test_workers_exit_when_the_process_that_started_them_is_killed(tmp_path):
    psutil = pytest.importorskip("psutil")
    script = _script(tmp_path, 'if __name__ == "__main__":\n'
                               '    nl.simulate("toy", games=10**7, workers=2, chunk=50, progress=False,\n'
                               '                out=sys.argv[1])\n')
    proc = subprocess.Popen([sys.executable, str(script), str(tmp_path / "out")], cwd=tmp_path)
    try:
        deadline, workers = time.monotonic() + 60, []
        while time.monotonic() < deadline and len(workers) < 2:
            workers = [c for c in psutil.Process(proc.pid).children()
                       if "spawn_main" in " ".join(c.cmdline())]
            time.sleep(0.2)
        assert len(workers) == 2, "the run did not start its two workers"
        while time.monotonic() < deadline and not list((tmp_path / "out").glob("part-*.parquet")):
            time.sleep(0.2)                        # the workers are playing
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        gone_by = time.monotonic() + 5
        while time.monotonic() < gone_by:
            alive = [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]
            if not alive:
                break
            time.sleep(0.1)
        assert not alive, f"workers {[w.pid for w in alive]} outlived the killed run"
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.mark.parametrize("workers", [1, 2])
def test_an_unguarded_script_with_workers_is_told_what_to_add(tmp_path, workers):
    # every time: which worker the pool's manager thread reaps first is a race, and a worker it reaped
    # once read as still running, so that the run ended in multiprocessing's BrokenProcessPool instead
    script = _script(tmp_path, f'nl.simulate("toy", games=6, workers={workers}, progress=False)\n')
    for _ in range(4):
        res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                             cwd=tmp_path)
        assert res.returncode != 0
        last = res.stderr.strip().splitlines()[-1]
        assert last.startswith("neko_lab.core.errors.ConfigError: ") and 'if __name__ == "__main__":' in last
        assert "bootstrapping phase" not in res.stderr, "multiprocessing's own message is not shown"
        assert res.stderr.count("Traceback") == 1


def test_the_worker_pool_starts_once_and_serves_the_next_runs():
    import importlib

    sim_module = importlib.import_module("neko_lab.sim.simulate")
    workers_module = importlib.import_module("neko_lab.sim.workers")
    sim_module.stop_pool()
    first = nl.simulate("toy", games=8, agents=["random"], seed=3, workers=2, progress=False)
    pool, workers = workers_module._POOL["pool"], set(workers_module._POOL["started"])
    again = nl.simulate("toy", games=8, agents=["random"], seed=3, workers=2, progress=False)
    assert workers_module._POOL["pool"] is pool and set(pool._processes) == workers and len(workers) == 2
    assert again.equals(first)
    nl.simulate("toy", games=4, agents=["random"], seed=3, workers=1, progress=False)
    assert workers_module._POOL["pool"] is not pool and workers_module._POOL["workers"] == 1
    sim_module.stop_pool()
    assert "pool" not in workers_module._POOL



def test_an_interrupt_reaching_idle_workers_leaves_them_to_the_parent():
    # Jupyter's interrupt and a terminal's Ctrl-C signal the whole process group: a kept pool's idle
    # workers must neither die with a traceback nor break the pool; the parent decides
    import importlib

    sim_module = importlib.import_module("neko_lab.sim.simulate")
    workers_module = importlib.import_module("neko_lab.sim.workers")
    sim_module.stop_pool()
    first = nl.simulate("toy", games=8, agents=["random"], seed=3, workers=2, progress=False)
    pool, workers = workers_module._POOL["pool"], dict(workers_module._POOL["started"])
    for pid in workers:
        os.kill(pid, signal.SIGINT)
    time.sleep(0.5)
    assert len(workers) == 2 and all(proc.is_alive() for proc in workers.values())
    again = nl.simulate("toy", games=8, agents=["random"], seed=3, workers=2, progress=False)
    assert workers_module._POOL["pool"] is pool and again.equals(first)
    sim_module.stop_pool()


def test_an_interrupted_run_ends_its_workers_at_once(tmp_path, monkeypatch):
    # the workers are not left playing the chunks they hold after the user stopped the run
    import importlib

    sim_module = importlib.import_module("neko_lab.sim.simulate")
    workers_module = importlib.import_module("neko_lab.sim.workers")
    sim_module.stop_pool()

    def interrupted(self, *args):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim_module._Store, "write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        nl.simulate("toy", games=4000, agents=["random"], seed=3, workers=2, chunk=20, out=tmp_path / "r",
                    progress=False)
    assert "pool" not in workers_module._POOL
    workers = list(workers_module._POOL["started"].values())
    assert len(workers) == 2
    deadline = time.monotonic() + 20        # generous: a loaded machine may take a while to reap them
    while any(proc.is_alive() for proc in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    # ended by the parent's SIGTERM, not by finishing their chunks (which would exit with 0)
    assert [proc.exitcode for proc in workers] == [-signal.SIGTERM] * 2


def test_a_run_gives_back_the_garbage_collector_settings_it_found():
    """While games are played the collector runs less often (a speed setting of the run only): the
    user's own thresholds come back afterwards, after a failed game too, and a switched-off
    collector is never switched on."""
    import gc
    from neko_lab.agents import Agent

    class Broken(Agent):
        name = "broken"

        def choose(self, state):
            raise ValueError("no move")

    before = gc.get_threshold()
    try:
        gc.set_threshold(123, 4, 5)
        seen: list = []

        class Watching(Agent):
            name = "watching"

            def choose(self, state):
                seen.append(gc.get_threshold())
                return state.legal_actions()[0]

        nl.simulate("toy", games=2, agents=[Watching], progress=False)
        assert gc.get_threshold() == (123, 4, 5) and seen[0][0] > 123 and seen[0][1:] == (4, 5)
        with pytest.raises(ValueError, match="no move"):
            nl.simulate("toy", games=2, agents=[Broken], progress=False)
        assert gc.get_threshold() == (123, 4, 5)
        gc.set_threshold(0)
        nl.simulate("toy", games=2, agents=[Watching], progress=False)
        assert gc.get_threshold()[0] == 0 and seen[-1][0] == 0
    finally:
        gc.set_threshold(*before)


@pytest.mark.parametrize("kwargs, message", [
    ({"agents": 5}, "agents is an agent or a list of agents"),
    ({"client": 5}, "client is a dask.distributed Client"),
    ({"rotate": "no"}, "rotate is True or False, not 'no'"),
    ({"progress": "x"}, "progress is True or False, not 'x'"),
    ({"resume": "yes"}, "resume is True or False, not 'yes'"),
    ({"game": nl.State}, "State is not a game of its own"),
])
def test_simulate_refuses_arguments_it_cannot_use_before_playing(kwargs, message):
    game = kwargs.pop("game", "toy")
    with pytest.raises(ConfigError, match=message):
        nl.simulate(game, games=2, **kwargs)


@pytest.mark.parametrize("trace", [False, True])
def test_resume_plays_again_the_games_of_a_part_damaged_from_outside(tmp_path, trace):
    whole = nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=trace)
    out = tmp_path / "run"
    nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=trace, out=out)
    damaged = out / ("_trace/trace-000000004.parquet" if trace else "part-000000004.parquet")
    damaged.write_text("not parquet")
    with pytest.raises(nl.DataError, match=f"{damaged.name}: not a readable Parquet file"):
        read_as_it_is(damaged.parent, "trace" if trace else "part")
    with pytest.warns(RuntimeWarning, match=f"{damaged.name} cannot be read .* played again"):
        res = nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=trace, out=out, resume=True)
    if trace:
        res, tr = res
        pd.testing.assert_frame_equal(tr.to_pandas(), whole[1])
        whole = whole[0]
    pd.testing.assert_frame_equal(res.to_pandas(), whole)
    assert (damaged.parent / ("_" + damaged.name + ".damaged")).exists()
    assert repr(res) == f"<Results: 3 part files in {out}>"
    assert len(pd.read_parquet(out)) == len(whole)        # the file moved aside is not read as games


def test_a_damaged_part_that_cannot_be_moved_aside_is_a_config_error(tmp_path, monkeypatch, capsys):
    from neko_lab import cli
    out = tmp_path / "run"
    nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, out=out)
    damaged = out / "part-000000004.parquet"
    damaged.write_text("not parquet")
    real = os.replace

    def read_only(src, dst):                 # a folder this process may read but not change
        if str(dst).endswith(".damaged"):
            raise PermissionError(13, "Permission denied", str(src))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", read_only)
    with pytest.raises(ConfigError, match=re.escape(f"cannot write the results to {out}: Permission denied "
                                                    f"(moving aside {damaged.name}, which cannot be read: ")):
        nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, out=out, resume=True)
    assert cli.main(["simulate", "toy", "--games", "12", "--seed", "2", "--out", str(out), "--resume",
                     "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("neko-lab: error: cannot write the results to")
    assert damaged.read_text() == "not parquet"


@pytest.mark.parametrize("chunk", [0, True, None, "4"])
def test_resume_refuses_a_run_json_whose_chunk_size_was_damaged(tmp_path, chunk):
    out = tmp_path / "run"
    nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, out=out)
    meta = json.loads((out / "_run.json").read_text())
    meta["chunk"] = chunk
    (out / "_run.json").write_text(json.dumps(meta))
    parts = sorted(out.iterdir())
    with pytest.raises(ConfigError, match=re.escape(f"cannot resume {out}: its _run.json is damaged (chunk is ")):
        nl.simulate("toy", games=12, seed=2, progress=False, out=out, resume=True)
    assert sorted(out.iterdir()) == parts          # no game played again beside the parts


@pytest.mark.parametrize("resume", [False, True])
def test_part_files_without_a_run_json_are_not_taken_for_games_of_a_new_run(tmp_path, resume):
    import shutil
    first = tmp_path / "first"
    nl.simulate("toy", games=12, chunk=4, seed=1, progress=False, out=first)
    out = tmp_path / "run"
    shutil.copytree(first, out)
    (out / "_run.json").unlink()
    with pytest.raises(ConfigError, match=re.escape(f"{out} holds part files of a run but no _run.json "
                                                    f"describing it (part-000000000.parquet ...); move them")):
        nl.simulate("toy", games=12, chunk=4, seed=7, progress=False, out=out, resume=resume)
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in first.iterdir() if p.name != "_run.json")


def read_as_it_is(out, kind):
    """The rows of a run folder as they are (its damaged file included), as simulate's result reads them."""
    from neko_lab.sim.results import Results
    return Results(out, kind, lambda df: df).to_pandas()


def test_a_solo_naeco_row_carries_the_rulebook_rating():
    from neko_lab.games.naeco import scoring
    df = nl.simulate("naeco", games=4, players=1, agents=["greedy"], progress=False)
    for score, tier, words in df[["score", "solo_tier", "solo_rating"]].itertuples(index=False):
        assert (tier, words) == scoring.solo_rating(score)
        assert 1 <= tier <= len(scoring.SOLO_RATING)


def test_a_solo_victory_shared_with_catanna_is_half_a_victory(monkeypatch):
    from neko_lab.games.syndicate.rules import GameState
    monkeypatch.setattr(GameState, "solo_result", lambda self: "shared" if self.over else "playing")
    df = nl.simulate("syndicate", games=2, players=1, agents=["random"], progress=False, catanna="easy")
    assert df["won"].all() and (df["share"] == 0.5).all()
    monkeypatch.setattr(GameState, "solo_result", lambda self: "won" if self.over else "playing")
    assert (nl.simulate("syndicate", games=2, players=1, agents=["random"], progress=False,
                        catanna="easy")["share"] == 1.0).all()


@pytest.mark.parametrize("game,starts", [("journey", r"^turn order (Player \d)"),
                                         ("neptune", r"^(player \d) is chosen to begin")])
def test_order_1_is_the_starting_player_the_set_up_names(game, starts):
    """`order` numbers the turn order the game starts with: in Journey the overview card marked 1
    (whose holder chooses a starting bonus tile last, the tiles going in reverse turn order), in
    Neptune the player chosen to begin."""
    df = nl.simulate(game, games=6, players=3, agents=["random"], seed=3, progress=False)
    for g, rows in df.groupby("game"):
        state = runner.resolve_game(game)(players=3, seed=runner.seat_seeds(int(rows["seed"].iloc[0]), 3)[0])
        named = next(m.group(1) for e in state.log if (m := re.search(starts, e.text)))
        first = rows[rows["order"] == 1]
        assert f"player {int(first['seat'].iloc[0]) + 1}" == named.lower(), g
        assert sorted(rows["order"]) == [1, 2, 3]


@pytest.mark.parametrize("game,players", [("naeco", 2), ("neptune", 2), ("syndicate", 2), ("journey", 3)])
def test_rounds_count_from_1_and_both_trace_modes_give_the_same_curves(game, players):
    """Every game numbers its rounds from 1; a round's value is the table at its end, whether the trace
    keeps a point per round or per action; a game's `rounds` is the last round of its trace."""
    from neko_lab.viz.figures import curve_table

    kw = dict(games=3, players=players, agents=["greedy", "random"], seed=2, progress=False)
    df, rounds = nl.simulate(game, trace=True, **kw)
    _, actions = nl.simulate(game, trace="action", **kw)
    assert rounds["round"].min() == actions["round"].min() == 1
    pd.testing.assert_frame_equal(curve_table(rounds), curve_table(actions))
    pd.testing.assert_frame_equal(nl.analysis.leader_wins(rounds, df), nl.analysis.leader_wins(actions, df))
    last = df.groupby("game")["rounds"].first()
    assert (actions.groupby("game")["round"].max() == last).all()
    # the point at the end of each round is the same table in both traces
    ends = rounds[rounds["step"] > 0].set_index(["game", "step", "seat"])
    pd.testing.assert_series_equal(ends["score"], actions.set_index(["game", "step", "seat"]).loc[ends.index, "score"])


def test_a_naeco_game_ending_part_way_through_a_round_counts_that_round():
    """Naéco's last round runs from the turn after the one that triggered the end to the trigger's own
    turn, so it often ends part-way through a round of seats: that round was played, and counts."""
    df = nl.simulate("naeco", games=12, players=3, agents=["random"], seed=1, progress=False)
    turns = [nl.play("naeco", ["random"], players=3, seed=int(s)).turn for s in df.groupby("game")["seed"].first()]
    assert any(t % 3 for t in turns)                     # some games end part-way through a round
    assert df.groupby("game")["rounds"].first().tolist() == [-(-t // 3) for t in turns]


def test_a_results_folder_reads_as_one_table_with_pandas_and_pyarrow(tmp_path):
    """The defect: pd.read_parquet(FOLDER) failed on the run's description (run.json), and the trace's
    parts beside the results would have been read as rows of games."""
    import pyarrow.dataset as ds
    out = tmp_path / "run"
    res, tr = nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=True, out=out)
    games = res.to_pandas()
    read = pd.read_parquet(out).sort_values(["game", "seat"]).reset_index(drop=True)
    assert list(read.columns) == list(games.columns)
    pd.testing.assert_frame_equal(read, games, check_dtype=False)
    assert ds.dataset(out, format="parquet").to_table().num_rows == len(games)
    trace = pd.read_parquet(out / "_trace").sort_values(["game", "step", "seat"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(trace, tr.to_pandas(), check_dtype=False)


@pytest.mark.parametrize("trace", [False, True])
def test_open_results_gives_again_what_simulate_returned(tmp_path, trace):
    out = tmp_path / "run"
    ran = nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=trace, out=out)
    opened = nl.open_results(out)
    assert isinstance(opened, tuple) == trace
    for a, b in zip(*((ran, opened) if trace else ((ran,), (opened,)))):
        assert isinstance(b, Results) and repr(b) == repr(a)
        pd.testing.assert_frame_equal(b.to_pandas(), a.to_pandas())


def test_open_results_refuses_what_is_not_a_results_folder(tmp_path):
    with pytest.raises(nl.DataError, match="no such results folder"):
        nl.open_results(tmp_path / "nowhere")
    with pytest.raises(nl.DataError, match=re.escape(f"{tmp_path}: not a results folder: no _run.json")):
        nl.open_results(tmp_path)
    (tmp_path / "file").write_text("")
    with pytest.raises(nl.DataError, match="a file, not a results folder"):
        nl.open_results(tmp_path / "file")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "_run.json").write_text("{oops")
    with pytest.raises(nl.DataError, match="_run.json: damaged"):
        nl.open_results(tmp_path / "bad")
    with pytest.raises(ConfigError, match="a folder path"):
        nl.open_results(3)


def test_a_folder_written_by_an_earlier_version_opens_and_resume_moves_it_to_the_new_names(tmp_path):
    out = tmp_path / "run"
    res, tr = nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=True, out=out)
    games, trace = res.to_pandas(), tr.to_pandas()
    (out / "_run.json").rename(out / "run.json")              # the layout of earlier versions
    for f in (out / "_trace").iterdir():
        f.rename(out / f.name)
    (out / "_trace").rmdir()
    (out / "part-000000004.parquet").unlink()                # a chunk left to play
    old, old_tr = nl.open_results(out)
    assert len(old) == len(games) - 8 and len(old_tr.to_pandas()) == len(trace)
    res, tr = nl.simulate("toy", games=12, chunk=4, seed=2, progress=False, trace=True, out=out, resume=True)
    assert not (out / "run.json").exists() and (out / "_run.json").exists()
    assert not list(out.glob("trace-*")) and len(list((out / "_trace").glob("trace-*.parquet"))) == 3
    pd.testing.assert_frame_equal(res.to_pandas(), games)
    pd.testing.assert_frame_equal(tr.to_pandas(), trace)
    assert len(pd.read_parquet(out)) == len(games)


def test_a_solo_run_without_agents_named_is_played_by_greedy_alone():
    # the default line-up is greedy and random, as many of it as there are seats (as the CLI does)
    df = nl.simulate("naeco", games=3, players=1, seed=1, progress=False)
    assert df["agent"].tolist() == ["greedy"] * 3
    assert df.equals(nl.simulate("naeco", games=3, players=1, seed=1, progress=False, agents=["greedy"]))
    two = nl.simulate("naeco", games=2, players=2, seed=1, progress=False)
    assert set(two["agent"]) == {"greedy", "random"}
    sw = nl.sim.sweep("naeco", options={"sea_shepherd": [False, True]}, games=2, players=1, progress=False)
    assert set(sw["lineup"]) == {"greedy"} and set(sw["agent"]) == {"greedy"}


def test_options_read_back_from_a_run_folder_as_the_run_played_them(tmp_path):
    # Parquet has no tuples: a tuple-valued option would read back as numpy arrays, which pandas
    # cannot group by
    kw = dict(games=3, players=1, agents=["random"], seed=1, progress=False, catanna_markers=(12, 10, 8))
    mem = nl.simulate("syndicate", **kw)
    res = nl.simulate("syndicate", out=tmp_path / "run", **kw)
    for back in (res.to_pandas(), nl.open_results(tmp_path / "run").to_pandas()):
        pd.testing.assert_frame_equal(back, mem)
        assert back.groupby("opt_catanna_markers").score.size().to_dict() == {(12, 10, 8): 3}
    assert res.to_pandas(columns=["opt_catanna_markers"]).opt_catanna_markers.tolist() == [(12, 10, 8)] * 3
    assert res.head(1).opt_catanna_markers.tolist() == [(12, 10, 8)]
    assert nl.viz.win_rates(res.to_pandas(), by="opt_catanna_markers") is not None


def test_a_game_replays_from_the_values_of_its_own_rows():
    """The module docstring's recipe, nl.play(game, agents in seat order, players=..., seed=seed,
    **options), with the values as the frame holds them (numpy's integers and bools)."""
    import numpy as np
    df = nl.simulate("naeco", games=3, players=3, seed=1, progress=False, sea_shepherd=True)
    for g in range(3):
        rows = df[df["game"] == g].sort_values("seat")
        opts = {c[4:]: rows[c].iloc[0] for c in df.columns if c.startswith("opt_")}
        assert isinstance(rows["seed"].iloc[0], np.integer) and isinstance(opts["sea_shepherd"], np.bool_)
        state = nl.play("naeco", list(rows["agent"]), players=rows["players"].iloc[0], seed=rows["seed"].iloc[0],
                        **opts)
        assert list(rows["score"]) == state.scores()


def test_numpy_counts_seeds_and_flags_are_taken_as_plain_values_and_numpy_floats_are_not(tmp_path):
    import numpy as np
    plain = nl.simulate("toy", games=4, players=3, seed=5, progress=False, short=True, out=tmp_path / "a")
    again = nl.simulate("toy", games=np.int64(4), players=np.int64(3), seed=np.uint64(5), progress=np.False_,
                        rotate=np.True_, short=np.True_, chunk=np.int32(2), out=tmp_path / "b")
    pd.testing.assert_frame_equal(again.to_pandas(), plain.to_pandas())
    assert json.loads((tmp_path / "b" / "_run.json").read_text())["players"] == 3
    for name, bad in (("games", np.float64(4)), ("games", np.bool_(True)), ("chunk", np.float64(2))):
        with pytest.raises(ConfigError, match=f"{name} must be an integer"):
            nl.simulate("toy", progress=False, **{"games": 2, name: bad})
    with pytest.raises(ConfigError, match="rotate is True or False, not np.int64"):
        nl.simulate("toy", games=2, progress=False, rotate=np.int64(1))
    state = nl.play("toy", ["random"], players=np.int64(3), seed=np.int64(1))
    assert state.players == 3 and state.scores() == nl.play("toy", ["random"], players=3, seed=1).scores()


@pytest.mark.parametrize("game, options", [("naeco", {"sea_shepherd": True}),
                                           ("syndicate", {"players": 1, "catanna_markers": (12, 10, 8)})])
def test_a_run_of_no_games_has_the_columns_and_types_of_any_other(tmp_path, game, options):
    one, one_trace = nl.simulate(game, games=1, progress=False, trace="action", **options)
    zero, zero_trace = nl.simulate(game, games=0, progress=False, trace="action", **options)
    res, res_trace = nl.simulate(game, games=0, progress=False, trace="action", out=tmp_path / "run", **options)
    for empty, full in ((zero, one), (zero_trace, one_trace), (res.to_pandas(), one),
                        (res_trace.to_pandas(), one_trace)):
        assert len(empty) == 0
        pd.testing.assert_series_equal(empty.dtypes, full.dtypes)
    assert list(pd.read_parquet(tmp_path / "run").columns) == list(one.columns) and len(res) == 0
    assert list(nl.analysis.game_length(zero).index) == ["steps", "rounds"]
    assert [t.name for t in nl.viz.breakdown(zero).data] == [t.name for t in nl.viz.breakdown(one).data]
    cells = dict(options={k: [v] for k, v in options.items() if k != "players"}, players=options.get("players", 2),
                 progress=False)
    none, some = nl.sim.sweep(game, games=0, **cells), nl.sim.sweep(game, games=1, **cells)
    assert none.empty and list(none.columns) == list(some.columns)
