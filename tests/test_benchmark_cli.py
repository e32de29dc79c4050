"""The benchmark scripts' command lines: a bad argument exits with status 2 and one line on stderr that
names it, as the neko-lab command does, and is refused before any game is played (each case runs in
well under a second; a script that started its work would time out here)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p.stem for p in (REPO / "benchmarks").glob("*.py") if not p.name.startswith("_"))


def run(script: str, *args: str, timeout: float = 30) -> subprocess.CompletedProcess:
    env = {**os.environ, "TQDM_DISABLE": "1"}
    return subprocess.run([sys.executable, f"benchmarks/{script}.py", *args], capture_output=True, text=True,
                          env=env, timeout=timeout, cwd=REPO)


def assert_refused(res: subprocess.CompletedProcess, script: str, message: str) -> None:
    assert res.returncode == 2, res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{script}: ") and message in lines[0], res.stderr
    assert "Traceback" not in res.stderr and "usage:" not in res.stderr and res.stdout == ""


@pytest.mark.parametrize("script", SCRIPTS)
def test_an_unknown_option_gives_one_line_and_status_2(script):
    needed = {"fixed_workload": ["play", "naeco", "2", "1"]}.get(script, [])   # its arguments are required
    assert_refused(run(script, *needed, "--colour"), script, "unrecognized arguments: --colour")


@pytest.mark.parametrize("script,args", [
    ("bench_syndicate", ["--ladder", "2", "--agent", "nonsense"]),
    ("bench_ismcts", ["syndicate", "--games", "1", "--agent", "nonsense"]),
    ("fit_syndicate_value", ["--games", "1", "--agent", "nonsense"]),
    ("bench_learn", ["naeco", "--agent", "nonsense"]),
    ("bench_memory", ["--games", "10", "--agents", "random,nonsense"]),
    ("bench_save", ["naeco:2", "--agents", "nonsense"]),
])
def test_an_unknown_agent_is_refused_before_any_game(script, args):
    assert_refused(run(script, *args), script, "unknown agent 'nonsense'")


@pytest.mark.parametrize("script,args,message", [
    ("bench_syndicate", ["--ladder", "1", "--against", "syndicate(beam=0)"], "argument --against: syndicate: beam"),
    ("bench_ismcts", ["naeco", "--against", "mcts(iterations=x y)"], "cannot read the agent 'mcts(iterations=x y)'"),
    ("bench_learn", ["naeco", "--agent", "no_such_module:Agent"], "cannot load 'no_such_module:Agent'"),
    ("bench_memory", ["--agents", "random,random,random"], "3 agents for 2 seats"),
    ("fit_syndicate_value", ["--games", "1", "--agent", "greedy"], "'greedy' is not one of the Syndicate agents"),
])
def test_an_agent_the_script_cannot_use_is_refused(script, args, message):
    assert_refused(run(script, *args), script, message)


@pytest.mark.parametrize("script,args", [
    ("bench_adapters", ["chess"]),
    ("bench_core", ["chess"]),
    ("bench_ismcts", ["chess", "--games", "1"]),
    ("bench_learn", ["chess"]),
    ("bench_memory", ["chess", "--games", "10"]),
    ("bench_playtest", ["chess"]),
    ("bench_save", ["chess:2"]),
    ("fixed_workload", ["play", "chess", "2", "1"]),
])
def test_an_unknown_game_is_refused(script, args):
    assert_refused(run(script, *args), script, "unknown game 'chess'")


@pytest.mark.parametrize("script,args,message", [
    ("bench_core", ["--repeat", "0"], "argument --repeat: expected a number >= 1, not 0"),
    ("bench_ismcts", ["naeco", "--games", "0"], "argument --games: expected a number >= 1, not 0"),
    ("bench_journey", ["0"], "argument games: expected a number >= 1, not 0"),
    ("bench_learn", ["naeco", "--every", "none"], "argument --every: expected a whole number, not 'none'"),
    ("bench_memory", ["--checkpoints", "10,x"], "not '10,x'"),
    ("bench_naeco", ["--rounds", "0"], "argument --rounds: expected a number >= 1, not 0"),
    ("bench_neptune", ["--seconds", "0"], "argument --seconds: expected a number of seconds > 0, not 0"),
    ("bench_playtest", ["naeco", "--workers", "0"], "argument --workers: expected a number >= 1, not 0"),
    ("bench_save", ["naeco:2", "--games", "0"], "argument --games: expected a number >= 1, not 0"),
    ("bench_speed", ["--rounds", "0"], "argument --rounds: expected a number >= 1, not 0"),
    ("bench_syndicate", ["--ladder", "-1"], "argument --ladder: expected a number >= 0, not -1"),
    ("fixed_workload", ["play", "naeco", "2", "-1"], "argument size: expected a number >= 0, not -1"),
])
def test_a_bad_count_is_refused(script, args, message):
    assert_refused(run(script, *args), script, message)


@pytest.mark.parametrize("script,args,message", [
    ("bench_adapters", ["naeco", "--players", "7"], "naeco is for 1 to 4 players, not 7"),
    ("bench_neptune", ["--players", "1"], "neptune is for 2 to 4 players, not 1"),
    ("bench_save", ["naeco:9"], "naeco is for 1 to 4 players, not 9"),
    ("fixed_workload", ["play", "naeco", "9", "1"], "naeco is for 1 to 4 players, not 9"),
])
def test_a_player_count_the_game_does_not_take_is_refused(script, args, message):
    assert_refused(run(script, *args), script, message)


@pytest.mark.parametrize("script,args,message", [
    ("fit_syndicate_value", ["--games", "900", "--first-seed", "200"], "reach seed 1099"),
    ("fit_syndicate_value", ["--games", "1", "--difficulty", "hardest"], "unknown CatANNA difficulty 'hardest'"),
    ("fit_syndicate_value", ["--fit", "no-such-parts.jsonl"], "no file 'no-such-parts.jsonl'"),
    ("bench_ismcts", ["naeco", "--out", "no-such-folder/rows.csv"], "cannot write 'no-such-folder/rows.csv'"),
    ("bench_notebooks", ["naeco/no-such-notebook"], "no notebook 'naeco/no-such-notebook'"),
    ("bench_speed", ["--compiled", "no-such-wheel.whl"], "no such file or folder: 'no-such-wheel.whl'"),
    ("bench_speed", ["--spiel-python", "/no/such/python"],
     "argument --spiel-python: '/no/such/python' is not a Python that can import open_spiel"),
    ("run_all", ["core", "chess"], "no benchmark named chess"),
])
def test_other_arguments_the_script_would_refuse_later_are_refused_at_once(script, args, message):
    assert_refused(run(script, *args), script, message)


def test_help_still_prints_the_usage_and_exits_0():
    res = run("bench_syndicate", "--help")
    assert res.returncode == 0 and res.stderr == ""
    assert res.stdout.startswith("usage: bench_syndicate.py") and "--agent" in res.stdout


def test_a_good_command_line_still_runs():
    res = run("fixed_workload", "play", "naeco", "2", "1")
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("play naeco 2p: ") and " actions, " in res.stdout
