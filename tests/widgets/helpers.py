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


class DrawAgent(Agent):
    """A toy bot that draws whenever it may (the card it draws nobody else sees), else plays its first
    card: its replies show the other seats nothing they did not know."""
    name = "draw"

    def choose(self, state):
        legal = state.legal_actions()
        return next((a for a in legal if a.verb == "draw"), legal[0])


def plays(state):
    """The toy moves that play a card of the seat's own hand (nothing new to that seat)."""
    return [a for a in state.legal_actions() if a.verb in ("play", "bonus") and a.value != "draw"]
