"""The 16 Scientific Objectives, re-exported from the rules (neko_lab/games/naeco/rules/objectives.py),
where they live: ``check(level, index, ocean)``, ``fulfilled(ocean)``, ``CHECKS``, ``LEVELS``."""
from .rules.objectives import CHECKS, LEVELS, RULE, check, fulfilled

__all__ = ["CHECKS", "LEVELS", "RULE", "check", "fulfilled"]
