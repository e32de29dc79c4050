"""A Pleasant Journey to Neko drills: bidding, drafting dice (income and rewards), and ship lanes. Each
starts in a two-player game the Journey agent has played up to a position where the rule comes up."""
from __future__ import annotations

from neko_lab.core.errors import counted
from typing import Any

from ...core.state import State
from ..drill import Drill, Exercise, play_until
from ..lessons.journey import ACTIVATE, BID, DRAFT, FREE, FREE_MOVES, INCOME, PLACE, REWARDS, _reward
from ..lessons.journey_words import _card, _lane_gap

GAME = "journey"


def _k(a: Any) -> str:
    return str(getattr(a, "kind", ""))


def _decision(state: State) -> str:
    return state.pending[-1].kind


def _dice(state: State) -> list[int]:
    return list(state.observation(0)["boards"][0]["dice"])


def not_asked(action: Any, wants: str) -> str:
    """Why a move other than the one an exercise asks for is refused, by what kind of move it is: a free
    action (any number a turn, around the one main action), ending the turn, or another main action."""
    k = _k(action)
    if k in FREE_MOVES:
        return (f"{action} is a free action: it doesn't use your turn, but this exercise asks for {wants} "
                f"({FREE})")
    if k == "end":
        return f"ending the turn now leaves the exercise undone: it asks for {wants}"
    return f"{action} is another main action; a turn has only one, and this exercise asks for {wants}"


def _turn_with(*kinds: str):
    return lambda s: _decision(s) == "turn" and any(_k(a) in kinds for a in s.legal_actions())


# ---------------------------------------------------------------------------------- bidding
def _points(state: State, space: int) -> int:
    try:
        return state.card(state.spaces[space]).points
    except Exception:
        return 0


def _best_card(state: State, a: Any) -> bool:
    spaces = [x.a for x in state.legal_actions() if _k(x) == "bid"]
    return _k(a) == "bid" and _points(state, a.a) == max(_points(state, i) for i in spaces)


def _why_not_card(state: State, a: Any) -> str:
    if _k(a) != "bid":
        return not_asked(a, "a bid on the card worth the most points")
    best = max((x.a for x in state.legal_actions() if _k(x) == "bid"), key=lambda i: _points(state, i))
    return (f"{_card(state, state.spaces[a.a])} is worth {_points(state, a.a)} points; "
            f"{_card(state, state.spaces[best])} is worth more")


def _totals(state: State) -> tuple[int, int]:
    """(your total, the best rival total) on the card you are bidding on."""
    bids = state.bids[state.bid_space]
    mine = sum(bids[0])
    rival = max((sum(x) for o, x in enumerate(bids) if o != 0), default=0)
    return mine, rival


def _beats(state: State, a: Any) -> bool:
    if _k(a) != "bid_die":
        return False
    mine, rival = _totals(state)
    dice = [x.a for x in state.legal_actions() if _k(x) == "bid_die"]
    if any(mine + d > rival for d in dice):
        return mine + a.a > rival
    return a.a == max(dice)


def _why_not_beat(state: State, a: Any) -> str:
    mine, rival = _totals(state)
    if _k(a) == "end":
        return f"ending now leaves your total at {mine} against {rival}: the highest total wins the card"
    if _k(a) in FREE_MOVES:
        return not_asked(a, f"a die on the card, where your bid stays at {mine} against {rival} until you add one")
    if _k(a) != "bid_die":
        return f"{a} adds nothing to your bid, which stays at {mine} against {rival}"
    return f"with the {a.a} your total would be {mine + a.a}, not above the rival's {rival}"


def _ask_beat(state: State) -> str:
    mine, rival = _totals(state)
    return (f"On this card your dice total {mine}, the best rival total is {rival}. At the end of the round the "
            f"highest total wins it (ties go by turn order). Put a die on it that takes you above {rival}, or, if "
            f"none does, your highest.")


def _raising(state: State) -> bool:
    if _decision(state) != "turn" or not any(_k(a) == "bid_die" for a in state.legal_actions()):
        return False
    mine, rival = _totals(state)
    return rival >= mine            # not leading yet (at a fresh bid both are 0)


def _contested(state: State, space: int) -> bool:
    return any(x for o, x in enumerate(state.bids[space]) if o != 0)


def _why_not_contest(state: State, a: Any) -> str:
    if _k(a) != "bid":
        return not_asked(a, "a bid on a card where Player 2 already has dice")
    return f"Player 2 has no dice on {_card(state, state.spaces[a.a])}; this exercise wants a card they bid on"


def _ask_contest(state: State) -> str:
    spaces = [x.a for x in state.legal_actions() if _k(x) == "bid" and _contested(state, x.a)]
    need = max(len(state.bids[spaces[0]][o]) for o in range(1, state.players)) if spaces else 1
    return (f"Bid on a card where Player 2 already has dice. Where a rival has dice, you must end your turn with at "
            f"least as many dice there as their fullest slot (here {need}).")


def bidding(seed: int = 1) -> Drill:
    ex = [
        Exercise(BID, _ask_contest, lambda s, a: _k(a) == "bid" and _contested(s, a.a), _why_not_contest,
                 _turn_with("bid")),
        Exercise(BID, _ask_beat, _beats, _why_not_beat, lambda s: _raising(s) and _totals(s)[1] > 0),
        Exercise(BID, "Another turn: bid on the card worth the most points.", _best_card, _why_not_card,
                 _turn_with("bid")),
        Exercise(BID, _ask_beat, _beats, _why_not_beat, _raising),
    ]
    summary = (f"Summary ({BID}): a bid puts dice on one card per turn; the highest total wins it at the end of "
               f"the round and may pay for it, the losers get a fish per die. Where a rival already has dice, you "
               f"must end your turn with at least as many dice there as the fullest bidding slot.")
    return Drill(GAME, "bidding", "A Pleasant Journey to Neko: bidding for cards", f"Practise bidding ({BID}).",
                 ex, summary, seed=seed, bot="journey", prepare=play_until(_turn_with("bid")))


# ---------------------------------------------------------------------------------- draft, income, rewards
def _draft(pick: str):
    def right(state: State, a: Any) -> bool:
        values = [x.a for x in state.legal_actions() if _k(x) == "draft"]
        return _k(a) == "draft" and a.a == (max(values) if pick == "high" else min(values))
    return right


def _why_not_draft(pick: str):
    def why(state: State, a: Any) -> str:
        return (f"the {a.a} is not the highest die offered" if pick == "high" else
                f"the {a.a} is not the lowest die offered")
    return why


def _income(state: State, a: Any) -> bool:
    return _k(a) == "income" and a.a == max(x.a for x in state.legal_actions() if _k(x) == "income")


def _ask_reward(state: State) -> str:
    low = min(_dice(state)) if _dice(state) else 1
    return (f"Your lowest die is a {low}: you may take one reward from face {low} up. Take the reward of face 6, "
            f"the highest face, which every lowest die allows: {_reward(state, 6)}.")


def draft(seed: int = 2) -> Drill:
    on_draft = lambda s: _decision(s) == "draft"                       # noqa: E731
    ex = [
        Exercise(DRAFT, "Keep the highest die offered: high dice win bids and pay income.", _draft("high"),
                 _why_not_draft("high"), on_draft),
        Exercise(DRAFT, "Now keep the lowest die offered: your lowest die decides which rewards of the chart you "
                 "may take (from its face up).", _draft("low"), _why_not_draft("low"), on_draft),
        Exercise(INCOME, lambda s: f"Obtain Income: give up one die for that many coins. Your dice: "
                 f"{', '.join(map(str, sorted(_dice(s))))}. Take the most coins.", _income,
                 lambda s, a: f"the {a.a} gives {counted(a.a, 'coin')}; a higher die gives more", lambda s: _decision(s) == "income"),
        Exercise(REWARDS, _ask_reward, lambda s, a: _k(a) == "reward" and a.a == 6,
                 lambda s, a: f"face {a.a} gives another reward: {_reward(s, a.a)}", lambda s: _decision(s) == "reward"),
    ]
    summary = (f"Summary ({DRAFT}, {INCOME}, {REWARDS}): you keep one die from each handful passed round; one "
               f"die is spent for income; your lowest die opens the reward chart from its face up; your total sets "
               f"the turn order (the highest plays first and takes an interference tile).")
    return Drill(GAME, "draft", "A Pleasant Journey to Neko: drafting dice, income and rewards",
                 f"Practise the Preparation Phase ({DRAFT}).", ex, summary, seed=seed, bot="journey",
                 prepare=play_until(lambda s: _decision(s) == "draft"))


# ---------------------------------------------------------------------------------- ship lanes
def _placing(state: State) -> bool:
    return _decision(state) in ("place", "win") and any(_k(a) == "place" for a in state.legal_actions())


def _cheapest_slot(state: State, a: Any) -> bool:
    places = [x for x in state.legal_actions() if _k(x) == "place"]
    return _k(a) == "place" and _lane_gap(state, a.a, a.b) == min(_lane_gap(state, x.a, x.b) for x in places)


def _why_not_slot(state: State, a: Any) -> str:
    if _k(a) != "place":
        return "declining gives the card up"
    gap = _lane_gap(state, a.a, a.b)
    return (f"lane {a.a + 1}, slot {a.b + 1} has {gap} empty slot{'s' if gap != 1 else ''} before it, each a coin "
            f"more; another slot has fewer")


def lanes(seed: int = 1) -> Drill:
    ex = [
        Exercise(PLACE, "Place the card where the fewest empty slots lie between it and the harbour: each empty "
                 "slot costs one coin more, and only neighbouring cards make hubs.", _cheapest_slot, _why_not_slot,
                 _placing),
        Exercise(ACTIVATE, "Activate a hub: a die equal to the hub's number gives its reward at once, once per hub "
                 "each round.", lambda s, a: _k(a) == "hub",
                 lambda s, a: f"{a} is not a hub activation", _turn_with("hub")),
        Exercise(FREE, "Move a ship: 2 fuel take it to the next hub of its lane, which pays its reward, and a ship "
                 "that crosses cards scores at each mid-game scoring.", lambda s, a: _k(a) == "move",
                 lambda s, a: f"{a} moves no ship", _turn_with("move")),
    ]
    summary = (f"Summary ({PLACE}, {ACTIVATE}): cards join a lane from the harbour outwards (gaps cost coins), "
               f"two neighbours form a hub, dice or ships activate hubs, and ships score for the cards they cross.")
    return Drill(GAME, "lanes", "A Pleasant Journey to Neko: ship lanes, hubs and ships",
                 f"Practise ship lanes ({PLACE}).", ex, summary, seed=seed, bot="journey",
                 prepare=play_until(_placing))


DRILLS = {
    "bidding": ("bidding for cards: which card, and dice that take the lead", bidding),
    "draft": ("drafting dice, income and the reward chart", draft),
    "lanes": ("placing cards in ship lanes, activating hubs, moving ships", lanes),
}
