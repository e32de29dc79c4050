"""A first game of A Pleasant Journey to Neko: two players, you (Player 1) against the Journey agent.

A first game has to teach one whole round, since every round repeats it; the script guides every
decision of yours in round 1, each step saying what to do and why, and citing its section:

1. Journey › Set Up — a starting bonus tile, chosen in reverse turn order.
2. Journey › Preparation Phase › Draft Dice — keep one die, pass the rest, until you hold six.
3. Journey › Preparation Phase › Obtain Income — one die is spent for that many coins; Ocean Banks and
   Fuel Platforms in your lanes pay as well (Journey › Card Reference Guide), said at every income step.
4. Journey › Preparation Phase › Get Rewards — the lowest die opens the reward chart from its value up
   (buying a card is one of the rewards: Journey › End of a Round › Place a card into your ship lane,
   with its gap cost and the hubs neighbouring cards make).
5. Journey › Preparation Phase › Set Turn Order — said when the Action Phase starts (the highest dice
   total plays first and takes an interference tile).
6. Journey › Action Phase — one main action per turn (Take Fish, Bid a Card with its dice-count rule,
   Activate a Hub or a Card Effect) and any Free Actions (moving ships, opening harbours, ...), until
   everyone's dice are spent.
7. Journey › End of a Round › Resolve Bidding — the highest total wins a card and may buy and place it;
   the others get a fish per die (said with the first bid, and in the news whenever it pays).

The whole game is guided; a move that teaches nothing new is a routine step (played for you on the
board), and the next taught step says what happened meanwhile, the mid-game scoring included. The
finale explains the final scoring category by category and ends with the rules this game did not
meet (the tie-break, free actions left unused, any rule of UNMET or a ship's catch that never came up,
the Advanced Game left out). Rules a first game needs are said where they come up: one die per hub or
card a round (the first activation), five cards a lane (the first harbour), a won card placed at once
and no harbour opened while bids resolve (the first card won), a lightning card acting as it is placed
(with what it gave), no fish for a winner who declines. The moves asked for are the
Journey agent's own plan, read from each action's `kind` and numbers, never from its text; lanes and
slots are said counting from 1.
"""
from __future__ import annotations

import re
from typing import Any, Hashable

from neko_lab.core.errors import counted

from ...core.state import State
from ...games.journey.explain import die_price, section as move_section
from ...games.journey.rules.ship_lanes import gap_cost, hub
from ...games.journey import scoring as sc
from ...games.journey.rules.facts import ITEM_WORDS, R_HARBOUR as HARBOUR, reward_text
from ...games.journey.rules.free_actions import TURN as FREE_MOVES
from ...games.journey.scoring import CABIN_LIMIT, FISH_LIMIT
from ..explain import number
from ..lesson import DeterministicBot, Lesson, Teach, checked_seed, seat_seed

GAME = "journey"
SEED = 1
PLAYERS = 2
R = "Journey \u203a "
SETUP, MARKET = R + "Set Up", R + "Morning Market Phase"
DRAFT, INCOME = R + "Preparation Phase \u203a Draft Dice", R + "Preparation Phase \u203a Obtain Income"
REWARDS, ORDER = R + "Preparation Phase \u203a Get Rewards", R + "Preparation Phase \u203a Set Turn Order"
ACTION = R + "Action Phase"
FISH, BID = ACTION + " \u203a Take Fish", ACTION + " \u203a Bid a Card"
ACTIVATE = ACTION + " \u203a Activate a Hub or a Card Effect"
FREE, RESOLVE = R + "Free Actions", R + "End of a Round \u203a Resolve Bidding"
NEW_BID = R + "Advanced Game \u203a Start a New Bid"
PLACE = R + "End of a Round \u203a Place a card into your ship lane"
MIDGAME, FINAL, CARDS = R + "Mid-Game Scoring", R + "Final Scoring", R + "Card Reference Guide"
MOVE = FREE + " \u203a Move your ship"
PREPARE = R + "End of a Round \u203a Prepare for next round"
ADVANCED = R + "Advanced Game"
CABIN, FREEZER = CABIN_LIMIT, FISH_LIMIT       # fuel and goods together; fish
# the rewards the lesson words more fully than the chart's own words (facts.reward_text)
REWARD_WORDS = {"buy_card": "buy one of two cards drawn from the deck",
                "remove_interference": "remove an interference tile"}


def _kind(a: Any) -> str:
    return str(getattr(a, "kind", type(a).__name__.lower()))


def _nums(a: Any) -> tuple[int, int, int]:
    return getattr(a, "a", 0), getattr(a, "b", 0), getattr(a, "c", 0)


def _board(state: State, seat: int) -> dict:
    return state.observation(seat)["boards"][seat]


def _card_name(state: State, cid: int) -> str:
    try:
        c = state.card(cid)
        return f"{c.name} (cost {c.cost}, {counted(c.points, 'point')})"
    except Exception:
        return f"card #{cid}"


def _reward(state: State, face: int) -> str:
    data = getattr(state, "data", None)
    try:
        kind, n = data.rewards[face - 1], data.reward_amounts[face - 1]
    except Exception:
        return f"the reward of face {face}"
    return REWARD_WORDS.get(kind) or reward_text(kind, n)


def _seen(state: State, seat: int, *rules: str) -> int:
    """How many events of the seat cite one of these sections so far (the log, not its wording)."""
    return sum(1 for e in state.log if e.seat == seat and e.rule in rules)


# ---------------------------------------------------------------------------------- what is said
def say(state: State, a: Any) -> str:
    """What to do and why, for whichever decision is open (see the module docstring)."""
    seat = state.current_player
    kind = state.pending[-1].kind
    k = _kind(a)
    x, y, z = _nums(a)
    board = _board(state, seat)
    if kind == "bonus":
        item, n = getattr(state, "data").bonus[x]
        return (f"Before round 1, each player takes one starting bonus tile, the last in turn order first "
                f"({SETUP}). You start with 8 coins, 2 fuel, one harbour and one ship. Take the tile that "
                f"gives {counted(n, *ITEM_WORDS[item])}: coins pay for cards, harbours and ships. Coins have no "
                f"limit, but your cabin holds at most {CABIN} fuel and goods together and your freezer at most "
                f"{FREEZER} fish: whatever would go beyond goes back to the supply ({SETUP}, {MARKET}). "
                + _tiles_words(state, seat))
    if kind == "market":
        new_round = ""
        if _seen(state, seat, MARKET) == 0 and getattr(state, "round", 1) > 1:
            new_round = (f"A new round: when the bidding was resolved, everyone took back six dice (ships on "
                         f"hubs stay where they are) and new cards from the deck filled the bidding area "
                         f"({PREPARE}). ")
        return new_round + (f"Morning Market: each fish you have may be sold for 4 coins, 2 fuel or 1 good ({MARKET}). "
                + ("Choose done to keep your fish." if k == "done" else f"Do it: {a}."))
    if kind == "draft":
        if _seen(state, seat, DRAFT) == 0:
            return (f"Everyone has rolled six dice. Keep one, pass the rest to your neighbour, and repeat "
                    f"until you hold six again ({DRAFT}). High dice win bids and pay income; your lowest die "
                    f"decides which rewards you may choose; your total decides who plays first. Keep the {x}.")
        return f"Keep the {x} from the dice passed to you ({DRAFT})."
    if kind == "income":
        return (f"Obtain Income: give up one of your dice and take as many coins as it shows ({INCOME}). "
                f"Spend the {x}: +{counted(x, 'coin')}, leaving you {counted(len(board['dice']) - 1, 'die', 'dice')} for the "
                f"round." + _card_income(state, seat))
    if kind == "reward":
        low = min(board["dice"]) if board["dice"] else 1
        if _seen(state, seat, REWARDS) == 0:
            return (f"Get Rewards: your lowest die is a {low}, so you may take any reward of the chart from face "
                    f"{low} up ({REWARDS}). Choose to {_reward(state, x)}.")
        opens = "face 6" if low == 6 else f"faces {low} to 6"
        return (f"Round {getattr(state, 'round', 1)}'s reward: your lowest die is a {low}, which opens {opens} "
                f"of the chart ({REWARDS}). Choose to {_reward(state, x)}.")
    if kind == "pick":
        rule = section(state, a)          # the dice reward, or the card, that offered the buy
        if k == "decline":
            return f"Neither card is worth its price to you now: decline ({rule})."
        return f"Two cards were drawn for you; buy one or neither ({rule}). Buy {_card_name(state, x)}."
    if kind in ("place", "win"):
        if k == "decline":
            return _say_decline(state, seat, board)
        return _say_place(state, seat, a, kind)
    if kind == "turn":
        return _say_turn(state, seat, a, k, x, y, z)
    if kind == "neko":
        return (f"Neko Harbour pays for every complete hub in your ship lanes: 1 coin each, or 1 fuel per 3 hubs, "
                f"or a mix ({CARDS}). Take {x} fuel and the rest in coins.")
    if kind == "final":
        return (f"The game has ended: before the final scoring you may still spend fuel and goods to move ships "
                f"and load ports ({R}Game End). "
                + ("Nothing left is worth it: done." if k == "done" else f"Do it: {a}."))
    if kind == "lottery":
        return f"Lottery: take one reward of the chart ({CARDS}). Choose: {a}."
    if k in CARD_WORDS:
        return CARD_WORDS[k].format(a=a)
    return f"Choose: {a} ({section(state, a) or ACTION})."


TURN_WORDS = {
    "fish": f"Take Fish: put dice in the discard area, one fish for each ({FISH}). Fish sell well at the next "
            f"Morning Market. Discard the {{x}}.",
    "bid": f"Bid a Card: choose one card of the bidding area and put dice on it; at the end of the round the "
           f"highest total wins it, equal totals going to the player earlier in turn order ({BID}), and every "
           f"other bidder gets 1 fish per die they put on it ({RESOLVE}). A turn's bid goes on one card only, "
           f"and dice on a card stay there until the round ends: on later turns you may add dice to it or bid "
           f"on another card, but never take them back ({BID}). Bid on {{card}}.",
    "bid_die": f"Put a {{x}} on the card. Whoever bids on a card with dice on it must end the turn with at "
               f"least as many dice there as any rival ({BID}).",
    "hub": f"Activate: a die equal to a hub's number gives that hub's reward at once; each hub and each card "
           f"takes only one die a round, so a hub used this round waits for the next ({ACTIVATE}). "
           f"Do it: {{a}}.",
    "card": f"Activate: a die that fits a card's space gives its effect at once; each card and each hub takes "
            f"only one die a round ({ACTIVATE}). Do it: {{a}}.",
    "end": f"Your main action is done: end the turn ({ACTION}).",
    "harbour": f"A free action: open a harbour, which adds a ship lane for more cards and scores at the end "
               f"(1, 3, 6, 11, 19 points for 1 to 5 harbours) ({FREE}). A lane has room for five cards, so "
               f"more cards need more lanes ({HARBOUR}). Open it.",
    "ship": f"A free action: buy another ship for lane {{lane}}; ships cost 3, 5, 7, ... coins, at most one per "
            f"harbour in a lane, and each ship scores for the cards it crosses ({FREE}).",
    "cargo": f"A free action: move a good from your cabin onto a Port's cargo spaces, filled left to right; a "
             f"space with an icon pays its reward at once ({FREE}). A Port's points count only once every cargo "
             f"space holds a good ({CARDS}). Load a good: {{a}}.",
    "fish_fuel": f"A free action: spend a fish for 1 fuel; fuel moves ships (2 a step) and turns dice by one "
                 f"({FREE}).",
    "fish_coins": f"A free action: spend a fish for 2 coins ({FREE}).",
    "exchange": f"A free action your Seaside Town allows, as often as you like this round: {{a}} ({CARDS}).",
    "adjust": f"A free action: 1 fuel turns a die one up or down, 6 and 1 wrapping round, to fit a hub or a card "
              f"({FREE}). Do it: {{a}}.",
    "take_die": f"A free action: {{price}}, keeping its value, once a turn "
                f"({{cited}}). Do it: {{a}}.",
    "unjam": f"A free action: 5 coins remove an interference tile, each of which costs points at the end ({FREE}).",
    "new_bid": f"Start a New Bid: put a new card into the first free bidding space and bid on it "
               f"({NEW_BID}). Do it: {{a}}.",
    "lighthouse": f"Light House: choose one of your hubs; for the rest of the round each time a ship or a die "
                  f"activates it, it gives 2 more of its item (4 more coins), and nothing comes now ({CARDS}). "
                  f"Do it: {{a}}.",
}
#: the decisions a card opens outside the turn, by the move asked for
CARD_WORDS = {
    "park_bid": f"Penguin Park: a discarded die becomes your bid on a card ({CARDS}). Do it: {{a}}.",
    "church": f"Church: a die that lost a bid may still activate a hub ({CARDS}). Do it: {{a}}.",
    "city": f"Southernmost City: choose its reward ({CARDS}). Do it: {{a}}.",
}


def _tiles_words(state: State, seat: int) -> str:
    """The four mid-game scoring tiles, public from the set-up: two for each period."""
    tiles = list(state.observation(seat).get("tiles", []))
    if len(tiles) < 4:
        return ""
    return (f"Four mid-game scoring tiles lie face up: after round 2, \u201c{tiles[0]}\u201d and "
            f"\u201c{tiles[1]}\u201d; after round 4, \u201c{tiles[2]}\u201d and \u201c{tiles[3]}\u201d. Each "
            f"pays 3 points to every player who meets it, all equal \u201cmost\u201d included ({MIDGAME}).")


def card_income(state: State, seat: int) -> dict[str, int]:
    """What the seat's Ocean Banks (coins) and Fuel Platforms (fuel) pay at Obtain Income, from the
    cards in its lanes (public), before the cabin limit."""
    types = state.boards[seat].types
    return {"coins": sc.ocean_bank_income(types.get("ocean_bank", 0)),
            "fuel": sc.fuel_platform_income(types.get("fuel_platform", 0))}


def _card_income(state: State, seat: int) -> str:
    """The income the seat's cards pay along with the die: the whole rule the first time it pays."""
    pays = card_income(state, seat)
    if not any(pays.values()):
        return ""
    types = state.boards[seat].types
    ob, fp = types.get("ocean_bank", 0), types.get("fuel_platform", 0)
    paid = []
    if ob:
        paid.append(f"your {_count(ob, 'Ocean Bank pays', 'Ocean Banks pay')} {counted(pays['coins'], 'coin')}")
    if fp:
        paid.append(f"your {_count(fp, 'Fuel Platform pays', 'Fuel Platforms pay')} {pays['fuel']} fuel")
    said = f" Income cards in your ship lanes pay too, whatever die you spend: {' and '.join(paid)}"
    # income events of the seat beyond one die a round: cards have paid before
    dice_paid = max(0, getattr(state, "round", 1) - 1)
    if _seen(state, seat, INCOME) > dice_paid:
        return said + f" ({CARDS})."
    b = sc.OCEAN_BANK_SET[1:]
    f = sc.FUEL_PLATFORM_SET[1:]
    return said + (f". This is their first payment: Ocean Banks pay {b[0]}, {b[1]} or {b[2]} coins for 1, 2 or 3 "
                   f"cards, Fuel Platforms {f[0]}, {f[1]} or {f[2]} fuel, a fourth card starting a new set of "
                   f"three; fuel beyond your cabin's {CABIN} goes back to the supply ({CARDS}, {INCOME}).")


def card_to_place(state: State) -> tuple[int, int] | None:
    """(card, price before the gap cost) of the card the seat to act has won or bought and now places."""
    top = state.pending[-1]
    if top.kind == "win":
        cid = state.spaces[top.data]
        return cid, sc.card_price(state.card(cid).cost, state.boards[top.seat].types.get("blue_bar", 0))
    if top.kind == "place":
        return top.data[0], top.data[1]
    return None


def _say_place(state: State, seat: int, a: Any, kind: str) -> str:
    """Where the card won or bought goes, naming it and what it costs there; the first card won says that
    it is placed at once and that no harbour opens meanwhile; a lightning card says what it does at once."""
    cid, price = card_to_place(state)
    card = state.card(cid)
    gap = gap_cost(state, seat, a.a, a.b)
    name = _card_name(state, cid)
    pays = counted(price, "coin") + (f", {card.cost} less your Blue Bar discount" if price < card.cost else "")
    if kind == "win":
        lead = f"You won the bid for {name}, so you may pay {pays} and place it ({RESOLVE}). "
        won = sum(1 for e in state.log if e.seat == seat and e.rule == RESOLVE and "card" in e.data)
        if won <= 1:                    # the card being placed is the seat's first won
            lead += (f"A card you win and pay for goes into a lane at once, before the next card of the bidding "
                     f"area is settled, and no harbour can be opened while the bidding resolves: a player who "
                     f"needs room opens harbours in the Action Phase ({PLACE}). Declining instead would give the "
                     f"card up to nobody, and your own dice on it would bring no fish: only the losing bidders get "
                     f"fish ({RESOLVE}). ")
    else:
        lead = f"You bought {name} for {pays}. "
    said = (f"{lead}A bought card goes straight into a ship lane; every empty slot between it and the harbour "
            f"costs one coin more, and two neighbouring cards make a hub that dice and ships can use ({PLACE}). "
            f"Place it in lane {a.a + 1}, slot {a.b + 1}: you pay {counted(price + gap, 'coin')}"
            + (f" ({price} + {gap} for the empty slots before it)." if gap else "."))
    if "lightning" in card.icons:
        said += " " + _lightning_words(state, seat, a, card)
    return said


GAINED = re.compile(r"^gains (\d+) (\w+)(?: \((.*?)\))?(?:, (\d+) over the limit go back to the supply)?$")


def _gains(events: list, seat: int, why: str | None = None) -> list[tuple[int, str, str, int]]:
    """(amount, item, from what, amount back to the supply) of each gain of the seat among these events."""
    out = []
    for e in events:
        m = GAINED.match(e.text) if e.seat == seat else None
        if m and (why is None or m.group(3) == why):
            out.append((int(m.group(1)), m.group(2), m.group(3) or "", int(m.group(4) or 0)))
    return out


def _lightning_words(state: State, seat: int, a: Any, card: Any) -> str:
    """A card with the lightning icon acts once as it is placed: what it gives here (played out on a copy)."""
    child = state.clone()
    child.apply(a)
    got = _gains(child.log[len(state.log):], seat, card.name)
    said = f"{card.name} has a lightning icon: the moment it is placed it acts once ({PLACE}"
    if got:
        said += "): you gain " + " and ".join(f"{n} {item}" for n, item, _w, _lost in got)
        back = [(f"the {n} {item}" if lost == n else f"{lost} of the {n} {item}") for n, item, _w, lost in got if lost]
        if back:
            said += (f", but {' and '.join(back)} go back to the supply, as your cabin holds at most {CABIN} fuel "
                     f"and goods together and your freezer {FREEZER} fish")
    else:
        said += "): its effect comes as your next decision"
    if "activate" in card.icons:
        said += f"; later, a die on its activation space makes it act again, once a round ({ACTIVATE})"
    return said + "."


def _say_decline(state: State, seat: int, board: dict) -> str:
    """Why the card won (or bought) is refused: it cannot be paid for, or it is not worth its price."""
    top = state.pending[-1]
    legal = state.legal_actions()
    cid = state.spaces[top.data] if top.kind == "win" and isinstance(top.data, int) else 0
    name = _card_name(state, cid) if cid else "the card"
    if all(_kind(x) == "decline" for x in legal):
        return (f"You won {name}, but you have {board['coins']} coin{'s' if board['coins'] != 1 else ''}, "
                f"too few to pay for it in any slot of your lanes, so declining is the only choice: a card you "
                f"won may be refused, and then nobody gets it, and your own dice on it bring no fish, as only "
                f"the losing bidders get fish ({RESOLVE}). Decline it.")
    return (f"You may refuse a card you won; then nobody gets it, and your own dice on it bring no fish, as only "
            f"the losing bidders get fish ({RESOLVE}). {name[0].upper() + name[1:]} is not worth its price to you "
            f"now: decline it.")


def _move_words(state: State, a: Any) -> str:
    """Moving a ship: what the hub it enters pays, or that a half-hub pays nothing (read by playing it)."""
    child = state.clone()
    child.apply(a)
    seat = state.current_player
    moved = next((e for e in child.log[len(state.log):] if e.seat == seat and "to" in e.data), None)
    b = child.boards[seat]
    complete = moved is not None and hub(child, b.lanes, moved.data["lane"], moved.data["to"]) is not None
    caught = any(e.seat == seat and "catch a fish" in e.text for e in child.log[len(state.log):])
    head = (f"A free action: spend 2 fuel to move a ship to the next hub in its lane; a complete hub it "
            f"enters pays its reward at once, and ships crossing cards score at mid-game and make the cards "
            f"score at the end ({FREE}). ")
    if not complete:
        return head + (f"Move your ship in lane {a.a + 1}: the card ahead has no neighbour yet, so the ship "
                       f"stops on its half-hub, which pays nothing, and nothing later either if a card "
                       f"completes that hub while the ship waits there ({MOVE}). Still, the cards a ship has "
                       f"crossed count at the mid-game scoring ({MIDGAME}).")
    return head + f"Move your ship in lane {a.a + 1}: it enters a complete hub, which pays." + (
        f" A die stands there and no ship yet: a ship entering a hub that holds a die catches a bonus fish, "
        f"unless another ship is already there ({MOVE})." if caught else "")


def _say_turn(state: State, seat: int, a: Any, k: str, x: int, y: int, z: int) -> str:
    lead = ""
    if _seen(state, seat, ACTION, FISH, BID, ACTIVATE, FREE) == 0:
        lead = (f"The turn order is set: the highest dice total plays first and takes an interference tile as "
                f"a handicap, equal totals keeping the order of the round before ({ORDER}). Now, in turn "
                f"order, each turn is one main action plus any free actions, until everyone's dice are spent; "
                f"a player with no dice left sits out the rest of the round, free actions included ({ACTION}). ")
    if k == "move":
        return lead + _move_words(state, a)
    card = _card_name(state, getattr(state, "spaces", [0] * (x + 1))[x]) if k == "bid" else ""
    text = TURN_WORDS.get(k, f"A free action: {{a}} ({section(state, a) or FREE}).")
    price, cited = die_price(state, seat, a) if k == "take_die" else ("", "")
    said = lead + text.format(x=x, a=a, card=card, lane=x + 1, price=price, cited=cited)
    if k == "hub":
        child = state.clone()
        child.apply(a)
        if any(e.seat == seat and "catch a fish" in e.text for e in child.log[len(state.log):]):
            said += (f" A ship of yours stands on that hub, so the die also catches a fish: one bonus fish "
                     f"({ACTIVATE}).")
    return said


def free_say(state: State) -> str:
    return (f"Round {getattr(state, 'round', 1)} of 4. Round 1 showed every phase; the next rounds go the "
            f"same way. After rounds 2 and 4 the mid-game scoring pays the two scoring tiles of the period "
            f"and the cards your ships crossed ({MIDGAME}); after round 4 comes the final scoring: harbours, "
            f"the cards your ships passed, end-game icons, goods, minus interference ({FINAL}). Play on "
            f"yourself and ask for a hint when you are unsure.")


def ask(state: State, a: Any) -> str:
    """The move a step asks for, in a few words."""
    kind, k = state.pending[-1].kind, _kind(a)
    x, y, _ = _nums(a)
    if k == "decline":
        return "decline"
    by_decision = {
        "bonus": lambda: "take the starting bonus tile that gives {1} {0}".format(*state.data.bonus[x]),
        "draft": lambda: f"keep the {x}", "income": lambda: f"spend the {x} for income",
        "reward": lambda: f"choose to {_reward(state, x)}", "pick": lambda: f"buy {_card_name(state, x)}",
        "place": lambda: f"place {_placed_name(state)} in lane {x + 1}, slot {y + 1}",
        "win": lambda: f"place {_placed_name(state)} in lane {x + 1}, slot {y + 1}",
        "neko": lambda: f"take {x} fuel from Neko Harbour and the rest in coins"}
    by_move = {
        "fish": lambda: f"take a fish with the {x}", "bid_die": lambda: f"put a {x} on the card",
        "end": lambda: "end the turn", "move": lambda: f"move your ship in lane {x + 1}",
        "harbour": lambda: "open a harbour", "ship": lambda: f"buy a ship for lane {x + 1}",
        "bid": lambda: f"bid on {_card_name(state, getattr(state, 'spaces', [0] * (x + 1))[x])}"}
    words = by_decision.get(kind) or by_move.get(k)
    return words() if words else str(a)


def _placed_name(state: State) -> str:
    placing = card_to_place(state)
    return state.card(placing[0]).name if placing else "the card"


def why_not(state: State, wanted: Any, action: Any) -> str | None:
    from .journey_words import consequence
    return f"{consequence(state, action, wanted)}; this step asks you to {ask(state, wanted)}"


# ---------------------------------------------------------------------------------- the finale
CATEGORIES = {
    "mid-game tiles": f"3 points for each mid-game scoring tile you met after rounds 2 and 4 ({MIDGAME})",
    "ship travel": f"points for the cards each ship had crossed at each mid-game scoring ({MIDGAME})",
    "Seaside Town": f"points bought with goods at a Seaside Town ({CARDS})",
    "harbours": f"1, 3, 6, 11 or 19 points for 1 to 5 harbours ({FINAL})",
    "cards": f"the points of every card a ship passed (a port only once filled) ({FINAL})",
    "end-game icons": f"cards that score at the end by their own count ({FINAL})",
    "goods": f"1 point per good left in your cabin ({FINAL})",
    "interference": (f"minus points for interference tiles: "
                     + ", ".join(number(sc.interference_points(n)) for n in range(1, 6))
                     + f" for 1 to 5 tiles, and {-sc.INTERFERENCE_EXTRA} more for each tile beyond the fifth "
                       f"({FINAL})"),
}


def _count(n: int, one: str, many: str, where: str = "") -> str:
    return f"{n} {one if n == 1 else many}{where}"


def scoring_cards(state: State, seat: int) -> tuple[int, int, int]:
    """(cards in the seat's lanes, cards a ship passed, of those the ones that score: a port only once
    every cargo space holds a good), from the public board, as Final Scoring counts them."""
    b = state.boards[seat]
    passed = state.passed_slots(seat)
    placed = ships = scoring = 0
    for k, cid in enumerate(b.lanes):
        if not cid:
            continue
        placed += 1
        if k in passed:
            ships += 1
            c = state.card(cid)
            scoring += c.type != "port" or b.cargo[k] >= len(c.cargo)
    return placed, ships, scoring


def _cards_detail(state: State, seat: int) -> str:
    placed, passed, scoring = scoring_cards(state, seat)
    said = f"{_count(scoring, 'card', 'cards')} scored, of {placed} in the ship lanes"
    if passed != placed:
        said += f"; {placed - passed} no ship passed"
    if scoring != passed:
        said += f"; {_count(passed - scoring, 'passed port', 'passed ports')} not filled"
    return said


def detail(state: State, seat: int, category: str) -> str | None:
    b = state.observation(seat)["boards"][seat]
    said = {"harbours": lambda: _count(b["harbours"], "harbour", "harbours", " open"),
            "goods": lambda: _count(b["goods"], "good", "goods", " in the cabin"),
            "interference": lambda: _count(b["interference"], "interference tile", "interference tiles"),
            "cards": lambda: _cards_detail(state, seat)}
    return said[category]() if category in said else None


def section(state: State, a: Any) -> str:
    """The section of the move itself, whatever the words around it cite (a ship moved while the turn
    order is being explained is still a free action): the game's own answer, the section its log and its
    explanations file the move under, so that the lesson keeps no second map of its own."""
    return move_section(state, a)


def epilogue(state: State) -> str:
    """The rules a full game has that this one did not show (or not to the learner)."""
    said = [f"a tie on points goes to the player with the most coins left, and if still equal to the one "
            f"earlier in the last turn order ({FINAL})"]
    done = {(d, _kind(a)) for d, a in _learner_moves(state)}
    unused = [words for key, words in (
        (("turn", "take_die"), "3 fish buy one die from the discard area, keeping its value, at most one a turn"),
        (("turn", "unjam"), "5 coins remove an interference tile"),
        (("turn", "ship"), "a new ship costs 3, 5, 7, ... coins, at most as many per lane as you have harbours"),
        (("turn", "adjust"), "1 fuel turns a die one up or down, 6 and 1 wrapping round"))
        if key not in done]
    if unused:
        said.append("free actions you did not use: " + "; ".join(unused) + f" ({FREE})")
    said += [f"{words} ({rule})" for key, words, rule in UNMET if not done & key]
    if not any(e.seat == 0 and "catch a fish" in e.text and e.rule == MOVE for e in state.log):
        said.append(f"a ship entering a hub that holds a die catches a bonus fish, but not when another ship is "
                    f"already there ({MOVE})")
    opts = state.options
    left_out = [w for key, w in (("advanced_cards", "three advanced cards on the board, resolved first"),
                                 ("advanced_setup", "an advanced set-up with every card of a period on display"))
                if not opts.get(key)]
    if left_out:
        said.append(f"the Advanced Game's variants were left out: {' and '.join(left_out)} ({ADVANCED})")
    return "Rules this game did not show you: " + "; ".join(said) + "."


#: rules the lesson teaches at the learner's first move of a kind, told in the finale when no such move came
UNMET = (
    ({("turn", "hub"), ("turn", "card")}, "each hub and each card takes only one die a round", ACTIVATE),
    ({("turn", "harbour")}, "a ship lane has room for five cards; more cards need more harbours", HARBOUR),
    ({("win", "place")}, "a card won and paid for goes into a lane at once, and no harbour can be opened while "
                         "the bidding resolves, so room is made in the Action Phase", PLACE),
    ({("win", "decline")}, "a winner who declines the card gets no fish for its own dice on it", RESOLVE),
    ({("place", "lightning"), ("win", "lightning")}, "a card with a lightning icon acts once the moment it is "
                                                      "placed", PLACE),
)


def _learner_moves(state: State) -> list[tuple[str, Any]]:
    """(decision, move) for each move of the learner's seat (replayed from the start)."""
    s = type(state)(players=state.players, seed=state.seed, **dict(state.options))
    out = []
    for a in state.history():
        if s.current_player == 0:
            kind = s.pending[-1].kind
            out.append((kind, a))
            placing = card_to_place(s) if kind in ("place", "win") and _kind(a) == "place" else None
            if placing and "lightning" in s.card(placing[0]).icons:
                out.append((kind, LIGHTNING))
        s.apply(a)
    return out


class _Lightning:
    kind = "lightning"          # a card with the lightning icon placed (a mark in _learner_moves)


LIGHTNING = _Lightning()


def _agent_pick(agent: DeterministicBot):
    def pick(state: State, legal: list) -> Hashable | None:
        return agent.choose(state)
    return pick


#: decisions never played for the learner, as they differ every time: the starting bonus, income (the die
#: and what the cards pay), the reward, a card bought or won and its place, the last moves, the lottery
NEVER_AUTO = ("bonus", "income", "reward", "pick", "place", "win", "final", "lottery")
NEWS = (MIDGAME, FINAL, RESOLVE, MARKET, ORDER)


def _rule_of(state: State, action: Any) -> str:
    child = state.clone()
    child.apply(action)
    return next((e.rule for e in child.log[len(state.log):] if e.rule and e.seat == 0), "")


def nothing_new(state: State, wanted: Any) -> bool:
    """Played for the learner: a move whose section the learner has already used (drafting and bidding:
    twice), except the decisions that differ every time (NEVER_AUTO: the starting bonus, income, rewards,
    cards bought or won and their places, the last moves, the lottery)."""
    if state.pending[-1].kind in NEVER_AUTO or _catches(state, wanted):
        return False
    key = (state.pending[-1].kind, _kind(wanted))
    return _done_before(state, key) >= (2 if key[1] in ("draft", "bid_die", "bid") else 1)


def _catches(state: State, move: Any) -> bool:
    """Does the move catch a bonus fish (a ship entering a hub with a die, a die placed under a ship)?"""
    if _kind(move) not in ("move", "hub"):
        return False
    child = state.clone()
    child.apply(move)
    return any(e.seat == state.current_player and "catch a fish" in e.text for e in child.log[len(state.log):])


def _done_before(state: State, key: tuple[str, str]) -> int:
    """How many times the learner has made a move of this (decision, kind) so far (replayed)."""
    s = type(state)(players=state.players, seed=state.seed, **dict(state.options))
    n = 0
    for a in state.history():
        if s.current_player == 0 and (s.pending[-1].kind, _kind(a)) == key:
            n += 1
        s.apply(a)
    return n


def losing_fish(events: list, seat: int) -> int:
    """How many of the seat's dice lost a bid among these events (one fish each, at Resolve Bidding)."""
    return sum(1 for e in events if e.seat == seat and e.rule == RESOLVE and e.data.get("item") == "fish")


def _news(lesson: Lesson, state: State) -> str:
    moves, events = lesson.since_taught(state)
    said = []
    if moves:
        said.append(f"{len(moves)} routine move{'s' if len(moves) != 1 else ''} of yours ("
                    + "; ".join(str(m) for m in moves[:8]) + ("; ..." if len(moves) > 8 else "") + ")")
    scored = [f"{'you' if e.seat == 0 else 'Player 2'}: {e.text}" for e in events
              if e.rule in (MIDGAME, FINAL) and e.seat is not None and e.text]
    if scored:
        said.append("the mid-game scoring (it comes after rounds 2 and 4): " + "; ".join(scored[:6])
                    + f". Each mid-game tile met pays 3 points, and every ship scores 0/0/1/2/4/7 for 0 to 5 cards "
                    f"crossed ({MIDGAME})")
    won = [e.text if "goes to" in e.text else f"Player 2 {e.text}" for e in events
           if e.rule == RESOLVE and e.seat == 1 and e.text]
    mine = losing_fish(events, 0)
    if mine:
        won.append(f"you lost a bid with {_count(mine, 'die', 'dice')} on the card and get 1 fish per die")
    if won:
        said.append("at the bidding: " + "; ".join(won[:4]))
        earlier = state.log[:len(state.log) - len(events)]
        if any(losing_fish(events, s) for s in range(state.players)) and not any(
                losing_fish(earlier, s) for s in range(state.players)):
            said.append(f"that is the bidding's consolation: whoever loses a bid gets 1 fish for each die "
                        f"they had put on the card, the freezer's limit permitting ({RESOLVE})")
    over = [g for g in _gains(events, 0) if g[3]]
    if over:
        n, item, why, lost = over[0]
        some = f"the {n} {item}" if lost == n else f"{lost} of the {n} {item}"
        source = f" from {why}" if why[:1].isupper() else f" ({why})" if why else ""
        said.append(f"{some} you gained{source} went back to the supply, as your cabin holds at "
                    f"most {CABIN} fuel and goods together and your freezer {FREEZER} fish ({SETUP})")
    tied = [e for e in events if e.rule == ORDER and len(set(e.data.get("totals", []))) < len(e.data.get("totals", []))]
    if tied:
        e = tied[0]
        said.append(f"the dice totals tied at {max(e.data['totals'])}, so the order of the round before "
                    f"decided: Player {e.data['order'][0] + 1} plays first ({ORDER})")
    return ("Since your last taught step: " + plain_names(state, "; ".join(said)) + ". ") if said else ""


CARD_NUMBER = re.compile(r" #(\d+)\b")


def plain_names(state: State, text: str) -> str:
    """Cards named as a player names them, without the number the log gives them ("Port #20" -> "Port"),
    unless two different cards of that name are in the text and the numbers tell them apart."""
    found: dict[str, set[int]] = {}
    spans = []
    for m in CARD_NUMBER.finditer(text):
        try:
            name = state.card(int(m.group(1))).name
        except Exception:
            continue
        if text[:m.start()].endswith(name):
            found.setdefault(name, set()).add(int(m.group(1)))
            spans.append((m, name))
    for m, name in reversed(spans):
        if len(found[name]) == 1:
            text = text[:m.start()] + text[m.end():]
    return text


def LESSON(seed: int = SEED) -> Lesson:
    seed = checked_seed(seed)
    """The Journey lesson: the whole game guided; moves that teach nothing new are routine steps."""
    from ...core.registry import game_class
    guide = DeterministicBot("journey", game_class(GAME), seat_seed(seed, 100))
    teach = [Teach("", _agent_pick(guide), say, why_not, section=section)]
    intro = (f"Welcome to A Pleasant Journey to Neko. You are Player 1, travelling against the Journey agent "
             f"(Player 2). The game lasts four rounds; each round has a Morning Market, a Preparation phase "
             f"(draft dice, income, a reward, the turn order) and an Action Phase where dice buy cards, fish "
             f"and resources ({R}Course of the Game). The whole game is guided: each step says what to do and "
             f"why, and a different move is explained and can be retried. A move that teaches nothing new (a "
             f"third draft, another fish) is a short routine step, and the next taught step sums up what was "
             f"played and scored meanwhile: the mid-game scoring after rounds 2 and 4, then the final scoring, "
             f"explained category by category.")
    les = Lesson(GAME, PLAYERS, seed, intro, teach, free_say, CATEGORIES, seat=0, bot="journey",
                 detail=detail, title="A Pleasant Journey to Neko: your first game", until=lambda s: s.is_over(),
                 auto=nothing_new, news=_news, epilogue=epilogue)
    return les
