"""Bradley–Terry ratings of agents on the Elo scale, from nl.simulate() or tournament() frames of any
player count.

Every game is read as pairwise results between the different agents that played it, one result per
pair and game (an agent holding several seats is represented by its best-placed one, see pairwise()):
the larger win share beats the other; at equal share the higher score wins; equal in both is half a
win each. Strengths p_i are the Bradley–Terry maximum-likelihood fit (P(i beats j) =
p_i / (p_i + p_j)), by Hunter's MM iterations; ratings are 400·log10(p_i) centred on a mean of 0 (of the
agents with a finite rating, see ratings()), so
a 200-point gap is about a 76 % expected score. Intervals are ±z standard errors from the Fisher
information of the fit (the pseudo-inverse, since only differences are identified).
"""
from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pandas as pd

from ..core.errors import ConfigError
from .balance import with_share
from .frames import check_whole, check_winner, check_z, need
from .stats import Z95

ELO = 400 / math.log(10)


def pairwise(df: pd.DataFrame) -> pd.DataFrame:
    """The pairwise results behind the ratings: agent, opponent, games (the games both played in), wins
    (the agent's results in those games, half for a draw), rate (wins / games) and score_margin (the mean
    difference of the scores compared), one row per ordered pair of different agents. In each game every
    two agents at the table meet once, each represented by its best-placed seat (the largest win share,
    then the highest score; an agent holding several seats, as in ladder(players=3) with two agents,
    has one result a game, not one per seat): the larger win share wins, at equal share the higher score,
    equal in both is half a win each. With one seat per agent (two players, or as many agents as seats)
    that is every pair of seats. `df` holds one run, or runs whose games are numbered apart
    (nl.sim.ladder's; see frames.py)."""
    check_winner(need(df, ["game", "agent", "won", "score"], "pairwise"), "pairwise")
    df = with_share(df)
    tally: dict[tuple[str, str], list[float]] = {}
    cols = df[["game", "agent", "share", "score"]]
    for _, g in cols.groupby("game", sort=False):
        best: dict[str, tuple] = {}           # each agent's best-placed seat in the game: (share, score)
        for _, agent, share, score in g.itertuples(index=False, name=None):
            if agent not in best or (share, score) > best[agent]:
                best[agent] = (share, score)
        for (a, (sa, xa)), (b, (sb, xb)) in combinations(best.items(), 2):
            res = 1.0 if (sa, xa) > (sb, xb) else 0.0 if (sa, xa) < (sb, xb) else 0.5
            for (p, q, r, d) in ((a, b, res, xa - xb), (b, a, 1 - res, xb - xa)):
                t = tally.setdefault((p, q), [0, 0.0, 0.0])
                t[0] += 1
                t[1] += r
                t[2] += d
    rows = [{"agent": p, "opponent": q, "games": t[0], "wins": t[1], "rate": t[1] / t[0],
             "score_margin": t[2] / t[0]} for (p, q), t in sorted(tally.items())]
    return pd.DataFrame(rows, columns=["agent", "opponent", "games", "wins", "rate", "score_margin"])


def ratings(df: pd.DataFrame, z: float = Z95, iterations: int = 10_000) -> pd.DataFrame:
    """Bradley–Terry ratings (Elo scale, mean 0) per agent: columns rating, low, high, se, games
    (pairwise results: a game counts once against each other agent in it), wins, sorted best first. An agent that won (or lost) every pairing has no
    finite rating: it is fitted as if it had lost (won) a thousandth of a game, which places it far
    above (below) the others, its se is infinite and its interval runs from that rating to +inf
    (-inf to it). The others are centred on their own mean and their errors read off the games among
    them, so one unbeaten or winless agent leaves their intervals as they would be without it.
    z: the width of the intervals in standard errors (1.96 for 95 %); iterations: the most fitting
    steps. `df` holds one run, or runs whose games are numbered apart (nl.sim.ladder's; see frames.py)."""
    z = check_z(z, "ratings")
    iterations = check_whole(iterations, "iterations", "ratings", 1, " (the most fitting steps)")
    check_winner(need(df, ["game", "agent", "won", "score"], "ratings"), "ratings")
    pw = pairwise(df)
    agents = sorted(set(pw["agent"]))
    if len(agents) < 2:
        raise ConfigError("ratings need games between at least two different agents")
    k = len(agents)
    ix = {a: i for i, a in enumerate(agents)}
    n = np.zeros((k, k))
    w = np.zeros(k)
    for a, b, games, wins in pw[["agent", "opponent", "games", "wins"]].itertuples(index=False, name=None):
        n[ix[a], ix[b]] = games
        w[ix[a]] += wins
    eps = 1e-3                    # keeps unbeaten / winless agents finite; stated in the docstring
    wf = np.clip(w, eps, n.sum(axis=1) - eps)
    p = np.ones(k)
    for _ in range(iterations):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = wf / denom
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < 1e-12:
            p = new
            break
        p = new
    theta = np.log(p)
    total = n.sum(axis=1)
    extreme = (w >= total) | (w <= 0)          # unbeaten or winless: no finite maximum-likelihood rating
    fit = ~extreme if (~extreme).sum() >= 2 else np.ones(k, bool)
    # ratings are centred on the agents with a finite fit, and their errors come from the information
    # among those alone: an extreme agent's near-infinite uncertainty would otherwise spread to everyone
    pp = p[:, None] * p[None, :] / (p[:, None] + p[None, :]) ** 2 * n
    info = (np.diag(pp.sum(axis=1)) - pp)[np.ix_(fit, fit)]
    m = int(fit.sum())
    centre = np.eye(m) - 1.0 / m
    se = np.full(k, math.inf)
    se[fit] = np.sqrt(np.clip(np.diag(centre @ np.linalg.pinv(info) @ centre), 0, None))
    rating = ELO * (theta - theta[fit].mean())
    rows = []
    for i, a in enumerate(agents):
        lo, hi = rating[i] - z * ELO * se[i], rating[i] + z * ELO * se[i]
        if extreme[i] and not math.isfinite(se[i]):   # one side: the clipped fit's rating is the bound
            lo, hi = (rating[i], math.inf) if w[i] >= total[i] else (-math.inf, rating[i])
        if w[i] >= total[i]:
            hi = math.inf
        if w[i] <= 0:
            lo = -math.inf
        rows.append({"agent": a, "rating": float(rating[i]), "low": float(lo), "high": float(hi),
                     "se": float(ELO * se[i]), "games": int(total[i]), "wins": float(w[i])})
    out = pd.DataFrame(rows).sort_values("rating", ascending=False, kind="stable")
    return out.set_index("agent")
