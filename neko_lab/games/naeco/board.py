"""The Naéco board: click a hand card, then a green place in your Ocean; then a green pile.

    from neko_lab.games.naeco.board import Board
    b = Board(nl.new_game("naeco", players=2, seed=1), agents={1: "naeco"})
    b

Built on the generic board (the picture is the thing you click; beside it the prompt, the choices,
the last moves with "why?", bot speed and pause, scores; the whole log under it). The picture
(render.table_svg) shows the Surface row, the seven piles, every Ocean and your hand; while you are to
act, your hand cards, the places where the chosen card may go, the face-down switch and the piles you
may draw from are lit and clickable, and hovering one says what a click does. Anything the rules
refuse is explained in the message line and leaves the game unchanged ("Naéco › Gameplay").
"""
from __future__ import annotations

from html import escape
from typing import Any, Hashable, Mapping, Sequence

from neko_lab.widgets.board import Board as GenericBoard

from .ocean import Ocean, pos
from .render import ocean_svg, seat_name, table_svg
from .rules import Draw, GameState, LeaveMissions, Play, TakeMission


class Picture:
    """An SVG string that shows itself as a picture in a notebook (and as the SVG text elsewhere)."""

    __slots__ = ("svg",)

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_html_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg


def ocean_html(ocean: Ocean, title: str = "", highlight: Sequence[tuple[int, int]] = ()) -> str:
    """One Ocean on its own as an SVG string; `highlight` lists (depth, column) places drawn in green."""
    body, w, h = ocean_svg(ocean, 4, 4, title, [pos(d, c) for d, c in highlight])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 8:.0f}" height="{h + 8:.0f}" '
            f'font-family="sans-serif" style="background:#fff">{body}</svg>')


def show_oceans(oceans: Mapping[str, Ocean] | Sequence[Ocean], per_row: int = 4) -> Picture:
    """Several Oceans side by side, each under its title (a dict title -> Ocean), for notebooks."""
    items = list(oceans.items()) if isinstance(oceans, Mapping) else [("", o) for o in oceans]
    cells = "".join(f"<div style='display:inline-block;vertical-align:top;margin:4px'>"
                    f"<div style='max-width:260px;font-size:13px;font-weight:bold'>{escape(t)}</div>"
                    f"{ocean_html(o)}</div>"
                    for t, o in items)
    return Picture(f"<div class='neko-oceans'>{cells}</div>")


class Board(GenericBoard):
    """Naéco in a notebook: click a hand card, a green place, then a green pile; bots reply."""

    GAME_STATE = GameState

    def __init__(self, state: GameState, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None, lesson: Any = None):
        self.check_game(state)
        self.selected: int | None = None
        self.down = False
        self._chosen_at: tuple | None = None          # the position the card and the switch were chosen in
        super().__init__(state, agents=agents, names=names, seed=seed, lesson=lesson)

    def refresh(self, keep_message: bool = False) -> None:
        """A chosen card and the face-down switch belong to the position they were chosen in: a move
        (from the choices, a bot's, the lesson's), an undo or a review clears them."""
        if (self.selected is not None or self.down) and self._chosen_at != self._position():
            self.selected, self.down = None, False
        super().refresh(keep_message)

    # ------------------------------------------------------------------ hooks
    def picture(self) -> str:
        viewer = self.viewer            # the spectator's or the analyst's view holds no hand of its own
        if not isinstance(viewer, int) or self.selected not in self.state.hands[viewer]:
            self.selected = None
        return table_svg(self.state, self.viewer, self.selected, self.down, targets=self.my_turn())

    def prompt_text(self) -> str:
        s = self.state
        kind = self.decision()
        if s.is_over() or self.review is not None or not self.my_turn():
            return super().prompt_text()
        me = seat_name(self.viewer)
        if kind == "play":
            if self.selected is None:
                return f"{me}: click a card in your hand, then a green place in your Ocean."
            card = s.cards[self.selected]
            return (f"{me}: click a green place for {escape(card.name)} (depth {card.depth})"
                    + (", face-down" if self.down else "") + " — or another hand card.")
        leave = ("; or leave the missions, as no species can follow them (in the choices)"
                 if any(isinstance(a, LeaveMissions) for a in s.legal_actions()) else "")
        return (f"{me}: draw a card: click an outlined pile (your token allows piles "
                f"1–{s.allowed_piles(self.viewer)}){leave}.")

    def target_action(self, name: str) -> Hashable | None:
        kind, _, rest = name.partition(":")
        s = self.state
        if kind == "cell" and self.selected is not None:
            d, c = (int(x) for x in rest.split(":"))
            card = s.cards[self.selected]
            return Play(card.id, card.name, card.value, d, c, bool(self.down))
        if kind == "pile":
            return self.pile_action(int(rest))
        return super().target_action(name)

    def expected_targets(self, action: Hashable, markup: str) -> list[str]:
        """A play takes two clicks: the hand card until it is chosen (and the face-down switch when
        the lesson plays it face-down), then its place."""
        if isinstance(action, Play):
            if self.selected != action.card:
                return [f"hand:{action.card}"]
            if bool(action.down) != bool(self.down):
                return ["facedown"]
        return super().expected_targets(action, markup)

    def first_click_callout(self) -> str | None:
        """The lesson's callout while its play still needs a first click: the hand card (that click
        picks it), then the face-down switch when the step plays face-down; the step's own callout
        ("play here") marks the place once they are clicked. None when no such click is due."""
        want = self.lesson_panel.expected
        if isinstance(want, Play):
            if self.selected != want.card:
                return "pick this card"
            if bool(want.down) != bool(self.down):
                return "switch to face-down"
        return None

    def why_not_target(self, name: str) -> str:
        """A place of your Ocean or a pile that is not a move now, in the game's words."""
        kind = name.partition(":")[0]
        if kind == "cell" and self.decision() != "play":
            return "you have played your card this turn; now you draw from a pile"
        if kind == "cell" and self.selected is None:
            return "choose a card from your hand first; the places it may go then light up"
        if kind == "pile" and self.decision() == "play":
            return "you draw only after playing a card into your Ocean"
        return super().why_not_target(name)

    def on_target(self, name: str) -> bool:
        kind, _, rest = name.partition(":")
        if kind == "hand":
            self.select_card(int(rest))
            return False
        if kind == "facedown":
            self.set_face_down(not self.down)
            return False
        if kind == "cell":
            d, c = (int(x) for x in rest.split(":"))
            return self.click_cell(d, c)
        if kind == "pile":
            return self.click_pile(int(rest))
        return super().on_target(name)

    # ------------------------------------------------------------------ clicks
    def select_card(self, card: int | None) -> None:
        """Choose a hand card by id (what clicking it in the hand does); the places it may go light up."""
        if card is not None and (not isinstance(self.viewer, int) or card not in self.state.hands[self.viewer]):
            self.message.show("That card is not in your hand.", "error")
            return
        self.selected = card
        self._chosen_at = self._position()
        self.refresh()

    def set_face_down(self, down: bool) -> None:
        """The face-down switch: the chosen card is played as an unpopulated area."""
        self.down = bool(down)
        self._chosen_at = self._position()
        self.refresh()

    def click_cell(self, depth: int, col: int) -> bool:
        """Play the chosen hand card at (depth, col), face-down if the switch is on. A refused place is
        explained in the message line and nothing changes."""
        if self.decision() != "play":
            self.message.show("Now you draw: click one of the outlined piles.", "error")
            return False
        if self.selected is None:
            self.message.show("Choose a card from your hand first.", "error")
            return False
        card = self.state.cards[self.selected]
        action = Play(card.id, card.name, card.value, depth, col, bool(self.down))
        chosen, down = self.selected, self.down
        self.selected, self.down = None, False
        ok = self.play(action)
        if not ok:                                   # keep the choice for the next try
            self.selected, self.down = chosen, down
            self.refresh(keep_message=True)
        return ok

    def pile_action(self, pile: int) -> Hashable:
        cards = self.state.piles[pile]
        if not cards:
            return Draw(pile, -1, "nothing")
        top = self.state.cards[cards[-1]]
        return (TakeMission if top.effect else Draw)(pile, top.id, top.name)

    def click_pile(self, pile: int) -> bool:
        """Draw from pile `pile` (0-based), or take the mission on top of it first."""
        if self.decision() != "draw":
            self.message.show("First play a card into your Ocean; then you draw.", "error")
            return False
        return self.play(self.pile_action(pile))
