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

from . import data as sd
from .data import COLOURS, LEVEL_OF, neighbourhood_name
from .rules import rulebook as rb
from .rules.command_phase import WAITING_ROOM_FULL, Box, EndWalk, Stop
from .rules.delivery_zone import Deliver
from .rules.lieutenants_card import Discard, Place
from .rules.minions_cards import Carry, Keep, Swap, Take
from .rules.setup import Open, Redraw
from .rules.solo import AssignMarkers, WildCube
from .rules.simultaneous import TURN_PHASES, table_view

HINT_SAMPLES = 4          # sampled futures per hint (neko_lab.learn.hint)
HINT_HORIZON = 20         # look-ahead actions a future (about one walk), then valued by hint_estimate()
# The agent hints follow (neko_lab.agents.hint_agent_spec): the Syndicate agent without its walk planning
# (the planning agent took 1.0 s CPU for a median hint at a budget of only 80 actions). Hints hand it only
# sampled copies of the position, so it judges on them as they are (CopiesOnePlyAgent). Played to the end
# its futures lost points the planning agent wins (solo seed 0's first decision: -42 points at the end
# where the game's own agent scores 85), so a future stops after HINT_HORIZON actions and is valued by the
# game's own estimate of the final score. Measured (positions every 23 actions of games the game's own
# agent plays, seeds 0-2 solo, 0-1 two players; top hint the own agent's choice, CPU per hint(k=3)):
# played to the end (3,000 actions, 2 futures) solo 8 of 21, median 122 ms, worst 352; two players 11 of
# 22, 237 / 865 ms. Cut at 20 actions, 4 futures: solo 11 of 21, 69 / 114 ms; two players 14 of 22,
# 53 / 139 ms. At 60 actions solo agreed less (7 of 21, 264 / 420 ms): the one-step agent's play drifts.
HINT_AGENT = "neko_lab.games.syndicate.agents:CopiesOnePlyAgent"


def hint_estimate(state: Any, seat: int) -> tuple[float, float | None]:
    """A hint's future cut short, valued as the Syndicate agent values a position
    (position_value.value(): its estimate of a seat's final score), with the lead over the best other
    seat's estimate. Solo, the seat's own final score by the hand weights (value()'s solo weights are
    fitted to the margin against CatANNA, not to the score), and no margin: CatANNA's final score comes
    from the cards discarded to the end, which no estimate here covers."""
    from .position_value import estimate, final_score, value, weighed
    from .value_weights import HAND
    cache: dict = {}
    if state.players > 1:
        mine = value(state, seat, cache)
        return mine, mine - max(value(state, s, cache) for s in range(state.players) if s != seat)
    if state.pending[-1].kind == "catanna_wild":      # the seat's score is final
        return final_score(state, seat, cache), None
    return weighed(estimate(state, seat, cache, False), HAND, False)[2], None


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
                f"{len(s.waiting[seat])} were waiting ({rb.ACCOUNTANT})."]
    if t is Take:
        colour = COLOURS[action.colour]
        if not action.count:
            return [f"a minion's action is optional: the Fishmonger may take no cube ({rb.MINIONS})."]
        return [f"the Fishmonger takes cubes of one colour from your warehouse to the neighbourhood below its "
                f"card; your warehouse held {s.warehouse[seat][action.colour]} {colour} cubes, and "
                f"{action.count} is within its limit ({rb.FISHMONGER})."]
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
    return []


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
