"""The Naéco board driven by clicks: hand card then Ocean cell, piles, bots, undo ("Naéco › Gameplay")."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.agents.base import Agent
from neko_lab.games.naeco.board import Board
from neko_lab.games.naeco.render import table_svg
from neko_lab.games.naeco.rules import Play

from statecheck import fingerprint


class FirstPlay(Agent):
    name = "first"

    def choose(self, state):
        return state.legal_actions()[0]


def game(seed: int = 1, players: int = 2, **opts):
    return nl.new_game("naeco", players=players, seed=seed, **opts)


def first_face_up(state):
    return next(a for a in state.legal_actions() if isinstance(a, Play) and not a.down)


def lit(b):
    return b.picture_widget.targets()


def test_click_hand_card_then_cell_plays_it_into_the_ocean():
    s = game()
    b = Board(s, agents={1: FirstPlay()})
    b.controls.auto.value = False
    target = first_face_up(s)
    assert f"hand:{target.card}" in lit(b)                   # the hand cards are the click targets
    assert not any(t.startswith("cell:") for t in lit(b))     # no place lit before a card is chosen
    b.picture_widget.click(f"hand:{target.card}")           # click the card in the hand
    assert f"cell:{target.depth}:{target.col}" in lit(b)
    assert "#8fdc8f" in b.picture_widget.value               # its legal places are green in the picture
    assert f"play {target.name} here (depth {target.depth}" in b.picture_widget.value   # what a click does
    b.picture_widget.click(f"cell:{target.depth}:{target.col}")   # click the place
    assert b.state.oceans[0].get(target.depth, target.col) == target.value
    assert target.card not in b.state.hands[0]
    assert any(e.rule == "Naéco › Gameplay" for e in b.state.log[-3:])
    assert "draw a card" in b.prompt_box.value
    assert [t for t in lit(b) if not t.startswith("pile:")] == []      # now only piles are lit
    assert sorted(lit(b)) == sorted(f"pile:{i}" for i in range(b.state.allowed_piles(0)))


def test_the_picture_is_the_only_ocean_and_the_only_piles():
    b = Board(game(players=3), agents={1: "random", 2: "random"})
    assert b.extras.children == ()                           # no button grid, no pile buttons
    assert b.picture_widget.value.count(">depth 4<") == 3    # each Ocean drawn once
    assert b.picture_widget.value.count(">pile 7 (") == 1    # the piles drawn once


def test_illegal_cell_shows_why_and_leaves_the_game_unchanged():
    s = game()
    b = Board(s)
    saved = fingerprint(s)
    card = s.cards[s.hands[0][0]]
    wrong_depth = 1 if card.depth != 1 else 2
    b.select_card(card.id)
    b.click(f"cell:{wrong_depth}:{0 if wrong_depth == 2 else 1}")   # a place touching a start card
    assert b.message.kind == "error"
    assert f"lives at depth {card.depth}" in b.message.text
    assert "Naéco › Gameplay" in b.message.text
    assert fingerprint(b.state) == saved
    assert b.selected == card.id                             # the chosen card stays chosen
    assert b.click_cell(card.depth, 5) is False              # a place touching no card at all
    assert "must touch" in b.message.text
    assert fingerprint(b.state) == saved


def test_start_card_place_is_taken_and_no_card_selected_is_explained():
    s = game()
    b = Board(s)
    saved = fingerprint(s)
    b.click("cell:1:0")
    assert "Choose a card" in b.message.text or "not a move" in b.message.text
    b.select_card(s.hands[0][0])
    b.click_cell(1, 0)
    assert "already taken" in b.message.text
    assert fingerprint(b.state) == saved


def test_side_by_side_values_must_differ_by_one():
    # the first player holds a value that cannot sit beside a value two away: build that position
    s = game(seed=3)
    b = Board(s)
    ok = first_face_up(s)
    b.select_card(ok.card)
    assert b.click_cell(ok.depth, ok.col)
    b.click_pile(0)
    while b.state.current_player != 0:
        b.play(b.state.legal_actions()[0])
    b.show_my_view()            # two people at the board: Player 1 is back at the screen
    for cid in b.state.hands[0]:
        card = b.state.cards[cid]
        if card.depth == ok.depth and abs(card.value - ok.value) != 1:
            saved = fingerprint(b.state)
            col = ok.col + (1 if ok.col >= 0 else -1)
            b.select_card(cid)
            assert b.click_cell(card.depth, col) is False
            assert "one value above or below" in b.message.text
            assert fingerprint(b.state) == saved
            return
    pytest.fail("seed 3 was expected to deal a card that cannot sit beside the first one")


def test_forbidden_pile_is_refused_and_allowed_pile_draws():
    s = game()
    b = Board(s, agents={1: FirstPlay()})
    b.controls.auto.value = False
    a = first_face_up(s)
    b.select_card(a.card)
    b.click_cell(a.depth, a.col)
    saved = fingerprint(b.state)
    allowed = b.state.allowed_piles(0)
    assert lit(b) == [f"pile:{i}" for i in range(allowed)]
    b.click("pile:6")
    assert "only from the first 4 piles" in b.message.text
    assert fingerprint(b.state) == saved
    top = b.state.piles[0][-1]
    b.click("pile:0")
    assert top in b.state.hands[0] and len(b.state.hands[0]) == 3
    assert b.state.current_player == 1


def test_the_bot_replies_by_itself_and_each_move_is_narrated():
    s = game()
    b = Board(s, agents={1: "naeco"})
    a = first_face_up(s)
    b.select_card(a.card)
    b.click_cell(a.depth, a.col)
    b.click_pile(0)
    assert b.state.current_player == 0 and len(b.state.oceans[1].cells) == 3   # the bot played and drew
    moves = b.moves.value
    assert moves.count("P2 (bot): ") == 2 and "P1: " in moves
    assert moves.index("P2 (bot): ") < moves.index("P1: ")                     # newest first
    assert "bots played" not in b.message.text
    assert f"hand:{b.state.hands[0][0]}" in lit(b)


def test_step_by_step_bots_and_the_pause():
    s = game()
    b = Board(s, agents={1: "naeco"})
    b.controls.pause_button.value = True                   # paused: the bot waits
    a = first_face_up(s)
    b.select_card(a.card)
    b.click_cell(a.depth, a.col)
    b.click_pile(0)
    assert b.state.current_player == 1 and b.controls.pause_button.description == "Resume"
    assert lit(b) == [] and "is a bot: press <b>Bot move</b>" in b.prompt_box.value
    b.controls.bot_button.click()                          # one step: the bot plays a card ...
    assert b.state.current_player == 1 and len(b.state.oceans[1].cells) == 3
    b.controls.pause_button.value = False                  # resume: it draws, and it is my turn
    assert b.state.current_player == 0


def test_undo_takes_back_the_card_played_but_not_the_draw_that_turned_up_the_pile_s_next_card():
    s = game()
    b = Board(s, agents={1: FirstPlay()})
    start = fingerprint(s)
    a = first_face_up(s)
    b.select_card(a.card)
    b.click_cell(a.depth, a.col)
    assert b.state.steps == 1 and b.state.pending[-1].kind == "draw"
    b.controls.undo_button.click()                # the card played goes back to my hand
    assert fingerprint(b.state) == start
    assert f"hand:{b.state.hands[0][0]}" in lit(b)
    b.select_card(a.card)
    b.click_cell(a.depth, a.col)
    b.click_pile(1)                               # the pile's next card turns up; the bot replies
    assert b.state.current_player == 0 and b.state.steps == 4
    b.controls.undo_button.click()                # undone, I could draw again knowing that card
    assert b.state.steps == 4 and b.message.text.startswith("Undo stops here: your move “draw ")


def test_face_down_switch_plays_an_unpopulated_area():
    s = game()
    b = Board(s)
    a = next(x for x in s.legal_actions() if isinstance(x, Play) and x.down)
    b.click(f"hand:{a.card}")
    assert "facedown" in lit(b) and "play face-down: off" in b.picture_widget.value
    b.click("facedown")
    assert "play face-down: on" in b.picture_widget.value
    assert f"cell:{a.depth}:{a.col}" in lit(b)
    assert b.click(f"cell:{a.depth}:{a.col}")
    assert b.state.oceans[0].get(a.depth, a.col) == -1
    assert b.down is False


def test_first_picture_counts_players_from_1_and_points_as_the_score_table_counts_them():
    s = game()
    svg = s._repr_html_()          # the spectator's picture: the secret priority points are "?"
    assert "Player 1: -1+? points (to play)" in svg and "Player 2: -1+? points" in svg
    assert "Player 0" not in svg
    assert "research -1, biodiversity 0, priority ?" in svg      # where -1 comes from, on hover


def test_the_picture_and_the_score_table_give_the_same_totals():
    import re
    from neko_lab.widgets import board
    b = board(nl.new_game("naeco", players=2, seed=1), agents={1: "greedy"})
    for _ in range(6):
        b.picker.choose(0)
        b.play_bots()
        table = re.findall(r"<td style='text-align:right;padding:2px 8px'>([^<]*)</td>",
                           b.scores.widget.value.split("total")[-1])
        shown = re.findall(r"Player (\d): ([^< ]*) points?\b", b.picture_widget.value)
        assert sorted(shown) == [("1", table[0]), ("2", table[1])], (shown, table)


def test_picture_shows_surface_piles_oceans_and_the_hand():
    s = game(players=3)
    svg = table_svg(s, viewer=0)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count(">depth 4<") == 3                  # three Oceans with their depths
    assert "Hand of Player 1" in svg
    for cid in s.hands[0]:
        assert s.cards[cid].name in svg
    assert svg.count('stroke="#1b7a1b" stroke-width="3"') == s.allowed_piles(0)
    assert s.objective_text[(-1, s.objectives[0])].split()[0] in svg
    b = Board(s, agents={1: "random", 2: "random"})
    assert b.picture_widget.value == table_svg(s, 0, None, False, targets=True)


def _font_sizes(svg):
    import re
    return [float(x) for x in re.findall(r'font-size="([0-9.]+)"', svg)]


def test_every_text_is_at_least_11_px_and_the_picture_fits_beside_the_side_column():
    import random
    import re

    s = game(seed=3)
    rng = random.Random(0)
    widest = 0
    while not s.is_over():
        svg = table_svg(s, s.current_player, s.hands[s.current_player][0] if s.hands[s.current_player] else None,
                        targets=True)
        assert min(_font_sizes(svg)) >= 11
        widest = max(widest, int(re.match(r'<svg[^>]* width="(\d+)"', svg).group(1)))
        s.apply(rng.choice(s.legal_actions()))
    assert widest <= 580                       # drawn at its shown size, beside a 260 px side column


def test_whole_game_with_bots_ends_and_shows_the_winner():
    s = game(seed=5, players=2)
    b = Board(s, agents={0: "random", 1: "random"}, seed=2)
    b.play_bots()
    assert b.state.is_over()
    assert "Game over" in b.status.value and "over" in b.prompt_box.value
    assert lit(b) == []
    assert "may draw" not in b.picture_widget.value          # the piles no longer say who may draw
    assert "Naéco › End of the game" in b.log.widget.value
    assert f"Player 1: {b.state.scores()[0]} points" in b.picture_widget.value


def test_the_board_is_for_naeco_games_only():
    import toygame  # noqa: F401

    with pytest.raises(nl.ConfigError, match="the Naéco board needs a Naéco game, not a game of Toy"):
        Board(nl.new_game("toy", seed=1))
    journey = nl.new_game("journey", seed=1)
    for state in (None, journey):
        shown = "None" if state is None else "a game of A Pleasant Journey to Neko"
        with pytest.raises(nl.ConfigError, match=f"the Naéco board needs a Naéco game, not {shown}$"):
            Board(state)
    # a save of another game, opened on this board, names the game it holds
    with pytest.raises(nl.ConfigError, match="needs a Naéco game, not a game of A Pleasant Journey to Neko"):
        Board.from_save(journey.to_json())
    with pytest.raises(nl.ConfigError, match=r"agents: seat 5 does not exist in a 2-player game \(its seats are 0 to 1\)"):
        Board(nl.new_game("naeco", players=2, seed=1), agents={5: "naeco"})


def test_a_mission_on_top_of_a_pile_is_taken_by_clicking_the_pile():
    # Sea Shepherd France variant: find a deal with a mission card on top of a pile P0 may draw from
    s = next(g for g in (game(seed=k, sea_shepherd=True) for k in range(300))
             if any(p and g.cards[p[-1]].effect for p in g.piles[:4]))
    pile = next(i for i, p in enumerate(s.piles[:4]) if p and s.cards[p[-1]].effect)
    mission = s.piles[pile][-1]
    b = Board(s)
    a = first_face_up(s)
    b.select_card(a.card)
    b.click_cell(a.depth, a.col)
    assert f"pile:{pile}" in b.picture_widget.targets()
    assert "take the mission on pile" in b.picture_widget.value
    b.click(f"pile:{pile}")
    assert mission in b.state.missions[0]
    assert b.state.log[-1].rule == "Naéco › Sea Shepherd France variant"
    assert b.state.pending[-1].kind == "draw"          # then a species is drawn as usual
    assert "draw a card" in b.prompt_box.value


def test_solo_game_on_the_board():
    b = Board(game(seed=2, players=1))
    assert b.viewer == 0 and f"hand:{b.state.hands[0][0]}" in b.picture_widget.targets()
    a = first_face_up(b.state)
    b.select_card(a.card)
    assert b.click_cell(a.depth, a.col)
    assert b.click_pile(0)
    assert b.state.current_player == 0 and len(b.state.hands[0]) == 3
    assert any(e.rule == "Naéco › Solo play variant" for e in b.state.log)


def test_ocean_pictures_for_notebooks_draw_every_card_and_the_highlighted_places():
    from neko_lab.games.naeco import Ocean
    from neko_lab.games.naeco.board import ocean_html, show_oceans

    ocean = Ocean.from_text("S 2 X 4\n. 3 . .\n. . . .\nS . . .")
    svg = ocean_html(ocean, "example", highlight=[(2, 0), (2, 2)])
    assert svg.count('fill="#8fdc8f"') == 2              # the two highlighted places
    assert svg.count(">S</text>") == 2 and svg.count(">✕</text>") == 1
    for value in ("2", "3", "4"):
        assert f">{value}</text>" in svg
    both = show_oceans({"first": ocean, "second": ocean})
    assert both._repr_html_().count("<svg") == 2 and "second" in str(both)


def test_picture_keeps_other_seats_priority_points_secret():
    import re

    s = nl.new_game("naeco", players=2, seed=4)
    s.apply(s.legal_actions()[0])
    bd = s.breakdown()[1]
    known = bd["research"] + bd["biodiversity"]
    assert re.findall(r"Player 2: [^<]*points", table_svg(s, 0, None, False)) == [f"Player 2: {known}+? points"]
    assert re.findall(r"Player 2: [^<]*points", table_svg(s, None, None, False)) == [f"Player 2: {known}+? points"]
    assert re.findall(r"Player 2: [^<]*points", table_svg(s, "all", None, False)) == \
        [f"Player 2: {sum(bd.values())} points"]      # the analyst's view, by name


class FaceDownBot(Agent):
    """Plays a card face-down whenever it may (the move whose action names a card only it knows)."""

    name = "face-down"

    def choose(self, state):
        legal = state.legal_actions()
        return next((a for a in legal if isinstance(a, Play) and a.down), legal[0])


def test_another_seats_face_down_card_is_named_nowhere_on_the_board():
    import re
    b = Board(nl.new_game("naeco", players=2, seed=7), agents={1: FaceDownBot()})
    said: list[str] = []
    shown = b.message.show
    b.message.show = lambda text, *a, **k: (said.append(text), shown(text, *a, **k))[1]
    b.play(b.state.legal_actions()[0])
    b.play(b.state.legal_actions()[0])                 # P1's turn, then the bot's face-down play
    down = next(a for (_, a) in b.history if isinstance(a, Play) and a.down)
    assert down.card not in b.state.known[0], "a card P1 never saw"
    rows = b._move_rows()
    row = next(n for n, head, _ in rows if "face-down" in head)
    b.click(f"why:{row}")
    why = re.sub("<[^>]+>", " ", b.why_box.value)
    for text in [*said, *(head for _, head, _ in rows), why]:
        assert down.name not in text, text
    assert any("P2 (bot): play a card face-down at depth" in text for text in said)


def test_a_chosen_card_does_not_stay_chosen_once_the_position_changes():
    b = nl.lesson("naeco")
    expected = b.lesson_panel.expected
    other = next(c for c in b.state.hands[0] if c != expected.card)
    b.click(f"hand:{other}")
    place = next(n for n in b.picture_widget.targets() if n.startswith("cell:"))
    assert b.click(place) is False                        # the lesson refuses it: the choice stays
    assert b.selected == other and "click a green place for" in b.prompt_box.value
    for _ in range(2):                                    # the step's play and draw, from the choices
        b.picker.choose(b.state.legal_actions().index(b.lesson_panel.expected))
    assert b.my_turn() and other in b.state.hands[0]
    assert b.selected is None and "click a card in your hand" in b.prompt_box.value
    b.click(f"hand:{other}")
    b.set_face_down(True)
    b.undo_turn()                                         # an undo clears them too
    assert b.selected is None and b.down is False


def test_missions_no_species_can_follow_may_be_left_from_the_board():
    """Reading 8: the prompt says the missions may be left, and the choice does it."""
    from neko_lab.games.naeco.rules import LeaveMissions
    s = game(seed=8, sea_shepherd=True)
    mids = [c.id for c in s.cards if c.effect][:3]
    for i, p in enumerate(s.piles):
        s.piles[i] = tuple(c for c in p if c not in mids)
    s.piles[6] = s.piles[0] + s.piles[1] + s.piles[2] + s.piles[3] + s.piles[6]
    s.piles[0], s.piles[1], s.piles[2], s.piles[3] = (), (mids[0],), (mids[1],), (mids[2],)
    s._legal = None
    b = Board(s)
    assert "leave the missions" not in b.prompt_text()
    assert b.play(first_face_up(s))
    assert "or leave the missions, as no species can follow them (in the choices)" in b.prompt_text()
    assert b.play(LeaveMissions())
    assert b.state.missed[0] == 1 and b.state.missions[0] == () and len(b.state.hands[0]) == 2


def test_the_lesson_calls_out_the_card_to_pick_the_switch_the_place_and_the_pile():
    """Each click of a step is called out as what it does: the hand card is picked, the face-down switch
    switched, the card played at its place, a card drawn from the pile; the empty places of the
    learner's Ocean are tokens the callout keeps clear of."""
    import re
    b = nl.lesson("naeco")
    seen = set()
    while b.lesson_panel.step is not None and b.lesson_panel.step.scripted:
        want = b.lesson_panel.expected
        if isinstance(want, Play):
            assert f'data-callout="pick this card" data-target="hand:{want.card}"' in b.picture_widget.value
            b.picture_widget.click(f"hand:{want.card}")
            if want.down:
                assert 'data-callout="switch to face-down" data-target="facedown"' in b.picture_widget.value
                b.picture_widget.click("facedown")
            note = "play face-down here" if want.down else "play here"
            assert f'data-callout="{note}" data-target="cell:{want.depth}:{want.col}"' in b.picture_widget.value
            assert 'class="neko-token"' in b.picture_widget.value
            b.picture_widget.click(f"cell:{want.depth}:{want.col}")
            seen.add(note)
        else:
            value = b.picture_widget.value
            assert re.search(r'data-callout="draw from this pile" data-target="pile:\d+"', value)
            b.play(want)
            seen.add("draw")
        b.play_bots()
    assert seen == {"play here", "play face-down here", "draw"}
    assert "this step's move" not in b.picture_widget.value


def test_a_solo_game_ends_with_its_rating_and_no_winner():
    import random

    from neko_lab.widgets import score_table_html

    s = game(seed=4, players=1)
    rng = random.Random(0)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    b = Board(s)
    r = s.rating()
    said = (f"No winner in solo play: {r.score} points, rated {r.tier} of 5 on the rating scale, "
            f"\u201c{r.label}\u201d")
    assert b.status.value.endswith(f"Game over. {said}</b>")
    assert "Winner" not in b.status.value
    table = score_table_html(s)
    assert said in table and "★" not in table
