#!/usr/bin/env python3
"""Size and time of saving and loading a finished game (to_json / nl.from_json).

    python benchmarks/bench_save.py                    # journey 4 players, naeco 2 players
    python benchmarks/bench_save.py naeco:2 toy:3 --games 5
    python benchmarks/bench_save.py journey --agents greedy,random      # journey's default 3 players

A case is GAME:PLAYERS, or GAME alone for the game's default number of players. For each game, several
seeded games (random moves, or --agents) are played to the end; the table gives the median save size in
KB and the median time of one to_json() and of one from_json() in milliseconds.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import neko_lab as nl  # noqa: E402
import toygame  # noqa: E402,F401  registers the "toy" game
from _cli import Parser, agent_list, game_name, positive, summary  # noqa: E402


def finished(game: str, players: int, seed: int, agents: list | None = None):
    if agents:
        return nl.play(game, agents, players=players, seed=seed)
    s = nl.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return s


def measure(game: str, players: int, games: int, repeat: int,
            agents: list | None = None) -> tuple[float, float, float, int]:
    sizes, saves, loads, steps = [], [], [], []
    for seed in range(games):
        s = finished(game, players, seed, agents)
        steps.append(s.steps)
        for _ in range(repeat):
            t0 = time.perf_counter()
            text = s.to_json()
            t1 = time.perf_counter()
            nl.from_json(text)
            t2 = time.perf_counter()
            saves.append(t1 - t0)
            loads.append(t2 - t1)
        sizes.append(len(text.encode()))
    return (statistics.median(sizes) / 1024, statistics.median(saves) * 1e3,
            statistics.median(loads) * 1e3, int(statistics.median(steps)))


def game_players(text: str) -> str:
    """An argparse type: GAME or GAME:PLAYERS, a registered game and a whole number (kept as written)."""
    game, _, players = text.partition(":")
    game_name(game)
    if players and not (players.isascii() and players.isdigit()):
        raise argparse.ArgumentTypeError(f"expected game:players, not {text!r}")
    return text


def main() -> None:
    p = Parser(description=summary(__doc__))
    p.add_argument("cases", nargs="*", type=game_players, default=["journey:4", "naeco:2"],
                   help="game:players, or game alone for its default number of players")
    p.add_argument("--games", type=positive, default=5)
    p.add_argument("--repeat", type=positive, default=3)
    p.add_argument("--agents", type=agent_list, default=None,
                   help="e.g. greedy,'mcts(iterations=5, exploration=1)', at most one a seat, fewer repeated "
                        "(default: uniformly random moves)")
    args = p.parse_args()
    cases = []
    for game, _, players in (c.partition(":") for c in args.cases):
        seats = int(players) if players else nl.game_class(game).DEFAULT_PLAYERS
        p.check_game(game, "cases", players=seats)
        if args.agents:
            p.check_agents(game, args.agents, "--agents", players=seats)
        cases.append((game, seats))
    print(f"{'game':<10}{'players':>8}{'steps':>8}{'KB':>10}{'save ms':>10}{'load ms':>10}")
    for game, players in cases:
        kb, save, load, steps = measure(game, players, args.games, args.repeat, args.agents)
        print(f"{game:<10}{players:>8}{steps:>8}{kb:>10.1f}{save:>10.1f}{load:>10.1f}")


if __name__ == "__main__":
    main()
