"""The Diversification and Intrepid Spacefarer cards and the end-of-game awards (rulebook
› Diversification Card, › Intrepid Spacefarer Card, › End of Game Scoring (see page 4)).

Each card moves only when another player strictly beats its holder: more planets with a base of theirs
(Diversification), or a factory or colony at a location whose Research Mission they control that is
further from Earth, by the unmodified fuel cost of the best route (Intrepid Spacefarer).
"""
from __future__ import annotations

from .. import scoring
from .base import AWARD_CARDS, AWARD_VP, RULE_DIVERSIFICATION, RULE_END, RULE_INTREPID, who
from .fuel import distance


def planets_with_bases(s, seat: int) -> int:
    locs = s.data.locations
    return len({locs[loc].planet for loc, holders in enumerate(s.bases) if seat in holders})


def base_count(s, seat: int) -> int:
    return sum(1 for holders in s.bases if seat in holders)


def after_base(s, seat: int) -> None:
    """Diversification goes to `seat` if it now has bases on more planets than the holder (option
    diversification_by="bases": more bases in all)."""
    holder = s.diversification
    if holder == seat:
        return
    if s.options["diversification_by"] == "bases":
        mine, theirs, unit = base_count(s, seat), holder >= 0 and base_count(s, holder), "base"
    else:
        mine, theirs, unit = planets_with_bases(s, seat), holder >= 0 and planets_with_bases(s, holder), "planet"
    if holder < 0 or mine > theirs:
        s.diversification = seat
        where = f"bases on {mine} {unit}s" if unit == "planet" else f"{mine} bases"
        if mine == 1:
            where = "bases on 1 planet" if unit == "planet" else "1 base"
        s.emit(f"takes the Diversification card ({where})"
               + ("" if holder < 0 else f" from {who(holder)}"), RULE_DIVERSIFICATION, seat)


def after_factory_or_colony(s, seat: int, loc: int) -> None:
    """Intrepid Spacefarer goes to `seat` if it controls the mission at `loc` and `loc` is further
    from Earth than the holder's record."""
    holders = s.missions[loc]
    if not holders or holders[0] != seat:
        return
    far = distance(s.data, s.data.home, loc)
    if s.intrepid >= 0 and far <= s.intrepid_distance:
        return
    before = s.intrepid
    s.intrepid, s.intrepid_distance = seat, far
    if before != seat:
        s.emit(f"takes the Intrepid Spacefarer card ({s.data.locations[loc].name}, {far} from Earth)"
               + ("" if before < 0 else f" from {who(before)}"), RULE_INTREPID, seat)


def fame_awards(s, final: bool) -> list[int]:
    """The fame awards under the game's options (readings in datasets/neptune/README.md)."""
    o = s.options
    return scoring.fame_awards(s.fame, final, o["final_fame_tie_vp"], o["fame_second_after_tie"],
                               o["fame_needs_fame"])


def final_awards(s) -> None:
    for seat, rule, name in ((s.diversification, RULE_DIVERSIFICATION, "Diversification"),
                             (s.intrepid, RULE_INTREPID, "Intrepid Spacefarer")):
        if seat >= 0:
            s.points[seat][AWARD_CARDS] += AWARD_VP
            s.emit(f"scores {AWARD_VP} VP for the {name} card", RULE_END, seat)


def projected(s) -> list[int]:
    """What each seat would score if the game ended now (End of Game Scoring): its points so far,
    plus the final scoring's VP for factories and colonies and for fame (unless the final scoring is
    already under way), plus the two award cards. Victory points bought with credits at the end are
    a choice, not counted."""
    points = [sum(p) for p in s.points]
    if s.over:
        return points
    top = s.pending[-1] if s.pending else None
    in_final = (top is not None and top.kind in ("scoring_order", "buy_vp")
                and isinstance(top.data, tuple) and top.data and top.data[0] == "final")
    if not in_final:
        fame = fame_awards(s, True)
        for i in range(s.players):
            points[i] += scoring.buildings(s.factory.count(i), s.colony.count(i)) + fame[i]
    for holder in (s.diversification, s.intrepid):
        if holder >= 0:
            points[holder] += AWARD_VP
    return points


DECISIONS: dict = {}
