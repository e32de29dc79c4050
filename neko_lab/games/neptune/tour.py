"""A guided look at a whole game, turn by turn, for the rules notebook.

    turns = tour.play_turns(players=3, seed=1, agents=["neptune", "greedy", "random"])
    first = tour.first_of_each_card(turns)      # card kind -> the first turn that played it

Each Turn keeps the position before the turn (to draw it), the actions taken during the turn and the
log lines they produced, each with the rule behind it.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from neko_lab.core import new_game


class Turn(NamedTuple):
    number: int              # counting from 1
    player: int              # 0-based seat (shown from 1)
    card: str                # title of the card played
    before: object           # the position at the start of the turn
    actions: tuple[str, ...]
    events: tuple[str, ...]


def play_turns(players: int = 3, seed: int = 1, agents: Sequence[str] = ("neptune", "greedy", "random"),
               **options) -> list[Turn]:
    from neko_lab.agents import make_agent
    s = new_game("neptune", players=players, seed=seed, **options)
    bots = [make_agent(agents[i % len(agents)], type(s), seed + i) for i in range(players)]
    out: list[Turn] = []
    while not s.is_over():
        before, start, acts = s.clone(), len(s.log), []
        number, player, card = s.turn + 1, s.active, ""
        while not s.is_over() and (not acts or s.turn + 1 == number):
            a = bots[s.current_player].choose(s)
            acts.append(f"player {s.current_player + 1}: {a}")
            if type(a).__name__ == "Play":
                card = a.title
            s.apply(a)
        out.append(Turn(number, player, card, before, tuple(acts), tuple(str(e) for e in s.log[start:])))
    out.append(Turn(len(out) + 1, -1, "", s, (), ()))     # the final position
    return out


def first_of_each_card(turns: list[Turn]) -> dict[str, Turn]:
    found: dict[str, Turn] = {}
    for t in turns:
        if t.card and t.card not in found:
            found[t.card] = t
    return found
