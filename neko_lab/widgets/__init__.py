"""ipywidgets boards. `Board` plays any game through the State contract; each game's board.py builds
on it (nl.widgets.Board(state, agents={1: "random"}))."""
from .board import Board, resolve_agent
from .parts import (ActionPicker, Controls, EventLog, MessageArea, ScoreTable, event_log_html,
                    score_table_html, status_text)

__all__ = ["Board", "resolve_agent", "ActionPicker", "Controls", "EventLog", "MessageArea",
           "ScoreTable", "event_log_html", "score_table_html", "status_text"]
