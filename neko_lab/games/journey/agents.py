"""A heuristic agent for A Pleasant Journey to Neko ("journey" agent).

It plays a simple, readable plan, decision by decision, from the public state only (its own board,
the bidding area, the discard area; never the decks or other seats' hidden draft picks):

* **Cards are the engine of the game.** It bids on the card with the best worth for its price that it
  can afford, putting in its highest dice until it leads by a margin (and no more once it leads a card
  comfortably), and places won cards where they complete the richest hubs for the least gap cost
  (graph.placement_values).
* **Ships score the cards they cross**, so fuel goes into moving ships, goods into unfinished ports.
* **Harbours score steeply** (1/3/6/11/19), so spare coins open harbours; in the last round every
  coin left goes to harbours and interference tiles.
* Dice it cannot use for a bid activate hubs (a die equal to the multiplier) or cards, or become fish.

Register it in a game's AGENTS table as ``"journey": "neko_lab.games.journey.agents:JourneyAgent"``;
``nl.make_agent(JourneyAgent)`` works with the class itself.
"""
from __future__ import annotations

from typing import Any, Hashable

from neko_lab.agents.base import Agent

from . import scoring as sc
from .graph import LANE_SHIFT, hub_yield, placement_values
from .rules import ship_cost

BID_MARGIN = 3          # lead wanted over the best rival total before the agent stops adding dice
COIN_RESERVE = 6        # coins kept back for the cards it bids on (not in the last round)


def _kind(a: Any) -> str:
    return getattr(a, "kind", "")


class JourneyAgent(Agent):
    """Bids on good-value cards, builds hubs, moves ships, opens harbours (see the module docstring)."""

    name = "journey"
    # ismcts's defaults here: a game plays out in about 20 ms, so playouts go to the end (about 0.12 s a
    # move on one core; benchmarks/README.md)
    SEARCH = {"iterations": 20, "width": 3, "horizon": 300, "steps": 4500}

    # ------------------------------------------------------------------ entry point
    def choose(self, state: Any) -> Hashable:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        top = state.pending[-1]
        handler = getattr(self, "_" + top.kind, None)
        if handler is not None:
            a = handler(state, top.seat, actions)
            if a is not None and a in actions:
                return a
        return self._fallback(actions)

    def _fallback(self, actions: list) -> Hashable:
        for kind in ("done", "pass", "end", "decline", "keep_fish"):
            for a in actions:
                if _kind(a) == kind:
                    return a
        return actions[0]

    @staticmethod
    def _of(actions: list, kind: str) -> list:
        return [a for a in actions if _kind(a) == kind]

    # ------------------------------------------------------------------ valuations
    def card_worth(self, state: Any, seat: int, cid: int) -> float:
        """What a card is worth to `seat`: its points (if a ship will likely cross it), its best hubs,
        and a little for its effect (income cards more early on)."""
        c = state.card(cid)
        rounds_left = 4 - state.round_number()
        worth = 0.8 * c.points + 1.0
        if c.type == "port":
            worth -= 0.6 * len(c.cargo) * (0.5 if rounds_left >= 2 else 1.0)
        if c.type in ("ocean_bank", "fuel_platform") or c.name == "Southernmost City":
            worth += 1.2 * rounds_left
        places = placement_values(state, seat, cid)
        if places:
            best = max(p["total_yield"] * 0.5 - p["gap_cost"] * 0.35 for p in places)
            worth += best
        else:
            worth -= 99.0
        return worth

    def _price(self, state: Any, seat: int, cid: int) -> int:
        return sc.card_price(state.card(cid).cost, state.boards[seat].types.get("blue_bar", 0))

    def _placement(self, state: Any, seat: int, cid: int, actions: list) -> Hashable | None:
        legal = {(a.a, a.b): a for a in actions if _kind(a) == "place"}
        if not legal:
            return None
        b = state.boards[seat]
        best, best_v = None, float("-inf")
        for p in placement_values(state, seat, cid):
            key = (p["lane"], p["slot"])
            if key not in legal:
                continue
            lane_cards = state.lane_cards(seat, p["lane"])
            # prefer filling a lane from the harbour: ships cannot cross gaps
            contiguous = all(lane_cards[:p["slot"]])
            ships_here = sum(1 for s in b.ships if s // LANE_SHIFT == p["lane"])
            v = (0.4 * p["total_yield"] - 1.0 * p["gap_cost"] + (1.5 if contiguous else 0.0)
                 + 0.3 * ships_here - 0.05 * p["slot"] - 0.01 * p["lane"])
            if v > best_v:
                best, best_v = legal[key], v
        return best

    # ------------------------------------------------------------------ set-up and market
    def _bonus(self, state: Any, seat: int, actions: list) -> Hashable:
        bonus = state.data.bonus
        pref = {"coins": 3, "fuel": 2, "good": 1, "fish": 0}
        return max(actions, key=lambda a: (pref.get(bonus[a.a][0], 0), -a.a))

    def _cargo_wanted(self, state: Any, seat: int) -> int:
        """Goods still missing on the seat's ports, minus the goods already in its cabin."""
        b = state.boards[seat]
        missing = 0
        for k, cid in enumerate(b.lanes):
            if cid:
                c = state.card(cid)
                if c.cargo:
                    missing += len(c.cargo) - b.cargo[k]
        return max(0, missing - b.goods)

    def _market(self, state: Any, seat: int, actions: list) -> Hashable:
        b = state.boards[seat]
        want = "fuel" if b.fuel < 4 else "good" if self._cargo_wanted(state, seat) else "coins"
        for a in self._of(actions, "sell"):
            if ("coins", "fuel", "good")[a.a] == want:
                return a
        return self._of(actions, "sell")[0]

    # ------------------------------------------------------------------ preparation
    def _draft(self, state: Any, seat: int, actions: list) -> Hashable:
        return max(actions, key=lambda a: a.a)

    def _income(self, state: Any, seat: int, actions: list) -> Hashable:
        b = state.boards[seat]
        dice = sorted(b.dice)
        # keep a 1 when a card can be bought with the face-1 reward; otherwise cash the highest die
        return max(actions, key=lambda a: a.a if b.coins < 14 or a.a != dice[-1] else a.a - 0.5)

    def _reward(self, state: Any, seat: int, actions: list) -> Hashable:
        b = state.boards[seat]
        rewards = state.data.rewards
        by = {rewards[a.a - 1]: a for a in actions}
        if "buy_card" in by and b.coins >= 6:
            return by["buy_card"]
        if "remove_interference" in by and b.interference:
            return by["remove_interference"]
        if "fuel" in by and b.fuel < 4 and b.cabin <= 6:
            return by["fuel"]
        if "good" in by and b.cabin < sc.CABIN_LIMIT and (state.round_number() >= 3 or self._cargo_wanted(state, seat)):
            return by["good"]
        return by.get("coins", actions[-1])

    def _post_office(self, state: Any, seat: int, actions: list) -> Hashable | None:
        """Use the Post Office when there are coins to buy with."""
        use = self._of(actions, "post_office")
        return use[0] if use and state.boards[seat].coins >= COIN_RESERVE else None

    def _pick(self, state: Any, seat: int, actions: list) -> Hashable | None:
        picks = self._of(actions, "pick")
        if not picks:
            return None
        best = max(picks, key=lambda a: (self.card_worth(state, seat, a.a) - state.card(a.a).cost * 0.5, -a.a))
        if self.card_worth(state, seat, best.a) - state.card(best.a).cost * 0.5 > 0:
            return best
        return None

    def _place(self, state: Any, seat: int, actions: list) -> Hashable | None:
        return self._placement(state, seat, state.pending[-1].data[0], actions)

    def _win(self, state: Any, seat: int, actions: list) -> Hashable | None:
        cid = state.spaces[state.pending[-1].data]
        return self._placement(state, seat, cid, actions)

    def _city(self, state: Any, seat: int, actions: list) -> Hashable:
        return actions[1] if state.boards[seat].fuel < 3 else actions[0]

    def _neko(self, state: Any, seat: int, actions: list) -> Hashable:
        return min(actions, key=lambda a: a.a)

    def _lottery(self, state: Any, seat: int, actions: list) -> Hashable:
        return self._reward(state, seat, actions)

    def _church(self, state: Any, seat: int, actions: list) -> Hashable:
        hubs = self._of(actions, "church")
        if not hubs:
            return None
        return max(hubs, key=lambda a: hub_yield(*state.hub_at(seat, a.a, a.b)))

    def _park_bid(self, state: Any, seat: int, actions: list) -> Hashable | None:
        mine = [a for a in self._of(actions, "park_bid") if state.bids[a.a][seat]]
        if mine:
            return max(mine, key=lambda a: (a.b, -a.a))
        return None

    def _final(self, state: Any, seat: int, actions: list) -> Hashable | None:
        moves = self._of(actions, "move")
        if moves:
            return max(moves, key=lambda a: (a.b, -a.a))
        cargo = self._of(actions, "cargo")
        return cargo[0] if cargo else None

    # ------------------------------------------------------------------ the action phase
    def _turn(self, state: Any, seat: int, actions: list) -> Hashable | None:
        free = self._free(state, seat, actions)
        if free is not None:
            return free
        main = getattr(state, "main", 0)
        if main == 2:
            return self._bid_dice(state, seat, actions)
        ends = self._of(actions, "end")
        if main and ends:
            return ends[0]
        return self._main(state, seat, actions)

    def _free(self, state: Any, seat: int, actions: list) -> Hashable | None:
        b = state.boards[seat]
        last = state.round_number() >= 4
        cargo = self._of(actions, "cargo")
        if cargo:
            return cargo[0]
        moves = self._of(actions, "move")
        if moves:
            # the ship furthest behind first (more cards still to cross), entering a hub if possible
            return min(moves, key=lambda a: (a.b, a.a))
        ships = self._of(actions, "ship")
        if ships:
            lonely = [a for a in ships if any(state.lane_cards(seat, a.a))
                      and not any(k // LANE_SHIFT == a.a for k in b.ships)]
            if lonely and b.coins - ship_cost(len(b.ships) + 1) >= (0 if last else COIN_RESERVE // 2):
                return lonely[0]
        harbour = self._of(actions, "harbour")
        reserve = 0 if last else COIN_RESERVE
        if harbour and b.coins - sc.HARBOUR_STEP * b.harbours >= reserve:
            return harbour[0]
        if last and b.interference:
            for kind in ("hospital", "unjam"):
                got = self._of(actions, kind)
                if got:
                    return got[0]
        hosp = self._of(actions, "hospital")
        if hosp:
            return hosp[0]
        if b.fish and b.fuel < sc.MOVE_SHIP_FUEL:
            fuel = self._of(actions, "fish_fuel")
            if fuel and self._can_move_with_fuel(state, seat):
                return fuel[0]
        if last and b.fish and not self._of(actions, "harbour"):
            coins = self._of(actions, "fish_coins")
            if coins and b.harbours < sc.MAX_HARBOURS and b.coins + 2 * b.fish >= sc.HARBOUR_STEP * b.harbours:
                return coins[0]
        return None

    def _can_move_with_fuel(self, state: Any, seat: int) -> bool:
        b = state.boards[seat]
        return any(state.next_position(seat, k // LANE_SHIFT, k % LANE_SHIFT) is not None for k in set(b.ships))

    def _main(self, state: Any, seat: int, actions: list) -> Hashable | None:
        b = state.boards[seat]
        bid = self._best_bid(state, seat, actions)
        if bid is not None:
            return bid
        hubs = self._of(actions, "hub")
        if hubs:
            return max(hubs, key=lambda a: (hub_yield(*state.hub_at(seat, a.a, a.b)), -a.a, -a.b))
        cards = self._of(actions, "card")
        if cards:
            return max(cards, key=lambda a: (a.c, -a.a, -a.b)) if b.coins < 10 else min(
                cards, key=lambda a: (a.c, a.a, a.b))
        fish = self._of(actions, "fish")
        if fish:
            return min(fish, key=lambda a: a.a)
        return None

    def _best_bid(self, state: Any, seat: int, actions: list) -> Hashable | None:
        b = state.boards[seat]
        dice = sorted(b.dice, reverse=True)
        free_coins = b.coins
        committed = 0
        for i, cid in enumerate(state.spaces):
            if cid and state.bids[i][seat]:
                committed += self._price(state, seat, cid)
        best, best_v = None, 0.0
        for a in self._of(actions, "bid"):
            i = a.a
            cid = state.spaces[i]
            price = self._price(state, seat, cid)
            mine = state.bids[i][seat]
            if not mine and price + committed > free_coins:
                continue
            rivals = max((sum(x) for s, x in enumerate(state.bids[i]) if s != seat), default=0)
            need_n = state.bid_need(i, seat) if hasattr(state, "bid_need") else 0
            if mine and sum(mine) >= rivals + BID_MARGIN and len(mine) >= need_n:
                continue                      # already leading comfortably: keep the dice
            total, n = sum(mine), len(mine)
            used = 0
            for d in dice:
                if total > rivals + BID_MARGIN - 1 and n >= need_n and used:
                    break
                total += d
                n += 1
                used += 1
            if total <= rivals or n < need_n:
                continue
            v = self.card_worth(state, seat, cid) - 0.45 * price - 0.6 * used
            if v > best_v:
                best, best_v = a, v
        for a in self._of(actions, "new_bid"):     # advanced game: a displayed card onto a free space
            if not a.a or self._price(state, seat, a.a) + committed > free_coins:
                continue                           # (a hidden deck card is not valued)
            v = self.card_worth(state, seat, a.a) - 0.45 * self._price(state, seat, a.a) - 0.6
            if v > best_v:
                best, best_v = a, v
        return best

    def _bid_dice(self, state: Any, seat: int, actions: list) -> Hashable | None:
        i = state.bid_space
        mine = state.bids[i][seat]
        rivals = max((sum(x) for s, x in enumerate(state.bids[i]) if s != seat), default=0)
        need_n = state.bid_need(i, seat) if hasattr(state, "bid_need") else 0
        placed = getattr(state, "bid_placed", 1)
        dice = self._of(actions, "bid_die")
        ends = self._of(actions, "end")
        done = placed and len(mine) >= need_n and sum(mine) >= rivals + BID_MARGIN
        if ends and (done or not dice):
            return ends[0]
        if dice:
            if len(mine) + 1 < need_n or sum(mine) + max(a.a for a in dice) <= rivals:
                return max(dice, key=lambda a: a.a)
            # the smallest die that reaches the wanted lead, else the highest
            enough = [a for a in dice if sum(mine) + a.a >= rivals + BID_MARGIN]
            return min(enough, key=lambda a: a.a) if enough else max(dice, key=lambda a: a.a)
        return ends[0] if ends else None


# ---------------------------------------------------------------------------------- helpers for notebooks
def play_until(state: Any, agents: Any, stop: Any, limit: int = 100_000) -> list:
    """Let `agents` (one Agent per seat, or one for every seat) decide until `stop(state)` is true or the
    game ends; returns the events logged meanwhile. `stop` may also be a decision kind ("turn", "win",
    ...) or a stage name ("action", "resolve", ...)."""
    if isinstance(stop, str):
        word = stop
        stop = lambda s: (s.pending and s.pending[-1].kind == word) or getattr(s, "stage", "") == word  # noqa: E731
    seated = agents if isinstance(agents, (list, tuple)) else [agents] * state.players
    start = len(state.log)
    for _ in range(limit):
        if state.is_over() or stop(state):
            break
        state.apply(seated[state.current_player].choose(state))
    return state.log[start:]


def survey(games: int, players: int = 3, agents: Any = None, seed: int = 0, **options: Any):
    """Play `games` games and describe every seat's final table: one row per game and seat with the
    agent, score, won, share (a win shared by k tied seats counts 1/k for each, as in nl.simulate),
    every breakdown category and graph.lane_summary() (harbours, ships, cards, ports, hubs, crossings).
    Seats rotate over the agents as in nl.simulate."""
    import pandas as pd

    from neko_lab.sim import play

    from .graph import lane_summary

    agents = list(agents) if agents is not None else [JourneyAgent, "random", "random"]
    rows = []
    for g in range(games):
        k = g % len(agents)
        specs = [agents[(s + k) % len(agents)] for s in range(players)]
        final = play("journey", specs, players=players, seed=seed + g, **options)
        winners = set(final.winners())
        for seat in range(players):
            spec = specs[seat]
            label = spec if isinstance(spec, str) else getattr(spec, "name", str(spec))
            row = {"game": g, "seat": seat, "agent": label, "score": final.scores()[seat],
                   "won": seat in winners, "share": 1 / len(winners) if seat in winners else 0.0}
            row.update({f"pts_{k}": v for k, v in final.breakdown()[seat].items()})
            row.update(lane_summary(final, seat))
            rows.append(row)
    return pd.DataFrame(rows)


__all__ = ["JourneyAgent", "play_until", "survey"]
