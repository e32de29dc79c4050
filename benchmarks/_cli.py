"""The command lines of the benchmark scripts, held to the rule of the neko-lab command: a bad argument
exits with status 2 and one line on stderr, `<script>: <what is wrong>`, with no usage block and no
traceback, before any game is played or any process pool is started.

    from _cli import Parser, game_name, positive
    ap = Parser(description=summary(__doc__))
    ap.add_argument("games", nargs="*", type=game_name, default=["naeco"])
    ap.add_argument("--agent", default="greedy")
    args = ap.parse_args(argv)
    for name in args.games:
        ap.check_agents(name, [args.agent], "--agent")   # an unknown agent: one line, status 2

The types below reject a bad value while the line is parsed (the whole numbers, seeds, worker counts and
agent lists with the neko-lab command's own types and parser); Parser.check_agents, Parser.check_game and
Parser.check_seeds reject what needs the other arguments (an agent or a player count is judged for a
game, the first seed with the number of games). neko_lab is imported only when a value, a game or an
agent is checked, so scripts that measure a build in child processes do not load it themselves.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, NoReturn

USAGE_ERROR = 2      # the exit status of a bad command line, as neko_lab.cli's


def summary(doc: str | None) -> str:
    """A script's --help description: the first paragraph of its docstring as one line (its first line
    alone may stop mid-sentence)."""
    first = (doc or "").strip().split("\n\n")[0]
    return " ".join(first.split())


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, `<script>: <message>`, and exit status 2."""

    def error(self, message: str) -> NoReturn:  # type: ignore[override]
        name = Path(self.prog.split()[0]).stem
        print(f"{name}: {' '.join(message.splitlines())}", file=sys.stderr)
        sys.exit(USAGE_ERROR)

    def check_agents(self, game: str, specs: Iterable[Any], flag: str, players: int | None = None) -> list:
        """Every agent spec builds for `game` (and, given `players`, there are no more agents than seats);
        otherwise the error names `flag` and the agent. Returns the agents built (seed 0), one a spec."""
        from neko_lab.agents import make_agent
        from neko_lab.core.errors import ConfigError
        from neko_lab.sim.runner import check_agents
        try:
            specs = list(specs)
            agents = [make_agent(spec, game, seed=0) for spec in specs]
            if players is not None:
                check_agents(specs, players)
        except ConfigError as exc:
            self.error(f"argument {flag}: {exc}")
        return agents

    def check_game(self, game: str, flag: str, **settings: Any) -> None:
        """A game of `game` can be set up with `settings` (players=..., options); otherwise the error
        names `flag` and says why."""
        import neko_lab as nl
        try:
            nl.new_game(game, seed=0, **settings)
        except nl.ConfigError as exc:
            self.error(f"argument {flag}: {exc}")

    def check_seeds(self, flags: str, last: int, limit: int | None = None, why: str = "") -> None:
        """`last`, the largest seed a run reaches from the arguments `flags` describes ("--seed 5 and
        --games 10"), is at most `limit` (default: the largest seed neko_lab takes); otherwise the error
        names them, the seed reached and `why` it is too large."""
        if limit is None:
            from neko_lab.core.rng import SEED_LIMIT
            limit = SEED_LIMIT - 1
            why = why or f"the largest seed is 2**64 - 1 = {limit}"
        if last > limit:
            self.error(f"{flags} reach seed {last}: {why}")


def _command_type(name: str) -> Callable[[str], Any]:
    """The neko-lab command's argparse type `name` (neko_lab.cli), the same checks and messages; the
    package is imported when a value is first read, not when a script starts (bench_speed runs this
    module in processes that must not import it, such as its OpenSpiel child)."""
    def parse(text: str) -> Any:
        from neko_lab import cli
        return getattr(cli, name)(text)
    parse.__name__ = name
    return parse


positive = _command_type("positive")           # a whole number >= 1
natural = _command_type("natural")             # a whole number >= 0
seed_number = _command_type("seed_number")     # 0 <= seed < 2**64, as every game takes
worker_count = _command_type("worker_count")   # 1 to neko_lab's MAX_WORKERS processes


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, not {text}")
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds, not {text}")
    return value


def agent_list(text: str) -> list:
    """An argparse type: agents separated by commas, as `neko-lab simulate --agents` reads them (commas
    inside brackets belong to the agent: "mcts(iterations=5, exploration=1),random")."""
    from neko_lab.agents import split_agents
    from neko_lab.core.errors import ConfigError
    try:
        agents = split_agents(text)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not agents:
        raise argparse.ArgumentTypeError(f"expected agents separated by commas, not {text!r}")
    return agents


def game_name(text: str) -> str:
    """An argparse type: the name of a registered game (kept as written)."""
    import neko_lab as nl
    try:
        nl.game_class(text)
    except nl.ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def out_file(text: str) -> str:
    """An argparse type: a file to write, in a folder that exists."""
    path = Path(text)
    if not text.strip() or path.is_dir():
        raise argparse.ArgumentTypeError(f"expected a file name, not {text!r}")
    if not path.resolve().parent.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: its folder does not exist")
    return text
