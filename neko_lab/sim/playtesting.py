"""nl.playtest() and `neko-lab playtest GAME ...`: play a seeded batch of games and report on it
(neko_lab.analysis.report builds the report from the frames; this module plays the games).

    rep = nl.playtest("naeco", players=2, games=400)
    rep                    # the findings and tables
    rep.show()             # ... and the figures (in a notebook)
    rep.save("naeco.html") # one self-contained HTML file
    neko-lab playtest naeco --games 400 --workers 2 --html naeco.html

The command prints what was played (game options and card data folder included) and the findings, and
writes the report as one HTML file (default playtest-GAME.html); a file already there is refused
before any game is played, unless --overwrite is given and it is a report neko-lab wrote.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any, Callable, Sequence

from ..analysis.report import Report, analyse, report_path, write_report
from ..core.errors import ConfigError
from . import runner
from .simulate import simulate


def playtest(game: Any, players: int | None = None, games: int | None = None,
             agents: Sequence[Any] | None = None, seed: int = 0, workers: int | None = None,
             client: Any = None, progress: bool = True, html: str | Path | None = None,
             overwrite: bool = False, **options: Any) -> Report:
    """Play `games` games of `game` at `players` seats between `agents` (rotating over seats) and
    report on them (see the module docstring). Defaults: the game's State.PLAYTEST size and agents,
    its default player count. html=PATH also writes the report there as one HTML file (Report.save): a
    file already there is refused before any game is played, unless overwrite=True and it is a report
    neko_lab wrote. Other keyword arguments are game options (and data=FOLDER for other card data)."""
    cls = runner.resolve_game(game)
    conf = getattr(cls, "PLAYTEST", {}) or {}
    players = cls.DEFAULT_PLAYERS if players is None else players
    games = conf.get("games", 100) if games is None else games
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ConfigError(f"a playtest needs games >= 1 to report on, not {games!r}")
    agents = list(conf.get("agents", ["greedy"])) if agents is None else agents
    if isinstance(players, int) and not isinstance(players, bool) and players >= 1:
        agents = runner.check_agents(agents, players)   # one agent given alone is one agent, as in simulate
    if html is not None:
        html = report_path(html, "html", overwrite)     # checked before the games are played, not after
    df, trace = simulate(cls, games=games, players=players, agents=agents, seed=seed, workers=workers,
                         client=client, progress=progress, trace="action", **options)
    tables, said = analyse(df, trace, scale=getattr(cls, "RATING_SCALE", ()) if players == 1 else (), game=cls)
    from ..agents import agent_label
    data = str(df["data"].iloc[0]) if len(df) else ""
    folder = options.get("data")
    settings = {"games": games, "players": players, "agents": [agent_label(a) for a in agents],
                "seed": seed, "data": data, "data_folder": None if folder is None else
                os.fspath(folder) if isinstance(folder, (str, os.PathLike)) else str(folder),
                "options": changed(options, cls.OPTIONS)}
    rep = Report(cls.GAME, cls.TITLE or cls.GAME, settings, df, trace, tables, said)
    if html is not None:
        write_report(rep, html, "html", overwrite=overwrite)
    return rep


def changed(options: dict, defaults: dict) -> dict:
    """The game options of `options` that differ from the rules' `defaults` (an option given at its
    default value changes nothing, and the report's header names only what does); data= is not one."""
    def same(name: str, value: Any) -> bool:
        if name not in defaults:
            return False
        default = defaults[name]
        try:
            return type(value) is type(default) and bool(value == default)
        except (TypeError, ValueError):
            return False
    return {k: v for k, v in options.items() if k != "data" and not same(k, v)}


def add_parser(sub: argparse._SubParsersAction, types: dict[str, Callable[[str], Any]]) -> None:
    """The playtest subcommand; `types` holds the command's argument checkers (positive, seed,
    workers, folder), shared with the other subcommands."""
    p = sub.add_parser("playtest", help="play a batch of games and write a designer's report",
                       description="Seat balance, margins, final scores (a solo game's rating), lead changes, "
                                   "branching and per-card statistics of a seeded batch of games, as one HTML "
                                   "report.")
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
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, one per flag, as for simulate")
    p.add_argument("--html", default=None, help="where to write the report (default playtest-GAME.html)")
    p.add_argument("--overwrite", action="store_true",
                   help="replace the report already at --html (only a report neko-lab wrote is ever replaced)")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def run(args: argparse.Namespace, game_class: Callable, parse_options: Callable) -> int:
    from ..agents import split_agents

    cls = game_class(args.game)
    options = parse_options(args.option, cls.OPTIONS)
    if args.data is not None:
        options["data"] = args.data
    agents = split_agents(args.agents) if args.agents is not None else None
    path = f"playtest-{cls.GAME}.html" if args.html is None else args.html
    rep = playtest(cls.GAME, players=args.players, games=args.games, agents=agents, seed=args.seed,
                   workers=args.workers, progress=not args.no_progress, html=path, overwrite=args.overwrite,
                   **options)
    print(f"Playtest: {rep.title}, {rep.describe()}")
    print(rep.summary())
    print(f"report: {path}")
    return 0
