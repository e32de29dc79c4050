"""Hidden information in Naéco: hands, Priority Observation cards, face-down objectives, face-down cards
in other Oceans and the cards under each pile's top; determinize() re-samples exactly those."""
from __future__ import annotations

import json
import random

import pytest

import neko_lab as nl
from neko_lab.core import Rng

from statecheck import fingerprint, same_state


def _played(seed: int, steps: int, **opts):
    rng = random.Random(seed)
    s = nl.new_game("naeco", seed=seed, **opts)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_observation_hides_other_hands_and_priority_cards():
    s = nl.new_game("naeco", players=3, seed=1)
    obs = s.observation(0)
    text = json.dumps(obs)
    assert obs["hand"] == list(s.hands[0]) and obs["hand_sizes"] == [3, 3, 3]
    assert "hands" not in obs
    assert obs["priority_card"] == list(s.priority_table[s.priority[0]].points)
    assert json.loads(text) == obs, "observations are plain JSON data"


def test_observation_hides_face_down_cards_of_others_but_not_ones_own():
    s = nl.new_game("naeco", seed=2)
    act = next(a for a in s.legal_actions() if a.down)
    s.apply(act)
    ids0 = [c for _, _, c in s.observation(0)["oceans"][0]["cards"]]
    ids1 = [c for _, _, c in s.observation(1)["oceans"][0]["cards"]]
    assert act.card in ids0 and act.card not in ids1
    assert [act.depth, act.col, -1] in s.observation(1)["oceans"][0]["cells"]
    assert "face-down" in s.log[-1].text and act.name not in s.log[-1].text


def test_observation_shows_only_pile_tops_and_revealed_objectives():
    s = nl.new_game("naeco", seed=2)
    obs = s.observation(1)
    assert obs["piles"] == [[len(p), p[-1]] for p in s.piles]
    assert obs["objectives"] == [s.objectives[0], None, None, None]


@pytest.mark.parametrize("seed,steps,opts", [(1, 0, {}), (2, 17, {}), (3, 40, {"sea_shepherd": True}),
                                             (4, 25, {"facedown_any_depth": True}), (5, 30, {"players": 1}),
                                             (6, 33, {"players": 4, "sea_shepherd": True})])
def test_determinized_state_looks_the_same_to_the_seat(seed, steps, opts):
    s = _played(seed, steps, **opts)
    for seat in range(s.players):
        before = fingerprint(s)
        d = s.determinize(seat, Rng(seed * 10 + seat))
        assert fingerprint(s) == before, "determinize leaves the original alone"
        assert d.observation(seat) == s.observation(seat)
        d.check_invariants()
        rng = random.Random(seed)
        while not d.is_over():              # the sampled world is a playable game
            d.apply(rng.choice(d.legal_actions()))
        d.check_invariants()


def test_determinize_really_resamples_hidden_cards():
    s = _played(7, 10, players=2)
    changed = 0
    for k in range(10):
        d = s.determinize(0, Rng(k))
        changed += d.hands[1] != s.hands[1] or d.piles != s.piles
        assert d.hands[0] == s.hands[0]
    assert changed >= 8


def test_save_and_load_round_trip_mid_game():
    s = _played(9, 23, sea_shepherd=True, players=3)
    t = nl.from_json(s.to_json())
    assert t.to_json() == s.to_json()
    assert t.legal_actions() == s.legal_actions()
    rng1, rng2 = random.Random(1), random.Random(1)
    while not s.is_over():
        a = rng1.choice(s.legal_actions())
        b = rng2.choice(t.legal_actions())
        assert a == b
        s.apply(a)
        t.apply(b)
    assert s.scores() == t.scores()


def test_clone_is_independent():
    s = _played(10, 12)
    c = s.clone()
    before = fingerprint(s)
    rng = random.Random(0)
    while not c.is_over():
        c.apply(rng.choice(c.legal_actions()))
    assert fingerprint(s) == before
    assert c.to_json() != s.to_json(), "the clone was played on"


def test_running_priority_points_of_others_stay_hidden_until_the_final_scoring():
    s = _played(5, 20, players=3)
    assert not s.is_over()
    full = s.breakdown()
    for seat in range(3):
        shown = s.visible_breakdown(seat)
        assert shown[seat] == full[seat], "a seat sees all of its own points"
        for other in set(range(3)) - {seat}:
            assert shown[other]["priority"] is None
            assert {k: v for k, v in shown[other].items() if k != "priority"} == \
                {k: v for k, v in full[other].items() if k != "priority"}
    assert s.visible_breakdown(None) == full


def test_final_scoring_shows_every_priority_card():
    s = _played(5, 10_000, players=3)
    assert s.is_over()
    obs = s.observation(1)
    assert obs["priority_cards"] == [list(s.priority_table[c].points) for c in s.priority]
    assert s.visible_breakdown(1) == s.breakdown()
    assert s.determinize(1, Rng(3)).priority == s.priority
    assert _played(5, 20, players=3).observation(1)["priority_cards"] is None


def test_determinize_draws_the_future_from_rng_not_the_game_seed():
    s = _played(11, 12, players=3)
    a = s.determinize(0, Rng(1))
    b = s.determinize(0, Rng(2))
    assert a.rng != s.rng and b.rng != s.rng and a.rng != b.rng
    future = s.rng.copy()
    assert [a.rng.random() for _ in range(5)] != [future.random() for _ in range(5)]
    again = s.determinize(0, Rng(1))
    assert same_state(again, s.determinize(0, Rng(1))), "the same rng gives the same copy"


def test_observation_records_the_cards_seen_drawn_from_a_pile_top():
    s = nl.new_game("naeco", players=2, seed=12)
    s.apply(s.legal_actions()[0])
    top = s.piles[2][-1]
    s.apply(next(a for a in s.legal_actions() if a.pile == 2))
    assert s.log[-1].data == {"card": top, "pile": 2}
    assert s.observation(1)["known"] == [[top], []] == s.observation(0)["known"]
    # once played face-up it is in plain view and no longer listed
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    play = next(a for a in s.legal_actions() if a.card == top and not a.down)
    s.apply(play)
    assert top not in s.observation(1)["known"][0]


def test_determinize_keeps_the_cards_an_opponent_took_from_a_pile_top():
    rng = random.Random(13)
    checked = 0
    for seed in range(8):
        s = _played(seed, 20 + seed, players=2 + seed % 3, sea_shepherd=seed % 2 == 0)
        for seat in range(s.players):
            for k in range(3):
                d = s.determinize(seat, Rng(rng.getrandbits(64)))
                for i in range(s.players):
                    if i == seat:
                        continue
                    o = d.oceans[i]
                    held = set(d.hands[i]) | {c.id for p, c in o.cards.items() if o.cells[p] < 0}
                    assert set(s.known[i]) <= held, f"seed {seed}: player {i}'s seen cards were re-sampled"
                    checked += len(s.known[i])
                d.check_invariants()
    assert checked > 50


def _hidden(s, seat: int) -> tuple:
    """What determinize() re-deals for `seat`: the other hands, their face-down cards, the piles."""
    others = [i for i in range(s.players) if i != seat]
    return (tuple(s.hands[i] for i in others),
            tuple(tuple(sorted((p, c.id) for p, c in s.oceans[i].cards.items())) for i in others),
            tuple(s.piles))


@pytest.mark.parametrize("tries", [0, None])      # 0: every copy made by the layout search
def test_a_determinized_copy_depends_only_on_what_the_seat_knows(monkeypatch, tries):
    # two positions the seat cannot tell apart (the real one, and one of its own copies) must give it
    # the same copies: else a hint or a search could read the real layout of the opponents' known cards
    from neko_lab.games.naeco.rules.state import GameState
    if tries is not None:
        monkeypatch.setattr(GameState, "KNOWN_TRIES", tries)
    checked = 0
    for seed in range(12):
        s = _played(seed, 10 + 5 * seed, players=2 + seed % 3)
        if s.is_over():
            continue
        for seat in range(s.players):
            if not any(s.known[i] for i in range(s.players) if i != seat):
                continue
            other = s.determinize(seat, Rng(99))
            for k in range(3):
                assert _hidden(s.determinize(seat, Rng(k)), seat) == _hidden(other.determinize(seat, Rng(k)), seat)
                checked += 1
    assert checked >= 10
