"""A Pleasant Journey to Neko: rules engine (rules.py), scoring tables (scoring.py) and data (data.py)."""
