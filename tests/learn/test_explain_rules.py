""""Why?" gives the rule: for each game, the condition that made a move legal in the game's words and with
the position's own numbers, and what changed named as players name it (no internal field names)."""
from __future__ import annotations

import random
import re

import pytest

import neko_lab as nl
from randomplay import random_moves
from neko_lab.games.journey.rules.ship_lanes import hub
from neko_lab.games.neptune.rules.fuel import distance
from neko_lab.games.neptune.rules.research_missions import Launch
from neko_lab.games.syndicate.data import COLOURS, LEVEL_OF
from neko_lab.learn import explain_move
from neko_lab.learn.explain import game_explainer

MINUS = "\u2212"


def _find(state, want, limit=3000):
    """Play each seat's own agent until want(state, action) holds for the move it picks; that move is
    returned unplayed."""
    agents = {}
    for _ in range(limit):
        if state.is_over():
            break
        seat = state.current_player
        agent = agents.setdefault(seat, nl.make_agent(type(state).GAME, state, seed=seat))
        action = agent.choose(state)
        if want(state, action):
            return action
        state.apply(action)
    raise AssertionError("no such move in the game")


def _explain(state, action, viewer=None):
    seat = state.current_player
    before = state.clone()
    state.apply(action)
    return explain_move(before, action, state, viewer=seat if viewer is None else viewer), before


# ---------------------------------------------------------------------------------------------- Naéco
def test_naeco_a_species_beside_another_differs_by_one():
    s = nl.new_game("naeco", players=2, seed=1)

    def beside_a_species(st, a):
        if type(a).__name__ != "Play" or a.down:
            return False
        cells = st.oceans[st.current_player].cells
        p = 4 * a.col + a.depth - 1
        return any((cells.get(q) or 0) > 0 for q in (p - 4, p + 4))
    a = _find(s, beside_a_species)
    seat = s.current_player
    ex, before = _explain(s, a)
    ocean = before.oceans[seat]
    p = 4 * a.col + a.depth - 1
    side, q = next((side, q) for side, q in (("left", p - 4), ("right", p + 4)) if (ocean.cells.get(q) or 0) > 0)
    n = ocean.cells[q]
    text = str(ex)
    card = before.cards[a.card]
    assert f"{card.name} lives at depth {card.depth}, so it goes in row {card.depth} of your Ocean" in text
    assert (f"A {a.value} may go beside your {ocean.cards[q].name} ({n}) on its {side}: species side by side "
            f"in a row differ by one ({a.value} and {n}).") in text
    assert "open decision" not in text and "legal answers" not in text


def test_naeco_the_token_opens_the_piles_drawn_from():
    s = nl.new_game("naeco", players=2, seed=2)
    a = _find(s, lambda st, a: type(a).__name__ == "Draw")
    seat = s.current_player
    opened = s.surface_piles[s.token[seat]]
    ex, before = _explain(s, a)
    assert f"it opens piles 1 to {opened}, and pile {a.pile + 1} is one of them (Naéco › Gameplay)" in str(ex)
    hand = len(before.hands[seat])
    assert f"Player {seat + 1}: cards in hand +1 ({hand} \u2192 {hand + 1})" in str(ex)


# -------------------------------------------------------------------------------------------- Neptune
def test_neptune_launch_cost_is_distance_minus_speed():
    for seed in range(3, 30):            # the first seeded game in which Player 1 launches a mission
        s = nl.new_game("neptune", players=2, seed=seed)
        try:
            _find(s, lambda st, a: st.pending and st.pending[-1].kind == "launch" and st.current_player == 0)
            break
        except AssertionError:
            continue
    # Player 1 holds exactly two technologies, of speed 1 and 2 (Enhanced Fission Power, High Thrust Propulsion)
    speeds = {t.name: t.speed for t in s.data.techs}
    assert speeds["Enhanced Fission Power"] + speeds["High Thrust Propulsion"] == 3
    s.techs = [tuple(h for h in holders if h != 0) for holders in s.techs]
    s.bases = [tuple(h for h in holders if h != 0) for holders in s.bases]     # and no base on the way
    for name in ("Enhanced Fission Power", "High Thrust Propulsion"):
        s.techs[s.data.tech(name)] = (0,)
    s.fuel[0], s.credits[0] = 12, 6
    s._legal = None
    home = s.data.home
    far = [a for a in s.legal_actions() if type(a) is Launch and distance(s.data, home, a.loc) - 3 > 1]
    assert far, "a launch that costs more than the minimum"
    a = far[0]
    d = distance(s.data, home, a.loc)
    planet = s.data.planets[s.data.locations[a.loc].planet]
    ex, _ = _explain(s, a)
    assert (f"launch cost {d - 3} fuel: distance {d} {MINUS} speed 3 (from Earth to {planet}), plus 1 credit; "
            f"you had 6 credits and 12 fuel (Destination: Neptune › Fuel).") in ex.lines[1]
    assert f"Player 1: credits {MINUS}1 (6 \u2192 5), fuel {MINUS}{d - 3} (12 \u2192 {12 - (d - 3)})" in str(ex)


def test_neptune_a_sale_says_its_price_with_this_many_players():
    s = nl.new_game("neptune", players=3, seed=1)
    a = _find(s, lambda st, a: type(a).__name__ == "Sell")
    ex, _ = _explain(s, a)
    assert f"for {a.price} credit{'s' if a.price != 1 else ''} with 3 players" in str(ex)
    assert "The track holds at most 3 cards" in str(ex)


# -------------------------------------------------------------------------------------------- Journey
def test_journey_a_hub_needs_a_die_of_its_number():
    s = nl.new_game("journey", players=2, seed=1)
    a = _find(s, lambda st, a: getattr(a, "kind", "") == "hub")
    seat = s.current_player
    mult, item = hub(s, s.boards[seat].lanes, a.a, a.b)
    ex, _ = _explain(s, a)
    assert f"is a complete hub of {item} with number {mult}, and a die of exactly {mult} may activate it" in str(ex)


def test_journey_income_gives_the_die_in_coins_and_the_draft_stays_private():
    s = nl.new_game("journey", players=2, seed=1)
    a = _find(s, lambda st, a: getattr(a, "kind", "") == "income")
    seat = s.current_player
    coins = s.boards[seat].coins
    ex, _ = _explain(s, a)
    coin = "coin" if a.a == 1 else "coins"
    assert f"a {a.a} gives {a.a} {coin} (Journey › Preparation Phase › Obtain Income)" in str(ex)
    assert f"Player {seat + 1}: coins +{a.a} ({coins} \u2192 {coins + a.a})" in str(ex)

    s = nl.new_game("journey", players=2, seed=1)
    a = _find(s, lambda st, a: getattr(a, "kind", "") == "draft")
    seat = s.current_player
    pool = ", ".join(str(v) for v in sorted(s.pools[seat]))
    own, _ = _explain(s.clone(), a)
    shared, _ = _explain(s.clone(), a, viewer="public")
    assert f"from the dice passed to you ({pool})" in str(own) and f"draft a {a.a}" in own.lines[0]
    assert "passed to you" not in str(shared)         # another player does not see that pool,
    assert shared.lines[0].startswith(f"Player {seat + 1}: ") and f"draft a {a.a}" not in str(shared)  # nor the die


def test_naeco_a_face_down_card_is_named_to_its_owner_only():
    s = nl.new_game("naeco", players=2, seed=3)
    a = _find(s, lambda st, a: type(a).__name__ == "Play" and a.down)
    seat = s.current_player
    own, _ = _explain(s.clone(), a)
    other, _ = _explain(s.clone(), a, viewer=1 - seat)
    assert a.name in own.lines[0] and "Face-down it is an unpopulated area" in str(own)
    assert a.name not in str(other) and other.lines[0].startswith(f"Player {seat + 1}: play a card face-down at ")


def test_naeco_a_face_down_card_in_any_row_is_explained_to_others_without_its_depth():
    """With facedown_any_depth the other players are told the option's rule, the same words whatever
    the card's own depth, which only its owner knows."""
    s = nl.new_game("naeco", players=2, seed=3, facedown_any_depth=True)
    a = _find(s, lambda st, a: type(a).__name__ == "Play" and a.down)
    seat = s.current_player
    card = s.cards[a.card]
    other_row = next(p for p in s.legal_actions()
                     if p.card == a.card and p.down and p.depth != card.depth)
    texts = []
    for action in (a, other_row):
        other, _ = _explain(s.clone(), action, viewer=1 - seat)
        texts.append(str(other).replace(str(action.depth), "#").replace(str(action.col), "#"))
        assert "in any row (the facedown_any_depth option)" in str(other)
        assert "of its row" not in str(other) and card.name not in str(other)
        own, _ = _explain(s.clone(), action)
        assert card.name in str(own)
    why = [line for line in texts[0].splitlines() if "Why it was allowed" in line]
    assert why and why == [line for line in texts[1].splitlines() if "Why it was allowed" in line]


# ------------------------------------------------------------------------------------------ Syndicate
def test_syndicate_a_box_may_be_used_as_often_as_its_level():
    s = nl.new_game("syndicate", players=2, seed=7)
    a = _find(s, lambda st, a: type(a).__name__ == "Box" and a.place > 0 and a.level > 1)
    ex, _ = _explain(s, a)
    assert (f"this {'left' if a.side == 0 else 'right'} box of place {a.place + 1} is on level {LEVEL_OF[a.place]}, "
            f"so its {a.action} may be used up to {a.level} times (Neko Syndicate › Command phase)") in str(ex)


def test_syndicate_the_lieutenants_boxes_count_the_waiting_room():
    s = nl.new_game("syndicate", players=2, seed=7)
    a = _find(s, lambda st, a: type(a).__name__ == "Box" and a.place == 0 and st.turn >= 2)
    waiting = len(s.waiting[s.current_player])
    ex, _ = _explain(s, a)
    assert f"and {waiting} waited in your Waiting Room (Neko Syndicate › Lieutenants card)" in str(ex)
    a = _find(s, lambda st, a: type(a).__name__ == "Take" and a.count > 0)
    held = s.warehouse[s.current_player][a.colour]
    ex, _ = _explain(s, a)
    assert f"your warehouse held {held} {COLOURS[a.colour]} cubes" in str(ex)


def test_syndicate_the_fishmonger_places_its_cubes_on_its_own_card():
    # rulebook › Fishmonger: the cubes go to the bottom neighbourhood of the Fishmonger's own card, where
    # the engine puts them, not to the card below it
    from neko_lab.games.syndicate.data import lower
    s = nl.new_game("syndicate", players=2, seed=0)
    a = _find(s, lambda st, a: type(a).__name__ == "Take" and a.count > 0)
    seat, most = s.current_player, s.pending[-1].data[2]
    ex, before = _explain(s, a)
    why = ex.lines[1]
    assert (f"places them in the bottom neighbourhood of its own card (place {a.place + 1}), up to {most} on "
            f"its level") in why and "below its card" not in why
    n = 4 * lower(a.place) + a.colour
    assert s.cubes[seat][n] == before.cubes[seat][n] + a.count


def test_syndicate_solo_choices_say_why_with_their_sections():
    # CatANNA's markers at set-up (Solo Mode) and the colour of her wild slots (Final Scoring): each its
    # own reason, never the generic "this was one of the moves the rule below permits"
    found = {}
    for before, a, after in random_moves("syndicate", 1, 0):
        kind = type(a).__name__
        if kind in ("AssignMarkers", "WildCube") and kind not in found:
            found[kind] = (before, explain_move(before, a, after, viewer=0))
    before, ex = found["AssignMarkers"]
    a = ex.action
    assert ex.lines[1].startswith("Why it was allowed: in solo mode CatANNA's three scoring mission markers")
    m, col = before.missions, [before.path_values.index(v) + 1 for v in a.values]
    assert (f"here {a.values[0]} on the build mission (mission {m[0]}, column {col[0]}), {a.values[1]} on the "
            f"deliver mission (mission {m[1]}, column {col[1]}), {a.values[2]} on the complete mission "
            f"(mission {m[2]}, column {col[2]}) (Neko Syndicate › Solo Mode).") in ex.lines[1]
    before, ex = found["WildCube"]
    left = before.catanna.warehouse
    assert "wild (multicolour) slot is yours to choose among those left in her warehouse" in ex.lines[1]
    assert f"{left[ex.action.colour]} {COLOURS[ex.action.colour]}" in ex.lines[1]
    assert ex.lines[1].endswith("(Neko Syndicate › Final Scoring).")
    for _, ex in found.values():
        assert "moves the rule below permits" not in str(ex)


def test_a_catanna_wild_colour_tells_how_her_points_changed():
    # her cards fill at the final scoring, one wild slot at a time: each choice moves her score, never
    # the player's, and "Points it gave" says so
    told = 0
    for before, a, after in random_moves("syndicate", 1, 5, catanna="very easy"):
        if type(a).__name__ != "WildCube" or after.is_over():
            continue
        was, now = before.catanna_score(), after.catanna_score()
        ex = explain_move(before, a, after, viewer=0)
        line = next(x for x in ex.lines if x.startswith("CatANNA: ") or x.startswith("  CatANNA: "))
        assert ex.lines[ex.lines.index(line) - 1] == "Points it gave:"
        assert line.endswith(f"total {now} (was {was})".replace("-", MINUS)) and was != now
        told += 1
    assert told


def test_naeco_a_mission_taken_cites_the_sea_shepherd_variant_first():
    variant = "Naéco › Sea Shepherd France variant"
    for before, a, after in random_moves("naeco", 1, 0, sea_shepherd=True):
        if type(a).__name__ == "TakeMission":
            ex = explain_move(before, a, after, viewer=0)
            assert ex.rule == variant and ex.lines[1].endswith(f"({variant}).")
            assert "you may claim it, setting it beside your Ocean, and still take a species card" in ex.lines[1]
            assert f"pile {a.pile + 1} is one of them (Naéco › Gameplay)" in ex.lines[2]
            return
    raise AssertionError("no mission taken")


# --------------------------------------------------------------------------------------- every game
@pytest.mark.parametrize("game", ["journey", "syndicate", "neptune", "naeco"])
def test_every_move_has_its_rule_and_no_internal_field_names(game):
    s = nl.new_game(game, players=2, seed=5)
    agents = [nl.make_agent("random", s, seed=1), nl.make_agent("random", s, seed=2)]
    for _ in range(120):
        if s.is_over():
            break
        seat = s.current_player
        a = agents[seat].choose(s)
        ex, _ = _explain(s, a)
        text = str(ex)
        assert ex.lines[1].startswith("Why it was allowed: ")
        assert "open decision" not in text and "legal answers" not in text
        assert not re.search(r"\b(count|known|cells|hand sizes|tokens) [+\u2212]\d", text), text


CITED = re.compile(r"\(([^()]* › [^()]*)\)")
# where a move's own event cites a section more exact than the move's: the building a team did (or its
# move without building), a two-player sale's price, the effect of the card a die woke
MORE_EXACT = {
    "Destination: Neptune › Build": {"Destination: Neptune › Building"},
    "Destination: Neptune › Selling Cards to the Opportunity Track": {
        "Destination: Neptune › Summary of Two-Player Changes"},
    "Journey › Action Phase › Activate a Hub or a Card Effect": {"Journey › Card Reference Guide"},
}


@pytest.mark.parametrize("game,players", [("journey", 2), ("journey", 3), ("neptune", 2), ("neptune", 3),
                                          ("naeco", 2)])
def test_a_moves_headline_cites_the_move_not_what_it_set_off(game, players):
    # stopping at the Morning Market starts the next round's draft, building nothing can end a generation,
    # the last spending ends the game: the headline (and "The rule, ...") still cite the move's own
    # section (the game's section(); for Naéco, whose every move logs its own event, the one its why cites)
    wrong = []
    for seed in range(4):
        s = nl.new_game(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            a = rng.choice(s.legal_actions())
            before, mover = s.clone(), s.current_player
            s.apply(a)
            ex = explain_move(before, a, s, viewer=mover)
            module = game_explainer(before)
            own = module.section(before, a) if hasattr(module, "section") else CITED.findall(ex.lines[1])[0]
            if own and ex.rule != own and ex.rule not in MORE_EXACT.get(own, ()):
                wrong.append((seed, ex.lines[0], own))
            if own and ex.rule == own and own in type(s).RULES:
                assert f"The rule, {own}: {type(s).RULES[own]}." in ex.lines
    assert not wrong, wrong[:4]


def test_journey_a_dice_reward_is_open_from_the_lowest_die_up():
    s = nl.new_game("journey", players=3, seed=2)
    action = _find(s, lambda st, a: str(a).startswith("dice reward"))
    low = min(s.boards[s.current_player].dice)
    ex, _ = _explain(s, action)
    assert f"your lowest die is {low}, so faces {low}-6 are open" in str(ex)
    assert "die you drafted" not in str(ex)


def test_journey_a_dice_reward_says_what_its_face_gives_and_counts_in_words():
    # "face 1 gives a card to buy", "face 6 gives 5 coins": never "gives buy a card" or "gives take 2 fuel"
    from neko_lab.games.journey.explain import why
    from neko_lab.games.journey.rules.facts import Act
    s = nl.new_game("journey", players=2, seed=0)
    rng = random.Random(0)
    while s.pending[-1].kind != "reward":
        s.apply(rng.choice(s.legal_actions()))
    gift = {"buy_card": "a card to buy", "good": "{} good", "fish": "{} fish", "fuel": "{} fuel",
            "coins": "{} coins", "remove_interference": "the removal of {} interference tile"}
    for a in s.legal_actions():
        kind, amount = s.data.rewards[a.a - 1], s.data.reward_amounts[a.a - 1]
        said = why(s, a, s.current_player)[0]
        assert f"face {a.a} gives {gift[kind].format(amount)} (" in said, said
        assert "gives take" not in said and "gives buy" not in said and "gives remove" not in said
    board = s.boards[s.current_player]
    board.goods, board.interference = 1, 1
    assert "you had 1 good (" in why(s, Act("cargo", 0, 0), s.current_player)[0]            # not "1 goods"
    assert "you had 1 interference tile (" in why(s, Act("hospital"), s.current_player)[0]   # not "had 1 ("


def test_journey_ships_count_every_ship_and_a_bought_one_says_its_price():
    s = nl.new_game("journey", players=3, seed=2)
    moved = _find(s, lambda st, a: str(a).startswith("move the ship at the harbour"))
    ex, _ = _explain(s, moved)
    assert "ships" not in "\n".join(ex.lines[ex.lines.index("What changed:"):])   # a move keeps the count
    s = nl.new_game("journey", players=2, seed=0)
    bought = _find(s, lambda st, a: str(a).startswith("buy a ship") and len(st.boards[st.current_player].ships) >= 1)
    seat = s.current_player
    had = len(s.boards[seat].ships)
    ex, _ = _explain(s, bought)
    assert f"ships +1 ({had} \u2192 {had + 1})" in str(ex)
    assert "3, 5, 7" in str(ex) and f"you had {had}, so this one cost {2 * (had + 1) - 1}" in str(ex)
    assert "has none yet" not in str(ex)


def test_journey_a_card_bought_from_a_reward_names_the_card_its_price_and_section():
    s = nl.new_game("journey", players=3, seed=2)
    action = _find(s, lambda st, a: str(a).startswith("buy card"))
    card = s.C[action.a]
    ex, _ = _explain(s, action)
    why = ex.lines[1]
    assert card.name in why and "coins" in why and "Get Rewards" in why and "Card Reference Guide" not in why


@pytest.mark.parametrize("kind", ["pick", "done"])
def test_journey_a_move_that_logs_nothing_still_cites_its_section_in_the_headline(kind):
    # a card bought with a dice reward and "done" (at the market, or in the last spending) log nothing:
    # the headline cites the decision's own section, the one the why line names too
    s = nl.new_game("journey", players=3, seed=1)
    action = _find(s, lambda st, a: getattr(a, "kind", "") == kind)
    decision = s.pending[-1]
    want = (decision.data[2] if kind == "pick" else
            "Journey › Morning Market Phase" if decision.kind == "market" else "Journey › Game End")
    ex, before = _explain(s, action)
    assert len(s.log) == len(before.log)                         # the move logged nothing
    assert ex.lines[0].endswith(f"  ({want})") and ex.rule == want
    assert f"({want})." in ex.lines[1]


def _legal_new_bid(s):
    """Play the seats' own agents until starting a new bid is legal; that move is returned unplayed."""
    agents = {}
    for _ in range(3000):
        new = [a for a in s.legal_actions() if getattr(a, "kind", "") == "new_bid"]
        if new:
            return new[0]
        seat = s.current_player
        s.apply(agents.setdefault(seat, nl.make_agent("journey", s, seed=seat)).choose(s))
    raise AssertionError("no new bid became legal")


@pytest.mark.parametrize("option", ["advanced_cards", "advanced_setup"])
def test_journey_a_new_bid_is_explained_by_its_own_section_with_the_space_it_takes(option):
    s = nl.new_game("journey", players=3, seed=1, **{option: True})
    action = _legal_new_bid(s)
    first_free = next(i for i in range(s.n_adv, len(s.spaces)) if not s.spaces[i])
    free = sum(1 for i in range(s.n_adv, len(s.spaces)) if not s.spaces[i])
    ex, _ = _explain(s, action)
    why = ex.lines[1]
    assert "Advanced Game › Start a New Bid" in why and "Action Phase › Bid a Card" not in why
    assert "nobody has won yet" not in why                       # not the plain bid's reason
    assert f"space {first_free + 1} was the first free one" in why and f"{free} space" in why
    assert s.spaces[first_free]                                  # the card did go there
    if option == "advanced_setup":
        assert f"card #{action.a}" in why and "Advanced Game › Advanced Setup" in why
    else:
        assert "the deck's top card" in why and s.C[s.spaces[first_free]].name not in why   # not told before it is drawn


def test_neptune_buying_vp_at_a_generation_end_says_so_and_the_active_player_may_buy():
    s = nl.new_game("neptune", players=3, seed=10)
    seen = {}
    for _ in range(5000):
        if s.is_over():
            break
        top = s.pending[-1]
        if top.kind in ("buy_vp", "scoring_order") and top.data[0] != "card":
            a = s.legal_actions()[-1]
            ex, _ = _explain(s, a)
            seen[(top.kind, top.data[0])] = ex.lines[1]
            continue
        s.apply(nl.make_agent("neptune", "neptune", seed=0).choose(s))
    assert {k for k, _ in seen} == {"buy_vp", "scoring_order"} and {c for _, c in seen} >= {"generation", "final"}
    for (kind, context), why in seen.items():
        assert "Scoring card" not in why and "the others" not in why
        assert ("at the end of a generation" if context == "generation" else "at the final scoring") in why
        assert "themselves included" in why
