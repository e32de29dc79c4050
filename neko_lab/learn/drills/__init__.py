"""Drills: one module per game, each exposing DRILLS = {topic: (what it practises, builder)}."""
