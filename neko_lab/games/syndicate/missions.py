"""The 24 missions as checks on one player's structure (Neko Syndicate › Mission Cards).

    missions.check(9, state, seat)      # True when that seat has delivered at least 10 cubes
"""
from __future__ import annotations

from .rules.mission_cards import CHECKS, Facts, check, facts

__all__ = ["CHECKS", "Facts", "check", "facts"]
