"""Setting up Destination: Neptune positions for rule tests, then playing them through the engine."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.games.neptune.rules import BuildAt, Pass, Play, turn

RED, YELLOW, BLUE = 0, 1, 2        # sitting clockwise in that order


def game(players: int = 3, seed: int = 1, **options) -> nl.State:
    return nl.new_game("neptune", players=players, seed=seed, **options)


def loc(s, name: str) -> int:
    return s.data.location(name)


def tech(s, key: str) -> int:
    return s.data.tech(key)


def start_turn(s, seat: int) -> None:
    """Make `seat` the active player at the start of a turn."""
    s.pending.clear()
    s._legal = None
    s.active = seat
    turn.begin_turn(s, seat)
    s.check_invariants()


def give_card(s, seat: int, kind: str, fame: int | None = None) -> int:
    """Swap a card of `kind` (and fame value) into `seat`'s hand from wherever it is; return its id."""
    hand = list(s.hands[seat])
    for c in hand:
        card = s.data.cards[c]
        if card.kind == kind and (fame is None or card.fame == fame):
            return c
    want = next(c.id for c in s.data.cards if c.kind == kind and (fame is None or c.fame == fame)
                and c.generation >= s.generation + 1)
    out = hand.pop()
    places = [("hands", i) for i in range(s.players)] + [("decks", g) for g in range(4)]
    for attr, i in places:
        group = list(getattr(s, attr)[i])
        if want in group:
            if attr == "decks" and s.data.cards[out].generation != i + 1:
                # keep decks sorted by generation: put the card out of the hand in its own deck
                group.remove(want)
                g = s.data.cards[out].generation - 1
                s.decks[i] = tuple(group)
                s.decks[g] = s.decks[g] + (out,)
            else:
                group[group.index(want)] = out
                getattr(s, attr)[i] = tuple(sorted(group)) if attr == "hands" else tuple(group)
            break
    s.hands[seat] = tuple(sorted(hand + [want]))
    s._legal = None
    s.check_invariants()
    return want


def act(s, action) -> None:
    s.apply(action)
    s.check_invariants()


def play_card(s, seat: int, kind: str, fame: int | None = None) -> int:
    """`seat` starts a turn, sells nothing and plays a card of `kind` from hand."""
    start_turn(s, seat)
    card = give_card(s, seat, kind, fame)
    act(s, Pass("sell nothing"))
    act(s, next(a for a in s.legal_actions() if type(a) is Play and a.card == card))
    return card


def pick(s, cls, **fields):
    """The legal action of class `cls` whose fields have these values (exactly one)."""
    found = [a for a in s.legal_actions() if type(a) is cls
             and all(getattr(a, k) == v for k, v in fields.items())]
    assert found, f"no legal {cls.__name__} with {fields}; legal: {[str(a) for a in s.legal_actions()]}"
    return found[0]


def build(s, seat: int, what: str, where: str, **fields) -> BuildAt:
    assert s.current_player == seat, f"player {s.current_player + 1} is to build, not player {seat + 1}"
    a = pick(s, BuildAt, what=what, dest=loc(s, where), **fields)
    act(s, a)
    return a


def tokens(s, seat: int, *keys: str) -> None:
    for k in keys:
        t = tech(s, k)
        if seat not in s.techs[t]:
            s.techs[t] = s.techs[t] + (seat,)
    s._legal = None


def resources(s, credits: int = 20, fuel: int = 20) -> None:
    s.credits[:] = [credits] * s.players
    s.fuel[:] = [fuel] * s.players
    s._legal = None


def base(s, seat: int, name: str) -> int:
    """Give `seat` a token on the mission and a base at location `name` (and the Diversification card
    if nobody holds it), as if built earlier; return the location index."""
    i = loc(s, name)
    if seat not in s.missions[i]:
        s.missions[i] = s.missions[i] + (seat,)
    if seat not in s.bases[i]:
        s.bases[i] = s.bases[i] + (seat,)
    if s.diversification < 0:
        s.diversification = seat
    s._legal = None
    return i


def fuel_example_build(fuel: int) -> nl.State:
    """The rulebook's Fuel Cost Calculation Example set up for red's Build card: speed 4 (Slingshots and
    Fission), bases on the Lunar Polar Regions and the Mars Mineral Beds, a mission at Callisto, 5 credits
    and `fuel` fuel."""
    s = game(3)
    resources(s, 5, fuel)
    tokens(s, RED, "slingshots", "fission")
    for name in ("Lunar Polar Regions", "Mars Mineral Beds"):
        s.missions[loc(s, name)] = (RED,)
        s.bases[loc(s, name)] = (RED,)
    s.diversification = RED
    s.missions[loc(s, "Callisto")] = (RED,)
    play_card(s, RED, "build")
    return s
