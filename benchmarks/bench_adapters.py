"""Steps per second through the learning-tool adapters next to the engine alone (needs neko_lab[rl]).

For each game (and its player count): the action vocabulary's size and the observation tensor's shape,
then random playouts of fresh games, counted in actions:
  apply()           while not over: s.apply(random legal action)          (the engine alone)
  ids + tensor      the same, choosing by legal_action_ids()/action_from_id() and computing the
                    deciding seat's observation_tensor() every step (what a learner pays for)
  PettingZoo        env.last() and env.step(id) with the action mask, one agent at a time
  OpenSpiel         state.legal_actions() and apply_action(id) on python_neko_<game>
Usage: python benchmarks/bench_adapters.py [game ...] [--players N] [--seconds S]
"""
from __future__ import annotations

import random
import time

import numpy as np

import neko_lab as nl
from _cli import Parser, game_name, positive, positive_seconds


def rate(step_game, seconds: float) -> float:
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += step_game()
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = Parser()
    ap.add_argument("games", nargs="*", type=game_name, default=["journey", "syndicate", "neptune", "naeco"])
    ap.add_argument("--players", type=positive, default=2)
    ap.add_argument("--seconds", type=positive_seconds, default=3.0)
    args = ap.parse_args()
    for name in args.games:
        ap.check_game(name, "--players", players=args.players)
    import pyspiel
    import neko_lab.adapters.openspiel  # noqa: F401  registers the games
    from neko_lab.adapters.pettingzoo import env

    rng = random.Random(0)
    print(f"{'game':10} {'ids':>6} {'tensor':>7} {'apply()':>9} {'ids+tensor':>11} {'PettingZoo':>11} {'OpenSpiel':>10}")
    for game in args.games:
        cls, p = nl.game_class(game), args.players

        def engine(tensor: bool) -> int:
            s = nl.new_game(game, players=p, seed=rng.randrange(2**31))
            n = 0
            while not s.is_over():
                if tensor:
                    s.observation_tensor(s.current_player)
                    s.apply(s.action_from_id(rng.choice(s.legal_action_ids())))
                else:
                    s.apply(rng.choice(s.legal_actions()))
                n += 1
            return n

        e = env(game, p)
        nprng = np.random.default_rng(0)

        def petting() -> int:
            e.reset(seed=rng.randrange(2**31))
            n = 0
            for agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                e.step(int(nprng.choice(np.flatnonzero(obs["action_mask"]))))
                n += 1
            return n

        spiel = pyspiel.load_game(f"python_neko_{game}", {"players": p, "seed": 1})

        def openspiel() -> int:
            s = spiel.new_initial_state()
            n = 0
            while not s.is_terminal():
                s.apply_action(rng.choice(s.legal_actions()))
                n += 1
            return n

        rates = [rate(lambda: engine(False), args.seconds), rate(lambda: engine(True), args.seconds),
                 rate(petting, args.seconds), rate(openspiel, args.seconds)]
        print(f"{game:10} {cls.num_actions(p):>6} {cls.observation_shape(p)[0]:>7} "
              + " ".join(f"{r:>10,.0f}" for r in rates))


if __name__ == "__main__":
    main()
