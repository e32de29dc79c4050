"""The neko-lab command: games, rules, simulate, lab, and one-line errors with exit status 2."""
from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pandas as pd
import pytest

import neko_lab as nl
from neko_lab import cli, lab

REPO = Path(__file__).resolve().parents[1]


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "NEKO_LAB_PLUGINS": "toygame", "TQDM_DISABLE": "1"}
    return subprocess.run([sys.executable, "-m", "neko_lab", *args], capture_output=True, text=True,
                          env=env, timeout=timeout, cwd=REPO)


def test_games_lists_every_registered_game(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    for key, cls in nl.GAMES.items():
        assert key in out and f"{cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players" in out
    assert "short=False" in out


def test_rules_prints_the_cited_sections(capsys):
    assert cli.main(["rules", "toy"]) == 0
    out = capsys.readouterr().out
    for section, what in nl.GAMES["toy"].RULES.items():
        assert section in out and what in out


def test_simulate_prints_a_summary_that_matches_the_simulation(capsys, tmp_path):
    out_dir = tmp_path / "run"
    code = cli.main(["simulate", "toy", "--games", "30", "--players", "2", "--agents", "greedy,random",
                     "--seed", "5", "--option", "short=true", "--out", str(out_dir), "--no-progress"])
    assert code == 0
    text = capsys.readouterr().out
    df = nl.simulate("toy", games=30, players=2, agents=["greedy", "random"], seed=5, short=True,
                     progress=False)
    table = cli.summary(df)
    assert "30 games, 2 players, seed 5" in text and "short" in text
    for agent in ("greedy", "random"):
        line = next(l for l in text.splitlines() if l.startswith(agent))
        assert f"{table.loc[agent, 'mean score']:.2f}" in line
        assert f"{table.loc[agent, 'win rate']:.1%}" in line
    # the folder reads as one table, as the last line says
    assert f"nl.open_results({str(out_dir)!r}) or pandas.read_parquet({str(out_dir)!r})" in text.splitlines()[-1]
    saved = pd.read_parquet(out_dir).sort_values(["game", "seat"])
    assert saved["score"].tolist() == df["score"].tolist()
    assert nl.open_results(out_dir).to_pandas()["score"].tolist() == df["score"].tolist()


@pytest.mark.parametrize("game", ["naeco", "syndicate"])
def test_simulate_a_solo_game_without_naming_agents_plays_the_default_alone(capsys, game):
    # the default pair of agents must not be refused for a game of one seat the user asked for
    assert cli.main(["simulate", game, "--games", "2", "--players", "1", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "2 games, 1 player, seed 0" in text
    table = text.split("\n\n")[0]                 # the table; a game with no winner says more below it
    rows = [line.split()[0] for line in table.splitlines()[3:] if line.strip()]
    assert rows == ["greedy"]


def test_simulate_reports_no_win_rate_where_the_rules_name_no_winner(capsys, tmp_path):
    """Solo Naéco is rated, not won: the summary gives the scores and the rating tiers, as the playtest
    report words them, and no win rate (nobody wins it: every row's `won` is false, its `share` NaN)."""
    from neko_lab.analysis.report import scores_and_rating
    args = ["simulate", "naeco", "--players", "1", "--games", "12", "--seed", "3", "--no-progress"]
    for extra in ([], ["--out", str(tmp_path / "run")]):       # read back from Parquet as well
        assert cli.main(args + extra) == 0
        text = capsys.readouterr().out
        assert "win rate" not in text and "100.0%" not in text and "interval" not in text.split("\n\n")[0]
        df = nl.simulate("naeco", players=1, games=12, seed=3, agents=["greedy"], progress=False)
        _, said = scores_and_rating(df, nl.GAMES["naeco"].RATING_SCALE)
        assert f"Scores: {said['scores']}" in text and f"Rating: {said['rating']}" in text
        assert "no winner" in text.lower() and "Naéco › Solo play variant" in text
    assert cli.main(["simulate", "syndicate", "--players", "1", "--games", "2", "--no-progress"]) == 0
    assert "win rate" in capsys.readouterr().out          # solo Syndicate is won or lost against CatANNA


def test_python_dash_m_runs_the_command_with_workers():
    res = run("simulate", "toy", "--games", "8", "--agents", "random,greedy", "--workers", "2",
              "--option", "short=1")
    assert res.returncode == 0, res.stderr
    assert "random" in res.stdout and "greedy" in res.stdout and "{'short': True}" in res.stdout


def test_one_option_per_flag_leaves_the_game_to_the_positional_argument():
    args = cli._parser().parse_args(["simulate", "toy", "--option", "a=1", "--option", "c=3"])
    assert args.option == ["a=1", "c=3"] and args.game == "toy"
    for command in ("simulate", "playtest"):
        args = cli._parser().parse_args([command, "--option", "short=true", "toy", "--games", "2"])
        assert args.option == ["short=true"] and args.game == "toy" and args.games == 2


def test_a_second_option_after_one_flag_is_refused_in_one_line(capsys):
    assert cli.main(["simulate", "toy", "--option", "short=1", "colour=red"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unrecognized arguments: colour=red (each game option needs its own --option" in err


@pytest.mark.parametrize("args,message", [
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "toy", "--players", "9"], "1 to 4 players"),
    (["simulate", "toy", "--agents", "greedy,wizard"], "unknown agent 'wizard'"),
    (["simulate", "toy", "--option", "colour=red"], "unknown option 'colour'"),
    (["simulate", "toy", "--option", "short=maybe"], "option short is true or false"),
    (["simulate", "toy", "--option", "short"], "expects name=value"),
    (["simulate", "toy", "--games", "many"], "expected a whole number, not 'many'"),
    (["simulate", "toy", "--games", "0"], "expected a number >= 1"),
    (["rules", "chess"], "unknown game 'chess'"),
    (["dance"], "invalid choice: 'dance'"),
    ([], "required: COMMAND"),
    (["--bogus"], "unrecognized option '--bogus': options follow the command"),
    (["simulate", "toy", "--agents", "mcts(iterations=500,iterations=1)"], "the parameter iterations is given twice"),
    (["simulate", "toy", "--agents", "greedy,"], "have an empty name (a comma at the end)"),
    (["playtest", "toy", "--agents", "greedy,"], "have an empty name (a comma at the end)"),
    (["playtest", "toy", "--agents", ""], "have an empty name (nothing)"),
    (["simulate", "toy", "--option", "short=true", "--option", "short=false"],
     "option short is given twice (--option short=true and --option short=false)"),
    (["playtest", "toy", "--option", "short=1", "--option", "short=1"], "option short is given twice"),
])
def test_bad_arguments_give_one_line_and_status_2(capsys, args, message):
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("neko-lab: error: ") and message in lines[0]
    assert "Traceback" not in captured.err and captured.out == ""


def test_messages_quote_what_was_written_and_name_the_flag(capsys, tmp_path):
    """The value as the user wrote it, the flag as typed, a file that is not a folder and a folder that is
    not a file named for what they are."""
    a_file = tmp_path / "cards.csv"
    a_file.write_text("x\n")
    cards = tmp_path / "cards"
    cards.mkdir()
    folder = tmp_path / "naeco"
    import shutil
    from neko_lab.core.data import dataset_dir
    shutil.copytree(dataset_dir("naeco"), folder)
    (folder / "surface.csv").unlink()
    (folder / "surface.csv").mkdir()
    cases = [
        (["simulate", "syndicate", "--players", "1", "--option", "catanna_markers=(12, 10"],
         "option catanna_markers: '(12, 10' is not a list of plain values"),
        (["playtest", "toy", "--games", "1", "--html", str(tmp_path)], f"--html {str(tmp_path)!r} is a folder"),
        (["simulate", "naeco", "--data", str(a_file)], f"{a_file}: is a file, not a dataset folder"),
        (["simulate", "naeco", "--data", str(folder)], f"{folder / 'surface.csv'}: is a folder, not a file"),
        (["simulate", "toy", "--players", "1", "--agents", "greedy,random"], "2 agents for 1 seat: give"),
    ]
    for args, message in cases:
        assert cli.main([*args, "--games", "1", "--no-progress"]) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, (args, err)


def test_counts_read_as_said_and_choices_end_with_or():
    assert repr(nl.new_game("syndicate", players=1, seed=1)).startswith("<Neko Syndicate: 1 player, ")
    assert repr(nl.new_game("naeco", players=2, seed=1)).startswith("<Naéco: 2 players, ")
    with pytest.raises(nl.ConfigError, match="catanna_assign must be 'choose' or 'in order'$"):
        nl.new_game("syndicate", players=1, catanna_assign="x")


def test_bad_argument_through_the_real_command():
    res = run("simulate", "toy", "--players", "0")
    assert res.returncode == 2
    assert res.stderr.strip().count("\n") == 0 and "Traceback" not in res.stderr


def test_a_bad_ismcts_policy_is_refused_before_any_game_starts():
    """One line on stderr (no progress bar started before it), status 2, even with worker processes."""
    res = run("simulate", "naeco", "--games", "2", "--players", "2", "--agents", "ismcts(policy=bogus),random",
              "--workers", "2")
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == ["neko-lab: error: ismcts: bad policy: unknown agent 'bogus' "
                                               "for naeco; allowed agents: random, greedy, mcts, ismcts, naeco"]


def test_parse_option_reads_values_as_the_default_type():
    defaults = {"flag": False, "count": 3, "rate": 0.5, "name": "x"}
    assert cli.parse_option("flag=yes", defaults) == ("flag", True)
    assert cli.parse_option("count=7", defaults) == ("count", 7)
    assert cli.parse_option("rate=0.25", defaults) == ("rate", 0.25)
    assert cli.parse_option("name=long form", defaults) == ("name", "long form")
    with pytest.raises(nl.ConfigError, match="whole number"):
        cli.parse_option("count=lots", defaults)


def test_parse_option_reads_none_and_lists_for_the_game_to_judge():
    defaults = {"count": 3, "markers": None, "flag": False, "name": "x"}
    assert cli.parse_option("count=None", defaults) == ("count", None)
    for text in ("markers=(12, 10, 8)", "markers=[12,10,8]", "markers=12,10,8"):
        assert cli.parse_option(text, defaults) == ("markers", (12, 10, 8))
    assert cli.parse_option("name=none", defaults) == ("name", "none")
    with pytest.raises(nl.ConfigError, match="not a list of plain values"):
        cli.parse_option("markers=(1, [2])", defaults)


@pytest.mark.parametrize("game, option, extra", [
    ("journey", "exchange_limit=None", []),             # the option's own help says None is allowed
    ("syndicate", "catanna_markers=(12, 10, 8)", ["--players", "1"]),   # the value its help suggests
    ("syndicate", "catanna_markers=12,10,8", ["--players", "1"]),
])
def test_options_that_take_none_or_a_tuple_can_be_given_on_the_command_line(capsys, game, option, extra):
    assert cli.main(["simulate", game, "--games", "2", "--no-progress", "--option", option, *extra]) == 0
    assert option.split("=")[0] in capsys.readouterr().out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("port", ["70000", "0", "-1", "http"])
def test_lab_refuses_a_port_outside_1_to_65535(capsys, port):
    assert cli.main(["lab", "--no-browser", "--port", port]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "a port is a whole number from 1 to 65535" in err[0]


def test_lab_refuses_a_port_already_in_use_in_one_line(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert cli.main(["lab", "--no-browser", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"port {port} is already in use" in err[0] and "leave out --port" in err[0]


def test_lab_takes_another_free_port_when_the_usual_one_is_busy():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        chosen = lab.choose_port(None, preferred=taken)
        assert chosen != taken and lab.port_is_free(chosen)
    free = _free_port()
    assert lab.choose_port(None, preferred=free) == free
    assert lab.choose_port(free) == free


@pytest.mark.parametrize("make,message", [
    (lambda tmp: tmp / "missing", "no such folder"),
    (lambda tmp: (tmp / "file.txt").write_text("x") and tmp / "file.txt", "not a folder"),
])
def test_lab_refuses_a_folder_that_is_not_one(capsys, tmp_path, make, message):
    assert cli.main(["lab", "--no-browser", str(make(tmp_path))]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


@pytest.mark.parametrize("args", [[""], [" "], ["--dir", ""]])
def test_lab_refuses_an_empty_folder_name_instead_of_serving_the_current_folder(capsys, args):
    assert cli.main(["lab", "--no-browser", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "expected a folder name, not an empty one" in err[0]


def test_lab_serves_the_checkout_notebooks_or_the_folder_given(tmp_path):
    assert lab.notebooks_folder(None) == lab.Folder(REPO / "notebooks", "checkout")
    assert lab.notebooks_folder(str(tmp_path)) == lab.Folder(tmp_path.resolve(), "given")


def test_an_installation_copies_its_notebooks_to_the_users_folder_once(tmp_path, monkeypatch):
    pkg = tmp_path / "site-packages" / "neko_lab"          # an installed package: no pyproject.toml beside it
    (pkg / "notebooks" / "naeco").mkdir(parents=True)
    (pkg / "notebooks" / "index.ipynb").write_text("shipped index")
    (pkg / "notebooks" / "naeco" / "01-rules.ipynb").write_text("shipped rules")
    (pkg / "notebooks" / "README.md").write_text("how to re-execute the notebooks (for developers)")
    (pkg / "notebooks" / "nbval-sanitize.cfg").write_text("[regex1]")
    home = tmp_path / "home"
    monkeypatch.setenv(lab.HOME_VARIABLE, str(home))
    assert lab.notebooks_folder(None, pkg) == lab.Folder(home, "copied")
    assert (home / "naeco" / "01-rules.ipynb").read_text() == "shipped rules"
    assert not (home / "README.md").exists() and not (home / "nbval-sanitize.cfg").exists()
    # the learner's edits survive the next start; a notebook new in the installation is added
    (home / "index.ipynb").write_text("my notes")
    (pkg / "notebooks" / "naeco" / "02-food-web.ipynb").write_text("new")
    assert lab.notebooks_folder(None, pkg) == lab.Folder(home, "copied")
    assert (home / "index.ipynb").read_text() == "my notes" and (home / "naeco" / "02-food-web.ipynb").exists()
    assert lab.notebooks_folder(None, pkg) == lab.Folder(home, "user copy")


def _notebook(path: Path, source: str = "1") -> None:
    import nbformat
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)]), path)


def _trusted(path: Path) -> bool:
    import nbformat
    from nbformat.sign import NotebookNotary
    return NotebookNotary().check_signature(nbformat.read(path, as_version=4))


def test_lab_trusts_the_notebooks_it_ships_so_their_pictures_show(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    pkg = tmp_path / "site-packages" / "neko_lab"
    _notebook(pkg / "notebooks" / "index.ipynb")
    _notebook(pkg / "notebooks" / "naeco" / "01-rules.ipynb", "2")
    monkeypatch.setenv(lab.HOME_VARIABLE, str(tmp_path / "home"))
    folder = lab.notebooks_folder(None, pkg)
    assert not _trusted(folder.path / "index.ipynb")
    signed = lab.trust(folder.path, lab.shipped_keys(folder, pkg))
    assert sorted(p.name for p in signed) == ["01-rules.ipynb", "index.ipynb"]
    assert _trusted(folder.path / "index.ipynb") and _trusted(folder.path / "naeco" / "01-rules.ipynb")


def test_lab_trusts_only_shipped_notebooks_recognised_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    pkg = tmp_path / "site-packages" / "neko_lab"
    _notebook(pkg / "notebooks" / "index.ipynb")
    _notebook(pkg / "notebooks" / "naeco" / "01-rules.ipynb", "2")
    monkeypatch.setenv(lab.HOME_VARIABLE, str(tmp_path / "home"))
    folder = lab.notebooks_folder(None, pkg)
    # a notebook downloaded into the folder, with a script in its output, and an edited shipped one
    _notebook(folder.path / "downloaded.ipynb", "display(HTML('<script>alert(1)</script>'))")
    _notebook(folder.path / "naeco" / "01-rules.ipynb", "print('edited')")
    signed = lab.trust(folder.path, lab.shipped_keys(folder, pkg))
    assert [p.name for p in signed] == ["index.ipynb"]
    assert not _trusted(folder.path / "downloaded.ipynb")
    assert not _trusted(folder.path / "naeco" / "01-rules.ipynb")
    # a folder given on the command line has no shipped notebooks: nothing in it is signed
    assert lab.shipped_keys(lab.Folder(folder.path, "given"), pkg) == {}


def test_lab_trusts_a_checkouts_notebooks_only_as_committed(tmp_path):
    keys = lab.shipped_keys(lab.Folder(REPO / "notebooks", "checkout"))
    assert "index.ipynb" in keys and "naeco/01-rules.ipynb" in keys
    committed = subprocess.run(["git", "-C", str(REPO), "show", "HEAD:notebooks/index.ipynb"],
                               capture_output=True, check=True).stdout
    assert keys["index.ipynb"] == lab.content_key(committed)
    assert lab.content_key(committed + b" ") not in keys.values()


def test_lab_signs_nothing_when_the_server_does_not_start(tmp_path, monkeypatch):
    signed: list = []
    monkeypatch.setattr(lab, "trust", lambda *a: signed.append(a))
    monkeypatch.setattr(lab, "wait_until_serving", lambda *a, **k: False)

    class Dead:
        returncode = 1
        def poll(self): return 1
        def wait(self, timeout=None): return 1
    monkeypatch.setattr(lab.subprocess, "Popen", lambda *a, **k: Dead())
    args = cli._parser().parse_args(["lab", "--no-browser", "--port", str(_free_port())])
    with pytest.raises(lab.LabError, match="did not start"):
        lab._serve_from(lab.Folder(REPO / "notebooks", "checkout"), args, None, dict(os.environ))
    assert signed == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_lab_token_is_not_on_the_command_line():
    cmd = lab.jupyter_command(REPO / "notebooks", "127.0.0.1", 8888)
    assert not any("token" in part.lower() for part in cmd)
    env = lab.token_environment({"PATH": "/bin", "JUPYTER_TOKEN_FILE": "/tmp/x"}, "abc123")
    assert env == {"PATH": "/bin", "JUPYTER_TOKEN": "abc123"}


@pytest.mark.parametrize("ip, needle", [
    ("300.1.1.1", "is an IPv4 or IPv6 address"),
    ("my-laptop", "is an IPv4 or IPv6 address"),
    ("192.0.2.1", "192.0.2.1 is not an address of this machine"),
    ("fe80::1", "fe80::1 is not an address of this machine"),        # link-local, no interface named
    ("224.0.0.1", "224.0.0.1 is not an address of this machine that can be listened on (a multicast"),
])
def test_lab_refuses_a_bad_ip_in_one_line(capsys, ip, needle):
    _one_line_error(capsys, ["lab", "--no-browser", "--ip", ip], needle)


def test_the_wheel_configuration_ships_the_notebooks():
    text = (REPO / "pyproject.toml").read_text()
    assert '"notebooks" = "neko_lab/notebooks"' in text


def test_lab_starts_jupyterlab_on_a_free_port_and_prints_its_address(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "index.ipynb").write_text((REPO / "notebooks" / "index.ipynb").read_text())
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"), "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "neko_lab", "lab", "--no-browser", "--dir", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        lines = [proc.stdout.readline().strip(), proc.stdout.readline().strip()]
        assert lines[0] == f"JupyterLab serves {folder.resolve()}", lines
        url = lines[1]
        assert url.startswith("http://127.0.0.1:") and "/lab/tree/index.ipynb?token=" in url
        port = int(url.split(":")[2].split("/")[0])
        token = url.rsplit("token=", 1)[1]
        # the address is printed once the server answers: it is this server, at once
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=5) as r:
            assert "started" in json.load(r)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/index.ipynb?content=0&token={token}",
                                    timeout=5) as r:
            assert json.load(r)["type"] == "notebook"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}", timeout=5) as r:
            assert '"news": {"disabled": true}' in r.read().decode()     # no news fetched ...
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab/api/settings/"
                                    f"@jupyterlab/apputils-extension:notification?token={token}", timeout=5) as r:
            fetch_news = json.load(r)["schema"]["properties"]["fetchNews"]
        assert fetch_news["default"] == "false"           # ... and no pop-up asking whether to fetch it
        # the token is in no process's command line (any local user can read those) ...
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                assert token.encode() not in cmdline.read_bytes(), cmdline
            except OSError:
                continue
        # ... and it is still required
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/index.ipynb?content=0", timeout=5)
    finally:
        lab._stop(proc)
    # stopping neko-lab stops the JupyterLab it started
    deadline = time.monotonic() + 20
    while not lab.port_is_free(port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert lab.port_is_free(port)


def test_lab_opens_the_browser_without_the_token_on_its_command_line_and_still_logs_it_in(tmp_path):
    """The browser gets a page of the user's own, not the address with the token: any local user can read
    a process's arguments (`ps`), but not that page, which sends the browser on to the address and logs
    it in. The page goes when the lab stops."""
    import html
    import http.cookiejar
    import re
    import stat
    folder, runtime, seen = tmp_path / "mine", tmp_path / "rt", tmp_path / "browser-argv.txt"
    folder.mkdir()
    (folder / "index.ipynb").write_text((REPO / "notebooks" / "index.ipynb").read_text())
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{seen}.part" && mv "{seen}.part" "{seen}"\n')
    browser.chmod(0o700)
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(runtime), "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data"), "BROWSER": str(browser)}
    proc = subprocess.Popen([sys.executable, "-m", "neko_lab", "lab", "--dir", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        proc.stdout.readline()
        url = proc.stdout.readline().strip()
        token = url.rsplit("token=", 1)[1]
        port = int(url.split(":")[2].split("/")[0])
        deadline = time.monotonic() + 30
        while not seen.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        argv = seen.read_text().split()
        assert token not in " ".join(argv) and len(argv) == 1 and argv[0].startswith("file://"), argv
        page = Path(urllib.request.url2pathname(argv[0][len("file://"):]))
        assert page.parent == runtime and stat.S_IMODE(page.stat().st_mode) == 0o600
        assert stat.S_IMODE(runtime.stat().st_mode) & 0o077 == 0
        target = html.unescape(re.search(r'http-equiv="refresh" content="0;url=([^"]+)"', page.read_text())[1])
        assert target == url
        # no file holding the token is readable by anyone but the user (JupyterLab's own login page,
        # jpserver-PID-open.html, would be, as its mode follows the umask)
        for f in [*runtime.rglob("*"), *Path(tempfile.gettempdir()).glob("*")]:
            with contextlib.suppress(OSError):
                if f.is_file() and not f.is_symlink() and token.encode() in f.read_bytes():
                    assert stat.S_IMODE(f.stat().st_mode) & 0o077 == 0, f
        # following the page logs the browser in: afterwards its cookie alone opens the notebooks
        browser_session = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with browser_session.open(target, timeout=10) as r:
            assert r.status == 200
        with browser_session.open(f"http://127.0.0.1:{port}/api/contents/index.ipynb?content=0", timeout=10) as r:
            assert json.load(r)["type"] == "notebook"
    finally:
        lab._stop(proc)
    assert not page.exists()


def test_lab_opens_no_browser_when_the_private_page_cannot_be_written(tmp_path, monkeypatch, capsys):
    """Never the address with the token instead: the user is told to open the printed address."""
    opened: list = []
    monkeypatch.setattr(lab, "trust", lambda *a: [])
    monkeypatch.setattr(lab, "shipped_keys", lambda *a: {})
    monkeypatch.setattr(lab, "wait_until_serving", lambda *a, **k: True)

    class Serving:
        returncode = None
        def poll(self): return None
        def wait(self, timeout=None): return 0
    monkeypatch.setattr(lab.subprocess, "Popen", lambda *a, **k: Serving())

    def unwritable(url, folder=None):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(lab, "open_page", unwritable)
    args = cli._parser().parse_args(["lab", "--port", str(_free_port())])
    assert lab._serve_from(lab.Folder(REPO / "notebooks", "checkout"), args, opened.append, dict(os.environ)) == 0
    out, err = capsys.readouterr()
    assert opened == [] and "token=" in out and "open the address above" in err


def test_lab_refuses_a_privileged_port_as_not_permitted_not_as_in_use(capsys, monkeypatch):
    class Unprivileged(socket.socket):          # what a user other than root meets below port 1024
        def bind(self, address):
            if address[1] == 80:
                raise PermissionError(errno.EACCES, "Permission denied")
            return super().bind(address)
    monkeypatch.setattr(lab, "_socket", lambda ip: Unprivileged(socket.AF_INET6 if ":" in ip else socket.AF_INET))
    _one_line_error(capsys, ["lab", "--no-browser", "--port", "80"], "port 80 is privileged")
    assert "in use" not in capsys.readouterr().err


def _lab_environment(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"), "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
            "JUPYTER_DATA_DIR": str(tmp_path / "data")}


def _notebook_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "index.ipynb").write_text((REPO / "notebooks" / "index.ipynb").read_text())
    return folder


def test_lab_sends_the_token_to_no_program_that_took_the_port_first(tmp_path, monkeypatch, capsys):
    """Another local user can bind the port neko-lab found free before JupyterLab does, and answer like a
    web server: it must get neither the token nor the browser; neko-lab starts on a fresh port instead."""
    import http.server

    heard: list[str] = []

    class Squatter(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            heard.append(self.path + "\n" + str(self.headers))
            body = b"<html><body>not JupyterLab</body></html>"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass

    squatter = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Squatter)
    taken = squatter.server_address[1]
    threading.Thread(target=squatter.serve_forever, daemon=True).start()
    real, ports, procs = lab.choose_port, [], []
    monkeypatch.setattr(lab, "choose_port", lambda requested, ip="127.0.0.1": ports.append(
        taken if not ports else real(requested, ip)) or ports[-1])
    monkeypatch.setattr(lab, "trust", lambda *a: [])
    popen = lab.subprocess.Popen
    monkeypatch.setattr(lab.subprocess, "Popen", lambda *a, **k: procs.append(popen(*a, **k)) or procs[-1])
    args = cli._parser().parse_args(["lab", "--no-browser"])
    folder = _notebook_folder(tmp_path)
    result: list = []
    serving = threading.Thread(target=lambda: result.append(
        lab._serve_from(lab.Folder(folder, "given"), args, None, _lab_environment(tmp_path))))
    serving.start()
    out = ""
    try:
        deadline = time.monotonic() + 120
        while "token=" not in out and serving.is_alive() and time.monotonic() < deadline:
            time.sleep(0.2)
            out += capsys.readouterr().out
        url = next(line for line in out.splitlines() if "token=" in line)
        token = url.rsplit("token=", 1)[1]
        port = int(url.split(":")[2].split("/")[0])
        assert port != taken and ports[0] == taken and len(procs) == 2, (ports, url)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=5) as r:
            assert "started" in json.load(r)         # the address printed is the server neko-lab started
    finally:
        for proc in procs:
            lab._stop(proc)
        serving.join(30)
        squatter.shutdown()
        squatter.server_close()
    assert not any(token in request for request in heard), heard


def test_ctrl_c_stops_jupyterlab_as_sigterm_does(tmp_path):
    """Ctrl-C in the terminal (SIGINT to the terminal's whole process group) ends the server cleanly: its
    kernels are shut down and its runtime files (which hold the token) are removed."""
    env = _lab_environment(tmp_path)
    runtime = tmp_path / "rt"
    proc = subprocess.Popen([sys.executable, "-m", "neko_lab", "lab", "--no-browser", "--dir",
                             str(_notebook_folder(tmp_path))], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env, start_new_session=True)
    try:
        proc.stdout.readline()
        url = proc.stdout.readline().strip()
        token = url.rsplit("token=", 1)[1]
        port = int(url.split(":")[2].split("/")[0])
        start = urllib.request.Request(f"http://127.0.0.1:{port}/api/kernels", data=b"{}", method="POST",
                                       headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(start, timeout=60) as r:
            assert r.status == 201
        assert list(runtime.glob("jpserver-*.json")) and list(runtime.glob("kernel-*.json"))
        os.killpg(proc.pid, signal.SIGINT)         # what the terminal does on Ctrl-C
        assert proc.wait(timeout=60) == 0
    finally:
        lab._stop(proc)
    left = sorted(f.name for f in runtime.iterdir() if f.name.startswith(("jpserver-", "kernel-")))
    assert left == []
    assert lab.port_is_free(port)


def _one_line_error(capsys, args, needle):
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("neko-lab: error: "), captured.err
    assert needle in lines[0] and "Traceback" not in captured.err


def test_out_that_is_a_file_gives_one_line(capsys, tmp_path):
    target = tmp_path / "results.txt"
    target.write_text("mine")
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--out", str(target)],
                    f"--out {str(target)!r} is a file: --out names a folder")
    assert target.read_text() == "mine"


def test_messages_about_the_run_folder_name_the_flags(capsys, tmp_path):
    # what simulate() says of its out= and resume= arguments reads as the command's flags
    run = tmp_path / "run"
    assert cli.main(["simulate", "toy", "--games", "2", "--out", str(run), "--no-progress"]) == 0
    capsys.readouterr()
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--out", str(run)],
                    "already holds a simulation; pass --resume to continue it")
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--resume"],
                    "--resume needs --out FOLDER")


def test_out_that_cannot_be_written_gives_one_line(capsys, tmp_path):
    blocker = tmp_path / "plain-file"
    blocker.write_text("")
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--out", str(blocker / "run")],
                    "cannot write the results to")
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--out", "/proc/neko-lab-run"],
                    "cannot write the results to /proc/neko-lab-run")


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", "\xff\xfe", ""])
def test_resume_with_a_damaged_run_json_gives_one_line(capsys, tmp_path, damage):
    out = tmp_path / "run"
    assert cli.main(["simulate", "toy", "--games", "4", "--out", str(out), "--no-progress"]) == 0
    capsys.readouterr()
    (out / "_run.json").write_bytes(damage.encode("latin-1"))
    _one_line_error(capsys, ["simulate", "toy", "--games", "4", "--out", str(out), "--resume",
                             "--no-progress"], "_run.json is damaged")


def test_resume_with_a_damaged_chunk_size_in_run_json_gives_one_line(capsys, tmp_path):
    out = tmp_path / "run"
    assert cli.main(["simulate", "toy", "--games", "4", "--out", str(out), "--no-progress"]) == 0
    capsys.readouterr()
    meta = json.loads((out / "_run.json").read_text())
    (out / "_run.json").write_text(json.dumps({**meta, "chunk": 0}))
    _one_line_error(capsys, ["simulate", "toy", "--games", "4", "--out", str(out), "--resume",
                             "--no-progress"], "_run.json is damaged (chunk is 0")


@pytest.mark.parametrize("seed,needle", [("-1", "expected a number >= 0"),
                                         (str(2 ** 64), "a seed is below 2**64")])
def test_seed_outside_the_range_gives_one_line(capsys, seed, needle):
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--seed", seed], needle)


@pytest.mark.parametrize("name", ["_run.json", "run.json"])        # run.json: written by earlier versions
def test_the_damaged_run_json_through_the_real_command(tmp_path, name):
    out = tmp_path / "run"
    out.mkdir()
    (out / name).write_text("{oops")
    res = run("simulate", "toy", "--games", "2", "--out", str(out), "--resume")
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "Traceback" not in res.stderr
    assert f"its {name} is damaged" in res.stderr


def test_a_damaged_part_on_resume_is_one_plain_warning_line(tmp_path):
    out = tmp_path / "run"
    assert run("simulate", "toy", "--games", "4", "--out", str(out), "--no-progress").returncode == 0
    part = sorted(out.glob("part-*.parquet"))[0]
    part.write_bytes(b"not parquet")
    res = run("simulate", "toy", "--games", "4", "--out", str(out), "--resume", "--no-progress")
    assert res.returncode == 0, res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"neko-lab: warning: {part} cannot be read ("), lines
    assert lines[0].endswith("moved to _" + part.name + ".damaged, and its games are played again")
    # the Python API keeps the library's warning
    part = sorted(out.glob("part-*.parquet"))[0]
    part.write_bytes(b"not parquet")
    with pytest.warns(RuntimeWarning, match="cannot be read"):
        nl.simulate("toy", games=4, out=out, resume=True, progress=False, agents=["greedy", "random"])


def test_simulate_out_empty_gives_one_line(capsys):
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--out", ""], "expected a folder name")
    with pytest.raises(nl.ConfigError, match="empty path"):
        nl.simulate("toy", games=2, out="", progress=False)


def test_simulate_workers_have_an_upper_bound(capsys):
    _one_line_error(capsys, ["simulate", "toy", "--games", "2", "--workers", "65"], "at most 64 processes")
    with pytest.raises(nl.ConfigError, match="at most 64"):
        nl.simulate("toy", games=2, workers=1000, progress=False)


def test_simulate_a_huge_run_is_planned_lazily(monkeypatch):
    """--games 1000000000000 starts playing at once; nothing is planned for chunks not yet reached."""
    import importlib
    from neko_lab.sim import runner
    sim = importlib.import_module("neko_lab.sim.simulate")

    played = []

    def stop_after_two(batch):
        played.append((batch.start, batch.stop))
        if len(played) == 2:
            raise KeyboardInterrupt
        return [], []
    monkeypatch.setattr(runner, "run_batch", stop_after_two)
    with pytest.raises(KeyboardInterrupt):
        nl.simulate("toy", games=10**12, progress=False)
    assert played == [(0, 500), (500, 1000)]
    assert not isinstance(sim._plan(10**12, 500), list)


@pytest.mark.parametrize("source, needle", [
    ('x = 1\nraise RuntimeError("boom")\n', "failed while being imported: RuntimeError: boom ("),
    ("def f(:\n", "failed while being imported: SyntaxError: "),
])
def test_a_plugin_that_fails_while_imported_is_named_in_one_line(tmp_path, source, needle):
    (tmp_path / "brokenplugin.py").write_text(source, encoding="utf-8")
    env = {**os.environ, "NEKO_LAB_PLUGINS": "brokenplugin", "PYTHONPATH": str(tmp_path)}
    res = subprocess.run([sys.executable, "-m", "neko_lab", "games"], capture_output=True, text=True,
                         env=env, timeout=60, cwd=REPO)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "NEKO_LAB_PLUGINS names 'brokenplugin'" in lines[0] and needle in lines[0]
    if "RuntimeError" in needle:
        assert "brokenplugin.py, line 2)" in lines[0]


class _Refusing:
    """A standard output whose writes fail with `error`."""

    def __init__(self, error: OSError) -> None:
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error


def test_output_to_a_reader_that_went_away_ends_quietly_and_a_failed_write_in_one_line(capsys, monkeypatch):
    import errno
    monkeypatch.setattr(sys, "stdout", _Refusing(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert cli.main(["games"]) == cli.CLOSED_PIPE == 141
    assert capsys.readouterr().err == ""                       # `| head`: nothing to say, as Unix tools do
    monkeypatch.setattr(sys, "stdout", _Refusing(OSError(errno.ENOSPC, "No space left on device")))
    assert cli.main(["games"]) == 1
    assert capsys.readouterr().err == "neko-lab: error: cannot write the output: No space left on device\n"


def test_a_closed_pipe_and_a_full_disk_through_the_real_command():
    env = {**os.environ, "TQDM_DISABLE": "1"}
    read, write = os.pipe()
    os.close(read)                                             # the reader is gone before the first line
    try:
        res = subprocess.run([sys.executable, "-m", "neko_lab", "simulate", "naeco", "--games", "2",
                              "--no-progress"], stdout=write, stderr=subprocess.PIPE, text=True, env=env,
                             cwd=REPO, timeout=60)
    finally:
        os.close(write)
    assert res.returncode == 141 and res.stderr == ""
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            res = subprocess.run([sys.executable, "-m", "neko_lab", "games"], stdout=full,
                                 stderr=subprocess.PIPE, text=True, env=env, cwd=REPO, timeout=60)
        assert res.returncode == 1
        assert res.stderr == "neko-lab: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", [["--version"], ["games", "--version"], ["simulate", "naeco", "--version"]])
def test_version_prints_the_packages_version_before_or_after_the_command(capsys, args):
    import tomllib
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert stop.value.code == 0
    captured = capsys.readouterr()
    assert captured.out == f"neko-lab {version}\n" and captured.err == ""


def test_version_through_the_real_command():
    res = run("--version")
    assert res.returncode == 0 and res.stdout == f"neko-lab {nl.__version__}\n" and res.stderr == ""


def test_the_command_line_starts_without_the_analysis_libraries():
    # every command imports neko_lab.cli; pandas and plotly load only for the commands that use them
    code = ("import sys, neko_lab.cli; "
            "print(sorted(m for m in ('pandas', 'plotly', 'pyarrow', 'networkx') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr
