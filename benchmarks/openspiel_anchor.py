#!/usr/bin/env python3
"""Random-playout throughput of reference engines, to compare neko_lab's benchmarks against side by side.

Measures OpenSpiel games the same way neko_lab's benchmarks measure its own games: a Python loop that
applies a uniformly random legal action (chance outcomes sampled by their probabilities) until the game
ends. Reports actions applied per second and clones per second, median of several short runs.

Needs the `open_spiel` package from PyPI; install it in a scratch virtual environment, not in the
project's dependencies:
    python3 -m venv ~/.venv-spiel && ~/.venv-spiel/bin/pip install open_spiel
    ~/.venv-spiel/bin/python benchmarks/openspiel_anchor.py [--seconds 3] [--repeat 3] [GAME ...]   (from the checkout root)
Run it in the same minute as the neko_lab benchmark and compare ratios, not absolute numbers: machines
here are shared and drift by ±25%.
"""
import argparse, random, statistics, time

import pyspiel
import open_spiel.python.games  # noqa: F401  registers the pure-Python games

DEFAULT = ["python_block_dominoes", "python_tic_tac_toe", "backgammon"]


def random_action(state, rng):
    if state.is_chance_node():
        r, acc = rng.random(), 0.0
        for action, p in state.chance_outcomes():
            acc += p
            if r < acc:
                return action
        return action
    return rng.choice(state.legal_actions())


def actions_per_second(game, seconds, rng):
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(random_action(state, rng))
            steps += 1
    return steps / (time.perf_counter() - start)


def clones_per_second(game, seconds, rng, sample=64):
    states = []
    while len(states) < sample:
        state, seen = game.new_initial_state(), []
        while not state.is_terminal():
            seen.append(state.clone())
            state.apply_action(random_action(state, rng))
        states.append(rng.choice(seen))
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            s.clone()
        n += len(states)
    return n / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=DEFAULT)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'game':28} {'actions/s':>12} {'clones/s':>12}")
    for name in args.games:
        game = pyspiel.load_game(name)
        acts = [actions_per_second(game, args.seconds, random.Random(i)) for i in range(args.repeat)]
        clones = [clones_per_second(game, args.seconds / 2, random.Random(i)) for i in range(args.repeat)]
        print(f"{name:28} {statistics.median(acts):12,.0f} {statistics.median(clones):12,.0f}")


if __name__ == "__main__":
    main()
