"""A Pleasant Journey to Neko for learning and search tools: action ids, the observation tensor,
declared limits (see core/spaces.py for what each name means).

An action is Act(kind, a, b, c). Its id names the choice: the kind and the fields a player picks (a
die face, a lane and slot, a hub, a card number, a bidding space); the reward or bonus a tile carries
(b, c of "bonus", c of "reward"/"lottery") is read off the chart and is not part of the id. Only what a
game can hold has an id: die faces 1 to 6 (a die is adjusted around from 6 to 1, Journey › Free
Actions), card numbers from 1 (the observation tensor's counts keep a slot 0 for face and card 0, never
set).

Bounds, argued from the rules (Course of the Game, Action Phase, Free Actions, Final Scoring):
- 4 rounds. In a round a seat meets each step's decision a bounded number of times: the market at
  most one sale a fish (at most 8 in the freezer) and "done"; 6 drafted dice; income, rewards,
  card picks and placing a few times. In the Action Phase every decision but "end" spends a die (at
  most 6, plus discarded dice taken with fish or Penguin Park), a once-a-round power, or stock
  (fuel and goods at most 8 in the cabin, 8 fish, coins spent at least 2 at a time); coins and
  stock come back only from those same spends. A Seaside exchange is such a spend; the one pair that
  refills itself, the Trader's coins -> fuel beside the Merchant's fuel -> coins, runs only as often
  as the coins -> fuel leg, which exchange_limit caps (the bound holds for a whole-number limit, the
  default 8; None lifts it, and with it this bound). Counting every spend as one decision with at most
  8 + 8 + 8 + 6 + 8 units refilled at most once per die spent gives at most 300 decisions a seat and
  round: MAX_GAME_LENGTH = 4 rounds * 4 seats * 300 + the final spend (ships and goods: 4 * 60).
- MAX_LEGAL_ACTIONS: ids are distinct among the legal actions (checked), so no list is longer than
  the vocabulary.
- Scores: interference is at worst -12 and -3 a tile beyond the fifth, at most one tile a card won
  (50 cards): -147. The positive categories (ships at most 7 a crossing for 24 ships at two
  scorings, harbours 19, tiles 3 each, cards, icons and goods on at most 25 spaces) stay below 1000.
- Chance: dice are rolled every round: "mid-game".
"""
from __future__ import annotations

from neko_lab.core.spaces import Field, Layout, counts, number, one_hot, padded

from .. import data as jdata
from .facts import DICE, MAX_LANES, SLOTS, Act
from .state import STAGES, GameState

CARDS = jdata.CARD_NUMBERS + 1   # card numbers 0..50 (0 = no card); a card file may number up to 50
SPACES = 16
LANE_POS = 24               # positions in a lane: 4 a slot edge and hub
SHIP_KEYS = MAX_LANES * 32  # ships and hub dice are keyed lane * 32 + position
FACES = DICE + 1            # tensor counts by face: faces are 1..6 (slot 0 unused)
FACE_IDS = range(1, DICE + 1)  # the faces an id can name: 1..6
CARD_IDS = range(1, CARDS)     # the card numbers an id can name: 1..50
MAX_GAME_LENGTH = 4 * 4 * 300 + 4 * 60
CHANCE = "mid-game"
SCORE_BOUNDS = (-147, 1000)
DECISIONS = tuple(sorted(GameState.DECISIONS))
STAGE_NAMES = tuple(sorted(STAGES))
SINGLE = ("decline", "done", "end", "fish_coins", "fish_fuel", "harbour", "unjam", "hospital", "pass",
          "keep_fish", "post_office")
FACE_KINDS = ("bid_die", "draft", "fish", "income", "tile_reroll")
LANE_SLOT = ("cargo", "place", "church_card")
LANE_POSITION = ("hub", "move", "lighthouse", "church")
REWARDS = len(jdata.REWARDS)


def action_keys(players: int, options: dict) -> list:
    keys: list = [(k,) for k in SINGLE]
    keys += [(k, v) for k in FACE_KINDS for v in FACE_IDS]
    keys += [(k, v, d) for k in ("adjust", "tile_adjust") for v in FACE_IDS for d in (-1, 1)]
    keys += [("take_die", v, park) for v in FACE_IDS for park in (0, 1)]
    keys += [("bid", i) for i in range(SPACES)] + [("park_bid", i, v) for i in range(SPACES) for v in FACE_IDS]
    keys += [(k, lane, slot) for k in LANE_SLOT for lane in range(MAX_LANES) for slot in range(SLOTS)]
    keys += [("card", lane, slot, v) for lane in range(MAX_LANES) for slot in range(SLOTS) for v in FACE_IDS]
    keys += [(k, lane, pos) for k in LANE_POSITION for lane in range(MAX_LANES) for pos in range(LANE_POS)]
    keys += [(k, face, r) for k in ("reward", "lottery") for face in FACE_IDS for r in range(REWARDS)]
    keys += [("bonus", i) for i in range(8)] + [("pick", c) for c in CARD_IDS]
    keys += [("new_bid", c) for c in range(CARDS)]
    keys += [("sell", i) for i in range(3)] + [("exchange", i) for i in range(4)] + [("city", i) for i in range(2)]
    keys += [("neko", f) for f in range(41)] + [("ship", lane) for lane in range(MAX_LANES)]
    return keys


def action_key(state, act) -> tuple:
    k = act.kind
    if k in SINGLE:
        return (k,)
    if k in FACE_KINDS or k in ("bid", "bonus", "pick", "new_bid", "sell", "exchange", "city", "neko", "ship"):
        return (k, act.a)
    if k in ("reward", "lottery"):
        return (k, act.a, act.b)
    if k == "card":
        return (k, act.a, act.b, act.c)
    return (k, act.a, act.b)


def action_of(state, key: tuple):
    """The action `key` names, legal or not (a refused id then gets the rule that refuses it); what a
    reward or bonus tile gives is not in the key and stays 0."""
    return Act(*key)


def key_words(key: tuple) -> str:
    """An id in words, from the id alone: the action's own words, except for what a starting bonus tile
    or a reward gives, which is not in the id."""
    kind = key[0]
    if kind == "bonus":
        return f"take starting bonus tile {key[1] + 1}"
    if kind in ("reward", "lottery"):
        head = "dice reward" if kind == "reward" else "Lottery reward"
        return f"{head} of face {key[1]}: {jdata.REWARDS[key[2]].replace('_', ' ')}"
    return str(Act(*key))


def _board(k: int):
    def get(o: dict) -> list[float]:
        b = o["boards"][k]
        ships = counts(b["ships"], SHIP_KEYS)
        hubs = [0.0] * SHIP_KEYS
        for key, v in b["hub_dice"]:
            hubs[key] = float(v)
        cards = [0.0] * (MAX_LANES * SLOTS)
        for key, v in b["card_dice"]:
            cards[key] = float(v)
        lanes = [float(c) for lane in b["lanes"] for c in lane]
        return ([float(b[x]) for x in ("coins", "fuel", "goods", "fish", "interference", "harbours")]
                + counts(b["dice"], FACES) + padded(lanes, MAX_LANES * SLOTS) + ships + hubs + cards
                + padded(b["cargo"], MAX_LANES * SLOTS, 0.0) + [float(v) for v in b["points"].values()])
    return get


BOARD = 6 + FACES + 3 * MAX_LANES * SLOTS + 2 * SHIP_KEYS + 8
POWERS = 8 + 4 + 4


def _decision_numbers(o: dict) -> list[float]:
    d = o.get("decision_data")
    vals = d if isinstance(d, list) else [d]
    return padded([float(v) for v in vals if isinstance(v, (int, float))], 3)


def layout(players: int, options: dict) -> Layout:
    n = players
    tiles = [t.name for t in jdata.load_cached(None).tiles]
    fields = [
        Field("seat", n, "one-hot: the seat observing", lambda o: one_hot(o["seat"], n)),
        Field("to_act", n, "one-hot: the seat deciding (all 0 once over)", lambda o: one_hot(o["to_act"], n)),
        Field("round", 2, "round (1-4) and period (1-2)", lambda o: [float(o["round"]), float(o["period"])]),
        Field("stage", len(STAGE_NAMES), "one-hot: the step of the round (" + ", ".join(STAGE_NAMES) + ")",
              lambda o: one_hot(STAGE_NAMES.index(o["stage"]) if o["stage"] in STAGE_NAMES else None,
                                len(STAGE_NAMES))),
        Field("order", n, "turn order: the seats in order", lambda o: padded(o["order"], n)),
        Field("decision", len(DECISIONS), "one-hot: the open decision (" + ", ".join(DECISIONS) + ")",
              lambda o: one_hot(DECISIONS.index(o["decision"]) if o["decision"] else None, len(DECISIONS))),
        Field("turn_progress", 5, "the turn so far: main action (0 none, 1 fish, 2 bid, 3 activation), "
              "space bid on (-1), dice placed in this bid, a discarded die taken, the seat on turn (-1)",
              lambda o: [float(v) for v in o["turn_progress"]]),
        Field("decision_data", 3, "the open decision's own numbers (a discount, a card, a die; -1 beyond)",
              _decision_numbers),
        Field("deck_sizes", 2, "cards left in the period 1 and period 2 decks", lambda o: padded(o["deck_sizes"], 2)),
        Field("spaces", SPACES, "card number on each bidding space (0 empty, -1 no such space)",
              lambda o: padded(o["spaces"], SPACES)),
        Field("bids", SPACES * n * FACES, "per space, per seat: dice of each face bid there",
              lambda o: [v for sp in padded_spaces(o["bids"], n) for seat in sp for v in counts(seat, FACES)]),
        Field("display", CARDS, "multi-hot over card numbers: the cards on display", lambda o: counts(o["display"], CARDS)),
        Field("discard", FACES, "discarded dice by face", lambda o: counts(o["discard"], FACES)),
        Field("tiles", len(tiles), "multi-hot over scoring tiles: the ones in play",
              lambda o: counts([tiles.index(t) for t in o["tiles"]], len(tiles))),
        Field("bonus_left", 8, "multi-hot: starting bonus tiles not yet taken", lambda o: counts(o["bonus_left"], 8)),
        Field("drawn", CARDS, "multi-hot: cards drawn for the observer to pick from",
              lambda o: counts(o["drawn"], CARDS)),
        Field("drawn_count", 1, "cards drawn for the seat picking", lambda o: number(o["drawn_count"])),
        Field("pools", n * FACES, "draft pools by seat and face (zeros outside the draft)",
              lambda o: [v for p in (o.get("pools") or [[]] * n) for v in counts(p, FACES)]),
        Field("my_pick", 1, "the observer's pick in this draft pass (-1 none)",
              lambda o: number(o.get("my_pick") or None)),
    ]
    for k in range(n):
        fields.append(Field(
            f"board{k + 1}", BOARD,
            f"seat {k + 1}'s board: coins, fuel, goods, fish, interference, harbours; dice by face; card "
            "numbers by lane x slot; ships by lane*32+position; die face on each hub; die face on each card "
            "space; cargo by lane x slot; points by category", _board(k)))
        fields.append(Field(
            f"powers{k + 1}", POWERS,
            f"seat {k + 1}'s round powers: tile adjusts, tile rerolls, Penguin Park takes, lighthouse, "
            "hospital used, harbour discount, church dice left, new Park bids; exchanges open and used",
            (lambda k: lambda o: [float(v) for v in o["powers"][k]])(k)))
    return Layout(fields)


def padded_spaces(bids: list, n: int) -> list:
    return list(bids) + [[[] for _ in range(n)]] * (SPACES - len(bids))


MAX_LEGAL_ACTIONS = len(action_keys(4, {}))
