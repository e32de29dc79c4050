"""What a learner is told about a move of A Pleasant Journey to Neko (wired as ``GameState.explainer``; read
by neko_lab.learn).

why(): the condition that made the move legal with this position's numbers (the dice in hand, the hub's
number a die must match, the faces that wake a card, the coins a purchase needs). counts(): coins, fuel,
goods, fish, dice and cards as players name them. The dice a seat drafts stay its own until they are
revealed; the counts of its board are public.
"""
from __future__ import annotations

from neko_lab.core.errors import counted
from typing import Any, Hashable

from .rules import facts as f
from .rules.facts import ACTIVATION, LANE_SHIFT, SLOTS, Act, ship_cost, where
from .scoring import FISH_FOR_DISCARDED_DIE
from .rules.free_actions import TURN as FREE_TURN, die_fish_cost
from .rules.preparation import direct_price
from .rules.refusals import DECISION_RULES
from .rules.ship_lanes import gap_cost, hub, placements

HINT_SAMPLES = 12         # sampled futures per hint (neko_lab.learn.hint): a game plays out in milliseconds
# look-ahead actions in all, by players: from mid-game on, enough to play the futures to the end; a 3- or
# 4-player action costs more (more boards). CPU per hint(k=3) at positions 0/30/60/120 (3 players) and
# 0/40/160/240 (4 players) of a seed-0 game, measured side by side on a loaded machine (load about 5, one
# core): 20,000 and 15,000 actions took 1.24-1.50 s (3 players) and 1.03-1.34 s (4 players); 12,000 and
# 10,000 up to 0.94 and 0.95 s; 9,000 and 7,500 at most 0.85 and 0.66 s, kept for the margin. Later
# (2026-12-07, load about 6 on two cores), at every decision of a two-player learner following the first
# hint (seed 1) 20,000 took a median 249 ms and up to 879, and busier moments pushed a hint over a second
# of wall time; 12,000: 319 / 603 ms (positions every 5 actions of seeds 0-1: 381 / 785 ms at 20,000; the
# first of them at 12,000 worst 640 ms where 20,000 took 900; the first hint the game's own agent's move
# in 45 of 94 at both). Every 15 actions of a seed-0 game: 3 players 9,000 took 569 / 922 ms, 6,000
# 369 / 602; 4 players 7,500 took 449 / 587 ms, 5,000 270 / 665 ms (a worst within noise). Following the
# first hint at 12,000 against the game's own agent won 4 of 4 two-player games, mean lead +25.2
HINT_BUDGET = {2: 12_000, 3: 6_000, 4: 5_000}


def _dice(values: list[int]) -> str:
    vals = sorted(values)
    return ", ".join(str(v) for v in vals) if vals else "none"


def label(s: Any, action: Hashable, viewer: Any) -> str:
    """The move as `viewer` may read it: a die kept in the draft stays its owner's until the reveal; a
    card bought names the card to whoever saw the cards on offer (the buyer; everyone when the advanced
    set-up's display offered it), and to the others is one of the cards drawn."""
    own = viewer in ("all", s.current_player)
    if type(action) is Act and action.kind == "draft" and not own:
        return "draft a die"
    if type(action) is Act and action.kind == "pick" and action.a:
        shown = own or (s.pending and s.pending[-1].kind == "pick" and s.pending[-1].data[1])
        return f.card_named(s, action) if shown else "buy one of the cards drawn"
    return str(action)


def narrate(s: Any, action: Hashable, viewer: Any) -> str | None:
    """A die kept in the draft told to its owner as every other move's line reads ("picks a 3"), where
    the other seats read "picks a die"; None for anything else."""
    if type(action) is Act and action.kind == "draft" and viewer in ("all", s.current_player):
        return f"picks a {action.a}"
    return None


# the section of a move of a turn, as the game's log files it (for a headline when the move logs nothing)
CARD_FREE = ("hospital", "tile_adjust", "tile_reroll", "exchange", "lighthouse")
TURN_SECTIONS = {"fish": f.R_FISH, "bid": f.R_BID, "bid_die": f.R_BID, "new_bid": f.R_NEW_BID,
                 "hub": f.R_ACTIVATE, "card": f.R_ACTIVATE, "end": f.R_ACTION,
                 **{k: (f.R_CARDS if k in CARD_FREE else f.R_FREE) for k in FREE_TURN}}


# sections of what a move sets off rather than of the move: the next round begun by the last sale at the
# Morning Market (its draft roll), the end of a round, the mid-game and final scoring (explain_move's
# headline cites the move's own section instead: "done" at the market is the Morning Market's)
AFTERMATH = frozenset({f.R_COURSE, f.R_DRAFT, f.R_PREPARE, f.R_MIDGAME, f.R_GAME_END, f.R_FINAL})


def section(s: Any, action: Hashable) -> str:
    """The rulebook section of `action` itself, played in `s`: what the headline of a move that logs
    nothing cites (a card bought with a dice reward, "done" at the market or at the game's end)."""
    if not s.pending or type(action) is not Act:
        return ""
    top, k = s.pending[-1], action.kind
    if top.kind == "turn":
        if k == "take_die" and action.b:              # a die taken through Penguin Park
            return f.R_CARDS
        return TURN_SECTIONS.get(k, "")
    if top.kind == "pick":                            # a direct buy: the reward or card that offered it
        return top.data[2]
    if top.kind == "win":
        return f.R_RESOLVE if k == "decline" else f.R_PLACE
    return DECISION_RULES.get(top.kind, "")


def die_price(s: Any, seat: int, action: Act) -> tuple[str, str]:
    """What taking a discarded die costs `seat`, in words, and the section that sets the price: 3 fish
    (Free Actions), 2 with the Seaside Town (Fish Market), none with a second or third Penguin Park's take
    (action.b = 1; Card Reference Guide)."""
    if action.b:
        return "a second or third Penguin Park lets you take a die from the discard area for no fish", f.R_CARDS
    fish = die_fish_cost(s, seat)
    bought = f"{fish} fish buy a die from the discard area"
    return (bought, f.R_FREE) if fish == FISH_FOR_DISCARDED_DIE else (
        bought + " (your Seaside Town's Fish Market price)", f.R_CARDS)


def why(s: Any, action: Hashable, viewer: Any) -> list[str]:
    if type(action) is not Act:
        return []
    seat = s.current_player
    b = s.boards[seat]
    k = action.kind
    own = viewer == "all" or viewer == seat        # the seat's own dice and drafted pool
    if k == "draft":
        pool = f" from the dice passed to you ({_dice(s.pools[seat])})" if own else ""
        return [f"in the draft each player keeps one die{pool} and passes the rest on; the dice kept stay "
                f"hidden until everyone has chosen ({f.R_DRAFT})."]
    if k == "income":
        return [f"before the actions every player discards one of its dice and takes that many coins: a "
                f"{action.a} gives {counted(action.a, 'coin')} ({f.R_INCOME})."]
    if k == "fish":
        dice = f" (your dice: {_dice(b.dice)})" if own else ""
        return [f"taking fish is a main action open to any die{dice}: discard a {action.a} for 1 fish, "
                f"as many dice as you like in the same turn ({f.R_FISH})."]
    if k == "hub":
        found = hub(s, b.lanes, action.a, action.b)
        mult, item = found if found else (0, "")
        return [f"{where(action.b)} of lane {action.a + 1} is a complete hub of {item} with number {mult}, "
                f"and a die of exactly {mult} may activate it; you had one and no die was on it yet "
                f"({f.R_ACTIVATE})."]
    if k == "card":
        card = s.C[b.lanes[action.a * SLOTS + action.b]]
        faces = ", ".join(str(v) for v in sorted(ACTIVATION.get(card.name, ())))
        return [f"{card.name} in lane {action.a + 1}, slot {action.b + 1} wakes up with a die showing {faces}; "
                f"your {action.c} is one of them and no die was on it yet this round ({f.R_ACTIVATE})."]
    if k == "new_bid":
        free = [i for i in range(s.n_adv, len(s.spaces)) if not s.spaces[i]]
        left = (f"space {free[0] + 1} was the first free one, {counted(len(free), 'space')} free in all"
                if free else "a space was free")
        if action.a:
            card = (f"card #{action.a}, chosen from the open piles where every card is on offer "
                    f"({f.R_ADV_SETUP}),")
        else:
            card = "the deck's top card"
        return [f"in the advanced game a main action may open a bid on a card not yet in the bidding area, "
                f"as long as a bidding space is free: {card} goes onto the first free space, reading the "
                f"area left to right and row by row ({left}); you then put dice on it as on any bid, and "
                f"the round's end settles it with the others ({f.R_NEW_BID})."]
    if k == "bid":
        return [f"bidding is a main action: put dice on a card space nobody has won yet, the highest total "
                f"takes the card at the end of the round ({f.R_BID})."]
    if k == "bid_die":
        return [f"once you bid, you add dice to the same space; a {action.a} raises your bid by {action.a} "
                f"({f.R_ON_BIDDING})."]
    if k == "end":
        return [f"a turn ends once its main action is done and every bid it started is settled ({f.R_ACTION})."]
    if k == "place":
        lanes = "your one open harbour" if b.harbours == 1 else f"one of your {b.harbours} open harbours"
        return [f"a bought card goes into a slot of an open ship lane: lane {action.a + 1} is {lanes} and slot "
                f"{action.b + 1} was free ({f.R_PLACE})."]
    if k == "sell":
        return [f"at the Morning Market a fish sells at the market's rate; you had {b.fish} fish ({f.R_MARKET})."]
    if k == "done":
        if s.pending[-1].kind == "market":
            return [f"selling fish at the Morning Market is optional: you may stop selling at any point, "
                    f"{b.fish} fish still in your freezer ({f.R_MARKET})."]
        return [f"after the last round each player may still move ships and load goods, or stop: nothing "
                f"forces you to spend them ({f.R_GAME_END})."]
    if k == "adjust":
        return [f"a fuel turns a die one step up or down (6 and 1 wrap round); you had {b.fuel} fuel "
                f"({f.R_FREE})."]
    if k == "fish_coins":
        return [f"a fish can always be spent for 2 coins; you had {b.fish} fish ({f.R_FREE})."]
    if k == "fish_fuel":
        return [f"a fish can always be spent for 1 fuel; you had {b.fish} fish ({f.R_FREE})."]
    if k == "unjam":
        return [f"5 coins remove an interference tile; you had {counted(b.coins, 'coin')} and "
                f"{counted(b.interference, 'tile')} ({f.R_FREE})."]
    if k == "ship":
        owned = len(b.ships)
        in_lane = sum(1 for x in b.ships if x // LANE_SHIFT == action.a)
        return [f"ships cost 3, 5, 7, ... coins for your 2nd, 3rd, 4th, ...: you had {owned}, so this one "
                f"cost {ship_cost(owned + 1)} and you had {counted(b.coins, 'coin')}; a lane may hold as many ships as "
                f"you have harbours open, and lane {action.a + 1} held {in_lane} of {b.harbours} ({f.R_FREE})."]
    if k == "harbour":
        return [f"a new harbour opens another ship lane; you had {b.harbours} open ({f.R_FREE})."]
    if k == "bonus":
        return [f"at set-up each player takes one starting bonus tile still on offer ({f.R_SETUP})."]
    if k in ("reward", "lottery"):
        gives = (f.reward_given(f.jdata.REWARDS[action.b], action.c) if 0 <= action.b < len(f.jdata.REWARDS)
                 else "its reward")
        if k == "lottery":
            die = s.pending[-1].data
            return [f"the Lottery pays one reward of the dice reward chart at the face of its die or lower: "
                    f"the die shows {die}, so faces 1-{die} are open, and face {action.a} gives {gives} "
                    f"({f.R_CARDS})."]
        low = min(b.dice)
        open_faces = "face 6 is" if low == 6 else f"faces {low}-6 are"
        return [f"you take one reward of the dice reward chart at your lowest die's face or higher: your "
                f"lowest die is {low}, so {open_faces} open, and face {action.a} gives {gives} "
                f"({f.R_REWARDS})."]
    if k == "move":
        return [f"a ship sails on along its lane, paying fuel for the distance; you had {b.fuel} fuel "
                f"({f.R_FREE})."]
    if k == "take_die":
        price, rule = die_price(s, seat, action)
        had = f"{counted(b.park_takes, 'such take')} left this round" if action.b else f"{b.fish} fish"
        return [f"{price}, one discarded die a turn; you had {had} ({rule})."]
    if k == "lighthouse":
        return [f"your Light House picks one of your hubs once a round: every time a ship or a die activates it "
                f"for the rest of the round it gives 2 more of its item (4 more coins); choosing pays nothing "
                f"now ({f.R_CARDS})."]
    if k == "cargo":
        return [f"a good may be loaded onto a port with free cargo room; you had {counted(b.goods, 'good')} "
                f"({f.R_FREE})."]
    if k == "hospital":
        return [f"your Hospital removes an interference tile once a round; you had "
                f"{counted(b.interference, 'interference tile')} ({f.R_CARDS})."]
    if k == "park_bid":
        return [f"your Penguin Park Variant lets a discarded die bid on a card space ({f.R_CARDS})."]
    if k == "city":
        return [f"your Southernmost City pays at income: 5 coins or 2 fuel, your choice ({f.R_CARDS})."]
    if k == "neko":
        return [f"Neko Harbour pays for your complete hubs: 1 coin for each, or 1 fuel for every 3, or a mix "
                f"({f.R_CARDS})."]
    if k in ("church", "church_card"):
        return [f"your Church lets up to 2 losing dice a round go onto your empty hubs at a number you choose, "
                f"instead of fish; {b.church_left} left this round ({f.R_CARDS})."]
    if k == "post_office":
        return [f"your Post Office lets you buy one of two cards drawn from this period's deck 2 coins cheaper "
                f"(1 coin at least) ({f.R_CARDS})."]
    if k == "tile_adjust":
        return [f"your +/-1 dice reward tile turns one unused die up or down once a round (1 and 6 wrap "
                f"round) ({f.R_CARDS})."]
    if k == "tile_reroll":
        return [f"your reroll dice reward tile rolls one unused die again once a round ({f.R_CARDS})."]
    if k == "exchange":
        return [f"a die on your Seaside Town card opens its exchange as a free action for the rest of the round "
                f"({f.R_CARDS})."]
    if k == "decline" and s.pending[-1].kind != "pick":      # a card won in the bidding, not placed
        won = s.C[s.spaces[s.pending[-1].data]]
        return [f"the winner of a bid may decline the card won ({won.name}) instead of paying for it and "
                f"placing it ({f.R_RESOLVE})."]
    if k in ("pick", "decline"):
        discount, _, rule = s.pending[-1].data
        if k == "decline":
            return [f"you may buy one of the cards offered, or none ({rule})."]
        card = s.C[action.a]
        price = direct_price(s, seat, action.a, discount)
        gaps = min((gap_cost(s, seat, p.a, p.b) for p in placements(s, seat, price)), default=0)
        cost = counted(price, "coin") + (f" (its price {card.cost}, less your discount)" if price != card.cost else "")
        extra = (f", plus at least {gaps} for the empty slots it must leave in a lane" if gaps else
                 ", with a slot free of gap cost to put it in")
        return [f"you may buy one of the cards offered, or none: {card.name} costs {cost}{extra}; you had "
                f"{counted(b.coins, 'coin')} ({rule})."]
    return []


def counts(s: Any, viewer: Any) -> dict[tuple[int | None, str], int]:
    out: dict[tuple[int | None, str], int] = {}
    for seat, b in enumerate(s.boards):
        out[(seat, "coins")] = b.coins
        out[(seat, "fuel")] = b.fuel
        out[(seat, "goods")] = b.goods
        out[(seat, "fish")] = b.fish
        out[(seat, "interference tiles")] = b.interference
        out[(seat, "dice in hand")] = len(b.dice)
        out[(seat, "cards in the ship lanes")] = sum(1 for c in b.lanes if c)
        out[(seat, "ships")] = len(b.ships)          # the starting ship and those bought, wherever they are
    return out
