"""The Neko Syndicate board: the picture is the thing you click.

    from neko_lab.games.syndicate.board import Board
    b = Board(nl.new_game("syndicate", players=2, seed=1), agents={1: "syndicate"})
    b

The picture (render.html) shows Kumichō's path and every pyramid, with the walk so far in bold. While
you are to act, what you may click is outlined in orange and hovering it says what a click does: the
boxes the walk may take next (click one to walk on), the empty places a waiting minion may go (click a
minion of the Waiting Room, then a place), the minions of the Waiting Room while the Accountant discards
(click one to discard it), and, for the Delivery lady or the Subway operator, the loose cubes that may
move (click one; the neighbourhoods it may reach light up; click one of them). A click that picks a
minion or a cube says so in the message line, and what to click next. Anything the rules refuse is
explained in the message line and leaves the game unchanged. Every other decision
(how many cubes a Fishmonger takes, deliveries, stop) is in the list of choices. The generic board adds
bots, undo/restart, the scores, the log with the rule of every event and the review of a finished game.
"""
from __future__ import annotations

from typing import Hashable

from neko_lab.widgets.board import Board as GenericBoard

from .data import COLOURS, DELIVERY, LEVEL_OF, MISSION_TYPES, SUBWAY
from .render import html, opening_svg, path_svg
from .refusals import empty_place_reason
from .rules import GameState
from .rules.command_phase import Box
from .rules.lieutenants_card import Discard, Place
from .rules.rulebook import COMMAND
from .rules.solo import AssignMarkers, assignment_words
from .rules.minions_cards import ENTER, Carry

MOVERS = (DELIVERY, SUBWAY)
MINION_BOXES = tuple(ENTER)         # the decisions of a minion's box: fishmonger, delivery lady, ...


def prompt(state: GameState) -> str:
    """One sentence on the open decision, counting from 1."""
    if state.is_over():
        return "The game is over: review it move by move."
    top = state.pending[-1]
    who = f"Player {top.seat + 1}"
    if top.kind == "opening":
        return f"{who}: keep one opening minion below the Accountant and one in the Waiting Room."
    if top.kind == "walk":
        return (f"{who}, turn {state.turn}: click the first box of the walk (outlined)" if top.data == 0 else
                f"{who}, turn {state.turn}: click a box of place {top.data + 1} to walk on")
    if top.kind == "catanna_assign":
        values = "/".join(str(v) for v in top.data)
        return (f"{who}: choose which mission each of CatANNA's values ({values}) goes on "
                f"({', '.join(MISSION_TYPES)})")
    if top.kind == "catanna_wild":
        p, k = top.data
        return f"{who}: choose the colour of CatANNA's cube on wild slot {k + 1} of place {p + 1}"
    if top.kind in MINION_BOXES:        # (place, side, uses left) of the box in use
        p, side, left = top.data
        more = " — click a cube, then where it goes" if top.kind in MOVERS else ""
        return (f"{who}: {state.card_at(top.seat, p).box_text(side)} at place {p + 1} — "
                f"{left} of {LEVEL_OF[p]} uses left{more}")
    if top.kind == "discard":        # data: how many discards are left, this one included
        left = top.data
        return (f"{who}: click a minion of the Waiting Room to discard it face up "
                f"({left} discard{'s' if left != 1 else ''} left)")
    names = {"coo": "click a minion of the Waiting Room, then an outlined place",
             "deliver": "deliver the cube that just arrived, or keep it loose",
             "deliveries": "deliveries still possible before the walk ends"}
    return f"{who}: {names.get(top.kind, top.kind)}"


class Board(GenericBoard):
    """Play Neko Syndicate in a notebook (see the module docstring)."""

    GAME_STATE = GameState

    def __init__(self, state: GameState, *args, **kwargs):
        self.check_game(state)
        self.selected: tuple | None = None        # (neighbourhood, colour) of a cube, or ("wait", card)
        super().__init__(state, *args, **kwargs)

    def picture(self) -> str:
        """The table as the viewer sees it. The opening draw of a person's seat shown is drawn whenever
        that seat is drawing, as the person saw it: in a review too, where nothing is clickable."""
        s, viewer, mine = self.state, self.viewer, self.my_turn()
        table = html(s, viewer, clickable=mine, selected=self.selected)
        if (mine or s.over or not s.pending or s.pending[-1].kind != "opening"
                or s.current_player != viewer or viewer not in self.humans):
            return table
        part = '<div style="display:inline-block;vertical-align:top;margin:4px 0">{}</div>'
        path = part.format(path_svg(s))         # the draw follows Kumichō's path, as render.html draws it
        return table.replace(path, path + part.format(opening_svg(s, viewer)), 1)

    def prompt_text(self) -> str:
        if self.review is not None or not self.my_turn():
            return super().prompt_text()
        return prompt(self.state)

    def action_label(self, action: Hashable, state: GameState | None = None) -> str:
        """CatANNA's set-up choice names the mission number and path column each value lands on."""
        if isinstance(action, AssignMarkers):
            return "CatANNA's markers: " + assignment_words(self.state if state is None else state, action)
        return super().action_label(action, state)

    # ------------------------------------------------------------------ clicks
    def target_action(self, name: str) -> Hashable | None:
        kind, _, rest = name.partition(":")
        legal = self.state.legal_actions()
        if kind == "box":
            place, side = (int(x) for x in rest.split(":"))
            return next((a for a in legal if isinstance(a, Box) and (a.place, a.side) == (place, side)),
                        Box(place, side, "", LEVEL_OF[place]))
        if kind == "place":
            place = int(rest)
            here = [a for a in legal if isinstance(a, Place) and a.place == place]
            if self.selected and self.selected[0] == "wait":
                return Place(self.selected[1], place)
            return here[0] if len(here) == 1 else None
        if kind == "discard":
            card = int(rest)
            return next((a for a in legal if isinstance(a, Discard) and a.card == card), None)
        if kind == "to" and self.selected and self.selected[0] != "wait":
            frm, colour = self.selected
            return Carry(frm, int(rest), colour, self.decision() == SUBWAY)
        return super().target_action(name)

    def why_not_target(self, name: str) -> str:
        """An empty place of your pyramid that is not lit: why no minion goes there now (the place hangs
        below no card yet; the walk goes through cards; only the Chief Operations Officer fills places)."""
        kind, _, rest = name.partition(":")
        if kind == "box" and self.decision() != "walk":
            return (f"the walk goes on to its next box only once the box in use is finished (choose in the list "
                    f"or on the outlined parts first) ({COMMAND})")
        if kind != "place" or not rest.isdigit():
            return super().why_not_target(name)
        return empty_place_reason(self.state, self.viewer, int(rest))

    def expected_targets(self, action: Hashable, markup: str) -> list[str]:
        """Placing a waiting minion and moving a cube take two clicks: the minion (or cube) first."""
        if isinstance(action, Place) and self.selected != ("wait", action.card):
            return [f"wait:{action.card}"]
        if isinstance(action, Carry) and self.selected != (action.frm, action.colour):
            return [f"cube:{action.frm}:{action.colour}"]
        return super().expected_targets(action, markup)

    def first_click_callout(self) -> str | None:
        """The lesson's callout while its move still needs its first click (a waiting minion, a loose
        cube): that click picks, so the note says so; the step's own callout ("place here", "move
        here") marks the second click. None when no first click is due."""
        want = self.lesson_panel.expected
        if isinstance(want, Place) and self.selected != ("wait", want.card):
            return "pick this minion"
        if isinstance(want, Carry) and self.selected != (want.frm, want.colour):
            return "pick this cube"
        return None

    def on_target(self, name: str) -> bool:
        kind, _, rest = name.partition(":")
        if kind == "cube":
            n, c = (int(x) for x in rest.split(":"))
            self.selected = None if self.selected == (n, c) else (n, c)
            self.refresh()
            where = f"the {'upper' if n % 2 == 0 else 'lower'} neighbourhood of place {n // 2 + 1}"
            self.message.show(f"Picked a {COLOURS[c]} cube in {where}: now click an outlined neighbourhood it may "
                              f"go to (or the cube again to let it be)." if self.selected else
                              f"The {COLOURS[c]} cube is let be: click a loose cube, then where it goes.")
            return False
        if kind == "wait":
            card = int(rest)
            self.selected = None if self.selected == ("wait", card) else ("wait", card)
            self.refresh()
            boxes = " | ".join(t[:1].upper() + t[1:] for t in map(self.state.cards[card].box_text, (0, 1)))
            self.message.show(f"Picked minion {card + 1} ({boxes}): now click an "
                              f"outlined place for it (or the minion again to put it back)." if self.selected else
                              f"Minion {card + 1} put back: click a minion of the Waiting Room, then an outlined "
                              f"place.")
            return False
        if kind == "place" and self.target_action(name) is None:
            self.message.show("Click a minion of your Waiting Room first, then the place.", "error")
            return False
        if kind == "to" and self.target_action(name) is None:
            self.message.show("Click a loose cube first, then where it goes.", "error")
            return False
        ok = super().on_target(name)
        if ok:
            self.selected = None
            self.refresh(keep_message=True)
        return ok

    def try_move(self, frm: int, to: int, colour: int) -> bool:
        """Move a loose cube with the Delivery lady or Subway operator now being used (what clicking the
        cube, then a neighbourhood does); a refused move leaves the game as it was and says why."""
        self.selected = (frm, colour)
        return self.click(f"to:{to}")

    def walk_to(self, place: int, side: int) -> bool:
        """What clicking a box does (place and side count from 0 here, as in the engine)."""
        return self.click(f"box:{place}:{side}")
