"""Analyses of simulation results: pure functions of the frames and traces nl.simulate() returns.

    df, tr = nl.simulate("naeco", games=2000, agents=["naeco"], trace=True)
    nl.analysis.seat_balance(df)         # win share per seat, Wilson intervals
    nl.analysis.equal_seats_test(df)     # are the seats equal?
    nl.analysis.leader_wins(tr, df)      # does the leader at round r go on to win?

    nl.analysis.compare_options(sweep_frame)  # does a rule option change who wins, or the scores?

Modules: balance (seats, decisiveness, length), scores (final scores, solo results and ratings),
drama (lead changes on projected scores), decisions (branching factor; needs trace="action"), cards
(per-card statistics from `held`), compare (one rule option against another, with tests), ratings
(Bradley–Terry / Elo), stats (Wilson, chi-square, Student's t). Each function's docstring defines what
it measures. Seat tables count seats from 1 (seat 1 is the results
frame's seat 0). Every function reads one run: a sweep's table, or runs joined with pd.concat, is
refused with a ConfigError naming the column that tells the runs apart, to analyse them in turn
(frames.py); compare_options is the one made for a sweep's table.
"""
from .balance import decisiveness, equal_seats_test, game_length, margins, seat_balance, with_share
from .cards import card_scores, card_stats, holdings
from .compare import OptionComparison, compare_options
from .decisions import branching
from .drama import drama, lead_changes, leader_wins, round_points
from .ratings import pairwise, ratings
from .report import Report, analyse
from .scores import rating_counts, score_table, solo_result
from .stats import chi2_sf, two_proportion_test, welch_test, wilson_interval

__all__ = ["seat_balance", "equal_seats_test", "decisiveness", "margins", "game_length", "with_share",
           "card_stats", "card_scores", "holdings", "branching", "drama", "lead_changes", "leader_wins",
           "round_points", "pairwise", "ratings", "chi2_sf", "wilson_interval", "welch_test",
           "two_proportion_test", "score_table", "solo_result", "rating_counts", "compare_options",
           "OptionComparison", "analyse", "Report"]
