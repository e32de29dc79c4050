"""Journey as a whole: random games end, invariants hold, saves, clones and hidden information."""
from __future__ import annotations

import random
import re

import pytest

import neko_lab as nl
from neko_lab.core import IllegalAction, Rng
from neko_lab.games.journey.rules.player_boards import Board, replaced

from statecheck import fingerprint, same_state
from .helpers import A, new, play_until, skip_turn_free


def _play(s, seed, check=True, limit=5000):
    rng = random.Random(seed)
    n = 0
    while not s.is_over():
        acts = s.legal_actions()
        assert acts and len(acts) == len(set(acts))
        s.apply(rng.choice(acts))
        n += 1
        assert n < limit
        if check:
            s.check_invariants()
    return n


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_with_invariants_after_every_action(players, seed):
    s = new(players, seed=seed)
    _play(s, seed)
    assert s.round == 4 and s.current_player is None and s.legal_actions() == []


def test_same_seed_and_actions_give_the_same_game():
    a, b = new(3, seed=5), new(3, seed=5)
    rng = random.Random(0)
    while not a.is_over():
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
    assert a.scores() == b.scores() and same_state(a, b)


def test_save_and_load_mid_game_round_trip():
    s = new(4, seed=3, advanced_cards=True)
    rng = random.Random(3)
    for _ in range(150):
        s.apply(rng.choice(s.legal_actions()))
    t = nl.from_json(s.to_json())
    assert t.to_json() == s.to_json() and t.legal_actions() == s.legal_actions()
    r1, r2 = random.Random(9), random.Random(9)
    while not s.is_over():
        s.apply(r1.choice(s.legal_actions()))
        t.apply(r2.choice(t.legal_actions()))
    assert s.scores() == t.scores()


def test_clone_is_independent():
    s = new(3, seed=8)
    rng = random.Random(8)
    for _ in range(120):
        s.apply(rng.choice(s.legal_actions()))
    before = fingerprint(s)
    c = s.clone()
    _play(c, 1, check=False)
    assert fingerprint(s) == before and c.is_over() and not s.is_over()


_MUTABLE = (list, dict, set, bytearray)


def _shared_mutable(a, b, where: str) -> list[str]:
    """Where copies hold one object (a and b) that could be changed in place (a list, dict or set, also
    inside a tuple, or a board): a change through one copy would reach the other."""
    if type(a) in (int, str, bool, float, type(None)) or a is not b:
        return []
    if type(a) in _MUTABLE:         # exact types: a FrozenDict is read-only
        return [where]
    if isinstance(a, tuple):
        return [w for i, x in enumerate(a) for w in _shared_mutable(x, x, f"{where}[{i}]")]
    if isinstance(a, Board):
        return [where]
    return []


def test_copies_share_no_value_that_could_be_changed_in_place():
    # clone() shares every field it does not copy (tuples, read-only mappings, the card table): none of
    # them may be a list, dict or set, or a board, so no change made through one copy can reach another
    rng = random.Random(3)
    for seed in range(3):
        s = new(3, seed=seed)
        while not s.is_over():
            c = s.clone()
            bad = [w for k, v in s.__dict__.items() if not k.startswith("_") and k != "data"
                   for w in _shared_mutable(v, c.__dict__[k], k)]
            for seat, (b, cb) in enumerate(zip(s.boards, c.boards)):
                assert b is not cb
                bad += [w for k, v in b.__dict__.items() for w in _shared_mutable(v, cb.__dict__[k],
                                                                                   f"boards[{seat}].{k}")]
            assert not bad, f"shared by a copy and its original at step {s.steps}: {bad}"
            s.apply(rng.choice(s.legal_actions()))


def test_illegal_action_leaves_the_state_untouched():
    s = new(3, seed=1)
    before = fingerprint(s)
    with pytest.raises(IllegalAction):
        s.apply(A("harbour"))
    assert fingerprint(s) == before


def test_observation_never_shows_the_deck_order_and_determinize_keeps_it():
    s = new(3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
        seat = s.current_player
        d = s.determinize(seat, Rng(7))
        assert d.observation(seat) == s.observation(seat)
    assert nl.GAMES["journey"].HIDDEN_INFORMATION


def test_actions_have_readable_names():
    s = new(3, seed=1)
    _play(s, 1, check=False)
    assert str(A("adjust", 6, 1)) == "spend a fuel to turn a 6 into a 1"
    assert str(A("sell", 0)) == "sell a fish for 4 coins"


@pytest.mark.parametrize("breakage,message", [
    (lambda s: setattr(s.boards[0], "fish", 9), "freezer"),
    (lambda s: (setattr(s.boards[0], "fuel", 5), setattr(s.boards[0], "goods", 4)), "cabin"),
    (lambda s: setattr(s.boards[0], "coins", -1), "negative"),
    (lambda s: setattr(s.boards[0], "harbours", 6), "harbours"),
    (lambda s: setattr(s.boards[0], "ships", (*s.boards[0].ships, 0)), "ships in one lane"),
    (lambda s: setattr(s.boards[0], "lanes", replaced(s.boards[0].lanes, 5, s.decks[2][0])),
     "lane without a harbour"),
    (lambda s: setattr(s.boards[0], "lanes", replaced(s.boards[0].lanes, 0, s.decks[2][0])),
     "exactly one place"),
    (lambda s: s.decks[1].pop(), "exactly one place"),
    (lambda s: setattr(s.boards[0], "dice", (*s.boards[0].dice, 3)), "dice in play"),
])
def test_check_invariants_names_each_broken_rule(breakage, message):
    s = new(3, seed=0)
    rng = random.Random(0)
    while s.stage != "action":
        s.apply(rng.choice(s.legal_actions()))
    s.check_invariants()
    breakage(s)
    with pytest.raises(AssertionError, match=message):
        s.check_invariants()


def test_refusals_name_the_rule():
    s = new(3, seed=0)
    rng = random.Random(0)
    while s.stage != "action":
        s.apply(rng.choice(s.legal_actions()))
    b = s.boards[s.current_player]
    b.fuel = 0
    s._legal = None
    for act, rule in ((A("move", 0, 0), "Free Actions"), (A("adjust", 3, 1), "Free Actions"),
                      (A("end"), "Action Phase")):
        with pytest.raises(IllegalAction, match=rule):
            s.apply(act)


def test_each_round_runs_its_phases_in_rulebook_order():
    from neko_lab.games.journey import rules as R
    s = new(4, seed=2)
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    starts = [i for i, e in enumerate(s.log) if e.rule == R.R_COURSE] + [len(s.log)]
    assert len(starts) == 5
    order = [R.R_DRAFT, R.R_INCOME, R.R_REWARDS, R.R_ORDER, R.R_ACTION, R.R_PREPARE]
    for r in range(4):
        chunk = s.log[starts[r]:starts[r + 1]]
        first = [next(i for i, e in enumerate(chunk) if e.rule == rule) for rule in order]
        assert first == sorted(first), f"round {r + 1}: {first}"
        market = [i for i, e in enumerate(chunk) if e.rule == R.R_MARKET]
        assert all(i < first[0] for i in market)
        if r in (0, 2):
            assert not any(e.rule == R.R_MIDGAME for e in chunk)
    assert s.log[-1].rule == R.R_FINAL


def test_a_reward_choice_says_what_it_gives():
    s = play_until(new(3, seed=0), "rewards", skip_turn_free)
    s.boards[s.current_player].dice = (1, 2, 3, 4, 5)
    s._legal = None
    assert [str(a) for a in s.legal_actions()] == [
        "dice reward of face 1: buy a card", "dice reward of face 2: take 1 good",
        "dice reward of face 3: take 2 fish", "dice reward of face 4: remove 1 interference tile",
        "dice reward of face 5: take 2 fuel", "dice reward of face 6: take 5 coins"]
    bonus = new(3, seed=0).legal_actions()
    assert [str(a) for a in bonus] == ["take starting bonus tile 1: 1 good", "take starting bonus tile 2: 4 coins",
                                       "take starting bonus tile 3: 1 fish", "take starting bonus tile 4: 2 fuel"]


def test_what_a_person_reads_counts_from_one():
    assert str(A("place", 0, 0)) == "place the card in lane 1, slot 1"
    assert str(A("bid", 0)) == "bid on space 1"
    assert str(A("hub", 1, 4)) == "activate the hub between slots 1 and 2 of lane 2"
    assert str(A("move", 0, 0)) == "move the ship at the harbour in lane 1"
    assert str(A("move", 0, 5)) == "move the ship at hub 1 inside the port in slot 2 in lane 1"
    assert str(A("card", 0, 2, 3)) == "activate the card in lane 1, slot 3 with a 3"
    s = play_until(new(3, seed=6), "action", skip_turn_free)
    texts = [e.text for e in s.log]
    assert any(t.startswith("turn order Player ") for t in texts)
    assert any(t.startswith("picks revealed: Player 1 kept ") for t in texts)
    assert any(t.startswith("new turn order Player ") and "starts and takes" in t for t in texts)
    assert not any(re.search(r"\bP\d", t) for t in texts)
    s.boards[s.current_player].coins = 30
    s._legal = None
    s.apply(A("bid", 0))
    assert s.log[-1].data["space"] == 0                  # data stays 0-based for programs


def test_every_refusal_names_its_rulebook_section():
    cited = re.compile(r"\(Journey › [^)]+\)$")
    rng = random.Random(5)
    s = new(3, seed=5)
    foreign = [A("bid", 15), A("place", 4, 4), A("church", 0, 4), A("end"), A("harbour"), A("done"),
               A("reward", 9), A("draft", 7), A("pick", 999), A("post_office")]
    refused = 0
    while not s.is_over():
        legal = s.legal_actions()
        for bad in foreign:
            if bad not in legal:
                with pytest.raises(IllegalAction) as err:
                    s.apply(bad)
                assert cited.search(str(err.value)), str(err.value)
                refused += 1
        s.apply(rng.choice(legal))
    assert refused > 1000


def test_the_log_counts_coins_and_cards_in_words():
    """What the log counts reads as a person says it: "pays 1 coin", "gains 2 goods", "draws 2 cards",
    "winner: Player 2", never "1 coins", "2 good" or "card(s)"."""
    paid, drawn, gained = set(), set(), set()
    for seed in range(12):
        s, rng = new(3, seed=seed), random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        for e in s.log:
            if e.text.startswith("pays "):
                assert re.fullmatch(r"pays (1 coin|\d+ coins) and places .+ in lane \d, slot \d", e.text), e.text
                paid.add(e.data["paid"])
            if e.text.startswith("draws ") and e.text.endswith(" to buy from"):
                assert e.text in ("draws 1 card to buy from", "draws 2 cards to buy from"), e.text
                drawn.add(e.text)
            if e.text.startswith("gains "):
                assert re.match(r"gains (1 (coin|good|fish|fuel|penguin point)|\d+ (coins|goods|fish|fuel|penguin "
                                r"points))( \(|, |$)", e.text), e.text
                gained.add(e.text.split(" (")[0].split(",")[0])
            assert "(s)" not in e.text
        assert re.fullmatch(r"the game is over; (winner: Player \d|winners: Player \d(, Player \d)+)( \(.*\))?",
                            s.log[-1].text), s.log[-1].text
    assert len(paid) > 2 and drawn          # several prices, and direct buys, were seen
    assert {"gains 1 coin", "gains 2 coins", "gains 1 good"} <= gained


def test_the_why_of_a_placement_counts_the_open_harbours_in_words():
    """Explaining a placement: "lane 1 is your one open harbour" with one harbour open, never "one of your 1
    open harbours"; "one of your 2 open harbours" with more."""
    from neko_lab.learn import explain_move
    said = set()
    for seed in range(4):
        s, rng = new(3, seed=seed), random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            before = s.clone() if getattr(a, "kind", "") == "place" else None
            s.apply(a)
            if before is not None:
                text = str(explain_move(before, a, s, viewer=before.current_player))
                assert "of your 1 open" not in text, text
                said.update(re.findall(r"lane \d is (your one open harbour|one of your \d open harbours)", text))
    assert "your one open harbour" in said and len(said) > 1
