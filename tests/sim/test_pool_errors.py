"""What a run says when it cannot go on: a game that raises (named by number and seed, replayable,
the same in every mode), agents the worker processes could not receive (refused before the pool
starts), and a worker that dies (which games it held and how it ended)."""
from __future__ import annotations

import importlib
import re
import subprocess
import sys
import types
from concurrent.futures.process import BrokenProcessPool

import pytest

import neko_lab as nl
from neko_lab.agents.base import Agent
from neko_lab.core import ConfigError, IllegalAction
from neko_lab.sim import runner
from simagents import DiesInWorker, FailsIn

workers_module = importlib.import_module("neko_lab.sim.workers")
RUN = dict(games=6, seed=7, progress=False)


def failing_in(game: int, how: str = "raise") -> FailsIn:
    """A FailsIn that fails in game `game` of a RUN with agents [it, "random"], and only there."""
    gseed = runner.game_seed(RUN["seed"], game)
    seat = game % 2                      # rotation: agents[0] sits in seat (-game) % 2 == game % 2
    return FailsIn(seeds={runner.seat_seeds(gseed, 2)[1][seat]}, how=how)


def replay_of(message: str) -> str:
    return re.search(r"Replay it with (nl\.play\(.*\))\.\n", message).group(1)


def test_a_failed_game_is_named_by_number_and_seed_and_replays_with_its_call():
    agent = failing_in(4)
    with pytest.raises(ValueError, match="agent gave up") as info:
        nl.simulate("toy", agents=[agent, "random"], **RUN)
    message = str(info.value)
    gseed = runner.game_seed(RUN["seed"], 4)
    assert f"Game 4 of the run" in message and f"seed {gseed}" in message
    assert int(re.search(r"seat 1 \(failing\) to move after (\d+) actions", message).group(1)) >= 3
    assert "seats: seat 1 failing, seat 2 random" in message
    assert isinstance(info.value.__cause__, ValueError)       # the agent's own error, with its traceback
    assert replay_of(message) == f"nl.play('toy', agents=[<the FailsIn object>, 'random'], players=2, seed={gseed})"
    with pytest.raises(ValueError, match="agent gave up"):    # the call replays the failure
        nl.play("toy", agents=[agent, "random"], players=2, seed=gseed)
    nl.play("toy", agents=[agent, "random"], players=2, seed=runner.game_seed(RUN["seed"], 3))


def test_a_failed_game_reads_the_same_from_the_worker_processes_and_stays_an_illegal_action():
    messages = []
    for workers in (None, 2):
        with pytest.raises(IllegalAction) as info:           # what the user catches is still the type
            nl.simulate("toy", agents=[failing_in(3, how="illegal"), "random"], workers=workers, chunk=6,
                        **RUN)
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    assert "Game 3 of the run" in messages[0] and "seat 2 (failing) to move" in messages[0]
    assert "out=FOLDER" in messages[0]


def test_a_failed_run_keeps_its_finished_chunks_and_says_how_to_resume(tmp_path):
    out = tmp_path / "run"
    with pytest.raises(ValueError) as info:
        nl.simulate("toy", agents=[failing_in(4), "random"], out=out, chunk=2, **RUN)
    assert f"kept in {out}" in str(info.value) and "resume=True" in str(info.value)
    assert len(list(out.glob("part-*.parquet"))) == 2           # games 0-3
    fixed = nl.simulate("toy", agents=[FailsIn(), "random"], out=out, chunk=2, resume=True, **RUN)
    fresh = nl.simulate("toy", agents=[FailsIn(), "random"], chunk=2, **RUN)
    assert fixed.to_pandas().equals(fresh)


@pytest.fixture
def interactive_main(monkeypatch):
    """A notebook's __main__: no file, so spawned workers cannot import what it defines."""
    main = types.ModuleType("__main__")
    monkeypatch.setitem(sys.modules, "__main__", main)
    exec("from neko_lab.agents.base import Agent\n"
         "class CellAgent(Agent):\n"
         "    name = 'cell'\n"
         "    def choose(self, state):\n"
         "        return self.rng.choice(state.legal_actions())\n"
         "def shortest(action):\n"
         "    return len(repr(action))\n", main.__dict__)
    return main


def test_a_class_from_a_notebook_is_refused_before_the_pool_starts(interactive_main):
    workers_module.stop_pool()
    with pytest.raises(ConfigError) as info:
        nl.simulate("toy", agents=[interactive_main.CellAgent, "random"], workers=2, **RUN)
    message = str(info.value)
    assert "agent 'cell' (agents[0]) is the class CellAgent, defined in this notebook" in message
    assert "module" in message and "without workers=" in message and "client=" in message
    assert "pool" not in workers_module._POOL                 # no worker was started
    with pytest.raises(ConfigError, match="holds the function shortest"):
        agent = FailsIn()
        agent.key = interactive_main.shortest
        nl.simulate("toy", agents=[agent, "random"], workers=2, **RUN)
    with pytest.raises(ConfigError, match="is an object of the class CellAgent"):
        nl.simulate("toy", agents=[interactive_main.CellAgent(), "random"], workers=2, **RUN)
    assert len(nl.simulate("toy", agents=[interactive_main.CellAgent, "random"], **RUN)) == 12


def test_a_class_typed_at_the_prompt_is_refused_in_one_line(tmp_path):
    code = ("import neko_lab as nl\nfrom neko_lab.agents.base import Agent\n"
            "class Typed(Agent):\n    def choose(self, state):\n        return state.legal_actions()[0]\n"
            "nl.simulate('naeco', games=4, agents=[Typed, 'random'], workers=2, progress=False)\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert res.returncode != 0 and res.stderr.count("Traceback") == 1
    assert res.stderr.strip().splitlines()[-1].startswith(
        "neko_lab.core.errors.ConfigError: agent 'agent' (agents[0]) is the class Typed, defined in this notebook")


AGENT_CLASS = ("class First(Agent):\n    name = 'first'\n\n    def choose(self, state):\n"
               "        return state.legal_actions()[0]\n")


@pytest.mark.parametrize("guarded", [True, False])
def test_a_class_a_script_defines_under_its_main_guard_is_refused_in_one_line(tmp_path, guarded):
    # the workers import the script under another name, so what only its main block defines is not
    # there; the same class above the block plays
    head = "import neko_lab as nl\nfrom neko_lab.agents.base import Agent\n"
    run = "nl.simulate('naeco', games=4, agents=[First, 'random'], workers=2, progress=False)\nprint('played')\n"
    indent = lambda text: "".join("    " + line + "\n" if line else "\n" for line in text.splitlines())
    if guarded:
        body = head + 'if __name__ == "__main__":\n' + indent(AGENT_CLASS + run)
    else:
        body = head + AGENT_CLASS + 'if __name__ == "__main__":\n' + indent(run)
    script = tmp_path / "sweep.py"
    script.write_text(body, encoding="utf-8")
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    if not guarded:
        assert res.returncode == 0 and res.stdout.strip() == "played", res.stderr
        return
    assert res.returncode != 0 and res.stderr.count("Traceback") == 1
    assert res.stderr.strip().splitlines()[-1] == (
        "neko_lab.core.errors.ConfigError: agent 'first' (agents[0]) is the class First, defined under "
        "`if __name__ == \"__main__\":` in sweep.py, which the worker processes do not run (they import the "
        "script under another name): define it above that block, or run without workers=")


def test_an_agent_that_cannot_be_pickled_is_refused_before_the_pool_starts(capfd):
    workers_module.stop_pool()

    class Local(Agent):
        name = "local"

        def choose(self, state):
            return state.legal_actions()[0]

    with pytest.raises(ConfigError, match=r"agent 'local' \(agents\[1\]\) cannot be sent to the worker "
                                          r"processes \(Can't pickle local object.*Local'\).*client="):
        nl.simulate("toy", agents=["random", Local], workers=2, **RUN)
    holder = FailsIn()
    holder.key = lambda action: 0
    with pytest.raises(ConfigError, match=r"agent 'failing' \(agents\[0\]\) .*lambda.*top level of a module"):
        nl.simulate("toy", agents=[holder, "random"], workers=2, **RUN)
    assert "pool" not in workers_module._POOL
    assert "Traceback" not in capfd.readouterr().err           # no worker or feeder thread said anything


@pytest.mark.parametrize("how, ended", [("exit", "exited with code 3"),
                                        ("kill", "was killed by signal 9 (SIGKILL: often the system ending it "
                                                 "when memory runs out)")])
def test_a_worker_that_dies_says_which_games_it_held_and_how_it_ended(tmp_path, how, ended):
    out = tmp_path / "run"
    with pytest.raises(BrokenProcessPool) as info:
        nl.simulate("toy", agents=[DiesInWorker(how=how), "random"], workers=1, chunk=3, out=out, **RUN)
    message = str(info.value)
    assert re.search(rf"worker process \d+ {re.escape(ended)} while playing games 0 to 2", message)
    assert "next run starts new worker processes" in message and "resume=True" in message and str(out) in message
    assert not list(out.glob("*.tmp"))
    again = nl.simulate("toy", agents=["random"], workers=1, chunk=3, **RUN)   # a new pool
    assert len(again) == 12
    workers_module.stop_pool()


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    import dask

    # a chunk whose worker dies is not tried again on another one
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield client


def test_on_dask_a_failed_game_reads_as_it_does_here(dask_client):
    with pytest.raises(ValueError) as here:
        nl.simulate("toy", agents=[failing_in(4), "random"], chunk=6, **RUN)
    with pytest.raises(ValueError) as there:
        nl.simulate("toy", agents=[failing_in(4), "random"], chunk=6, client=dask_client, **RUN)
    assert str(there.value) == str(here.value)


def test_dask_takes_agents_the_pool_cannot(dask_client, interactive_main):
    holder = FailsIn()
    holder.key = lambda action: 0
    here = nl.simulate("toy", agents=[interactive_main.CellAgent, holder], **RUN)
    there = nl.simulate("toy", agents=[interactive_main.CellAgent, holder], client=dask_client, **RUN)
    assert there.equals(here)


def test_a_dask_worker_that_dies_names_the_games_lost(dask_client, tmp_path):
    from distributed import KilledWorker

    with pytest.raises(KilledWorker) as info:
        nl.simulate("toy", agents=[DiesInWorker(how="exit"), "random"], chunk=6, client=dask_client,
                    out=tmp_path / "r", **RUN)
    assert "games 0 to 5 died while playing them" in str(info.value) and "resume=True" in str(info.value)
