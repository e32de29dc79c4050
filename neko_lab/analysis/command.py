"""`neko-lab playtest GAME ...`: the playtest report from the command line (see report.py).

    neko-lab playtest naeco --games 400 --workers 2 --html naeco.html

Prints the findings and writes the report as one HTML file (default playtest-GAME.html)."""
from __future__ import annotations

import argparse
from typing import Any, Callable


def add_parser(sub: argparse._SubParsersAction, types: dict[str, Callable[[str], Any]]) -> None:
    """The playtest subcommand; `types` holds the command's argument checkers (positive, seed,
    workers, folder), shared with the other subcommands."""
    p = sub.add_parser("playtest", help="play a batch of games and write a designer's report",
                       description="Seat balance, margins, lead changes, branching and per-card "
                                   "statistics of a seeded batch of games, as one HTML report.")
    p.add_argument("game")
    p.add_argument("--games", type=types["positive"], default=None,
                   help="number of games (default: the game's workshop size)")
    p.add_argument("--players", type=types["positive"], default=None, help="seats per game (default: the game's)")
    p.add_argument("--agents", default=None,
                   help="comma-separated agents rotated over seats, e.g. 'naeco' or 'mcts(iterations=50),greedy' "
                        "(default: the game's)")
    p.add_argument("--data", type=types["folder"], default=None, help="folder of card data")
    p.add_argument("--seed", type=types["seed"], default=0, help="run seed")
    p.add_argument("--workers", type=types["workers"], default=None, help="processes to play in parallel")
    p.add_argument("--option", action="extend", nargs="+", default=[], metavar="NAME=VALUE",
                   help="game options")
    p.add_argument("--html", default=None, help="where to write the report (default playtest-GAME.html)")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def run(args: argparse.Namespace, game_class: Callable, parse_option: Callable) -> int:
    from ..agents import split_agents
    from .report import playtest

    cls = game_class(args.game)
    options = dict(parse_option(o, cls.OPTIONS) for o in args.option)
    if args.data is not None:
        options["data"] = args.data
    agents = split_agents(args.agents) if args.agents else None
    path = args.html or f"playtest-{cls.GAME}.html"
    rep = playtest(cls.GAME, players=args.players, games=args.games, agents=agents, seed=args.seed,
                   workers=args.workers, progress=not args.no_progress, html=path, **options)
    print(f"Playtest: {rep.title}, {rep.settings['games']} games, {rep.settings['players']} players, "
          f"agents {', '.join(rep.settings['agents'])}, seed {rep.settings['seed']}")
    print(rep.summary())
    print(f"report: {path}")
    return 0
