"""The Ocean grid, re-exported from the rules (neko_lab/games/naeco/rules/ocean.py), where it lives."""
from .rules.ocean import (ATTRIBUTES, DEPTHS, FACE_DOWN, START, VALUES, Card, Ocean, depth_col,
                          pos)

__all__ = ["ATTRIBUTES", "DEPTHS", "FACE_DOWN", "START", "VALUES", "Card", "Ocean", "depth_col", "pos"]
