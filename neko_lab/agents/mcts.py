"""Monte Carlo tree search (UCT) that works for any game through the State contract.

Every decision in a neko_lab game is "the seat on top of the pending stack picks one legal action", so
one tree handles multi-step decisions, several players and chance alike: each node remembers which seat
chose the action leading to it and is valued from that seat's point of view.

Hidden information is handled by determinization (single-observer information-set MCTS): each iteration
starts from `state.determinize(seat, rng)` — a copy in which everything the searching seat cannot see is
re-sampled — and walks one shared tree, considering only the actions legal in that sample. A child's
exploration term counts how often it was available rather than how often its parent was visited.
Each sample also gets a fresh game generator, so future shuffles and dice stay unknown to the search.
"""
from __future__ import annotations

import time
from typing import Hashable

from ..core.rng import Rng
from ..core.state import State
from .base import Agent, number_param, search_copy
from .uct import Node, backpropagate


class MCTSAgent(Agent):
    """UCT search with random playouts.

    Parameters: iterations (default 200) or seconds (a time budget per decision; when given it replaces
    iterations, and results then depend on machine speed), exploration (the UCT constant, default 1.4),
    max_rollout (cut random playouts after this many actions and count the seats that the game's
    evaluate() hook rates best as winners; None plays to the end). A playout is worth 1 to each winner, shared equally on a tie, and 0 to the
    others. The move played is the most visited one (ties broken by self.rng).
    """

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 200, seconds: float | None = None,
                 exploration: float = 1.4, max_rollout: int | None = None):
        super().__init__(seed)
        self.iterations = number_param("mcts", "iterations", iterations, 1, whole=True)
        self.seconds = None if seconds is None else number_param("mcts", "seconds", seconds, 0, above=True)
        self.exploration = float(number_param("mcts", "exploration", exploration, 0))
        self.max_rollout = (None if max_rollout is None
                            else number_param("mcts", "max_rollout", max_rollout, 0, whole=True))

    # ------------------------------------------------------------------ search
    def choose(self, state: State) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        root = Node(None, state.players)
        rng = self.core_rng()
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            while True:
                self._iterate(root, state, seat, rng)
                if time.perf_counter() >= deadline:
                    break
        else:
            for _ in range(self.iterations):
                self._iterate(root, state, seat, rng)
        visits = [root.visits_of(a) for a in legal]
        most = max(visits)
        best = [a for a, v in zip(legal, visits) if v == most]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _iterate(self, root: Node, state: State, seat: int, rng: Rng) -> None:
        sim = search_copy(state, seat, rng)
        sim.rng = Rng(rng.next64())
        node, path = root, [root]
        # selection: descend while every legal action here has been tried
        while not sim.is_over():
            legal = sim.legal_actions()
            untried = node.untried(legal)
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.expand(action, sim.current_player, sim.players, legal)
                sim.apply(action)
                path.append(child)
                break
            action, node = node.select(legal, self.exploration)
            sim.apply(action)
            path.append(node)
        backpropagate(path, self._rollout(sim, rng))

    def _rollout(self, sim: State, rng: Rng) -> list[float]:
        limit = self.max_rollout
        steps = 0
        while not sim.is_over() and (limit is None or steps < limit):
            legal = sim.legal_actions()
            sim.apply(legal[rng.randrange(len(legal))])
            steps += 1
        if sim.is_over():
            won = sim.winners()
        else:   # cut short: the seats the game's evaluate() hook rates best count as winners
            values = [sim.evaluate(i) for i in range(sim.players)]
            top = max(values)
            won = [i for i, v in enumerate(values) if v == top]
        share = 1.0 / len(won) if won else 0.0
        result = [0.0] * sim.players
        for i in won:
            result[i] = share
        return result
