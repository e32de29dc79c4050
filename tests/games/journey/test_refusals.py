"""A refused action says what is really wrong, with the section that decides it: the positions are the
first ones random games reach where the mistake can be made, and each reason is checked against the
position's own numbers."""
from __future__ import annotations


import pytest

from neko_lab.core.errors import IllegalAction
from neko_lab.games.journey.rules.facts import ACTIVATION, LANE_SHIFT, SLOTS, Act
from neko_lab.games.journey.rules.ship_lanes import board_hubs

from randomplay import first_wanted

from .helpers import new

ON_BIDDING = "(Journey › Action Phase › On Bidding)"
BID = "(Journey › Action Phase › Bid a Card)"
ACTIVATE = "(Journey › Action Phase › Activate a Hub or a Card Effect)"
FREE = "(Journey › Free Actions)"


def first(want, players=(2, 3, 4), seeds=range(10)):
    """The first position of random games where want(state) names an action to try, and that action."""
    return first_wanted(((new(p, seed=seed), seed) for p in players for seed in seeds), want)


def refusal(s, x) -> str:
    assert x not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(x)
    return str(err.value)


def turn(s):
    return bool(s.pending) and s.pending[-1].kind == "turn"


def me(s):
    return s.boards[s.pending[-1].seat]


def dice(b) -> str:
    return "your dice: " + ", ".join(map(str, sorted(b.dice)))


def missing(b):
    return next((v for v in range(1, 7) if v not in b.dice), None) if b.dice else None


@pytest.mark.parametrize("main,kind,rule", [(2, "bid_die", BID), (1, "fish", "(Journey › Action Phase › Take Fish)")])
def test_continuing_the_main_action_with_a_die_not_in_hand_names_the_missing_die(main, kind, rule):
    s, x = first(lambda s: Act(kind, missing(me(s))) if turn(s) and s.main == main and missing(me(s)) else None)
    b = me(s)
    why = refusal(s, x)
    assert "only one main action" not in why
    assert why.endswith(f"you have no {x.a} in hand ({dice(b)}) {rule}")


def test_a_second_main_action_is_still_refused_as_one_main_action_per_turn():
    s, x = first(lambda s: Act("fish", me(s).dice[0]) if turn(s) and s.main == 2 and me(s).dice else None)
    why = refusal(s, x)
    assert f"only one main action per turn, and you are bidding on space {s.bid_space + 1}" in why
    assert why.endswith("(Journey › Action Phase)")


def test_activating_a_place_that_is_no_complete_hub_says_so():
    def want(s):
        if turn(s) and s.main == 0 and me(s).dice and 0 not in {h[0] for h in board_hubs(s, me(s))}:
            return Act("hub", 0, 0)
    s, x = first(want)
    why = refusal(s, x)
    assert "the harbour of lane 1 is no complete hub" in why and why.endswith(ACTIVATE)
    assert "needs a die" not in why


def test_a_hub_that_needs_a_die_not_in_hand_names_its_number():
    def want(s):
        if turn(s) and s.main == 0 and me(s).dice:
            for key, lane, pos, mult, item in board_hubs(s, me(s)):
                if key not in me(s).hub_dice and mult not in me(s).dice:
                    return Act("hub", lane, pos)
    s, x = first(want)
    mult = next(h[3] for h in board_hubs(s, me(s)) if h[1:3] == (x.a, x.b))
    assert refusal(s, x).endswith(f"that hub's number is {mult}, so it needs a die of exactly {mult} "
                                  f"({dice(me(s))}) {ACTIVATE}")


def test_moving_a_ship_from_where_no_ship_stands_says_there_is_no_ship():
    def want(s):
        b = turn(s) and me(s)
        if b and b.fuel >= 2 and 1 not in b.ships and any(b.lanes[:SLOTS]):
            return Act("move", 0, 1)
    s, x = first(want)
    why = refusal(s, x)
    assert "you have no ship at hub 1 inside the port in slot 1 of lane 1" in why and "fuel" not in why


def test_moving_a_ship_without_the_fuel_names_the_fuel():
    def want(s):
        b = turn(s) and me(s)
        if b and b.fuel < 2 and b.ships:
            return Act("move", *divmod(b.ships[0], LANE_SHIFT))
    s, x = first(want)
    assert refusal(s, x).endswith(f"moving a ship costs 2 fuel and you have {me(s).fuel} "
                                  f"(Journey › Free Actions › Move your ship)")


def test_a_ship_for_a_lane_not_open_says_the_lane_is_not_open():
    s, x = first(lambda s: Act("ship", 1) if turn(s) and me(s).harbours == 1 and me(s).coins >= 3 else None)
    why = refusal(s, x)
    assert why.endswith(f"lane 2 is not open: you have 1 harbour, one lane each {FREE}")
    assert "costs" not in why


def test_a_ship_not_afforded_names_its_price():
    def want(s):
        b = turn(s) and me(s)
        if b and b.coins < 2 * len(b.ships) + 1:
            return Act("ship", 0)
    s, x = first(want)
    b = me(s)
    assert refusal(s, x).endswith(f"your next ship (ship {len(b.ships) + 1}) costs {2 * len(b.ships) + 1} "
                                  f"coins and you have {b.coins} {FREE}")


def test_placing_a_card_in_a_lane_not_open_says_no_harbour_can_be_opened_now():
    def want(s):
        if s.pending and s.pending[-1].kind in ("win", "place") and me(s).harbours < 5:
            if any(a.kind == "place" for a in s.legal_actions()):
                return Act("place", me(s).harbours, 0)
    s, x = first(want)
    h = me(s).harbours
    why = refusal(s, x)
    assert f"lane {h + 1} is not open: you have {h} harbour" in why
    assert "no harbour can be opened while a card is being placed" in why and "afford" not in why


def test_placing_a_card_on_a_taken_slot_names_the_card_there():
    def want(s):
        if s.pending and s.pending[-1].kind in ("win", "place") and me(s).lanes[0]:
            return Act("place", 0, 0)
    s, x = first(want)
    assert f"that slot already holds {s.C[me(s).lanes[0]].name}" in refusal(s, x)


def test_a_placement_with_a_stray_third_number_names_that_number_not_a_price():
    def want(s):
        if s.pending and s.pending[-1].kind in ("win", "place"):
            return next((a for a in s.legal_actions() if a.kind == "place"), None)
    s, legal = first(want)
    for c in (1, 2, -1):
        why = refusal(s, legal._replace(c=c))
        assert f"its c is {c}, where the legal \u201c{legal}\u201d has 0" in why, why
        assert "costs" not in why and "coins" not in why
        assert why.endswith(")") and "(Journey \u203a " in why       # the decision's section


def test_bidding_where_the_dice_count_rule_cannot_be_met_gives_the_rule_and_the_counts():
    def want(s):
        if turn(s) and s.main == 0 and me(s).dice:
            seat = s.pending[-1].seat
            for i, cid in enumerate(s.spaces):
                need = max((len(d) for o, d in enumerate(s.bids[i]) if o != seat), default=0)
                if cid and len(s.bids[i][seat]) + len(me(s).dice) < need:
                    return Act("bid", i)
    s, x = first(want)
    seat = s.pending[-1].seat
    need = max(len(d) for o, d in enumerate(s.bids[x.a]) if o != seat)
    why = refusal(s, x)
    assert f"must end the turn with at least {need} of their own on it; you have {len(s.bids[x.a][seat])} " \
           f"there and {len(me(s).dice)} di" in why
    assert why.endswith(ON_BIDDING) and "is deciding" not in why


def test_a_card_woken_with_a_face_it_does_not_take_lists_its_faces():
    def want(s):
        if turn(s) and s.main == 0:
            b = me(s)
            for k, cid in enumerate(b.lanes[:b.harbours * SLOTS]):
                faces = ACTIVATION.get(s.C[cid].name) if cid else None
                if faces and k not in b.card_dice:
                    for v in b.dice:
                        if v not in faces:
                            return Act("card", k // SLOTS, k % SLOTS, v)
    s, x = first(want)
    card = s.C[me(s).lanes[x.a * SLOTS + x.b]]
    faces = ", ".join(map(str, ACTIVATION[card.name]))
    assert refusal(s, x).endswith(f"{card.name} is activated only by a die showing {faces}, not a {x.c} "
                                  f"{ACTIVATE}")


def test_free_actions_short_of_coins_or_fish_say_so():
    s, x = first(lambda s: Act("unjam") if turn(s) and me(s).interference and me(s).coins < 5 else None)
    assert refusal(s, x).endswith(f"removing an interference tile costs 5 coins and you have {me(s).coins} {FREE}")
    s, x = first(lambda s: Act("fish_coins") if turn(s) and me(s).fish == 0 else None)
    assert refusal(s, x).endswith(f"you have no fish to spend {FREE}")


def test_a_die_added_before_choosing_a_card_asks_for_the_card_first():
    s, x = first(lambda s: Act("bid_die", me(s).dice[0]) if turn(s) and s.main == 0 and me(s).dice else None)
    why = refusal(s, x)
    assert 'choose the card first ("bid on space N")' in why and why.endswith(BID)


CARDS = "(Journey › Card Reference Guide)"


def test_a_harbour_not_afforded_names_its_price_and_the_coins_in_hand():
    from neko_lab.games.journey.rules.facts import harbour_cost
    s, x = first(lambda s: Act("harbour") if turn(s) and me(s).harbours < 5 and me(s).coins < harbour_cost(
        me(s).harbours + 1, me(s).harbour_div or None) else None)
    b = me(s)
    cost = harbour_cost(b.harbours + 1, b.harbour_div or None)
    assert refusal(s, x).endswith(f"harbour {b.harbours + 1} costs {cost} coins and you have {b.coins} {FREE}")


def test_a_harbour_when_the_supply_is_out_says_no_harbour_is_left(monkeypatch):
    # four players can never open more than the supply holds (5 each, 20 in all): a smaller supply, all
    # of it on the table, stands for a supply run out while the seat can pay
    from neko_lab.games.journey.rules import free_actions, refusals
    from neko_lab.games.journey.rules.facts import harbour_cost
    s, x = first(lambda s: Act("harbour") if Act("harbour") in s.legal_actions() else None)
    on_table = sum(b.harbours for b in s.boards)
    monkeypatch.setattr(free_actions, "HARBOUR_SUPPLY", on_table)
    monkeypatch.setattr(refusals, "HARBOUR_SUPPLY", on_table)
    s = s.clone()                                # the same position, its legal actions read afresh
    b = me(s)
    assert b.coins >= harbour_cost(b.harbours + 1, b.harbour_div or None)
    assert refusal(s, x).endswith(f"no harbour is left in the supply: the game has {on_table}, and every one "
                                  f"is open on a player's board {FREE}")


def test_card_free_actions_without_the_card_name_the_missing_card():
    s, x = first(lambda s: Act("hospital") if turn(s) and not me(s).names.get("Hospital") else None)
    assert refusal(s, x).endswith(f"you have no Hospital in your ship lanes, and only a Hospital removes a tile "
                                  f"for free {CARDS}")
    s, x = first(lambda s: Act("lighthouse", 0, 4) if turn(s) and not me(s).names.get("Light House") else None)
    assert refusal(s, x).endswith(f"you have no Light House in your ship lanes {CARDS}")
    s, x = first(lambda s: Act("tile_reroll", me(s).dice[0]) if turn(s) and me(s).dice
                 and not me(s).types.get("penguin_park") else None)
    assert refusal(s, x).endswith(f"the reroll dice reward tile comes with a Penguin Park, and you have none in "
                                  f"your ship lanes {CARDS}")


def test_a_used_hospital_or_reroll_tile_says_it_works_once_a_round():
    s, x = first(lambda s: Act("hospital") if turn(s) and me(s).names.get("Hospital") and me(s).hospital_used
                 else None, seeds=range(40))
    assert refusal(s, x).endswith(f"your Hospital removes one interference tile a round, and it has done so this "
                                  f"round {CARDS}")
    s, x = first(lambda s: Act("tile_reroll", me(s).dice[0]) if turn(s) and me(s).dice and me(s).types.get(
        "penguin_park") and not me(s).tile_reroll else None)
    assert refusal(s, x).endswith(f"your reroll dice reward tile is used once a round, and it was used this "
                                  f"round {CARDS}")


@pytest.mark.parametrize("k,town,faces", [(0, "Seaside Town (Trader)", "1, 2, 3"),
                                           (2, "Seaside Town (Merchant)", "4, 5, 6")])
def test_an_exchange_not_opened_names_the_town_and_the_die_that_opens_it(k, town, faces):
    s, x = first(lambda s: Act("exchange", k) if turn(s) and not me(s).exchange_on[k] else None)
    why = refusal(s, x)
    assert f"that exchange opens for the rest of the round once a die showing {faces} is on a {town}" in why
    assert why.endswith(CARDS)
    assert (f"you have no {town} in your ship lanes" in why) == (not me(s).names.get(town))


def test_loading_a_good_in_the_last_spending_gives_the_true_reason():
    s, x = first(lambda s: Act("cargo", 0, 0) if s.pending and s.pending[-1].kind == "final" else None)
    b = me(s)
    why = refusal(s, x)
    if not b.goods:
        assert why.endswith(f"you have no good in your cabin to load {FREE}")
    else:
        assert why.endswith(f"{FREE}") and ("holds no port" in why or "already loaded" in why)
    assert "is deciding" not in why


def _picking(players=2, seed=21):
    """A game played by its own agents up to a direct buy from the two cards drawn."""
    from neko_lab.agents import make_agent
    s = new(players, seed=seed)
    agents = [make_agent("journey", "journey", seed=seed + i) for i in range(players)]
    while not any(a.kind == "pick" for a in s.legal_actions()):
        assert not s.is_over(), "no direct buy in the game"
        s.apply(agents[s.current_player](s))
    return s


def test_a_refusal_while_a_seat_buys_from_its_drawn_cards_names_them_only_to_that_seat():
    from neko_lab.core import Rng
    s = _picking()
    assert s.drawn, "a buy from the cards drawn"
    picker, other = s.current_player, 1 - s.current_player
    offered = [f"buy {s.card(a.a).name}" for a in s.legal_actions() if a.kind == "pick"]   # by name, to the buyer
    cards = range(1, max(c.id for c in s.data.cards) + 1)
    # every card, offered or not, as an action, with a stray field, and as a plain tuple
    attempts = [Act("end", 0, 0, 0), Act("draft", 3, 0, 0),
                *(x for c in cards for x in (Act("pick", c, 0, 0), Act("pick", c, 1, 0), ("pick", c, 0, 0)))]
    for reader in (None, other):
        said = [s.why_illegal(x, seat=reader) for x in attempts]
        assert all("must choose, among choices not everyone may know" in text and "may choose" not in text
                   for text in said), said[:3]
        for r in range(4):          # the other seat's copies deal other cards drawn: the refusals read the same
            copy = s.determinize(other, Rng(r))
            assert [copy.why_illegal(x, seat=reader) for x in attempts] == said, f"told to {reader}"
    # the buyer, on its own board or acting through apply(), is told its own choices
    for text in (s.why_illegal(Act("pick", 99, 0, 0), seat=picker), refusal(s.clone(), Act("pick", 99, 0, 0))):
        assert f"Player {picker + 1} is deciding which card to buy and may choose" in text, text
        assert all(o in text for o in offered) and "card #" not in text.split("may choose")[1], text


def test_a_refusal_lists_the_choices_of_a_decision_everyone_sees():
    s = new(2, seed=1)
    assert s.pending[-1].kind == "bonus"
    text = refusal(s, Act("end", 0, 0, 0))
    assert "is deciding a starting bonus tile and may choose" in text
    assert all(str(a) in text for a in s.legal_actions()[:2])


REWARDS = "(Journey › Preparation Phase › Get Rewards)"


def reward_offered(s):
    if s.pending and s.pending[-1].kind == "reward":
        return next(a for a in s.legal_actions() if a.a == 5)
    return None


def test_a_dice_reward_named_with_another_face_says_what_that_face_gives():
    # faces 5 and 6 are both open; face 6 with face 5's reward is refused for the reward, not the face
    s, five = first(reward_offered, players=(2,), seeds=range(1))
    low = min(me(s).dice)
    assert low <= 5
    gives = {"coins": "{} coins", "fuel": "{} fuel", "fish": "{} fish", "good": "{} good"}
    kind, amount = s.data.rewards[5], s.data.reward_amounts[5]
    said = refusal(s, five._replace(a=6))
    assert "lowest die" not in said
    assert said.endswith(f": face 6 gives {gives[kind].format(amount)}, not {s.data.reward_amounts[4]} "
                         f"{s.data.rewards[4]} {REWARDS}"), said


def test_a_dice_reward_below_the_lowest_die_names_the_die_and_the_open_faces():
    def closed(s):
        if s.pending and s.pending[-1].kind == "reward" and min(me(s).dice) > 1:
            low = min(me(s).dice)
            return next(a for a in s.legal_actions() if a.a == low)._replace(a=low - 1)
        return None
    s, x = first(closed)
    low = min(me(s).dice)
    said = refusal(s, x)
    assert f"your lowest die is {low}, so only faces {low}-6 are open {REWARDS}" in said


def test_a_single_open_face_is_named_in_the_singular():
    s, five = first(reward_offered, players=(2,), seeds=range(1))
    me(s).dice = (6, 6)                       # a lowest die of 6 opens face 6 alone
    s._legal = None
    six = next(a for a in s.legal_actions() if a.a == 6)
    assert f"your lowest die is 6, so only face 6 is open {REWARDS}" in refusal(s, six._replace(a=5))


def test_a_lottery_reward_above_its_die_names_the_die():
    def above(s):
        if s.pending and s.pending[-1].kind == "lottery" and s.pending[-1].data < 6:
            return s.legal_actions()[0]._replace(a=s.pending[-1].data + 1)
        return None
    s, x = first(above, players=(4,))
    die = s.pending[-1].data
    said = refusal(s, x)
    assert f"the Lottery's die shows {die}, so only faces 1-{die} are open (Journey › Card Reference Guide)" in said


def test_refusals_count_one_coin_and_one_time_in_the_singular():
    """A price or a limit of one reads "1 coin", "1 time", never "1 coins" or "1 times"."""
    from types import SimpleNamespace
    from neko_lab.games.journey.rules import refusals
    s = new(3, seed=0)
    b = SimpleNamespace(harbours=1, harbour_div=6, coins=0)      # a Harbour City 6: the 2nd harbour costs 1
    said = refusals._harbour(s, 0, b, None)
    assert said.startswith("harbour 2 costs 1 coin (your Harbour City's 6 divides the price) and you have 0"), said
    s = new(3, seed=0, exchange_limit=1)
    b = SimpleNamespace(exchange_on=[True, False, True, False], exchange_used=[1, 0, 0, 0])
    said = refusals._exchange(s, 0, b, SimpleNamespace(a=0))
    assert "may be used 1 time a round, and you have used it 1 time " in said, said
