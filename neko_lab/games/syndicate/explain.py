"""What a learner is told about a Neko Syndicate move (wired as ``GameState.explainer``; read by
neko_lab.learn).

why(): the condition that made the move legal with this position's numbers (the Waiting Room's count for
the two lieutenants boxes, a box's level for how often its action may be used, the warehouse for the
Fishmonger, the free slot for a delivery). counts(): cubes, waiting minions and cards as players name them,
as the viewer may know them: at a simultaneous table another seat's area is left out and the deck is
counted as the viewer's observation counts it. A Waiting Room's cards are its owner's; only their
number is told to others.
"""
from __future__ import annotations

from typing import Any, Hashable

from neko_lab.core.errors import counted

from . import data as sd
from .data import COLOURS, LEVEL_OF, neighbourhood_name
from .rules import rulebook as rb
from .rules.command_phase import WAITING_ROOM_FULL, Box, EndWalk, Stop
from .rules.delivery_zone import Deliver
from .rules.lieutenants_card import Discard, Place
from .rules.minions_cards import Carry, Keep, Swap, Take
from .rules.setup import Open, Redraw
from .rules.solo import AssignMarkers, WildCube, assignment_words
from .rules.simultaneous import TURN_PHASES, table_view

HINT_SAMPLES = {1: 2, 2: 3, 3: 2, 4: 1}   # sampled futures per hint by player count (neko_lab.learn.hint)
HINT_HORIZON = 400        # look-ahead actions a future at most: hint_stop() ends it first, at the turn's end
HINT_CUT = "when this turn ends"     # where a future stops, in a hint's words
HINT_AGENT = "syndicate"  # hints follow the game's own agent (on sampled copies only)
HINT_PICK_FIRST = "always"   # its own choice, from a search that looks past the turn's end, leads
# Measured (2026-12-07, two cores at a load of 5-8; CPU per hint(k=3) on positions every 23 actions of
# the game's own agent's games, seeds 0-1 two players, 0-2 solo). Before, hints followed the agent without
# its walk planning (CopiesOnePlyAgent) for 20 actions a future: that cut stopped with the hinting seat's
# walk played and the others' not, so at the symmetric two-player opening hint #1 claimed 30-40 points of
# lead (a mean of +28.8 over seeds 1-8), and a seat following hint #1 against the game's agent (two
# players, seeds 1-5) scored 10, 27, 54, 52, -8 where the agent in that seat scored 46, 84, 63, 56, 69.
# Now the futures stop when the turn ends (hint_stop), each played by the game's own agent, valued by its
# value scaled to final points (HINT_SCALE): at the opening hint #1 says about 58 points and a lead of
# -0.6 on average over seeds 1-8 (spread 1.5). Following hint #1 with the futures cut there but ranked by
# their points alone scored 31, 71, 85, 64, 61 on those seeds (312 in all against the agent's 318), the
# agent's choice not first in 11-18 % of the decisions; solo, the same ranking overrode the agent's
# choice in 9 of 21 positions (74 points against the agent's 103 on the first seed at very easy): the
# agent looks past the turn's end where the futures stop, so its choice leads (HINT_PICK_FIRST).
# CPU per hint: two players median 392 ms, worst 934 ms (4 futures, now 3: below); solo median 296 ms, worst 1.15 s
# (2 futures: with 4, 500 ms and 1.75 s; the worst are a Storekeeper's 16 swaps on a wide solo turn);
# every 40 actions of seed 0, three players 348 / 960 ms (2 futures: with 3, 617 / 1,608), four 349 / 812
# (1 future: with 2, 803 / 1,871), a future there playing up to three other walks.
# Following hint #1 against the game's agent (benchmarks/bench_learn.py syndicate --match 10, seeds
# 100-109, seats alternating): won 5 of 10, mean lead +6.9 (before, benchmarks/README.md's fourth
# session: 3 of 10, -21.2); solo at very easy, the same 10 seeds: won 7 against CatANNA, margin +10.4,
# where the game's own agent won 5, +2.6. CPU a hint there: two players median 350 ms, worst 2.7 s over
# 1,342 hints; solo 220 ms, worst 1.8 s over 1,498 (a load of 5-8 on two cores).
# On a quiet machine (load about 1), positions every 4 actions of the agent's games, seeds 0-1: two
# players with 4 futures median 420 ms, 90th percentile 1,079, worst 1,325-1,701 ms, 17 of 134 over 1 s;
# with 3 futures (now) 307 / 797 / 1,186 ms, 3 of 134 over 1 s. Solo (2 futures, very easy) 223 / 684 /
# 1,184 ms, 1 of 79. Hint #1 is the agent's choice on the first sampled copy, the same whatever the
# number of futures, so following it plays the same games as in the matches above.
# The agent's value (raw_estimate) ranks positions but is no score: at the start of turn 1 it reads about
# 87 points below the final score of the agent's two-player games, at turn 10 about 34 above. HINT_SCALE
# [players][turn] = (a, b): the final score expected from raw estimate r at the start of that turn, a + b r,
# fitted by least squares on the agent's own games (benchmarks/fit_syndicate_hint.py, seeds 300-399 solo at
# very easy and two players, 300-319 three and four; R² 0.02-0.1 at turn 1, where a hint's points are
# little more than the average game, 0.9 at turn 15). A hint's lead is measured on the same scaled points.
HINT_SCALE: dict[int, dict[int, tuple[float, float]]] = {
    1: {1: (133.8, 1.64), 2: (83.9, 0.38), 3: (75.3, 0.34), 4: (55.1, 0.65), 5: (57.7, 0.5),
        6: (42.7, 0.57), 7: (30.7, 0.68), 8: (7.7, 0.81), 9: (8.2, 0.8), 10: (-8.7, 0.86),
        11: (-20.9, 0.97), 12: (-16.9, 0.98), 13: (0.7, 0.91), 14: (14.3, 0.82), 15: (6.8, 0.91)},
    2: {1: (90.9, 1.12), 2: (57.8, 0.3), 3: (56.1, 0.31), 4: (43.5, 0.43), 5: (42.8, 0.38),
        6: (27.5, 0.52), 7: (25.3, 0.52), 8: (5.2, 0.65), 9: (3.9, 0.66), 10: (-13.1, 0.77),
        11: (-16.5, 0.82), 12: (-21.6, 0.97), 13: (-11.8, 0.98), 14: (-6.8, 1.03), 15: (3.5, 1.02)},
    3: {1: (121.6, 2.24), 2: (54.6, 0.33), 3: (53.1, 0.2), 4: (46.6, 0.23), 5: (44.8, 0.25),
        6: (35.0, 0.34), 7: (31.0, 0.39), 8: (13.8, 0.54), 9: (14.1, 0.52), 10: (-8.0, 0.7),
        11: (-9.2, 0.73), 12: (-12.6, 0.84), 13: (-5.3, 0.85), 14: (-0.0, 0.88), 15: (5.5, 0.96)},
    4: {1: (71.5, 0.66), 2: (52.1, 0.24), 3: (50.9, 0.21), 4: (30.4, 0.62), 5: (24.6, 0.66),
        6: (22.4, 0.51), 7: (19.8, 0.53), 8: (-5.0, 0.74), 9: (-2.0, 0.7), 10: (-27.7, 0.9),
        11: (-21.7, 0.86), 12: (-22.8, 0.96), 13: (-10.0, 0.93), 14: (-11.7, 1.09), 15: (3.3, 0.99)},
}


def raw_estimate(state: Any, seat: int, cache: dict | None = None) -> float:
    """The agent's value of `seat`'s position (position_value.value(), with two players or more; solo,
    the seat's own score by the hand weights: value()'s solo weights are fitted to the margin against
    CatANNA, not to the score). It ranks positions, but it is no score (HINT_SCALE)."""
    from .position_value import estimate, final_score, value, weighed
    from .value_weights import HAND
    cache = {} if cache is None else cache
    if state.is_over():
        return float(state.scores()[seat])
    if state.players > 1:
        return value(state, seat, cache)
    if state.pending[-1].kind == "catanna_wild":      # the seat's score is final
        return final_score(state, seat, cache)
    return weighed(estimate(state, seat, cache, False), HAND, False)[2]


def _scaled(state: Any, raw: float) -> float:
    """`raw` (raw_estimate at the start of a turn, where hint_stop() cuts a future) as the final points
    HINT_SCALE expects for it; a score that is final as it is."""
    if state.is_over() or state.pending[-1].kind == "catanna_wild":
        return raw
    a, b = HINT_SCALE[state.players].get(state.turn, (0.0, 1.0))
    return a + b * raw


def hint_stop(start: Any, now: Any) -> bool:
    """Where a hint's future stops: once the turn the hint was asked in has ended (every seat has walked
    and Kumichō's meeting has marked the missions; in the last turn, the game's end). There every seat
    has had as many walks, so their estimates compare: cut after a fixed number of actions, the seat to
    move had walked and the others not yet, and its lead at a symmetric opening read 30 to 40."""
    return now.turn != start.turn


def hint_estimate(state: Any, seat: int) -> tuple[float, float | None]:
    """A hint's future cut where hint_stop() says, valued as the Syndicate agent values the position
    (raw_estimate), turned into expected final points by HINT_SCALE, with the lead over the best other
    seat valued the same way. Solo, no margin: CatANNA's final score comes from the cards discarded to
    the end, which no estimate here covers."""
    cache: dict = {}
    mine = _scaled(state, raw_estimate(state, seat, cache))
    if state.players == 1:
        return mine, None
    return mine, mine - max(_scaled(state, raw_estimate(state, s, cache))
                            for s in range(state.players) if s != seat)


# sections of what a move sets off rather than of the move: the reveal of a simultaneous turn, Kumichō's
# meeting, the scoring at the end and CatANNA's (explain_move's headline cites the move's own section instead)
AFTERMATH = frozenset({TURN_PHASES, rb.MEETING, rb.END, rb.STRUCTURE_POINTS, rb.MISSION_POINTS, rb.SOLO_SCORING})

# the section of each kind of move whose section does not depend on its fields (section())
SECTIONS = {Place: rb.COO, Discard: rb.ACCOUNTANT, Swap: rb.STOREKEEPER, Keep: rb.DELIVERY_ZONE,
            Stop: rb.MINIONS, EndWalk: rb.DELIVERY_ZONE, Open: rb.SETUP, Redraw: rb.SETUP,
            AssignMarkers: rb.SOLO, WildCube: rb.SOLO_SCORING}


def _times(level: int) -> str:
    return "once" if level == 1 else f"up to {level} times"


def _box(s: Any, seat: int, a: Box) -> list[str]:
    waiting = len(s.waiting[seat])
    if a.place == 0 and a.side == 0:
        return [f"every walk starts on a lieutenants box; the Accountant is open while fewer than "
                f"{WAITING_ROOM_FULL} minions wait, and {waiting} waited in your Waiting Room ({rb.LIEUTENANTS}).",
                "It draws minions into the Waiting Room, then discards from it (" + rb.ACCOUNTANT + ")."]
    if a.place == 0:
        return [f"every walk starts on a lieutenants box; the Chief Operations Officer needs a minion waiting, "
                f"and {waiting} waited in your Waiting Room ({rb.LIEUTENANTS}).",
                f"It places a waiting minion in your pyramid, below a card already there ({rb.COO})."]
    return [f"after each box the leader steps down to one of the two boxes of the card right below; this "
            f"{'left' if a.side == 0 else 'right'} box of place {a.place + 1} is on level {a.level}, so its "
            f"{a.action} may be used {_times(a.level)} ({rb.COMMAND})."]


def section(s: Any, action: Hashable) -> str:
    """The rulebook section of `action` itself, played in `s`: the one its why() cites first (the
    headline of a move that logs nothing: taking no cube, stopping a box, keeping a cube loose)."""
    t = type(action)
    if t is Box:
        return rb.LIEUTENANTS if action.place == 0 else rb.COMMAND
    if t is Take:
        return rb.FISHMONGER if action.count else rb.MINIONS
    if t is Carry:
        return rb.SUBWAY if action.subway else rb.DELIVERY
    if t is Deliver:
        return rb.COOK if action.kind == sd.NIGIRI else rb.DELIVERY_ZONE
    return SECTIONS.get(t, "")


def why(s: Any, action: Hashable, viewer: Any) -> list[str]:
    seat = s.current_player
    t = type(action)
    if t is Box:
        return _box(s, seat, action)
    if t is Place:
        return [f"the Chief Operations Officer puts a waiting minion on a free place with a card above it; "
                f"place {action.place + 1} (level {LEVEL_OF[action.place]}) was free and its card above is in "
                f"place ({rb.COO})."]
    if t is Discard:
        return [f"the Accountant's minions went to the Waiting Room, and some must now be discarded from it; "
                f"{len(s.waiting[seat])} {'was' if len(s.waiting[seat]) == 1 else 'were'} waiting ({rb.ACCOUNTANT})."]
    if t is Take:
        colour = COLOURS[action.colour]
        if not action.count:
            return [f"a minion's action is optional: the Fishmonger may take no cube ({rb.MINIONS})."]
        most = s.pending[-1].data[2] if s.pending and s.pending[-1].kind == "fishmonger" else action.count
        return [f"the Fishmonger takes cubes of its box's colour from your warehouse and places them in the "
                f"bottom neighbourhood of its own card (place {action.place + 1}), up to {most} on its level; "
                f"your warehouse held {counted(s.warehouse[seat][action.colour], colour + ' cube')} ({rb.FISHMONGER})."]
    if t is Carry:
        colour = COLOURS[action.colour]
        if action.subway:
            return [f"a {colour} cube stood loose in {neighbourhood_name(action.frm)}, on the same subway line as "
                    f"{neighbourhood_name(action.to)}: the Subway operator moves it along the line ({rb.SUBWAY})."]
        return [f"a {colour} cube stood loose in {neighbourhood_name(action.frm)}, next to "
                f"{neighbourhood_name(action.to)} above or below: the Delivery lady moves it one step "
                f"({rb.DELIVERY})."]
    if t is Swap:
        return [f"a loose {COLOURS[action.old]} cube stood in {neighbourhood_name(action.at)} and your warehouse "
                f"had {s.warehouse[seat][action.new]} {COLOURS[action.new]}: the Storekeeper exchanges them "
                f"({rb.STOREKEEPER})."]
    if t is Deliver:
        colour = COLOURS[action.colour]
        slot = "nigiri" if action.kind == sd.NIGIRI else "sashimi"
        rule = rb.COOK if action.kind == sd.NIGIRI else rb.DELIVERY_ZONE
        return [f"a loose {colour} cube stood in the upper neighbourhood of place {action.place + 1}, and "
                f"{slot} slot {action.slot + 1} there was free and takes {colour} ({rule})."]
    if t is Keep:
        return [f"a delivery is never forced: the cube may stay loose and be delivered later ({rb.DELIVERY_ZONE})."]
    if t is Stop:
        return [f"minion boxes are optional: an action may be used fully, partly or not at all ({rb.MINIONS})."]
    if t is EndWalk:
        return [f"a delivery is never forced: the walk may end with cubes still loose, to be delivered on a "
                f"later walk ({rb.DELIVERY_ZONE})."]
    if t is Open:
        return [f"of the four opening minions one goes below the Accountant and one to the Waiting Room; the "
                f"other two are discarded ({rb.SETUP})."]
    if t is Redraw:
        return [f"once per player the four opening minions may be swapped for four new ones ({rb.SETUP})."]
    if t is AssignMarkers:
        values = "/".join(str(v) for v in sorted(action.values, reverse=True))
        put = assignment_words(s, action)
        return [f"in solo mode CatANNA's three scoring mission markers go on the Kumichō's Path at the three "
                f"values of the difficulty chosen ({values}), and you choose which mission takes which value: "
                f"here {put} ({rb.SOLO})."]
    if t is WildCube:
        left = s.catanna.warehouse
        held = ", ".join(f"{left[k]} {COLOURS[k]}" for k in range(len(left)) if left[k])
        return [f"CatANNA's cards are filled from her warehouse, slot by slot, and the colour of a cube on a "
                f"wild (multicolour) slot is yours to choose among those left in her warehouse ({held}); "
                f"{COLOURS[action.colour]} is one of them ({rb.SOLO_SCORING})."]
    return []


def opponents(s: Any) -> dict[str, dict[str, int]]:
    """Solo: CatANNA's points by category, as the score would count them now (public)."""
    return {"CatANNA": s.catanna_breakdown()} if s.players == 1 else {}


def counts(s: Any, viewer: Any) -> dict[tuple[int | None, str], int]:
    out: dict[tuple[int | None, str], int] = {}
    for seat in range(s.players):
        if viewer != "all" and viewer != seat:    # turns are simultaneous: a table changes out of sight
            continue
        out[(seat, "minions in the pyramid")] = sum(1 for c in s.pyramid[seat][1:] if c >= 0)
        out[(seat, "minions waiting")] = len(s.waiting[seat])
        out[(seat, "loose cubes")] = sum(s.cubes[seat])
        out[(seat, "cubes in the warehouse")] = sum(s.warehouse[seat])
        out[(seat, "slots filled")] = sum(1 for card in s.filled[seat] for x in card if x >= 0)
    # the deck as the viewer sees it: during a simultaneous turn, as the turn began less the viewer's own
    # draws (another seat's draws would tell which box its hidden walk began on)
    out[(None, "cards in the deck")] = table_view(s, viewer)[0]
    return out
