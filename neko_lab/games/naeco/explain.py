"""What a learner is told about a Naéco move (wired as ``GameState.explainer``; read by neko_lab.learn).

why(): the placement rule with this position's numbers ("a 2 may go beside your 3: species side by side
in a row differ by one"), or which piles the token opens. counts(): hand, Ocean and token as players
name them. Both read only what the viewer may know: a hand's cards are its owner's, its size is public.
"""
from __future__ import annotations

from typing import Any, Hashable

from .rules.drawing import Draw, LeaveMissions, TakeMission, allowed_piles
from .rules.gameplay import FACE_DOWN_PLAY, Play
from .rules.ocean import FACE_DOWN, RULE_PLAY, pos, where
from .scoring import RULE_MISSIONS, SOLO_RATING, solo_rating

HINT_SAMPLES = 8          # sampled futures per hint (neko_lab.learn.hint): a game plays out in milliseconds


def solo_standing(points: float) -> str:
    """How a solo hint's average final score rates on the rulebook's solo scale (a solo game is rated,
    not won against anybody)."""
    tier, _ = solo_rating(round(points))       # tiers count from 1 (scoring.solo_rating)
    return f"tier {tier} of {len(SOLO_RATING)} on the solo rating scale"


def _neighbour(s: Any, seat: int, q: int) -> str:
    """A card of the Ocean in words: "your Moray eel (2)", "a face-down card", "a start card"."""
    code = s.oceans[seat].cells.get(q)
    if code == FACE_DOWN:
        return "a face-down card"
    card = s.oceans[seat].cards.get(q)
    if code is not None and code > 0 and card is not None:
        return f"your {card.name} ({code})"
    return "a start card"


def label(s: Any, action: Hashable, viewer: Any) -> str:
    """The move as `viewer` may read it: a card played face-down is named to its owner only."""
    if isinstance(action, Play) and action.down and viewer not in ("all", s.current_player):
        return f"play a card face-down at {where(action.depth, action.col)}"
    return str(action)


def narrate(s: Any, action: Hashable, viewer: Any) -> str | None:
    """A secret move told to its owner in the log's words, as every other move's line reads: a card
    played face-down, named ("plays Ocean sunfish face-down (an unpopulated area) at ..."); None else."""
    if isinstance(action, Play) and action.down and viewer in ("all", s.current_player):
        return FACE_DOWN_PLAY.format(action.name, where(action.depth, action.col))
    return None


def _play(s: Any, seat: int, a: Play, viewer: Any) -> list[str]:
    card = s.cards[a.card]
    if a.down and viewer not in ("all", seat):
        # the other players never learn which card it was, nor (when any row is allowed) its depth
        where_to = ("on any empty place touching the Ocean, in any row (the facedown_any_depth option)"
                    if s.options["facedown_any_depth"] else "on any empty place of its row touching the Ocean")
        return [f"a card may go face-down {where_to}; face-down it is an unpopulated area with no value, and "
                f"later any species may sit beside it ({RULE_PLAY})."]
    cells = s.oceans[seat].cells
    p = pos(a.depth, a.col)
    out = []
    if a.down and a.depth != card.depth:
        out.append(f"face-down, {card.name} may go in any row (the facedown_any_depth option), here row "
                   f"{a.depth} of 4 ({RULE_PLAY}).")
    else:
        out.append(f"{card.name} lives at depth {card.depth}, so it goes in row {card.depth} of your Ocean, on "
                   f"an empty place touching a card already there ({RULE_PLAY}).")
    touching = [(name, q) for name, q in (("above", p - 1 if a.depth > 1 else None),
                                          ("below", p + 1 if a.depth < 4 else None),
                                          ("to the left", p - 4), ("to the right", p + 4))
                if q is not None and q in cells]
    out.append("It touches " + ", ".join(f"{_neighbour(s, seat, q)} {name}" for name, q in touching) + ".")
    if a.down:
        out.append("Face-down it is an unpopulated area with no value: no food-chain step to match, and "
                   "later any species may sit beside it.")
        return out
    for name, q in (("left", p - 4), ("right", p + 4)):
        code = cells.get(q)
        if code is None:
            continue
        if code == FACE_DOWN:
            out.append(f"On its {name} is a face-down card: any value may sit beside it.")
        elif code > 0:
            out.append(f"A {a.value} may go beside {_neighbour(s, seat, q)} on its {name}: species side by "
                       f"side in a row differ by one ({a.value} and {code}).")
    if not any(cells.get(q) is not None and cells.get(q) != 0 for q in (p - 4, p + 4)):
        out.append(f"No species stands beside it in row {a.depth}, so any value fits there.")
    return out


def _draw(s: Any, seat: int, a: Draw | TakeMission) -> list[str]:
    n = allowed_piles(s, seat)
    value = str(s.surface_values[s.token[seat]]).replace("-", "\u2212")
    opens = (f"on the Surface card of value {value} your token opens piles 1 to {n}, and pile {a.pile + 1} is "
             f"one of them ({RULE_PLAY})")
    if isinstance(a, TakeMission):
        out = [f"in the Sea Shepherd France variant a mission card may show on top of a draw pile: on your draw "
               f"you may claim it, setting it beside your Ocean, and still take a species card, so your hand "
               f"stays at 3; at the end it scores its bonus or its penalty ({RULE_MISSIONS}).",
               f"The pile must be one you may draw from: {opens}."]
    else:
        out = [f"after playing a card you draw the top card of a pile your token opens: on the Surface card of "
               f"value {value} it opens piles 1 to {n}, and pile {a.pile + 1} is one of them ({RULE_PLAY})."]
    nxt = s.token[seat] + 1
    if nxt < len(s.surface_piles):          # the Surface cards say how many piles each opens
        more = s.surface_piles[nxt]
        out.append(f"Meeting the objective above your token moves it on and opens piles 1 to {more}." if more > n
                   else "Meeting the objective above your token moves it on for research, but opens no more piles: "
                        f"the next Surface card opens piles 1 to {more} too.")
    return out


def why(s: Any, action: Hashable, viewer: Any) -> list[str]:
    seat = s.current_player
    if isinstance(action, Play):
        return _play(s, seat, action, viewer)
    if isinstance(action, (Draw, TakeMission)):
        return _draw(s, seat, action)
    if isinstance(action, LeaveMissions):
        return [f"every pile your token opens that still has cards shows a mission that is its last card: a "
                f"mission is taken in order to draw the species beneath it, and none lies beneath these, so you "
                f"may leave them and miss this draw ({RULE_MISSIONS}).",
                "Missions left on their piles keep those piles from counting as exhausted."]
    return []


def counts(s: Any, viewer: Any) -> dict[tuple[int | None, str], int]:
    out: dict[tuple[int | None, str], int] = {}
    for seat in range(s.players):
        out[(seat, "cards in hand")] = len(s.hands[seat])
        out[(seat, "cards in the Ocean")] = sum(1 for c in s.oceans[seat].cells.values() if c != 0)
        out[(seat, "face-down cards")] = sum(1 for c in s.oceans[seat].cells.values() if c == FACE_DOWN)
        out[(seat, "value of the Surface card under the token")] = s.surface_values[s.token[seat]]
    for i, pile in enumerate(s.piles):
        out[(None, f"cards in pile {i + 1}")] = len(pile)
    return out
