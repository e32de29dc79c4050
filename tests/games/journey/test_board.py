"""The Journey board driven by clicks on its picture (board.click(target), what a click in the browser
sends), its picture, bots and undo."""
from __future__ import annotations

import re

from neko_lab.games.journey.agents import JourneyAgent
from neko_lab.games.journey.board import Board
from neko_lab.games.journey.render import svg

from statecheck import fingerprint
from .test_graph import game, put


def advance_to(state, kinds, agent=None, seat=None, limit=3000):
    """Let a Journey agent play until the decision on top is one of `kinds` (for `seat` if given)."""
    agent = agent or JourneyAgent(seed=0)
    for _ in range(limit):
        if state.is_over():
            break
        top = state.pending[-1]
        if top.kind in kinds and (seat is None or top.seat == seat):
            return state
        state.apply(agent.choose(state))
    raise AssertionError(f"never reached {kinds}")


def lit(board, prefix=""):
    return [t for t in board.picture_widget.targets() if t.startswith(prefix)]


def click_last_die(board):
    board.click(lit(board, "die:")[-1])


def test_picture_is_an_svg_of_the_whole_table():
    s = game()
    pic = svg(s)
    assert pic.startswith("<svg") and pic.endswith("</svg>")
    assert "Bidding area" in pic and "Discard area" in pic
    for cid in s.spaces:
        if cid:
            assert s.card(cid).name[:12] in pic
    for seat in range(s.players):
        assert f"P{seat + 1}" in pic and f"coins {s.boards[seat].coins}" in pic   # seats count from 1
    for t in s.tiles:
        assert s.data.tiles[t].name in pic
    assert svg(s) == pic                                    # a pure function of the state


def test_picture_shows_lanes_hubs_dice_and_ships():
    s = game()
    put(s, 0, 0, 0, "Fuel Platform")
    put(s, 0, 0, 1, "Port")
    h = s.lane_hubs(0, 0)[0]
    b = s.boards[0]
    b.hub_dice = {h.pos: h.multiplier}
    b.ships = (h.pos,)
    pic = svg(s)
    assert "Fuel Platform" in pic and "Port" in pic
    assert f"hub {h.multiplier}×{h.item}" in pic
    assert f"a {h.multiplier} on this hub" in pic
    assert 'class="ship"' in pic
    assert re.search(r"load 0/\d · \d+ PP", pic)         # the load shares the line of the points, clear of the hubs


def test_a_port_s_cargo_codes_are_spelled_out_on_hover():
    """The short cargo codes on a port ('· 2c · 1fu') are explained in the legend under the picture, out
    of sight on a laptop: hovering them (and the card) spells them out."""
    from neko_lab.games.journey.pieces import cargo_words
    s = game()
    put(s, 0, 0, 1, "Port")
    pic = svg(s)
    shown = re.findall(r'<g class="cargo"><title>([^<]*)</title><text[^>]*>([^<]*)</text></g>', pic)
    assert shown
    codes = {"c": ("coin", "coins"), "g": ("good", "goods"), "fi": ("fish", "fish"), "fu": ("fuel", "fuel")}
    for words, text in shown:
        assert words.startswith("cargo spaces: ")
        spelled = words[len("cargo spaces: "):].split(", ")
        assert len(spelled) == len(text.split())
        for word, code in zip(spelled, text.split()):
            if code == "·":
                assert word == "empty"
            else:
                n, short = re.fullmatch(r"(\d+)(\w+)", code).groups()
                assert word == f"{n} {codes[short][int(n) != 1]}", (word, code)
    assert cargo_words(((("coins", 1)), None, ("good", 2))) == "cargo spaces: 1 coin, empty, 2 goods"
    assert "; cargo spaces: " in pic                                # the card's own hover text too


def test_draft_by_clicking_dice_then_income():
    s = advance_to(game(), {"draft"})
    board = Board(s, agents={k: JourneyAgent(seed=k) for k in range(s.players) if k != s.current_player})
    seat = board.viewer
    pool = sorted(s.pools[seat])
    assert lit(board, "die:") == [f"die:{v}" for v in pool]     # the pool's dice are the targets
    assert "Draft" in board.prompt_box.value
    assert f"draft a {pool[-1]}" in board.picture_widget.value  # hovering a die says what a click does
    click_last_die(board)
    assert board.state.picks[seat] == pool[-1] or pool[-1] in board.state.boards[seat].dice
    assert board.message.kind != "error"
    # bots take every other seat's picks until it is our turn again
    while board.decision() != "income" or board.state.current_player != seat:
        if board.bot_to_move():
            board.play_bots()
        else:
            click_last_die(board)
    assert len(board.state.boards[seat].dice) == 6
    coins = board.state.boards[seat].coins
    top = max(board.state.boards[seat].dice)
    click_last_die(board)
    assert board.state.boards[seat].coins >= coins + top
    assert any(e.rule.endswith("Obtain Income") for e in board.state.log[-4:])


def test_bid_by_clicking_a_card_then_dice_and_end():
    s = advance_to(game(2), {"turn"})
    seat = s.current_player
    board = Board(s, agents={k: JourneyAgent(seed=k) for k in range(s.players) if k != seat})
    space = int(lit(board, "space:")[0].split(":")[1])
    assert "bid" in board.prompt_box.value
    board.click(f"space:{space}")
    assert board.state.bid_space == space and board.message.kind != "error"
    die = max(board.state.boards[seat].dice)
    need = board.state.bid_need(space, seat)
    for _ in range(max(1, need)):
        click_last_die(board)
    assert die in board.state.bids[space][seat]
    assert lit(board, "end") == ["end"]
    n = len(board.state.log)
    board.click("end")
    assert any(e.seat == seat and e.text == "ends the turn" for e in board.state.log[n:])


def test_illegal_clicks_are_explained_and_change_nothing():
    s = advance_to(game(3), {"turn"})
    seat = s.current_player
    board = Board(s)
    saved = fingerprint(board.state)
    assert "end" not in lit(board)
    board.click("end")                                         # no main action yet
    assert board.message.kind == "error" and "main action is mandatory" in board.message.text
    assert "Journey › Action Phase" in board.message.text
    assert fingerprint(board.state) == saved
    assert board.click_slot(0, 0) is False                     # nothing to place
    assert "placed when you win" in board.message.text
    assert fingerprint(board.state) == saved
    # a hub click without the matching die
    put(board.state, seat, 0, 0, "Fuel Platform")
    put(board.state, seat, 0, 1, "Blue Bar")
    hub = board.state.lane_hubs(seat, 0)[0]
    board.state.boards[seat].dice = tuple(v for v in board.state.boards[seat].dice if v != hub.multiplier) or (
        hub.multiplier % 6 + 1,)
    board.state._legal = None
    board.refresh()
    saved = fingerprint(board.state)
    assert f"hub:0:{hub.pos}" not in lit(board)
    board.click(f"hub:0:{hub.pos}")
    assert board.message.kind == "error" and f"needs a die of exactly {hub.multiplier}" in board.message.text
    assert fingerprint(board.state) == saved


def test_hub_click_activates_it_with_the_matching_die():
    s = advance_to(game(4), {"turn"})
    seat = s.current_player
    put(s, seat, 0, 0, "Ocean Bank")
    put(s, seat, 0, 1, "Penguin Park", 1)
    hub = s.lane_hubs(seat, 0)[0]
    s.boards[seat].dice = (hub.multiplier, *s.boards[seat].dice[1:])
    s._legal = None
    board = Board(s)
    assert f"hub:0:{hub.pos}" in lit(board)
    assert "#2e9e44" in board.picture_widget.value             # lit in green in the picture
    before = getattr(board.state.boards[seat], {"coins": "coins", "fuel": "fuel", "good": "goods",
                                                 "fish": "fish"}[hub.item])
    board.click(f"hub:0:{hub.pos}")
    assert board.message.kind != "error", board.message.text
    after = getattr(board.state.boards[seat], {"coins": "coins", "fuel": "fuel", "good": "goods",
                                                "fish": "fish"}[hub.item])
    assert after > before
    assert board.state.boards[seat].hub_dice[hub.pos] == hub.multiplier


def test_won_card_is_placed_by_clicking_a_slot_and_undo_takes_it_back():
    s = advance_to(game(5), {"win"})
    seat = s.current_player
    board = Board(s, agents={k: JourneyAgent(seed=k) for k in range(s.players) if k != seat})
    green = [tuple(int(x) for x in t.split(":")[1:]) for t in lit(board, "slot:")]
    assert green and "slot" in board.prompt_box.value
    lane, slot = green[0]
    cid = board.state.spaces[board.state.pending[-1].data]
    board.controls.auto.value = False
    board.click(f"slot:{lane}:{slot}")
    assert board.state.lane_cards(seat, lane)[slot] == cid
    assert board.message.kind != "error"
    board.undo(1)
    assert board.state.lane_cards(seat, lane)[slot] == 0
    assert board.state.pending[-1].kind == "win"


def test_bots_play_a_whole_game_on_the_button_and_the_log_cites_rules():
    board = Board(game(6), agents=[JourneyAgent(seed=1), "random", "random"])
    board.controls.bots_button.click()
    assert board.state.is_over()
    assert "Game over" in board.status.value
    assert "Journey › Final Scoring" in board.log.widget.value
    assert re.search(r"<svg", board.picture_widget.value)
    board.undo_turn()
    assert not board.state.is_over()


def test_events_rows_name_who_what_and_the_rule():
    from neko_lab.games.journey.render import events

    s = game()
    rows = events(s)
    assert len(rows) == len(s.log)
    assert all(r["rule"].startswith("Journey › ") for r in rows)
    assert events(s, 2)[0]["#"] == 3 and events(s, 2)[0]["what"] == s.log[2].text   # counted from 1


def test_ship_click_moves_it_for_two_fuel_and_collects_the_hub():
    s = advance_to(game(7), {"turn"})
    seat = s.current_player
    put(s, seat, 0, 0, "Ocean Bank")
    put(s, seat, 0, 1, "Blue Bar")
    b = s.boards[seat]
    b.fuel, b.goods = 4, 0
    b.ships = (0,)
    s._legal = None
    board = Board(s)
    assert "ship:0:0" in lit(board)
    assert board.state.hub_at(seat, 0, 4) is not None          # the hub between the two cards
    board.click("ship:0:0")                                    # harbour -> across the Ocean Bank onto that hub
    mult, item = board.state.hub_at(seat, 0, 4)
    assert board.state.boards[seat].ships == (4,)
    assert board.state.boards[seat].fuel == 4 - 2 + (mult if item == "fuel" else 0)
    assert any(e.text.startswith("gains") and e.rule == "Journey › Free Actions" for e in board.state.log[-3:])
    assert any(e.text.startswith("moves a ship") for e in board.state.log[-3:])
    board.undo(1)
    assert board.state.boards[seat].ships == (0,) and board.state.boards[seat].fuel == 4


def test_every_text_is_at_least_11_px_at_the_drawn_width_of_560():
    s = advance_to(game(2), {"turn"})
    for seat_view in (None, s.current_player):
        pic = svg(s, seat_view)
        sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)"', pic)]
        assert min(sizes) >= 11
        assert re.match(r'<svg[^>]* width="560"', pic)


def test_a_reward_choice_says_what_it_gives():
    s = advance_to(game(1), {"reward"})
    board = Board(s, agents={k: "random" for k in range(s.players) if k != s.current_player})
    labels = [label for label in board.picker.labels if "dice reward" in label]
    assert labels and all(": " in label for label in labels)
    gives = {"fuel", "coins", "fish", "good", "buy a card", "interference tile"}
    assert all(any(g in label for g in gives) for label in labels)
    assert "dice reward of face 2: take 1 good" in labels          # said once, without "(s)"
    assert not [label for label in labels if "(s)" in label or label.count(label.split(": ")[1]) > 1]


def test_a_reward_of_one_coin_or_one_good_is_said_in_the_singular():
    from neko_lab.games.journey.rules.facts import reward_text
    assert [reward_text(k, 1) for k in ("coins", "good", "fish", "fuel")] == [
        "take 1 coin", "take 1 good", "take 1 fish", "take 1 fuel"]
    assert [reward_text(k, 2) for k in ("coins", "good")] == ["take 2 coins", "take 2 goods"]


# ---------------------------------------------------------------- bids under the bidding cards
SVG = "{http://www.w3.org/2000/svg}"


def _bid_boxes(pic):
    """Every box the bids of the bidding area draw, as (what, x0, y0, x1, y1): each die, each seat's
    label and each bid's total (their text boxes at the widest bold sans-serif digits, 0.7 em), and
    every card or empty space."""
    import xml.etree.ElementTree as ET
    boxes = []

    def text_box(t, what):
        x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
        w = len(t.text) * size * 0.7
        x0 = {"end": x - w, "middle": x - w / 2}.get(t.get("text-anchor"), x)
        return (what, x0, y - size * 0.8, x0 + w, y + size * 0.2)

    for g in ET.fromstring(pic).iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        if g.get("class") == "die" and title is not None and " bids a " in title.text:
            r = g.find(f"{SVG}rect")
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            boxes.append((title.text, x, y, x + w, y + h))
        elif g.get("class") == "bid-total":
            boxes.append(text_box(g.find(f"{SVG}text"), title.text))
        elif g.get("class") == "card":
            r = g.find(f"{SVG}rect")
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            boxes.append(("card", x, y, x + w, y + h))
    for t in ET.fromstring(pic).iter(f"{SVG}text"):
        if re.fullmatch(r"P\d", t.text or "") and t.get("y") and float(t.get("font-size")) == 11:
            boxes.append(text_box(t, f"label {t.text}"))
    return boxes


def _overlaps(boxes):
    return [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]]


def test_the_largest_bids_the_rules_allow_never_run_into_their_totals_or_the_next_space():
    # a bid may hold any number of dice (Journey › Action Phase › Bid a Card) and taken discarded dice
    # join bids, so the most one bid can hold is every die of the game: six per player
    from neko_lab.games.journey.rules import DICE
    s = game(5, players=4)
    s.discard = []
    most = DICE * s.players
    s.bids[0] = ((6,) * most, (), (), ())                              # one seat holds every die
    s.bids[1] = ((6,) * 6, (5,) * 6, (4,) * 6, (6,) * 6)              # every seat bids all of its dice
    s.bids[2] = ((6, 4, 2, 2), (6, 6, 6, 6), (1,), (5, 5))             # the probe's four-dice bid
    pic = svg(s)
    boxes = _bid_boxes(pic)
    dice = [b for b in boxes if " bids a " in b[0]]
    assert len(dice) == most + 24 + 11
    assert len([b for b in boxes if b[0].endswith("in all")]) == 1 + 4 + 4
    assert _overlaps(boxes) == []
    # each space keeps to its own column: nothing of a bid reaches the next space's card column
    from neko_lab.games.journey.render import SPACE_W
    for b in boxes:
        if b[0] != "card" and not b[0].startswith("label"):
            col = int((b[1] - 6) // SPACE_W)
            assert b[3] <= 6 + (col + 1) * SPACE_W - 3, b


def test_a_four_dice_bid_keeps_its_dice_in_one_row_beside_its_total():
    s = game(5)
    s.bids[0] = ((6, 4, 2, 2), (), ())
    boxes = _bid_boxes(svg(s))
    dice = [b for b in boxes if " bids a " in b[0]]
    total = [b for b in boxes if b[0] == "P1 bids 14 in all"]
    assert len(dice) == 4 and len({b[2] for b in dice}) == 1 and total
    assert max(b[3] for b in dice) < total[0][1]


def test_placing_a_won_card_names_it_in_the_prompt_and_the_choices_with_what_it_costs():
    s = advance_to(game(5), {"win"})
    seat = s.current_player
    board = Board(s, agents={k: JourneyAgent(seed=k) for k in range(s.players) if k != seat})
    card = s.card(s.spaces[s.pending[-1].data])
    prompt = board.prompt_box.value
    # the card by its name, as players call it (not the number the log files it under)
    assert card.name in prompt and f"cost {card.cost}" in prompt and f"{card.points} PP" in prompt
    labels = board.picker.labels
    places = [label for label in labels if label.startswith("place ")]
    assert places and all(f"place {card.name} in lane" in label for label in places)
    assert any(label.startswith(f"decline {card.name} (") for label in labels)
    assert not any(f"#{card.id}" in label for label in labels) and f"#{card.id}" not in prompt
    # the coins a choice says are the coins placing there takes
    for k, action in enumerate(s.legal_actions()):
        if action.kind == "place":
            said = int(re.search(r"\(pay (\d+) coins", board.choice_label(action)).group(1))
            child = s.clone()
            before = child.boards[seat].coins
            child.apply(action)
            assert before - child.boards[seat].coins == said


def test_the_score_table_names_categories_in_the_rulebook_s_words_as_the_lesson_explains_them():
    from neko_lab.learn.lessons.journey import CATEGORIES as EXPLAINED
    from neko_lab.widgets.parts import score_table_html
    s = advance_to(game(3), {"turn"})
    rows = re.findall(r"<tr><td style='padding:2px 8px'>([^<]*)</td>", score_table_html(s))
    assert rows == list(s.breakdown()[0])
    assert {"mid-game tiles", "ship travel", "Seaside Town", "end-game icons"} <= set(rows)
    assert not [r for r in rows if "_" in r]
    assert set(EXPLAINED) == set(rows)                # every category the table shows, the lesson explains


def test_the_board_shows_the_table_and_each_player_s_board_as_areas_that_wrap():
    """The board's picture is several areas (the shared table, each player's board, the legend), each
    560 px wide, so a wide column stands them side by side; together they draw exactly what the single
    picture draws (no text more, none less), and the click targets stay where they belong: the bidding
    cards in the table's area, the viewer's dice, hubs and slots in the viewer's board, none elsewhere."""
    from neko_lab.games.journey.render import areas
    s = advance_to(game(4), {"turn"})
    seat = s.current_player
    board = Board(s, agents={k: "random" for k in range(s.players) if k != seat})
    pic = board.picture_widget.value
    parts = areas(s, seat, {k: board.choice_label(a) for k, a in board.clicks().items()})
    assert len(parts) == s.players + 2 and all(p in pic for p in parts)
    assert all(re.match(r'<svg[^>]* width="560"', p) for p in parts)
    texts = lambda markup: sorted(re.findall(r"<text[^>]*>([^<]*)</text>", markup))      # noqa: E731
    for viewer in (None, seat):
        assert texts("".join(areas(s, viewer))) == texts(svg(s, viewer))
    targets = lambda markup: re.findall(r'data-target="([^"]+)"', markup)                 # noqa: E731
    table, *boards, legend = parts
    assert lit(board, "space:") and all(t.startswith("space:") for t in targets(table))
    assert set(targets(table)) == {f"space:{i}" for i, c in enumerate(s.spaces) if c}
    mine = targets(boards[seat])
    assert any(t.startswith("die:") for t in mine) and any(t.startswith("slot:") for t in mine)
    assert all(not targets(b) for k, b in enumerate(boards) if k != seat) and not targets(legend)
    assert sorted(targets(pic)) == sorted(targets(svg(s, seat, {k: board.choice_label(a)
                                                                 for k, a in board.clicks().items()})))


def test_a_past_placement_is_told_with_the_card_it_placed_whatever_is_placed_now():
    """A move's line (the message line, Last moves, the "why?" heading) names the card that move placed,
    worded from the position it was played in: never the card the live position has someone place now
    (the reader's own card just won, which the bot never placed)."""
    checked = said = 0
    for seed in (1, 2, 3):
        board = Board(game(seed, players=2), agents={1: JourneyAgent(seed=seed)})
        board.controls.auto.value = False
        mine = JourneyAgent(seed=seed + 100)
        asked = []          # the message line whenever the reader has a card to place, and the bot's placements
        for _ in range(1500):
            s = board.state
            if s.is_over() or sum(1 for b, a in board.history if b.current_player == 1 and a.kind == "place") >= 3:
                break
            if s.current_player == 1:
                board.bot_move()
                continue
            if board.decision() in ("win", "place"):
                bots = {(a.a, a.b): after.card(after.lane_cards(1, a.a)[a.b]).name
                        for before, a, after in board._moves() if before.current_player == 1 and a.kind == "place"}
                asked.append((board.message.text, bots))
            board.play(mine.choose(s))
        placed = [(k, before, action, after) for k, (before, action, after) in enumerate(board._moves())
                  if before.current_player == 1 and action.kind == "place"]
        assert placed, f"seed {seed}: the bot placed no card"
        for k, before, action, after in placed:
            name = after.card(after.lane_cards(1, action.a)[action.b]).name
            told = f"place {name} in lane {action.a + 1}, slot {action.b + 1}"
            assert board.told(before, action) == told
            assert board.describe(before, action, after) == f"P2 (bot): {told}"
            board.explain(k)
            assert told in board.why_box.value
            checked += 1
        for line, bots in asked:
            for told in re.findall(r"P2 \(bot\): [^·]*", line):      # the bot's run of moves, then " · "
                for name, lane, slot in re.findall(r"place (.+?) in lane (\d+), slot (\d+)", told):
                    assert bots[int(lane) - 1, int(slot) - 1] == name, line
                    said += 1
    assert checked >= 3 and said


def test_a_won_card_nobody_can_pay_for_is_said_so_with_the_numbers_and_only_declining_is_offered():
    s = advance_to(game(5), {"win"})
    seat = s.current_player
    card = s.card(s.spaces[s.pending[-1].data])
    price = card.cost          # no Blue Bar yet
    s.boards[seat].coins = price - 1
    s._legal = None
    board = Board(s, agents={k: JourneyAgent(seed=k) for k in range(s.players) if k != seat})
    assert [a.kind for a in board.state.legal_actions()] == ["decline"] and not lit(board, "slot:")
    prompt = board.prompt_box.value
    assert "green" not in prompt and "click" not in prompt
    assert (f"You won {card.name} (cost {card.cost}, {card.points} PP), but you cannot pay for it: it costs you "
            f"{price} coins and you have {price - 1} coin") in prompt
    assert "declining it (in the choices) is all you can do" in prompt


def test_a_won_card_with_no_empty_slot_in_the_open_lanes_is_said_so_and_only_declining_is_offered():
    s = advance_to(game(5), {"win"})
    seat = s.current_player
    card = s.card(s.spaces[s.pending[-1].data])
    b = s.boards[seat]
    spare = (cid for deck in s.decks for cid in list(deck))
    for lane in range(b.harbours):
        for slot in range(5):
            if not b.lanes[lane * 5 + slot]:
                cid = next(spare)
                name = s.card(cid).name
                put(s, seat, lane, slot, name, sorted(c.id for c in s.data.cards if c.name == name).index(cid))
    b.coins = 99
    board = Board(s, agents={k: JourneyAgent(seed=k) for k in range(s.players) if k != seat})
    assert [a.kind for a in board.state.legal_actions()] == ["decline"] and not lit(board, "slot:")
    prompt = board.prompt_box.value
    assert "green" not in prompt
    assert f"You won {card.name}" in prompt and "your open lanes have no empty slot" in prompt
    assert "declining it (in the choices) is all you can do" in prompt


def test_a_price_of_one_coin_reads_in_the_singular():
    s = game(3)
    s.boards[s.current_player].coins = 0
    card = next(c for c in s.data.cards if c.cost > 1)        # its price brought down to 1 by Blue Bars
    said = Board(s).cannot_pay_text(card, 1)
    assert "it costs you 1 coin (" in said and "1 coins" not in said, said


def test_a_hub_says_what_it_gives_counted_in_words():
    """A hub's tip reads "gives 2 goods", "gives 1 coin", never "gives 2 good" or "gives 1 coins"."""
    import html
    import random
    import neko_lab as nl
    said = set()
    for seed in range(20, 26):         # seed 23 ends with a 2-goods hub
        s, rng = nl.new_game("journey", players=3, seed=seed), random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        for tip in re.findall(r"a \d die or a ship gives ([^<\"]*)", html.unescape(s.picture())):
            assert re.fullmatch(r"1 (coin|good|fish|fuel)|\d+ (coins|goods|fish|fuel)", tip), tip
            said.add(tip.split()[1])
    assert "goods" in said and len(said) > 2
