"""What the widget tests share: the toy game and a bot that always takes the first legal action."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.agents.base import Agent


def toy(seed: int = 3, players: int = 2, **opts):
    return nl.new_game("toy", players=players, seed=seed, **opts)


class FirstAgent(Agent):
    name = "first"

    def choose(self, state):
        return state.legal_actions()[0]
