"""A heuristic Neko Syndicate agent that plans each walk with the next one in view.

At the first box of each walk it plans the whole walk on a copy where the drawing deck is re-shuffled
(so it never peeks at cards it could not know): a beam search keeps the `BEAM` best positions after each
choice (which box to walk to, which minion to place, each single use of a box), merging ways that reach
the same position. The best `AHEAD` ends of the walk are then judged by the best walk that can follow
them next turn (a narrower beam), so that cubes taken now for the next walk to carry, or a card placed
now for the next walk to use, are seen for what they bring. After an Accountant's draw it plans again
with the real cards.

Solo, every walk (`WIDE_TURNS`, turns 1-15) is planned with wider settings (`WIDE`: a beam of 30, its
7 best ends judged by an 8-wide search of the next walk; "syndicate-plan" judges 8); two-player games
keep the narrow search on every turn (they were not measured for this, and the lesson and the
notebooks play the agent there). Measured block by block on seeds 100-199 (very easy, 100 games paired
with the agent narrow on every turn), what the wide search adds to the margin against CatANNA adds up
over the turns (turns 1-4 +3.9 ± 2.4 points, 5-8 +3.5 ± 2.1, 9-12 +5.5 ± 1.7, 13-15 +4.5 ± 0.8; +18.5
± 2.4 with every turn wide), while its cost grows with the pyramid. What pays for every turn within
about 1 s a game (ninth round): solo, an Accountant's draw is planned once, at its first discard, with
the real cards, and the second discard follows that plan (`DISCARD_AGAIN` off; two-player games and
"syndicate-plan" search again at the second discard): that gave 56.5 % and 32.0 % won at very easy and
easy on the held-out seeds 1000-1199.

Solo, the opening (which minion goes below the Accountant, which waits; `OPENING`, tenth round) is
judged by the walks after it: each way, on one re-shuffled copy, by the best first walk a beam of 12
finds, its 3 best ends judged by the best second walk a 3-wide beam finds (about 0.06 s a game), where
before it was judged one step ahead by value(), which tells little before the first walk. That changed
the opening in 9 of 10 games (seeds 100-109), and gave +3.8 ± 1.7 points of margin at very easy and +2.9
± 1.7 at easy on the held-out seeds (59.0 % and 39.5 % won) but also about 12 % more CPU (better
openings make larger pyramids to search); judging 7 ends of each wide walk instead of 8 pays that back
(-1.5 ± 0.8 and -0.8 ± 0.7 on seeds 200-399). Together, on the held-out seeds: 60.0 % at very easy and
34.5 % at easy, +5.0 ± 1.7 and +1.6 ± 1.7 points of margin paired with the ninth round's agent (on 200
more, seeds 1200-1399: 64.0 % and 34.5 %, +1.8 ± 1.8 and +2.7 ± 1.7), for the same CPU within the noise
or a little less (one process, alternated, seeds 1000-1039 at very easy on a quiet machine: 0.85, 0.84,
0.83 s a game against 0.87, 0.90, 0.89) (benchmarks/README.md, "CatANNA ladder"). Judging 8 ends again
once the value had made a game about 5 % cheaper (fifteenth round; 3 % more CPU than before that speed-up) won
59.8 % and 36.0 % over the 400 held-out seeds 1000-1399: within the noise of 7 ends, so 7 stay.

Given explicit widths (beam, ahead or ahead_beam) the agent searches with them on every turn unless
`wide` is given too, searches again at the second discard (`discard_again`, which can also be set on its
own) and judges the opening one step ahead (`opening`, which can also be set on its own: three widths,
or () for one step ahead). With `samples` above 1, each end judged by the walk after is valued on that
many decks (its own, then re-shuffled copies) and the mean is taken: on seeds 1000-1049, samples=2
changed the margin by +3.4 ± 1.7 points at very easy and -0.3 ± 1.7 at easy for about 1.6 times the
CPU, so the default stays 1.

With `third` (ends, beam), each end judged by the next walk has that walk's own best ends judged by the
walk after them (a search two walks past the one it plans). "syndicate-deep" plays with (3, 4): over
400 held-out games a level (seeds 1000-1399) it won 71.8 % at very easy and 45.0 % at easy against
62.0 % and 34.5 % for "syndicate", +4.1 ± 1.1 and +5.3 ± 1.1 points of margin paired game by game, at
about 2.8 times the CPU (eleventh round; benchmarks/README.md, "CatANNA ladder"; its cheaper cuts gain
in proportion to the search they add, or less: `third` (3, 1) lost to "syndicate" at easy).

The value of a position for a seat estimates its final score (`position_value.py`). With two players
a deliverable cube is never left loose (`deliver_now`, below).

Solo, the two decisions about CatANNA are exact or measured (`catanna.py`): her wild slots get the
colours that leave her the fewest points, her earliest marker goes on the mission met soonest.
"""
from __future__ import annotations

from typing import Hashable

from neko_lab.agents.base import Agent
from neko_lab.core import ConfigError
from neko_lab.core.fast import keep_legal, paused_gc

from neko_lab.core.errors import check_flag

from . import catanna
from .data import LEVEL_OF
from .position_value import prune, value
from .rules import GameState
from .rules.command_phase import EndWalk, Stop
from .rules.delivery_zone import Deliver
from .rules.minions_cards import Keep


def meeting_ahead(state: GameState, seat: int) -> bool:
    """`seat` has walked this turn and Kumichō's meeting is still to come (its missions not yet marked)."""
    return state.walked[seat] == state.turn and not state.over


def position_key(state: GameState, seat: int) -> tuple:
    """What a walk leaves behind that matters: two ways to the same position are one."""
    top = state.pending[-1] if state.pending else None
    return (state.pyramid[seat], state.cubes[seat], state.filled[seat], state.warehouse[seat],
            state.waiting[seat], state.markers[seat], state.path[seat], state.walked[seat],
            top and (top.kind, top.data))


def keys_along(state: GameState, seat: int, plan: list) -> list[tuple]:
    """The position_key of each position `plan` is to be played in, from `state` on (not changed)."""
    s, keys = state.clone(), []
    for a in plan:
        keys.append(position_key(s, seat))
        s.apply(a)
    return keys


def deliver_instead(state: GameState, action: Hashable) -> Hashable:
    """`action`, unless it leaves loose a cube beside a free slot it fits (keeping it, ending the walk,
    stopping a Cook) while a delivery is legal: then that delivery, the highest level first. The value
    counts such a cube almost as delivered, so the narrow two-player search kept it (DELIVER_NOW)."""
    t = type(action)
    if not (t is Keep or t is EndWalk or (t is Stop and state.pending[-1].kind == "cook")):
        return action
    fills = [a for a in state.legal_actions() if type(a) is Deliver]
    return min(fills, key=lambda d: (LEVEL_OF[d.place], d.place, d.slot)) if fills else action


def shape(state: GameState, seat: int) -> tuple:
    """What a walk leaves behind but for where its loose cubes stand: cards, slots, stock, hand."""
    return (state.pyramid[seat], state.filled[seat], state.warehouse[seat], state.waiting[seat])


def diverse(ends: list, k: int, seat: int) -> tuple[list, list]:
    """The best `k` of `ends` (sorted best first) of different shapes, and the others in their order."""
    pick, rest, shapes = [], [], set()
    for e in ends:
        sh = shape(e[1], seat)
        if len(pick) < k and sh not in shapes:
            shapes.add(sh)
            pick.append(e)
        else:
            rest.append(e)
    return pick, rest


class SyndicateAgent(Agent):
    """Plans each walk by a beam search over its choices, judging the best ends by the walk after."""

    name = "syndicate"
    BEAM = 12               # positions kept at each step of a walk
    AHEAD = 3               # best ends of this walk judged by the best walk that can follow
    AHEAD_BEAM = 3          # the beam of that next walk
    WIDE_TURNS: tuple[int, ...] = tuple(range(1, 16))   # solo turns planned WIDE: every one
    DISCARD_AGAIN = False   # solo: search again at an Accountant's second discard (two-player always does)
    OPENING: tuple[int, ...] = (12, 3, 3)   # solo: (beam, ahead, ahead_beam) judging each way to open by the
                                            # first walks after it (opening()); () judges it one step ahead
    WIDE = (30, 7, 8)       # (beam, ahead, ahead_beam) on those turns: "syndicate-plan"'s but for 7 ends judged
    SAMPLES = 1             # decks each judged end's next walk is valued on (the plan's own, then re-shuffled)
    THIRD: tuple[int, ...] = ()   # (ends, beam): each judged end's next walk judges its best `ends` ends by
                                  # the best walk a `beam`-wide search finds after them; () looks no further
    DIVERSE = False         # judge the best ends of different shapes, not several that differ only in
                            # where loose cubes stand (helps with a wide AHEAD_BEAM only: measured)
    DELIVER_NOW: bool | None = None   # deliver a cube the plan would leave loose beside a free slot it
                            # fits (deliver_instead); None: with two players or more, not solo. Two
                            # players (seeds 100-399, 300 games against the agent without it, seats
                            # alternating): 59 % won, +6.0 ± 1.7 points of margin; solo at easy (seeds
                            # 500-599): +0.8 ± 1.6, within the noise (benchmarks/README.md)
    # ismcts's defaults here: it searches whole walks (plans/plan_value): the 8 best ends of a beam of 20
    # over the walk, each judged on 2 samples by the best next walk a beam of 8 finds, within 2000 steps
    SEARCH = {"iterations": 2, "width": 8, "horizon": 8, "steps": 2000,
              "policy": "syndicate(ahead=0,ahead_beam=8,beam=20)"}

    def __init__(self, seed: int | None = None, beam: int | None = None, ahead: int | None = None,
                 ahead_beam: int | None = None, diverse: bool | None = None,
                 wide: tuple[int, ...] | list[int] | None = None,
                 wide_widths: tuple[int, int, int] | list[int] | None = None, samples: int | None = None,
                 discard_again: bool | None = None, opening: tuple[int, ...] | list[int] | None = None,
                 third: tuple[int, ...] | list[int] | None = None, deliver_now: bool | None = None):
        super().__init__(seed)
        if deliver_now is not None:
            self.DELIVER_NOW = check_flag(f"{self.name}: deliver_now", deliver_now)
        if samples is not None:
            if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
                raise ConfigError(f"{self.name}: samples must be a whole number of at least 1, not {samples!r}")
            self.SAMPLES = samples
        if wide_widths is not None:
            self.WIDE = self.widths("wide_widths", wide_widths, (3,), "(beam, ahead, ahead_beam), whole numbers "
                                    "of at least 1")
        if wide is not None:
            if not (isinstance(wide, (tuple, list)) and all(isinstance(t, int) and not isinstance(t, bool)
                                                            and 1 <= t <= 15 for t in wide)):
                raise ConfigError(f"{self.name}: wide must be a list of turns from 1 to 15, not {wide!r}")
            self.WIDE_TURNS = tuple(sorted(set(wide)))
        elif any(v is not None for v in (beam, ahead, ahead_beam)):
            self.WIDE_TURNS = ()             # the widths asked for, on every turn, ...
            self.DISCARD_AGAIN = True        # ... searched as before the default skipped the second discard
            self.OPENING = ()                # ... and judged the opening one step ahead, as before
        if diverse is not None:
            if not isinstance(diverse, bool):
                raise ConfigError(f"{self.name}: diverse must be True or False, not {diverse!r}")
            self.DIVERSE = diverse
        for name, v in (("beam", beam), ("ahead", ahead), ("ahead_beam", ahead_beam)):
            if v is not None:
                if not isinstance(v, int) or isinstance(v, bool) or v < (0 if name == "ahead" else 1):
                    raise ConfigError(f"{self.name}: {name} must be a whole number of at least "
                                      f"{0 if name == 'ahead' else 1}, not {v!r}")
                setattr(self, name.upper(), v)
        if discard_again is not None:
            if not isinstance(discard_again, bool):
                raise ConfigError(f"{self.name}: discard_again must be True or False, not {discard_again!r}")
            self.DISCARD_AGAIN = discard_again
        if opening is not None:
            self.OPENING = self.widths("opening", opening, (0, 3), "(beam, ahead, ahead_beam), whole numbers of "
                                       "at least 1, or () to judge the opening one step ahead")
        if third is not None:
            self.THIRD = self.widths("third", third, (0, 2), "(ends, beam), whole numbers of at least 1, or () to "
                                     "look no further than the next walk")
        self.narrow = (self.BEAM, self.AHEAD, self.AHEAD_BEAM)
        self.cache: dict = {}
        self.plan: list = []             # the rest of the planned walk ...
        self.plan_keys: list = []        # ... and the position_key each step expects to be played in
        self.plan_key: tuple = ()
        self.plan_drawn: tuple = ()
        self.offered: tuple = ((), ())        # (key, drawn) of the plans last offered by plans()

    def widths(self, option: str, given: object, sizes: tuple[int, ...], what: str) -> tuple[int, ...]:
        """`given` as a tuple of search widths, if it is a tuple or list of one of `sizes` whole numbers of
        at least 1; else a ConfigError saying that `option` must be `what`."""
        if not (isinstance(given, (tuple, list)) and len(given) in sizes
                and all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in given)):
            raise ConfigError(f"{self.name}: {option} must be {what}, not {given!r}")
        return tuple(given)

    def choose(self, state: GameState) -> Hashable:
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) == 1:
            if self.plan and self.plan_keys[0] == position_key(state, seat):   # a forced step of the plan
                self.plan_keys.pop(0)
                self.plan.pop(0)
            return legal[0]
        top = state.pending[-1]
        if top.kind == "catanna_wild":
            return catanna.wild_choice(state, legal)
        if top.kind == "catanna_assign":
            return catanna.assign_choice(state, legal)
        if state.turn == 0:                    # the opening four cards
            return self.opening(state, seat, legal)
        # the plan holds while the position is the one it expected: after an Accountant's draw (the
        # plan's discards were chosen among cards drawn on a re-shuffled copy), or once someone else
        # chose a step of this walk (its next step may still be legal, but it belongs to another walk),
        # it is planned again from the real position
        if not (self.holds(state, self.plan, self.plan_key, self.plan_drawn)
                and self.plan_keys[0] == position_key(state, seat)):
            base = state.determinize(seat, self.core_rng())
            self.widths_for(state)
            self.plan = self.search(base, seat)
            self.plan_keys = keys_along(base, seat, self.plan)
            self.plan_key = (state.seed, state.turn, seat)
            self.plan_drawn = self.drawn_for(state, seat)
        self.plan_keys.pop(0)
        return self.delivered(state, self.plan.pop(0))

    def delivered(self, state: GameState, action: Hashable) -> Hashable:
        """`action`, or with DELIVER_NOW the delivery it leaves undone (deliver_instead): the plan is then
        made again from the position that delivery gives."""
        if not (self.DELIVER_NOW if self.DELIVER_NOW is not None else state.players > 1):
            return action
        better = deliver_instead(state, action)
        if better is not action:
            self.plan, self.plan_keys = [], []
        return better

    @staticmethod
    def holds(state: GameState, plan: list, key: tuple, drawn: tuple) -> bool:
        """Does the rest of a plan made for (seed, turn, seat) `key` still hold? Its next step must be
        legal, and the plan's discards were chosen among cards drawn on a re-shuffled copy: once the real
        cards are drawn (the waiting minions differ from `drawn`), plan again."""
        seat = state.current_player
        if not plan or key != (state.seed, state.turn, seat):
            return False
        if state.pending[-1].kind == "discard" and drawn is not None and drawn != state.waiting[seat]:
            return False
        return any(a == plan[0] and type(a) is type(plan[0]) for a in state.legal_actions())

    # ------------------------------------------------------------------ hooks for plan-level search (ismcts)
    def plans(self, state: GameState, k: int, current: list | None = None) -> list[list] | None:
        """Up to `k` whole plans for the rest of the walk of the seat to move, best first as search()
        ranks them (None: this decision is not part of a walk). `current`, the rest of a plan this
        agent offered before, comes back alone while it still holds."""
        top = state.pending[-1]
        if state.turn == 0 or top.kind in ("catanna_wild", "catanna_assign") or len(state.legal_actions()) < 2:
            return None
        if current is not None and self.holds(state, current, *self.offered):
            return [current]
        seat = state.current_player
        self.offered = ((state.seed, state.turn, seat), self.drawn_for(state, seat))
        self.widths_for(state)
        return self.ranked(state.determinize(seat, self.core_rng()), seat)[:k]

    def drawn_for(self, state: GameState, seat: int) -> tuple | None:
        """What a plan made now must find in the Waiting Room at a discard to hold: the cards waiting now,
        or None (it holds) when it is made at a solo discard and DISCARD_AGAIN is off: it chose among the
        real cards already, so the next discard of the same draw follows it instead of searching again."""
        if not self.DISCARD_AGAIN and state.players == 1 and state.pending[-1].kind == "discard":
            return None
        return state.waiting[seat]

    def widths_for(self, state: GameState) -> None:
        """Search `state`'s turn with the WIDE widths on a solo wide turn, else with the narrow ones."""
        wide = state.players == 1 and state.turn in self.WIDE_TURNS
        self.BEAM, self.AHEAD, self.AHEAD_BEAM = self.WIDE if wide else self.narrow

    def plan_value(self, state: GameState, seat: int, plan: list) -> float:
        """What following `plan` from `state` (a search copy, changed in place) is worth to `seat`: its
        steps while they stay legal (the copy may draw other cards), the rest of the walk by a narrow
        beam, then on to the seat's next walk, valued after the best walk a narrow beam finds there (as
        search() judges its best ends)."""
        turn = state.turn
        for a in plan:
            if not any(a == b and type(a) is type(b) for b in state.legal_actions()):
                break
            state.apply(a)
        if not (state.over or state.current_player != seat or state.walked[seat] >= turn):
            for a in self.search(state, seat, width=self.AHEAD_BEAM, ahead=0):
                state.apply(a)
        nxt = self.next_walk(state, seat)
        if nxt is None:
            return value(state, seat, self.cache, missions=meeting_ahead(state, seat))
        return self.best_value(nxt, seat)

    def evaluate(self, state: GameState, seat: int) -> float:
        """value() of `seat` less the best rival's; solo, less CatANNA's score so far (for search)."""
        mine = value(state, seat, self.cache)
        if state.players == 1:
            return mine - state.catanna_score()
        return mine - max(value(state, s, self.cache) for s in range(state.players) if s != seat)

    def playout_policy(self) -> Agent:
        """A cheap variant for search playouts, which run on determinized copies: every decision one-ply
        by value() on the copy it is handed, no walk planning."""
        return CopiesOnePlyAgent(self.seed, self.cache)

    def opening(self, state: GameState, seat: int, legal: list) -> Hashable:
        """The opening's choice (which minion goes below the Accountant, which waits). Solo, with OPENING
        widths, each way is judged as search() judges a walk's end: on one re-shuffled copy (the same for
        every way), the best first walk a beam of OPENING[0] finds after it, its OPENING[1] best ends judged
        by the best second walk a beam of OPENING[2] finds. A redraw of all four is judged by value() alone,
        as before. Otherwise (two players, or OPENING empty) each way one step ahead by value(), on a
        re-shuffled copy too: the real position holds the deck's order and, at a simultaneous table, the
        openings the other seats chose out of this seat's sight."""
        if not (state.players == 1 and self.OPENING and state.pending[-1].kind == "opening"):
            return self.one_ply(state.determinize(seat, self.core_rng()), seat, legal)
        base = state.determinize(seat, self.core_rng())
        kept = (self.BEAM, self.AHEAD, self.AHEAD_BEAM)
        self.BEAM, self.AHEAD, self.AHEAD_BEAM = self.OPENING
        try:
            best, best_v = legal[0], float("-inf")
            for a in legal:
                c = base.clone()
                c.apply(a)
                nxt = None if c.turn == 0 else self.next_walk(c, seat)
                v = self.scored(nxt, seat)[0][0] if nxt is not None else None
                if v is None:
                    v = value(c, seat, self.cache)
                if v > best_v:
                    best, best_v = a, v
        finally:
            self.BEAM, self.AHEAD, self.AHEAD_BEAM = kept
        return best

    def one_ply(self, state: GameState, seat: int, legal: list) -> Hashable:
        legal = prune(state, seat, legal, self.cache)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            child = state.clone()
            child.apply(a)
            v = value(child, seat, self.cache)
            if v > best_v:
                best, best_v = a, v
        return best

    def search(self, state: GameState, seat: int, width: int | None = None, ahead: int | None = None) -> list:
        """The best sequence of choices to the end of `seat`'s walk of this turn: a beam search over the
        walk, whose best few ends are judged by the best walk that can follow them next turn."""
        return self.ranked(state, seat, width, ahead)[0]

    def ranked(self, state: GameState, seat: int, width: int | None = None, ahead: int | None = None) -> list:
        """search()'s plans, best first: the ends it judged by the walk after, then the others by value."""
        return [plan for _, plan in self.scored(state, seat, width, ahead)]

    def scored(self, state: GameState, seat: int, width: int | None = None, ahead: int | None = None,
               judge: tuple | None = None) -> list[tuple[float | None, list]]:
        """ranked()'s plans with the value each was judged by (None: no walk end was reached). The
        search runs with the cycle collector paused (`core.fast.paused_gc`): it changes nothing but
        the time."""
        with paused_gc():
            return self.beam_scored(state, seat, width, ahead, judge)

    def beam_scored(self, state: GameState, seat: int, width: int | None, ahead: int | None,
                    judge: tuple | None = None) -> list[tuple[float | None, list]]:
        """scored()'s search itself. Its `ahead` best ends are judged by best_value(next walk, seat,
        *judge); by default (None) with the AHEAD_BEAM-wide search, which judges its own best ends by a
        third walk when THIRD is set."""
        width = width or self.BEAM
        ahead = self.AHEAD if ahead is None else ahead
        turn = state.turn
        beam = [(0.0, state, [])]
        ends: list = []
        seen: set = set()
        while beam:
            children = []
            for _, s, plan in beam:
                self.interrupted()               # a cap around this search may stop it here
                every = s.legal_actions()
                legal = prune(s, seat, every, self.cache) if len(every) > 1 else every
                last = len(legal) - 1 if s is not state else -1
                for i, a in enumerate(legal):
                    if i == last:                # the parent is not needed after its last child: no copy
                        c = s
                    else:
                        c = s.clone()
                        keep_legal(c, every)     # the copy's legal actions are its parent's
                    c.apply(a)
                    n = len(seen)
                    seen.add(position_key(c, seat))      # a position met before leaves `seen` as it was
                    if len(seen) == n:
                        continue
                    # c.current_player and meeting_ahead(c, seat), written out (the hottest loop)
                    over = c.over
                    done = over or not c.pending or c.pending[-1].seat != seat or c.walked[seat] >= turn
                    v = value(c, seat, self.cache, missions=not over and c.walked[seat] == c.turn)
                    (ends if done else children).append((v, c, plan + [a]))
            children.sort(key=lambda x: -x[0])
            beam = children[:width]
        if not ends:
            return [(None, [state.legal_actions()[0]])]
        ends.sort(key=lambda x: -x[0])
        if ahead and len(ends) > 1:
            pick, rest = ends[:ahead], ends[ahead:]
            if self.DIVERSE:
                pick, rest = diverse(ends, ahead, seat)
            if judge is None:
                judge = (self.AHEAD_BEAM, self.THIRD[0], self.THIRD[1]) if self.THIRD else (self.AHEAD_BEAM,)
            judged = []
            for v, c, plan in pick:
                total = 0.0
                for i in range(self.SAMPLES):
                    nxt = self.next_walk(c if i == 0 else c.determinize(seat, self.core_rng()), seat)
                    total += self.best_value(nxt, seat, *judge) if nxt is not None else v
                judged.append((total / self.SAMPLES, plan))
            judged.sort(key=lambda x: -x[0])        # stable: the first of equals stays first, as max() took it
            return judged + [(v, plan) for v, _, plan in rest]
        return [(v, plan) for v, _, plan in ends]

    def next_walk(self, state: GameState, seat: int) -> GameState | None:
        """`state` moved on to `seat`'s next walk, the other seats walking the shortest way."""
        s = state.clone()
        while not s.over and not (s.current_player == seat and s.pending[-1].kind == "walk"
                                  and s.pending[-1].data == 0):
            self.interrupted()
            legal = s.legal_actions()
            s.apply(legal[-1] if isinstance(legal[-1], (Stop, EndWalk)) else legal[0])
        return None if s.over else s

    def best_value(self, state: GameState, seat: int, width: int | None = None, ahead: int = 0,
                   then: int | None = None) -> float:
        """The value after the best walk `seat` finds from `state` (a narrower beam: `width`, by default
        AHEAD_BEAM), looking no further, or with its `ahead` best ends judged by the best walk a
        `then`-wide beam finds after them (THIRD)."""
        v, plan = self.scored(state, seat, width=width or self.AHEAD_BEAM, ahead=ahead,
                              judge=(then,) if ahead else None)[0]
        if v is not None:                    # the value of the walk's end, as scored() found it
            return v
        for a in plan:
            state.apply(a)
        return value(state, seat, self.cache, missions=meeting_ahead(state, seat))


class PlanningAgent(SyndicateAgent):
    """The same planner searching wider on every turn of every game: more positions kept along each walk,
    and more of its best ends judged by a wider search of the walk after; it also searches again at an
    Accountant's second discard (solo, "syndicate" searches about as wide, 7 ends judged instead of 8, but
    follows the first discard's plan there: about 1.3 s a solo game against 0.9-1.0)."""

    name = "syndicate-plan"
    BEAM = 30
    AHEAD = 8
    AHEAD_BEAM = 8
    WIDE_TURNS = ()
    DISCARD_AGAIN = True


class DeepAgent(SyndicateAgent):
    """The same planner looking one walk further: each of the best ends of a walk is judged by the best
    walk that can follow it, whose own best 3 ends are judged by the best walk a 4-wide beam finds after
    them (THIRD). About 2.8 s a solo game, against about 1.0 for "syndicate": the strongest Syndicate
    agent against CatANNA (benchmarks/README.md, "CatANNA ladder", eleventh round). With two players it
    beat "syndicate" in 61 of 100 (seats alternating; 51-70 %), at about 1.1 s a game (twelfth round)."""

    name = "syndicate-deep"
    THIRD = (3, 4)


class OnePlyAgent(SyndicateAgent):
    """The Syndicate agent without its walk planning: each decision one step ahead by value(), judged on
    a copy drawn from what the seat knows (determinize, from the agent's own randomness), so handed a game
    it reads neither the deck's order nor what another seat chose out of sight."""

    name = "syndicate-one-ply"
    ON_COPIES = False       # True: it is handed only such copies already and judges on them as they are

    def __init__(self, seed: int | None = None, cache: dict | None = None):
        super().__init__(seed)
        if cache is not None:
            self.cache = cache

    def choose(self, state: GameState) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        if not self.ON_COPIES:
            state = state.determinize(seat, self.core_rng())
        return self.one_ply(state, seat, legal)

    def playout_policy(self) -> Agent:
        return self if self.ON_COPIES else CopiesOnePlyAgent(self.seed, self.cache)


class CopiesOnePlyAgent(OnePlyAgent):
    """OnePlyAgent for callers that hand it only copies drawn from what the seat knows (ismcts's playouts,
    a hint's sampled futures): it judges on them as they are, without drawing another copy a move. Handed
    the real game, it would read what the seat cannot see. It is not registered and keeps the name
    "syndicate-one-ply": pass that name, not this class, to simulate() or a board."""

    ON_COPIES = True
