"""The `neko-lab` command (also `python -m neko_lab`).

    neko-lab games                               list the games
    neko-lab rules GAME                          the rulebook sections the engine cites, and the options
    neko-lab simulate GAME --games N --players P --agents a,b --seed S [--workers W] [--out DIR]
                      [--option k=v] ...         play many games, print a summary by agent (win rates;
                                                 for a game with no winner, as solo Naéco, the scores and rating)
    neko-lab playtest GAME [--games N --players P --agents a,b --workers W --html FILE [--overwrite]]
                                                 a designer's report (seats, margins, scores, drama, cards)
    neko-lab lab [PATH] [--no-browser] [--port P]  open JupyterLab at the notebooks (neko_lab.lab says which)
    neko-lab --version                           the version of neko_lab

Bad arguments give one line on stderr and exit status 2. Output whose reader stops early (`| head`)
ends the command quietly with status 141 (128 + SIGPIPE, as a shell reports a command that signal
ended); standard output that cannot be written (a full disk) is one line on stderr and status 1. A file
the command writes (--out, --html) that cannot be written, refused before the games or failing as it is
written, is one line and status 2, as a bad argument is. Games defined outside neko_lab can be made
visible to the command by naming their modules in NEKO_LAB_PLUGINS (comma-separated); importing a
module that calls neko_lab.register() is enough.
"""
from __future__ import annotations

import argparse
import errno
import importlib
import os
import re
import sys
import warnings
from pathlib import Path
from typing import Any, Sequence

from . import lab as lab_command
from .agents.spec import split_agents
from .core.errors import ConfigError, DataError, SaveError

USAGE_ERROR = 2


class _Usage(Exception):
    """A bad command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        if message.startswith("unrecognized arguments: ") and "=" in message:
            message += " (each game option needs its own --option: --option a=1 --option b=2)"
        raise _Usage(message)


def _load_plugins() -> None:
    for name in filter(None, (m.strip() for m in os.environ.get("NEKO_LAB_PLUGINS", "").split(","))):
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise _Usage(f"NEKO_LAB_PLUGINS names {name!r}, which cannot be imported: {exc}") from None
        except Exception as exc:       # the plugin's own error while it is imported: where, in one line
            raise _Usage(f"NEKO_LAB_PLUGINS names {name!r}, which failed while being imported: "
                         f"{type(exc).__name__}: {exc}{_where(exc)}") from None


def _where(exc: BaseException) -> str:
    """ " (FILE, line N)": where `exc` was raised (a syntax error: where the error is), or ""."""
    if isinstance(exc, SyntaxError):
        return ""                      # its message already names the file and line
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return f" ({tb.tb_frame.f_code.co_filename}, line {tb.tb_lineno})" if tb is not None else ""


def _games() -> dict:
    import neko_lab as nl
    return nl.GAMES


def _game(name: str):
    from .core.registry import game_class
    return game_class(name)


def at_least(low: int):
    """An argparse type: a whole number >= low."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"expected a number >= {low}, not {value}")
        return value
    return parse


positive = at_least(1)
natural = at_least(0)


def seed_number(text: str) -> int:
    """An argparse type: a seed, 0 <= seed < 2**64."""
    value = natural(text)
    if value >= 1 << 64:
        raise argparse.ArgumentTypeError(f"a seed is below 2**64, not {text[:30]}")
    return value


def _folder(text: str) -> str:
    """An argparse type: a folder name (created if missing), never empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder name, not an empty one")
    return text


def worker_count(text: str) -> int:
    """An argparse type: 1 to MAX_WORKERS processes."""
    from .sim.simulate import MAX_WORKERS
    value = positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"at most {MAX_WORKERS} processes, not {value} "
                                         f"(for more, run on a Dask cluster from Python)")
    return value


def parse_option(text: str, defaults: dict[str, Any]) -> tuple[str, Any]:
    """'name=value' -> (name, value), the value read as the type of the option's default."""
    name, eq, raw = text.partition("=")
    name = name.strip()
    if not eq or not name:
        raise ConfigError(f"--option expects name=value, not {text!r}")
    if name not in defaults:
        allowed = ", ".join(sorted(defaults)) or "none"
        raise ConfigError(f"unknown option {name!r}; allowed options: {allowed}")
    default = defaults[name]
    raw = raw.strip()
    if raw.lower() == "none" and not isinstance(default, (bool, str)):
        return name, None             # the game says whether the option may be None
    if raw and raw[0] in "([" and raw[-1] in ")]":
        return name, _sequence(name, raw, raw)
    if isinstance(default, bool):
        low = raw.lower()
        if low in ("1", "true", "yes", "on"):
            return name, True
        if low in ("0", "false", "no", "off"):
            return name, False
        raise ConfigError(f"option {name} is true or false, not {raw!r}")
    if isinstance(default, int):
        try:
            return name, int(raw)
        except ValueError:
            raise ConfigError(f"option {name} is a whole number, not {raw!r}") from None
    if isinstance(default, float):
        try:
            return name, float(raw)
        except ValueError:
            raise ConfigError(f"option {name} is a number, not {raw!r}") from None
    if default is None:
        for conv in (int, float):
            try:
                return name, conv(raw)
            except ValueError:
                pass
        if "," in raw:                # 12,10,8: a tuple, as (12, 10, 8)
            return name, _sequence(name, f"({raw})", raw)
        return name, raw
    return name, raw


def parse_options(texts: Sequence[str], defaults: dict[str, Any]) -> dict[str, Any]:
    """The --option flags, each 'name=value' (parse_option), as a dict; an option given twice is a
    ConfigError naming it (which of the two was meant cannot be told)."""
    options: dict[str, Any] = {}
    written: dict[str, str] = {}
    for text in texts:
        name, value = parse_option(text, defaults)
        if name in options:
            raise ConfigError(f"option {name} is given twice (--option {written[name].strip()} and "
                              f"--option {text.strip()}): give each option once")
        options[name], written[name] = value, text
    return options


def _sequence(name: str, raw: str, written: str) -> tuple:
    """An option's value written as a tuple or list of plain values, "(12, 10, 8)", as a tuple (`raw`
    with the brackets a bare "12,10,8" is read in; `written`: as the user wrote it, for the message)."""
    import ast
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = None
    if not isinstance(value, (tuple, list)) or not all(isinstance(v, (int, float, str, bool)) for v in value):
        raise ConfigError(f"option {name}: {written!r} is not a list of plain values such as (12, 10, 8)")
    return tuple(value)


def _parser() -> _Parser:
    p = _Parser(prog="neko-lab", description="Learn, play and analyse board games in Jupyter.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    sub.add_parser("games", help="list the games")
    r = sub.add_parser("rules", help="the rulebook sections a game's engine cites")
    r.add_argument("game")
    s = sub.add_parser("simulate", help="play many games between agents and summarise them")
    s.add_argument("game")
    s.add_argument("--games", type=positive, default=1000, help="number of games (default 1000)")
    s.add_argument("--players", type=positive, default=None, help="seats per game (default: the game's)")
    s.add_argument("--agents", default=None,
                   help="comma-separated agents, rotated over seats; parameters in brackets: "
                        "'mcts(iterations=50),greedy' (default: greedy,random; greedy alone in a solo game)")
    s.add_argument("--data", type=_folder, default=None, help="folder of card data (default: the shipped data)")
    s.add_argument("--seed", type=seed_number, default=0, help="run seed, 0 <= seed < 2**64")
    s.add_argument("--workers", type=worker_count, default=None, help="processes to play in parallel (1 to 64)")
    s.add_argument("--out", type=_folder, default=None, help="folder to stream results to as Parquet")
    s.add_argument("--resume", action="store_true", help="continue the run already in --out")
    s.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, one per flag (repeat the flag for more); None, and (12, 10, 8) for a list")
    s.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    lab_command.add_parser(sub)
    _add_playtest(sub)
    for parser in (p, *sub.choices.values()):     # before the command or after it, as a user tries it
        parser.add_argument("--version", action="version", version=_version(), help="print the version and exit")
    return p


def _version() -> str:
    from . import __version__
    return f"neko-lab {__version__}"


def cmd_games(args: argparse.Namespace) -> int:
    games = _games()
    if not games:
        print("no games are installed")
        return 0
    width = max(len(k) for k in games)
    for key, cls in sorted(games.items()):
        opts = ", ".join(f"{k}={v!r}" for k, v in cls.OPTIONS.items()) or "no options"
        print(f"{key:<{width}}  {cls.TITLE or key}  ({cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players; {opts})")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    cls = _game(args.game)
    print(f"{cls.TITLE or cls.GAME}: rule sections cited by the engine")
    width = max((len(k) for k in cls.RULES), default=0)
    for section, what in cls.RULES.items():
        print(f"  {section:<{width}}  {what}")
    if cls.OPTIONS:
        print("options:")
        for name, default in cls.OPTIONS.items():
            help_text = cls.OPTION_HELP.get(name, "")
            print(f"  {name}={default!r}" + (f"  {help_text}" if help_text else ""))
    return 0


def summary(df, wins: bool = True) -> "Any":
    """Mean and spread of score and win rate (with its 95 % Wilson interval) per agent; a win shared
    by k tied seats counts 1/k for each (the `share` column). wins=False (a game whose rules name no
    winner at that player count, State.NO_WINNER, whose `share` is empty): the scores only."""
    from .viz.figures import wilson_interval

    rows = []
    for agent, part in df.groupby("agent", sort=True):
        n = len(part)
        row = {"agent": agent, "seats": n, "mean score": part["score"].mean(),
               "sd": part["score"].std(ddof=1) if n > 1 else float("nan"),
               "min": part["score"].min(), "max": part["score"].max()}
        if wins:
            won = float(part["share"].sum())
            low, high = wilson_interval(won, n)
            row.update({"win rate": won / n, "95% interval": f"{low:.1%} - {high:.1%}"})
        rows.append(row)
    import pandas as pd
    return pd.DataFrame(rows).set_index("agent")


def format_summary(table) -> str:
    return table.to_string(formatters={"mean score": "{:.2f}".format, "sd": "{:.2f}".format,
                                       "win rate": "{:.1%}".format}, na_rep="-")


def _no_winner(df, cls, players: int) -> list[str]:
    """What a run of a game with no winner at that player count (Naéco solo) says instead of win
    rates: the playtest report's findings on the scores and the rulebook's rating scale."""
    from .analysis.report import scores_and_rating
    _, said = scores_and_rating(df, getattr(cls, "RATING_SCALE", ()) if players == 1 else ())
    rule = cls.NO_WINNER.get(players, "")
    return ([f"No winner: a {players}-player game is rated, not won" + (f" ({rule})." if rule else ".")]
            + [f"{k.capitalize()}: {v}" for k, v in said.items()])


def cmd_simulate(args: argparse.Namespace) -> int:
    from .sim import simulate

    cls = _game(args.game)
    options = parse_options(args.option, cls.OPTIONS)
    if args.agents is None:        # the default pair, as many of it as there are seats
        from .sim.runner import default_agents

        agents = default_agents(args.players or cls.DEFAULT_PLAYERS)
    else:
        agents = split_agents(args.agents)
    if args.data is not None:
        options["data"] = args.data
    try:
        df = simulate(cls.GAME, games=args.games, players=args.players, agents=agents, seed=args.seed,
                      workers=args.workers, out=args.out, resume=args.resume, progress=not args.no_progress,
                      **options)
    except ConfigError as exc:        # simulate's words for its arguments, as this command's flags
        raise ConfigError(_as_flags(str(exc))) from None
    if args.out is not None:      # a run streamed to Parquet is read back only for the columns summarised
        from .analysis.scores import RATED      # here: the analysis imports pandas, which --help never needs
        df = df.to_pandas(columns=["game", "seat", "agent", "score", "won", "share", "players"]
                          + [c for c in (RATED,) if c in df.columns])
    players = int(df["players"].iloc[0]) if len(df) else args.players
    print(f"{cls.TITLE or cls.GAME}: {args.games} game{'s' * (args.games != 1)}, {players} "
          f"player{'s' * (players != 1)}, seed {args.seed}"
          + (f", options {options}" if options else ""))
    wins = cls.has_winner(players)
    print(format_summary(summary(df, wins=wins)))
    if not wins and len(df):
        print("\n" + "\n".join(_no_winner(df, cls, players)))
    if args.out is not None:
        print(f"results: {args.out} (a Parquet folder: in Python, nl.open_results({str(args.out)!r}) "
              f"or pandas.read_parquet({str(args.out)!r}))")
    return 0


_FLAG_WORDS = [(re.compile(r"\bresume=True\b"), "--resume"), (re.compile(r"\bout=FOLDER\b"), "--out FOLDER"),
               (re.compile(r"\bout=(?=')"), "--out "), (re.compile(r"\bout (names|must)\b"), r"--out \1"),
               (re.compile(r"^html=(?=')"), "--html "), (re.compile(r"^html must\b"), "--html must"),
               (re.compile(r"\boverwrite=True\b"), "--overwrite")]


def _as_flags(text: str) -> str:
    """A message of simulate() about its out= and resume= arguments (of playtest() about html= and
    overwrite=), in the flags' words."""
    for pattern, flag in _FLAG_WORDS:
        text = pattern.sub(flag, text)
    return text


def cmd_lab(args: argparse.Namespace) -> int:
    try:
        return lab_command.run(args)
    except lab_command.LabError as exc:
        raise _Usage(str(exc)) from None


def _add_playtest(sub) -> None:
    from .sim import playtesting as command
    command.add_parser(sub, {"positive": positive, "seed": seed_number, "workers": worker_count, "folder": _folder})


def cmd_playtest(args: argparse.Namespace) -> int:
    from .sim import playtesting as command
    try:
        return command.run(args, _game, parse_options)
    except ConfigError as exc:        # playtest's words for its html= argument, as the --html flag
        raise ConfigError(_as_flags(str(exc))) from None


COMMANDS = {"games": cmd_games, "rules": cmd_rules, "simulate": cmd_simulate, "lab": cmd_lab,
            "playtest": cmd_playtest}


def _plain_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A warning on the command line: one plain line (the Python API keeps its usual warnings)."""
    text = str(message).strip().splitlines()
    print(f"neko-lab: warning: {text[0] if text else category.__name__}", file=file or sys.stderr)


CLOSED_PIPE = 141     # 128 + SIGPIPE: what a shell reports for a command whose reader went away
WRITE_FAILED = 1


class _OutputFailed(Exception):
    """Standard output could not be written: `error` is the OSError."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class _Output:
    """sys.stdout while the command runs: its write errors become _OutputFailed, so that they are told
    apart from the errors of the files the command itself writes (--out, --html)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._open().write(text)
        except OSError as exc:
            raise _OutputFailed(exc) from None

    def flush(self) -> None:
        try:
            self._open().flush()
        except OSError as exc:
            raise _OutputFailed(exc) from None

    def _open(self):
        if self._stream is None:         # started with its standard output closed (`>&-`)
            raise OSError(errno.EBADF, "standard output is closed")
        return self._stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status. Output read by a command that stops early (`| head`) ends it
    quietly with status 141, as a shell reports a command ended by SIGPIPE (the rest of the output is
    discarded, so Python's last flush at exit cannot fail again); standard output that cannot be written
    (a full disk) is one line on stderr and status 1 (a file the command writes, --out or --html, that
    cannot be written is a ConfigError: one line and status 2)."""
    real = sys.stdout
    sys.stdout = _Output(real)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _plain_warning
            code = _main(argv)
        sys.stdout.flush()
        return code
    except _OutputFailed as failed:
        _discard_output(real)
        if isinstance(failed.error, BrokenPipeError):
            return CLOSED_PIPE
        print(f"neko-lab: error: cannot write the output: {failed.error.strerror or failed.error}",
              file=sys.stderr)
        return WRITE_FAILED
    finally:
        sys.stdout = real


def _discard_output(stream) -> None:
    """Point standard output at the null device, so that what is still buffered goes nowhere (the
    Python documentation's advice for SIGPIPE); a stream with no file descriptor (a test's) is left."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    try:
        _load_plugins()
        given = list(sys.argv[1:] if argv is None else argv)
        if given and given[0].startswith("-") and given[0] not in ("-h", "--help", "--version"):
            raise _Usage(f"unrecognized option {given[0]!r}: options follow the command "
                         f"(neko-lab COMMAND [options]; commands: {', '.join(COMMANDS)})")
        args = _parser().parse_args(given)
        return COMMANDS[args.command](args)
    except _Usage as exc:
        print(f"neko-lab: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except (ConfigError, DataError, SaveError) as exc:
        print(f"neko-lab: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("neko-lab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
