"""Round robins between agents for any player count, with rotating seats, and MCTS budget sweeps.

    lad = nl.sim.ladder("naeco", ["naeco", "greedy", "random"], players=2, games=200)
    lad.table      # win share of each agent (row) against each opponent (column)
    lad.pairs      # pairwise results with games, wins, rate, interval and mean score margin: one result
                   # per game for each two agents in it, each by its best-placed seat (an agent holding
                   # several seats counts once a game; nl.analysis.pairwise)
    lad.ratings    # Bradley–Terry ratings on the Elo scale with intervals
    lad.games      # every game's rows (simulate's columns plus `match`)

Matches: with players=2 every pair of agents plays `games` games; with more seats every group of
`players` agents does (all agents together when there are fewer agents than seats: an agent then
takes several seats). Seats rotate game by game inside a match (simulate's rotate=True), so every
agent sits in every seat equally often. Match k is seeded with game_seed(seed, k) (as simulate seeds
game k of a run). With out=FOLDER each match streams to FOLDER/match-NNN (a budget sweep's budgets to
FOLDER/budget-B), so a long round robin can be resumed with resume=True. Every match (every budget) is
checked as simulate checks its arguments before the first is played, so a mistake in a late one
raises before anything is played or written.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from ..agents import agent_label, check_labels
from ..core.errors import ConfigError, excerpt
from .runner import agent_list, game_seed, seat_agents
from .simulate import check, out_folder, simulate


@dataclass
class Ladder:
    """The results of a round robin (see the module docstring)."""
    games: Any
    table: Any
    pairs: Any
    ratings: Any

    def _repr_html_(self) -> str:
        return ("<b>Ratings</b>" + self.ratings.to_html(float_format="%.0f")
                + "<b>Win share (row against column)</b>" + self.table.to_html(float_format="%.2f"))


def _part(out: Any, name: str) -> dict:
    """simulate's out= for one run of a round robin or a budget sweep: its own sub-folder of `out`
    ({} when the runs stay in memory)."""
    return {} if out is None else {"out": out_folder(out) / name}


def _games(games: Any) -> int:
    """The games of every match (every budget): a whole number >= 1, or a ConfigError."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ConfigError(f"games is the number of games of every match, a whole number >= 1, not "
                          f"{excerpt(games)}")
    return games


def _matches(n: int, players: int) -> list[tuple[int, ...]]:
    if n <= players:
        return [tuple(range(n))]
    return list(combinations(range(n), players))


def ladder(game: Any, agents: Sequence[Any], players: int = 2, games: int = 200, seed: int = 0,
           progress: bool = True, **kwargs: Any) -> Ladder:
    """Play a round robin of `agents` at `players` seats (see the module docstring) and return its
    Ladder. Other keyword arguments (workers, client, data, game options...) go to simulate()."""
    import pandas as pd

    from ..analysis import pairwise, ratings
    from ..analysis.stats import wilson_interval

    agents = agent_list(agents)          # one spec given alone is one agent, as in simulate
    games = _games(games)
    labels = [agent_label(a) for a in agents]
    check_labels(agents, game)           # different agents under one label: say how to name them
    if len(set(labels)) != len(labels) or len(labels) < 2:
        repeat = next((label for k, label in enumerate(labels) if label in labels[:k]), None)
        fix = (f": {repeat!r} is given {labels.count(repeat)} times, and a round robin plays each agent once; "
               f"give it once" if repeat is not None else ": add the agents to compare")
        raise ConfigError(f"a tournament needs at least two agents with different names, not {labels}{fix}")
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise ConfigError(f"a tournament needs players >= 2, not {players!r}")
    out = kwargs.pop("out", None)
    calls = [dict(games=games, players=players, agents=[agents[i] for i in group], seed=game_seed(seed, k),
                  progress=progress, **_part(out, f"match-{k:03d}"), **kwargs)
             for k, group in enumerate(_matches(len(agents), players))]
    for call in calls:
        check(game, **call)          # every match refused now, before the first one writes to out=
    frames = []
    offset = 0
    for k, call in enumerate(calls):
        df = simulate(game, **call)
        if hasattr(df, "to_pandas"):
            df = df.to_pandas()
        df = df.assign(match=k, game=df["game"] + offset)
        offset += games
        frames.append(df)
    all_games = pd.concat(frames, ignore_index=True)
    pairs = pairwise(all_games)
    bounds = [wilson_interval(w, n) for w, n in zip(pairs["wins"], pairs["games"])]
    pairs["low"] = [b[0] for b in bounds]
    pairs["high"] = [b[1] for b in bounds]
    table = pd.DataFrame(float("nan"), index=pd.Index(labels, name="agent"),
                         columns=pd.Index(labels, name="opponent"))
    for a, b, rate in pairs[["agent", "opponent", "rate"]].itertuples(index=False, name=None):
        table.loc[a, b] = rate
    return Ladder(all_games, table, pairs, ratings(all_games))


def tournament(game: Any, agents: Sequence[Any], games: int = 200, seed: int = 0, progress: bool = True,
               players: int = 2, **kwargs: Any):
    """The win-rate table of a round robin (ladder(...).table): entry [a, b] is the share of the games
    between agents a and b that a won, each game counted once, a's best-placed seat against b's (an
    agent may hold several seats: see nl.analysis.pairwise; a draw counts half), so [a, b] + [b, a] = 1.
    With players=2 that is the share of their games a won. The diagonal is empty. See ladder()."""
    return ladder(game, agents, players=players, games=games, seed=seed, progress=progress, **kwargs).table


def budget_sweep(game: Any, budgets: Sequence[int], opponent: Any = "greedy", agent: str = "mcts",
                 param: str = "iterations", players: int = 2, games: int = 100, seed: int = 0,
                 progress: bool = True, **kwargs: Any):
    """How strength grows with search budget: agent(param=b) for every b in `budgets` plays `games`
    games against `opponent` (seats rotating; with more than two seats the opponent fills the
    others). Returns one row per budget: budget, agent, games, wins (win share), rate, low, high
    (Wilson interval), margin (mean score minus the best other seat's) and steps (mean game length),
    of the searching agent's seats alone (so an opponent of the same label, the agent against itself at
    one of the budgets, is counted as the opponent). Every budget plays the same seeds, so differences
    come from the budget. A budget given twice is refused before anything is played."""
    import pandas as pd

    from ..analysis.stats import wilson_interval

    if isinstance(budgets, (str, bytes)) or not isinstance(budgets, (list, tuple, range)) or not len(budgets):
        raise ConfigError(f"budgets is a list of the {param} values to try (e.g. [10, 100, 1000]), not "
                          f"{excerpt(budgets)}")
    repeated = next((b for k, b in enumerate(budgets) if b in list(budgets)[:k]), None)
    if repeated is not None:       # its run would be played twice, and refused on its own folder with out=
        raise ConfigError(f"budgets gives {param}={excerpt(repeated)} more than once ({excerpt(list(budgets))}): "
                          f"give each budget once")
    games = _games(games)
    out = kwargs.pop("out", None)
    # the searching agent in one seat, rotating; the opponent in every other seat
    calls = [dict(games=games, players=players, agents=[(agent, {param: b})] + [opponent] * (players - 1),
                  seed=seed, progress=progress, **_part(out, f"budget-{b}"), **kwargs) for b in budgets]
    for call in calls:
        check(game, **call)          # every budget refused now, before the first one writes to out=
    rows = []
    for b, call in zip(budgets, calls):
        spec = call["agents"][0]
        df = simulate(game, **call)
        if hasattr(df, "to_pandas"):
            df = df.to_pandas()
        label = agent_label(spec)
        # the searching agent's seats, by the seating rule (agents[0]'s seat in each game), not by label:
        # an opponent of the same label (mcts(iterations=5) against itself) is not counted as it
        seated = [seat_agents(range(players), players, g, bool(call.get("rotate", True)))[s] == 0
                  for g, s in zip(df["game"], df["seat"])]
        is_mine = pd.Series(seated, index=df.index, dtype=bool)
        mine = df[is_mine]
        best_other = df[~is_mine].groupby("game")["score"].max()
        margin = (mine.set_index("game")["score"] - best_other).mean()
        w, n = float(mine["share"].sum()), len(mine)
        low, high = wilson_interval(w, n)
        rows.append({"budget": b, "agent": label, "games": n, "wins": w, "rate": w / n if n else 0.0,
                     "low": low, "high": high, "margin": float(margin),
                     "steps": float(df.groupby("game")["steps"].first().mean())})
    return pd.DataFrame(rows, columns=["budget", "agent", "games", "wins", "rate", "low", "high",
                                       "margin", "steps"])
