"""Mid-Game Scoring (after rounds 2 and 4: the period's two scoring tiles, then ship travel), Game End
(in turn order, a last spending of fuel and goods on ships and ports) and Final Scoring. The tables
themselves are in scoring.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neko_lab.core import Pending
from neko_lab.core.errors import counted
from neko_lab.core.frozen import FrozenDict

from .. import scoring as sc
from .facts import (R_FINAL, R_GAME_END, R_MIDGAME, ROUNDS,
                    SLOTS, Act, ask_next_seat, player)
from .free_actions import cargo_acts, load_cargo, move_acts
from .hubs import move_ship
from .player_boards import with_item
from .ship_lanes import crossed, passed_slots

if TYPE_CHECKING:
    from .state import GameState


# ---------------------------------------------------------------- Mid-Game Scoring
def measure(s: GameState, seat: int, what: str) -> int:
    """The quantity a mid-game scoring tile compares."""
    b = s.boards[seat]
    if what == "card_cost":
        return max((s.C[c].cost for c in b.cards()), default=0)
    if what == "cards":
        return len(b.cards())
    if what == "ships_crossed":
        return sum(crossed(s, seat))
    if what == "ships":
        return len(b.ships)
    if what == "goods":
        return b.goods
    return getattr(b, what)


def tile_achievers(s: GameState, tile_index: int) -> list[int]:
    """Seats that fulfil a mid-game scoring tile now (ties all score; 'most' needs at least one)."""
    t = s.data.tiles[tile_index]
    vals = [measure(s, x, t.measure) for x in range(s.players)]
    if t.kind == "most":
        best = max(vals)
        return [x for x in range(s.players) if vals[x] == best and best > 0]
    if t.kind == "least":
        low = min(vals)
        return [x for x in range(s.players) if vals[x] == low]
    return [x for x in range(s.players) if vals[x] >= t.threshold]


def midgame_scoring(s: GameState) -> None:
    """The period's two tiles, then ship travel."""
    first = 0 if s.round == 2 else 2
    for t in s.tiles[first:first + 2]:
        tile = s.data.tiles[t]
        for x in tile_achievers(s, t):
            b = s.boards[x]
            b.pts = with_item(b.pts, "mid-game tiles", b.pts["mid-game tiles"] + tile.points)
            s.emit(f"scores {tile.points} for '{tile.name}'", R_MIDGAME, x, tile=tile.name)
    for x in range(s.players):
        pts = sum(sc.ship_travel_points(c) for c in crossed(s, x))
        b = s.boards[x]
        b.pts = with_item(b.pts, "ship travel", b.pts["ship travel"] + pts)
        if pts:
            s.emit(f"scores {pts} for ship travel", R_MIDGAME, x)


def midgame_stage(s: GameState) -> None:
    """Stage "midgame": score, then the next period or the game's end."""
    midgame_scoring(s)
    s.stage = "game_end" if s.round == ROUNDS else "next_round"


# ---------------------------------------------------------------- Game End
def game_end(s: GameState) -> None:
    """Stage "game_end": the last spending begins."""
    s.stage, s.idx = "final_spend", 0
    s.emit("last chance to spend fuel and goods", R_GAME_END)


def final_spend(s: GameState) -> None:
    """Stage "final_spend": in turn order, a last chance to move ships and load goods."""
    if not ask_next_seat(s, "final"):
        final_scoring(s)


def legal_final(s: GameState, seat: int, data: Any) -> list:
    b = s.boards[seat]
    acts = move_acts(s, b) + cargo_acts(s, b)
    acts.append(Act("done"))
    return acts


def spend(s: GameState, seat: int, data: Any, act: Act) -> None:
    """A ship moved or a good loaded; the seat is asked again until it is done."""
    if act.kind == "done":
        return
    s.pending.append(Pending("final", seat, data))
    if act.kind == "move":
        move_ship(s, seat, act.a, act.b)
    else:
        load_cargo(s, seat, act.a, act.b)


# ---------------------------------------------------------------- Final Scoring
def final_points(s: GameState, seat: int) -> dict[str, int]:
    """The final-scoring categories of `seat` as they would score now."""
    b = s.boards[seat]
    passed = passed_slots(b)
    cards = icons = 0
    counts = b.types
    for k, cid in enumerate(b.lanes):
        if not cid:
            continue
        c = s.C[cid]
        if k in passed and (c.type != "port" or b.cargo[k] >= len(c.cargo)):
            cards += c.points
        n = c.name
        if n == "Seaside Town (Gallery)":
            icons += len(b.cards())
        elif n == "South Pole":
            icons += sc.END_GAME_ICON_RATES[n] * b.interference
        elif n == "Small Islands":
            icons += b.fish
        elif n == "Ice Wall":
            icons += sc.ice_wall_points(b.coins)
        elif n.startswith("Advanced "):
            icons += sc.END_GAME_ICON_RATES[n] * counts.get(c.type, 0)
    return {"harbours": sc.harbour_points(b.harbours), "cards": cards, "end-game icons": icons,
            "goods": b.goods, "interference": sc.interference_points(b.interference)}


def final_scoring(s: GameState) -> None:
    for x in range(s.players):
        pts = final_points(s, x)
        s.boards[x].pts = FrozenDict({**s.boards[x].pts, **pts})
        s.emit("final scoring: " + ", ".join(f"{k} {v}" for k, v in pts.items()), R_FINAL, x, **pts)
    s.over = True
    s.stage = "over"
    won = s.winners()
    s.emit(f"the game is over; {'winner' if len(won) == 1 else 'winners'}: {', '.join(map(player, won))}"
           f"{tie_break(s)}", R_FINAL)


def tie_break(s: GameState) -> str:
    """Why the winner won a tie on points, in words: most coins left, then the earlier place in the last
    round's turn order; "" without a tie."""
    scores = s.scores()
    tied = [x for x in range(s.players) if scores[x] == max(scores)]
    if len(tied) < 2:
        return ""
    won = s.winners()[0]
    others = " and ".join(player(x) for x in tied if x != won)
    coins = {x: s.boards[x].coins for x in tied}
    if sum(1 for x in tied if coins[x] == coins[won]) == 1:
        return (f" (tied on {scores[won]} points with {others}, the tie goes to the most coins left: "
                f"{' to '.join(str(coins[x]) for x in sorted(tied, key=lambda x: x != won))})")
    level = [x for x in tied if coins[x] == coins[won]]
    return (f" (tied on {scores[won]} points and {counted(coins[won], 'coin')} with "
            f"{' and '.join(player(x) for x in level if x != won)}, the tie goes to the earlier place in "
            f"the last round's turn order)")


STAGES = {"midgame": midgame_stage, "game_end": game_end, "final_spend": final_spend}
DECISIONS = {"final": (legal_final, spend)}
