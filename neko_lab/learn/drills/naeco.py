"""Naéco drills: placing cards (the food chain), meeting objectives, and biodiversity.

Each drill starts a few turns into a two-player game (the Naéco agent plays both sides up to there),
so the learner's Ocean already holds species to place against.
"""
from __future__ import annotations

from typing import Any

from ...core.state import State
from ..drill import Drill, Exercise
from ..lessons.naeco import (GAMEPLAY, OBSERVE, SCORING, _after, _objective, _ocean, _piles_opened, _token,
                              play_words)

GAME = "naeco"


def _is_play(state: State) -> bool:
    return state.pending[-1].kind == "play"


def _side(state: State, a: Any) -> list[int]:
    """Values left and right of the place (0 a start card, -1 face-down, 1-4 a species)."""
    cells = _ocean(state, state.current_player)
    return [cells[(a.depth, a.col + dc)] for dc in (-1, 1) if (a.depth, a.col + dc) in cells]


def _stacked(state: State, a: Any) -> bool:
    cells = _ocean(state, state.current_player)
    return (a.depth - 1, a.col) in cells or (a.depth + 1, a.col) in cells


def _where(state: State, a: Any) -> str:
    return play_words(state, state.current_player, a)


def _prepare(turns: int):
    def run(s: State) -> None:
        from ..lesson import DeterministicBot
        bot = DeterministicBot("naeco", type(s), 7)
        while not s.is_over() and s.steps < turns:
            s.apply(bot.choose(s))
    return run


# ---------------------------------------------------------------------------------- food chain
def _beside_species(state: State, a: Any) -> bool:
    return type(a).__name__ == "Play" and not a.down and any(v > 0 for v in _side(state, a))


def _why_not_beside(state: State, a: Any) -> str:
    if type(a).__name__ != "Play":
        return "this exercise is about playing a card, not drawing"
    if a.down:
        return f"{_where(state, a)} would lie face-down and show no species, so no food chain to check"
    side = _side(state, a)
    if not side:
        return (f"{_where(state, a)} has nothing beside it on its row; the one-apart rule is about "
                f"neighbours to the left or right")
    return (f"{_where(state, a)} sits beside a start card or an unpopulated area, where any value fits; "
            f"find a place beside a species")


def _vertical(state: State, a: Any) -> bool:
    return (type(a).__name__ == "Play" and not a.down and _stacked(state, a)
            and not any(v > 0 for v in _side(state, a)))


def _why_not_vertical(state: State, a: Any) -> str:
    if type(a).__name__ != "Play" or a.down:
        return "play a species face-up, so that its value shows"
    if not _stacked(state, a):
        return f"{_where(state, a)} has no card above or below it"
    return (f"{_where(state, a)} also has a species beside it on its row; this exercise wants a place "
            f"where only the card above or below counts, to see that any value may touch vertically")


def _face_down(state: State, a: Any) -> bool:
    return type(a).__name__ == "Play" and a.down


def _why_not_down(state: State, a: Any) -> str:
    return (f"{_where(state, a)} shows the species and its value; this exercise asks for any card turned "
            f"face-down, as an unpopulated area")


def _beside_empty(state: State, a: Any) -> bool:
    return type(a).__name__ == "Play" and not a.down and -1 in _side(state, a)


def _why_not_empty(state: State, a: Any) -> str:
    if type(a).__name__ != "Play" or a.down:
        return "play a species face-up next to your face-down card"
    return f"{_where(state, a)} is not left or right of your face-down card"


def food_chain(seed: int = 3) -> Drill:
    ex = [
        Exercise(GAMEPLAY, "Play a species face-up directly left or right of another species. Beside a "
                 "species, a card's value must be exactly one more or one less: a 2 may go next to a 1 or a 3, "
                 "a 4 only next to a 3 (predator beside prey). The green places show where each card fits.",
                 _beside_species, _why_not_beside, _is_play,
                 lambda s, a: f"{a.name} ({a.value}) lies beside a "
                 f"{next(v for v in _side(s, a) if v > 0)}: one apart, as a predator beside its prey."),
        Exercise(GAMEPLAY, "Now play a species where its only neighbour is the card above or below it: "
                 "vertically, values may be anything.", _vertical, _why_not_vertical, _is_play),
        Exercise(GAMEPLAY, "Play any card face-down. It becomes an unpopulated area: it must still touch "
                 "your Ocean, and from your next turn any value may lie beside it.", _face_down,
                 _why_not_down, _is_play),
        Exercise(GAMEPLAY, "Play a species left or right of your face-down card: the one-apart rule does not "
                 "apply next to an unpopulated area.", _beside_empty, _why_not_empty, _is_play),
    ]
    summary = (f"Summary ({GAMEPLAY}): a played card touches your Ocean and lies in the row of its own depth; "
               f"beside a species it must be one value away; above or below, anything goes; face-down cards "
               f"are unpopulated areas any value may join. Play on freely, or try nl.lesson('naeco', "
               f"'objectives').")
    return Drill(GAME, "food-chain", "Naéco: placing cards and the food chain",
                 f"Practise where a card may go in your Ocean ({GAMEPLAY}). Four exercises; draws in "
                 f"between are not part of the drill.", ex, summary, seed=seed, bot="naeco",
                 prepare=_prepare(4))


# ---------------------------------------------------------------------------------- objectives
def _meets(state: State, a: Any) -> bool:
    seat = state.current_player
    return type(a).__name__ == "Play" and _token(_after(state, a), seat) > _token(state, seat)


def _why_not_meet(state: State, a: Any) -> str:
    goal = _objective(state, state.current_player) or "the objective above your token"
    if type(a).__name__ != "Play":
        return "play a card first"
    return f"after {_where(state, a)} your Ocean still does not show \u201c{goal}\u201d"


def _ask_meet(state: State) -> str:
    goal = _objective(state, state.current_player)
    k = _token(state, state.current_player)
    return (f"Your token stands on Surface card {k + 1}. The objective above it asks for \u201c{goal}\u201d. "
            f"Find the play that makes your Ocean show it: the token then moves right, which scores more research"
            f"{_piles_opened(state, k, k + 1)}.")


def objectives(seed: int = 5) -> Drill:
    ex = [Exercise(OBSERVE, _ask_meet, _meets, _why_not_meet, _is_play,
                   lambda s, a: "Your token moved right; a new objective lies above it.") for _ in range(3)]
    summary = (f"Summary ({OBSERVE}): an objective is met the moment your Ocean shows it; the token moves "
               f"one Surface card right per objective met (several at once if the new one is already met), "
               f"each step is worth more research points at the end and opens more draw piles, up to all seven.")
    return Drill(GAME, "objectives", "Naéco: meeting scientific objectives",
                 f"Practise reading the objective above your token and meeting it ({OBSERVE}). Three "
                 f"exercises; moves in between are not part of the drill.", ex, summary, seed=seed,
                 bot="naeco", prepare=_prepare(2))


# ---------------------------------------------------------------------------------- biodiversity
def _values(state: State) -> set[int]:
    return {v for v in _ocean(state, state.current_player).values() if v > 0}


def _new_value(state: State, a: Any) -> bool:
    return type(a).__name__ == "Play" and not a.down and a.value not in _values(state)


def _why_not_new(state: State, a: Any) -> str:
    have = sorted(_values(state))
    if type(a).__name__ != "Play" or a.down:
        return "a face-down card shows no value; play a species face-up"
    return (f"your Ocean already has a {a.value} (values shown: {', '.join(map(str, have))}); biodiversity "
            f"needs all four values before it scores anything")


def _ask_new(state: State) -> str:
    have = sorted(_values(state))
    missing = [v for v in (1, 2, 3, 4) if v not in have]
    return (f"Biodiversity scores only if your Ocean holds all four values 1, 2, 3 and 4: then 4 points per "
            f"card of your least common value. You show {', '.join(map(str, have)) or 'no species yet'}; "
            f"missing: {', '.join(map(str, missing))}. Play a species of a missing value.")


def biodiversity(seed: int = 2) -> Drill:
    ex = [Exercise(SCORING, _ask_new, _new_value, _why_not_new, _is_play) for _ in range(3)]
    summary = (f"Summary ({SCORING}): once your Ocean holds all four values, your scarcest value decides: it "
               f"pays 4 points per card of it, so a balanced food chain (say two of each) beats many cards of "
               f"one value. Missing a value scores nothing at all.")
    return Drill(GAME, "biodiversity", "Naéco: balanced biodiversity",
                 f"Practise the biodiversity scoring ({SCORING}): collect all four values.", ex, summary,
                 seed=seed, bot="naeco", prepare=_prepare(2))


DRILLS = {
    "food-chain": ("where a card may go: depth, neighbours one apart, face-down cards", food_chain),
    "objectives": ("meet the scientific objective above your token to move it right", objectives),
    "biodiversity": ("collect all four values for the biodiversity points", biodiversity),
}
