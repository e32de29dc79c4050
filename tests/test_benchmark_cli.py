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
    ("fixed_workload", ["play", "naeco", "2", "-1"], "argument size: expected a number >= 1, not -1"),
    ("fixed_workload", ["play", "neptune", "3", "0"], "argument size: expected a number >= 1, not 0"),
])
def test_a_bad_count_is_refused(script, args, message):
    assert_refused(run(script, *args), script, message)


@pytest.mark.parametrize("script,args,message", [
    ("bench_adapters", ["naeco", "--players", "7"], "naeco is for 1 to 4 players, not 7"),
    ("bench_neptune", ["--players", "1"], "neptune is for 2 to 4 players, not 1"),
    ("bench_save", ["naeco:9"], "naeco is for 1 to 4 players, not 9"),
    ("fixed_workload", ["play", "naeco", "9", "1"], "naeco is for 1 to 4 players, not 9"),
    ("bench_learn", ["neptune", "--match", "1", "--match-players", "1"], "neptune is for 2 to 4 players, not 1"),
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
    ("bench_learn", ["syndicate", "--match", "1", "--match-players", "1", "--option", "catanna=hardest"],
     "unknown CatANNA difficulty 'hardest'"),
    ("bench_learn", ["naeco", "--match", "1", "--option", "colour=red"], "unknown option 'colour'"),
    ("bench_learn", ["naeco", "--option", "nosuch=1"], "argument --option: naeco: unknown option 'nosuch'"),
    ("bench_learn", ["naeco", "--option", "sea_shepherd=True"],
     "argument --option: sets up the --match games only, and there are none: add --match N"),
    ("bench_learn", ["naeco", "--match-players", "1"], "argument --match-players: sets up the --match games only"),
    ("fit_syndicate_hint", ["--games", "900", "--first-seed", "200"], "reach seed 1099"),
    ("fit_syndicate_hint", ["--fit", "no-such-rows.jsonl"], "no file 'no-such-rows.jsonl'"),
])
def test_other_arguments_the_script_would_refuse_later_are_refused_at_once(script, args, message):
    assert_refused(run(script, *args), script, message)


def test_help_still_prints_the_usage_and_exits_0():
    res = run("bench_syndicate", "--help")
    assert res.returncode == 0 and res.stderr == ""
    assert res.stdout.startswith("usage: bench_syndicate.py") and "--agent" in res.stdout


@pytest.mark.parametrize("script, ends", [
    ("bench_naeco", "and clones per second of states sampled from random games."),
    ("bench_neptune", "and the heuristic agent's win rates."),
])
def test_help_describes_the_script_in_whole_sentences(script, ends):
    res = run(script, "--help")
    assert res.returncode == 0 and res.stderr == ""
    assert ends in " ".join(res.stdout.split())


def test_a_good_command_line_still_runs():
    res = run("fixed_workload", "play", "naeco", "2", "1")
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("play naeco 2p: ") and " actions, " in res.stdout


def test_bench_learn_reports_scores_and_tiers_of_a_solo_game_nobody_wins():
    """Naéco solo is rated, not won: the match printed a win share of 100 % for every seat."""
    res = run("bench_learn", "naeco", "--games", "1", "--every", "1000", "--match", "1", "--match-players", "1",
              timeout=300)
    assert res.returncode == 0, res.stderr
    solo = res.stdout.splitlines()[-1]
    assert solo.startswith("naeco solo, 1 seeds (rated, not won: Naéco › Solo play variant): hints mean score ")
    assert " won " not in solo and "%" not in solo
    assert "own agent mean score " in solo and solo.count("games at tiers 1-5 of the rating scale ") == 2


@pytest.mark.parametrize("script,args,message", [
    ("bench_memory", ["--agents", "random,mcts(iterations=5, exploration=x y)"],
     "cannot read the agent 'mcts(iterations=5, exploration=x y)'"),
    ("bench_save", ["naeco:2", "--agents", "mcts(iterations=5, nonsense=1),random"],
     "agent 'mcts' has no parameter 'nonsense'"),
])
def test_agents_are_split_as_the_neko_lab_command_splits_them(script, args, message):
    assert_refused(run(script, *args), script, message)


def test_bench_save_reads_an_agent_with_brackets_and_commas():
    res = run("bench_save", "naeco:2", "--games", "1", "--repeat", "1",
              "--agents", "mcts(iterations=2, exploration=1),random")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[1].split()[:2] == ["naeco", "2"]


def test_bench_save_plays_a_game_named_alone_at_its_default_player_count():
    res = run("bench_save", "journey", "--games", "1", "--repeat", "1", "--agents", "random,random,random")
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[1].split()[:2] == ["journey", "3"]      # journey's default: 3 players
    assert_refused(run("bench_save", "journey", "--agents", "random,random,random,random,random"), "bench_save",
                   "argument --agents: 5 agents for 3 seats")


@pytest.mark.parametrize("text,message", [
    ("", "has no rows"),
    ('[200, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]\n{"a":\n', "line 2: expected a row of 12 numbers"),
    ("[200, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]\n\n[200, 2, 0]\n", "line 3: expected a row of 12 numbers"),
])
def test_fit_syndicate_value_refuses_a_file_it_cannot_fit_naming_the_line(tmp_path, text, message):
    path = tmp_path / "parts.jsonl"
    path.write_text(text)
    assert_refused(run("fit_syndicate_value", "--fit", str(path)), "fit_syndicate_value",
                   f"argument --fit: {str(path)!r} {message}")


@pytest.mark.parametrize("text,message", [
    ("", "has no rows"),
    ("[2, 300, 1, 0, -30.5, 58]\n[2, 300, 1.5, 0, -30.5, 58]\n", "line 2: expected a row of 6 numbers"),
    ("[2, 300, 1, 0, -30.5, 58]\n\nnot json\n", "line 3: expected a row of 6 numbers"),
])
def test_fit_syndicate_hint_refuses_a_file_it_cannot_fit_naming_the_line(tmp_path, text, message):
    path = tmp_path / "rows.jsonl"
    path.write_text(text)
    assert_refused(run("fit_syndicate_hint", "--fit", str(path)), "fit_syndicate_hint",
                   f"argument --fit: {str(path)!r} {message}")


def test_fit_syndicate_value_with_nothing_to_do_says_what_it_needs():
    assert_refused(run("fit_syndicate_value"), "fit_syndicate_value", "give --games N")


BENCH_SPEED_INPUTS = {"afile": "afile", "fake": "fake-1.0-py3-none-any.whl", "emptydir": "emptydir",
                      "pure": "neko_lab-0.1-py3-none-any.whl"}


def bench_speed_inputs(tmp: Path) -> dict[str, str]:
    """A plain file, a .whl that is not a zip, an empty folder and a wheel of the pure package, in `tmp`."""
    import zipfile
    files = {key: tmp / name for key, name in BENCH_SPEED_INPUTS.items()}
    files["afile"].write_text("x")
    files["fake"].write_text("not a zip")
    files["emptydir"].mkdir()
    with zipfile.ZipFile(files["pure"], "w") as wheel:
        wheel.writestr("neko_lab/core/state.py", "")                 # no extension module beside it
    return {key: str(path) for key, path in files.items()}


@pytest.mark.parametrize("args,message", [
    (["--compiled", "{afile}"], "is neither a wheel (.whl) nor a folder"),
    (["--compiled", "{fake}"], "is not a wheel (not a zip archive)"),
    (["--compiled", "{pure}"], "is not a compiled neko_lab wheel"),
    (["--compiled", "{emptydir}"], "holds no compiled neko_lab"),
    (["--spiel-python", "{afile}"], "is not a Python that can import open_spiel"),
    (["--spiel-python", ""], "argument --spiel-python: '' is not a Python that can import open_spiel"),
])
def test_bench_speed_refuses_a_build_or_python_it_cannot_use_before_measuring(tmp_path, args, message):
    files = bench_speed_inputs(tmp_path)
    args = [a.format(**files) for a in args]
    res = run("bench_speed", *args, "--rounds", "1", "--seconds", "0.01", "--sim-games", "0")
    assert_refused(res, "bench_speed", f"argument {args[0]}: ")
    assert message in res.stderr and repr(args[1]) in res.stderr, res.stderr


LAST_SEED = str(2**64 - 1)


@pytest.mark.parametrize("script,args,message", [
    ("bench_syndicate", ["--first-seed", LAST_SEED, "--ladder", "2", "--catanna", "easy"],
     f"--first-seed {LAST_SEED} and --ladder 2 reach seed {2**64}"),
    ("bench_neptune", ["--start", LAST_SEED, "--games", "2", "--winrate", "random"],
     f"--start {LAST_SEED} and --games 2 reach seed"),
    ("bench_neptune", ["--start", str(2**64 // 10 + 1), "--games", "1", "--winrate", "random"],
     f"--start {2**64 // 10 + 1} and --games 1 reach seed"),     # the other players' agents: 10 x the seed + seat
    ("bench_ismcts", ["naeco", "--seed", str(2**64 - 10_000), "--games", "1"], "and --games 1 reach seed"),
    ("bench_naeco", ["--seed", LAST_SEED, "--games", "2", "--rounds", "1"],
     f"--seed {LAST_SEED} and --games 2 reach seed {2**64}"),
    ("bench_learn", ["naeco", "--seed", LAST_SEED, "--games", "2"], f"--seed {LAST_SEED} and --games 2"),
])
def test_seeds_past_the_largest_are_refused_before_the_first_game(script, args, message):
    assert_refused(run(script, *args), script, message)


def test_run_all_lists_the_benchmark_names_when_one_is_unknown():
    assert_refused(run("run_all", "bench_naeco"), "run_all",
                   "no benchmark named bench_naeco: the names are adapters, core, ismcts, journey, learn, ")


@pytest.mark.parametrize("script,args", [
    ("bench_adapters", ["naeco", "--seconds", "inf"]),
    ("bench_syndicate", ["--seconds", "Infinity", "--repeat", "1"]),
])
def test_an_endless_duration_is_refused(script, args):
    assert_refused(run(script, *args), script, "expected a finite number of seconds, not ")


@pytest.mark.parametrize("script,args,message", [
    ("bench_syndicate", ["--catanna", "easy"], "argument --catanna: only used with --ladder"),
    ("bench_syndicate", ["--strength", "1", "--first-seed", "5"], "argument --first-seed: only used with --ladder"),
    ("bench_syndicate", ["--against", "syndicate"], "argument --against: only used with --ladder"),
    ("bench_ismcts", ["naeco", "--games", "1", "--agent", "random", "--ladder"], "argument --agent: not with --ladder"),
])
def test_an_option_that_would_be_ignored_is_refused(script, args, message):
    assert_refused(run(script, *args), script, message)
