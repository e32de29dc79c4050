"""Analyses of simulation results: pure functions of the frames and traces nl.simulate() returns.

    df, tr = nl.simulate("naeco", games=2000, agents=["naeco"], trace=True)
    nl.analysis.seat_balance(df)         # win share per seat, Wilson intervals
    nl.analysis.equal_seats_test(df)     # are the seats equal?
    nl.analysis.leader_wins(tr, df)      # does the leader at round r go on to win?

Modules: balance (seats, decisiveness, length), drama (lead changes on projected scores),
decisions (branching factor; needs trace="action"), cards (per-card statistics from `held`),
ratings (Bradley–Terry / Elo), stats (Wilson, chi-square). Each function's docstring defines what it
measures. Seat tables count seats from 1 (seat 1 is the results frame's seat 0). Every function reads
one run: a sweep's table, or runs joined with pd.concat, is refused with a ConfigError naming the column
that tells the runs apart, to analyse them in turn (frames.py).
"""
from .balance import decisiveness, equal_seats_test, game_length, margins, seat_balance, with_share
from .cards import card_stats, holdings
from .decisions import branching
from .drama import drama, lead_changes, leader_wins
from .ratings import pairwise, ratings
from .report import Report, analyse
from .stats import chi2_sf, wilson_interval

__all__ = ["seat_balance", "equal_seats_test", "decisiveness", "margins", "game_length", "with_share",
           "card_stats", "holdings", "branching", "drama", "lead_changes", "leader_wins", "pairwise",
           "ratings", "chi2_sf", "wilson_interval", "analyse", "Report"]
