"""The tree both search agents share (mcts.py with random playouts, ismcts.py with the game's own agent).

Single-observer information-set UCT: one tree of nodes, each remembering the seat whose action led to
it, walked by many samples of the hidden information. Because a sample may allow only some of a node's
children, a child's exploration term counts the iterations in which it was *available* (`avail`) rather
than its parent's visits. Children are keyed by (class, action): actions of different classes may compare
equal, and the search must never play one for the other.
"""
from __future__ import annotations

import math
from typing import Hashable


def action_key(action: Hashable) -> tuple:
    """The key of a child in the tree: the action and its class."""
    return type(action), action


class Node:
    __slots__ = ("mover", "visits", "avail", "reward", "children", "order")

    def __init__(self, mover: int | None, players: int):
        self.mover = mover                  # the seat whose action led here
        self.visits = 0
        self.avail = 0                      # iterations in which this node's action could be chosen
        self.reward = [0.0] * players       # summed rewards by seat
        self.children: dict[tuple, Node] = {}     # by action_key(action)
        self.order: list | None = None      # ismcts: the candidate actions, best first

    def expand(self, action: Hashable, mover: int, players: int, actions: list) -> "Node":
        """Add the child for `action` (one of `actions`, those open in this sample) and count the other
        open children as available."""
        for a in actions:
            child = self.children.get(action_key(a))
            if child is not None:
                child.avail += 1
        child = self.children[action_key(action)] = Node(mover, players)
        child.avail = 1
        return child

    def select(self, actions: list, exploration: float) -> tuple[Hashable, "Node"]:
        """The UCT choice among `actions` (every one already a child): mean reward of the seat that
        moves, plus `exploration` * sqrt(ln(avail) / visits). Counts each as available once more."""
        best_value, best_action, best_child = float("-inf"), None, None
        for action in actions:
            child = self.children[action_key(action)]
            child.avail += 1
            value = (child.reward[child.mover] / child.visits
                     + exploration * math.sqrt(math.log(child.avail) / child.visits))
            if value > best_value:
                best_value, best_action, best_child = value, action, child
        return best_action, best_child

    def untried(self, actions: list) -> list:
        return [a for a in actions if action_key(a) not in self.children]

    def visits_of(self, action: Hashable) -> int:
        child = self.children.get(action_key(action))
        return child.visits if child is not None else 0


def backpropagate(path: list[Node], result: list[float]) -> None:
    """Add one visit and the playout's rewards by seat to every node on the path."""
    for n in path:
        n.visits += 1
        r = n.reward
        for i, v in enumerate(result):
            r[i] += v


__all__ = ["Node", "action_key", "backpropagate"]
