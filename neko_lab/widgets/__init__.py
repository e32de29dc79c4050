"""ipywidgets boards. `Board` plays any game through the State contract; each game's board.py builds
on it. `board(state, agents=...)` picks the game's own board when it has one:

    import neko_lab as nl
    nl.widgets.board(nl.new_game("naeco", players=2, seed=1), agents={1: "naeco"})
    nl.widgets.Board.from_save(text)          # review a saved game move by move

A game board makes its picture the thing you click: draw targets with `target()`, say what each
stands for in `target_action` (or handle it in `on_target`), and the generic board does the rest
(highlight on hover, refusals explained, bots replying and narrated, why?, hints, lessons, review):

    from neko_lab.widgets import Board as GenericBoard, target

    class Board(GenericBoard):
        def picture(self):                    # lit targets: the legal moves of the person to act
            moves = {f"loc:{a.loc}": a for a in self.state.legal_actions()} if self.my_turn() else {}
            return "<svg ...>" + "".join(
                target(f'<circle cx="{x}" cy="{y}" r="9"/>', name, str(moves[name]), lit=name in moves)
                for name, (x, y) in PLACES.items()) + "</svg>"

        def target_action(self, name):        # "loc:3" -> the action it plays, None for nothing
            return {f"loc:{a.loc}": a for a in self.state.legal_actions()}.get(name)
"""
from __future__ import annotations

import importlib
from typing import Any

from ..core.state import State
from .board import Board, resolve_agent
from .parts import (ChoiceList, Controls, EventLog, MessageArea, ScoreTable, event_log_html,
                    moves_html, result_text, score_table_html, status_text)
from .lesson import LessonPanel, lesson, mark_expected
from .picture import ClickPicture, lit_targets
from .review import history_save, positions
from ..core.svg import target


def board_class(game: State | type[State] | str) -> type[Board]:
    """The board class for a game: neko_lab.games.<key>.board.Board if the game ships one, else Board."""
    key = game if isinstance(game, str) else game.GAME
    module = f"neko_lab.games.{key}.board"
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            return Board          # this game has no board of its own
        raise
    return getattr(mod, "Board", Board)


def board(state: State, agents: Any = None, **kwargs: Any) -> Board:
    """A board for `state`: the game's own board when there is one, the generic board otherwise."""
    return board_class(state)(state, agents=agents, **kwargs)


__all__ = ["Board", "board", "board_class", "resolve_agent", "ChoiceList", "ClickPicture",
           "Controls", "EventLog", "LessonPanel", "MessageArea", "ScoreTable", "event_log_html",
           "history_save", "lesson", "lit_targets", "mark_expected", "moves_html", "positions",
           "result_text", "score_table_html", "status_text", "target"]
