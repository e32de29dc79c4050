"""Naéco › Variants: the Sea Shepherd France missions and solo play."""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.games.naeco.rules import Draw, GameState, LeaveMissions, TakeMission

from statecheck import fingerprint
from . import rig


def _mission_on_top(s: GameState, pile: int, effect: str) -> int:
    """Move the mission card with `effect` to the top of `pile` (swapping places with the top card)."""
    mid = next(c.id for c in s.cards if c.effect == effect)
    where = next(i for i, p in enumerate(s.piles) if mid in p)
    src = list(s.piles[where])
    src.remove(mid)
    s.piles[where] = tuple(src)
    s.piles[pile] = s.piles[pile] + (mid,)
    s._legal = None
    return mid


def _last_card_missions(players: int, seed: int = 8, missions: int = 3) -> tuple[GameState, list[int]]:
    """Piles 1-4 (those a token on the first Surface card opens) hold only missions, each the last card
    of its pile, the other piles of the first four being empty; the species go to pile 7."""
    s = nl.new_game("naeco", players=players, seed=seed, sea_shepherd=True)
    mids = [c.id for c in s.cards if c.effect][:missions]
    for i, p in enumerate(s.piles):
        s.piles[i] = tuple(c for c in p if c not in mids)
    for i in range(4):
        s.piles[6] = s.piles[i] + s.piles[6]
        s.piles[i] = ()
    for k, m in enumerate(mids):
        s.piles[4 - missions + k] = (m,)
    s._legal = None
    return s, mids


# ---------------------------------------------------------------- Sea Shepherd France
def test_sea_shepherd_shuffles_four_missions_into_the_piles_not_the_hands():
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    missions = [c for c in s.cards if c.effect]
    assert len(s.cards) == 68 and len(missions) == 4
    assert {c.name for c in missions} == {"Nyamba", "Dolphin ByCatch", "Ocean Killers", "Raging Winds"}
    in_piles = {c for p in s.piles for c in p}
    assert all(m.id in in_piles for m in missions)
    assert all(not s.cards[c].effect for h in s.hands for c in h)
    assert sum(len(p) for p in s.piles) == 68 - 6
    s.check_invariants()


def test_taking_a_mission_is_a_choice_then_a_species_is_drawn():
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    mid = _mission_on_top(s, 1, "turtles")
    s.apply(s.legal_actions()[0])
    acts = s.legal_actions()
    assert TakeMission(1, mid, "Nyamba") in acts
    assert not any(isinstance(a, Draw) and a.pile == 1 for a in acts), "the mission must be taken first"
    assert any(isinstance(a, Draw) for a in acts), "drawing elsewhere instead is allowed"
    with pytest.raises(nl.IllegalAction, match="take it first"):
        s.apply(Draw(1, s.piles[1][-2], "x"))
    s.apply(TakeMission(1, mid, "Nyamba"))
    assert s.missions[0] == (mid,) and len(s.hands[0]) == 2
    assert s.current_player == 0 and s.pending[-1].kind == "draw"
    s.check_invariants()
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Draw)))
    assert len(s.hands[0]) == 3 and s.current_player == 1
    assert "missions" in s.breakdown()[0]


def test_always_three_cards_in_hand_when_every_permitted_pile_shows_a_mission():
    """Reading 8: the variant keeps the hand at 3, so with a mission on every permitted pile one of them
    is taken (the player chooses which), and the species draw follows."""
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    effects = ["turtles", "dolphins", "chain_deepest", "chain_shallowest"]
    mids = [_mission_on_top(s, pile, effect) for pile, effect in enumerate(effects)]
    s.apply(s.legal_actions()[0])
    acts = s.legal_actions()
    assert [a.card for a in acts if isinstance(a, TakeMission)] == mids
    assert all(isinstance(a, TakeMission) for a in acts), "no way to end the turn with 2 cards"
    s.apply(next(a for a in acts if a.pile == 2))
    assert s.missions[0] == (mids[2],) and s.current_player == 0
    acts = s.legal_actions()
    assert any(isinstance(a, Draw) and a.pile == 2 for a in acts), "the species under it is on offer"
    s.apply(next(a for a in acts if isinstance(a, Draw)))
    assert len(s.hands[0]) == 3 and s.missed[0] == 0 and s.current_player == 1
    s.check_invariants()


def test_always_three_cards_in_hand_until_the_last_round_with_missions():
    """In variant games every turn before the end is triggered ends with 3 cards unless the player left
    missions no species could follow (reading 8); with the agents, who take a mission only for a bonus,
    the game ends on the rulebook's two conditions."""
    rng = random.Random(17)
    for g in range(40):
        s = nl.new_game("naeco", players=1 + g % 4, seed=g, sea_shepherd=True)
        while not s.is_over():
            seat = s.current_player
            s.apply(rng.choice(s.legal_actions()))
            if s.end_seat is None and not s.is_over() and s.current_player != seat:
                assert len(s.hands[seat]) == 3 - s.missed[seat], f"game {g}: Player {seat + 1} ended a turn short"
                assert s.missed[seat] == sum(e.data.get("reading") == 8 and e.seat == seat for e in s.log)
        s.check_invariants()
    for g in range(12):
        s = nl.new_game("naeco", players=1 + g % 4, seed=g, sea_shepherd=True)
        agents = [nl.make_agent("naeco", s, seed=k) for k in range(s.players)]
        while not s.is_over():
            s.apply(agents[s.current_player].choose(s))
        assert s.end_trigger in ("last Surface card", "empty draw piles")


def test_missions_no_species_can_follow_may_be_left_and_the_draw_is_missed():
    """Reading 8: a mission is taken in order to draw the species beneath it; when every permitted pile
    that has cards shows a mission that is its last card, the player may leave them. The draw is missed
    (reading 7), the missions stay, and their piles do not count as exhausted."""
    s, mids = _last_card_missions(players=2)
    s.apply(s.legal_actions()[0])
    acts = s.legal_actions()
    assert [a.card for a in acts if isinstance(a, TakeMission)] == mids and LeaveMissions() in acts
    piles = list(s.piles)
    s.apply(LeaveMissions())
    assert s.missions[0] == () and s.piles == piles and s.empty_piles() == 1
    assert len(s.hands[0]) == 2 and s.missed[0] == 1
    assert s.end_seat is None and s.current_player == 1 and s.pending[-1].kind == "play"
    left = next(e for e in s.log if "leaves the missions" in e.text)
    assert left.rule == "Naéco › Sea Shepherd France variant" and left.data == {"reading": 8}
    assert s.breakdown()[0]["missions"] == 0
    s.check_invariants()


def test_a_last_card_mission_may_still_be_taken_and_leaving_stays_on_offer():
    s, mids = _last_card_missions(players=4, missions=1)        # piles 1-3 empty, the mission on pile 4
    s.apply(s.legal_actions()[0])
    assert s.legal_actions() == [TakeMission(3, mids[0], "Nyamba"), LeaveMissions()]
    s.apply(TakeMission(3, mids[0], "Nyamba"))
    # pile 4 is exhausted: nothing is left to draw (reading 7), and 4 empty piles start the last round
    assert s.missions[0] == (mids[0],) and s.missed[0] == 1 and s.current_player == 1
    assert s.empty_piles() == 4 and s.end_seat == 0 and s.end_trigger == "empty draw piles"
    s.check_invariants()
    s, mids = _last_card_missions(players=2)
    s.apply(s.legal_actions()[0])
    s.apply(TakeMission(1, mids[0], "Nyamba"))
    assert LeaveMissions() in s.legal_actions() and s.current_player == 0
    s.apply(LeaveMissions())
    assert s.missions[0] == (mids[0],) and s.missed[0] == 1 and s.empty_piles() == 2 and s.end_seat == 0


def test_missions_cannot_be_left_while_a_species_may_follow():
    """A species on offer, or a mission with cards beneath it (a species may lie there): the draw must
    be made, and leaving is refused with the reason."""
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    for pile, effect in enumerate(["turtles", "dolphins", "chain_deepest", "chain_shallowest"]):
        _mission_on_top(s, pile, effect)
    s.apply(s.legal_actions()[0])
    assert LeaveMissions() not in s.legal_actions()
    before = fingerprint(s)
    with pytest.raises(nl.IllegalAction, match="a species can still be drawn"):
        s.apply(LeaveMissions())
    assert fingerprint(s) == before
    s, mids = _last_card_missions(players=2)
    s.piles[1] = s.piles[6][:1] + s.piles[1]                  # one card under the first mission
    s.piles[6] = s.piles[6][1:]
    s._legal = None
    s.apply(s.legal_actions()[0])
    assert LeaveMissions() not in s.legal_actions()
    s.check_invariants()


def test_leave_the_missions_has_an_action_id():
    s, _ = _last_card_missions(players=2)
    s.apply(s.legal_actions()[0])
    i = s.action_id(LeaveMissions())
    assert s.action_from_id(i) == LeaveMissions() and i in s.legal_action_ids()
    assert i == s.num_actions(2) - 1


@pytest.mark.parametrize("players", [1, 2, 3])
def test_players_who_keep_leaving_missions_run_dry_and_the_game_ends_when_nobody_can_play(players):
    """Reading 7: a player with no card left passes; when nobody holds a card the game is scored."""
    s, _ = _last_card_missions(players=players)
    while not s.is_over():
        acts = s.legal_actions()
        s.apply(LeaveMissions() if LeaveMissions() in acts else acts[0])
        s.check_invariants()
    assert s.missed == [3] * players and not any(s.hands)
    assert s.end_trigger == "no cards left" and s.end_seat is not None
    texts = [e.text for e in s.log]
    assert "nobody holds a card any more, so nobody can play: the game ends" in texts
    assert texts[-1] == "the game is over: final scoring" and s.log[-1].rule == "Naéco › Scoring"
    if players == 1:
        assert s.rating().score == s.scores()[0]


def test_a_player_without_cards_passes_while_the_others_play_on():
    s, _ = _last_card_missions(players=2)
    s.token[1], s.trail[1], s.revealed[1] = 1, (0, 1), True      # Player 2 may draw from pile 5 too
    while not s.is_over():
        acts = s.legal_actions()
        draws = [a for a in acts if isinstance(a, Draw)]
        s.apply(LeaveMissions() if LeaveMissions() in acts else draws[0] if draws else acts[0])
        s.check_invariants()
    passes = [e for e in s.log if "passes" in e.text]
    assert passes and all(e.seat == 0 and e.rule == "Naéco › Gameplay" and e.data == {"reading": 7}
                          for e in passes)
    assert s.missed[0] == 3 and not s.hands[0]
    assert s.end_trigger == "empty draw piles" and s.end_seat == 1        # pile 5 ran out


def test_taking_one_of_the_missions_on_offer_leaves_the_species_under_it_on_offer():
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    effects = ["turtles", "dolphins", "chain_deepest", "chain_shallowest"]
    mids = [_mission_on_top(s, pile, effect) for pile, effect in enumerate(effects)]
    s.apply(s.legal_actions()[0])
    s.apply(next(a for a in s.legal_actions() if isinstance(a, TakeMission) and a.pile == 0))
    acts = s.legal_actions()
    assert s.missions[0] == (mids[0],)
    assert any(isinstance(a, Draw) and a.pile == 0 for a in acts), "the species under it is on offer"
    assert any(isinstance(a, TakeMission) for a in acts), "the other missions may still be taken"
    s.check_invariants()


def test_missions_on_piles_the_player_may_not_draw_from_cannot_be_taken():
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    mid = _mission_on_top(s, 5, "dolphins")
    s.apply(s.legal_actions()[0])
    assert s.allowed_piles(0) == 4
    assert not any(isinstance(a, TakeMission) for a in s.legal_actions())
    before = fingerprint(s)
    with pytest.raises(nl.IllegalAction, match="only from the first 4 piles"):
        s.apply(TakeMission(5, mid, "Dolphin ByCatch"))
    assert fingerprint(s) == before


def test_missions_are_scored_or_penalised_as_a_breakdown_category():
    s = nl.new_game("naeco", seed=3, sea_shepherd=True)
    s.missions[0] = tuple(c.id for c in s.cards if c.effect in ("turtles", "chain_shallowest"))
    for p in range(7):
        s.piles[p] = tuple(c for c in s.piles[p] if c not in s.missions[0])
    rig.ocean(s, 0, "S 1 2 3 4\n. . . . .\n. . . . .\nS . . . .")
    turtles = sum(c.group == "turtle" for c in s.oceans[0].species_cards())
    expected = 3 + {0: -2, 1: 2}.get(turtles, 5)
    assert s.breakdown()[0]["missions"] == expected
    assert s.breakdown()[1]["missions"] == 0
    assert sum(s.breakdown()[0].values()) == s.scores()[0]
    s.check_invariants()


def test_without_the_variant_there_is_no_mission_category():
    s = nl.new_game("naeco", seed=3)
    assert "missions" not in s.breakdown()[0] and len(s.cards) == 64


def test_sea_shepherd_random_games_conserve_68_cards():
    rng = random.Random(8)
    taken = 0
    for g in range(10):
        s = nl.new_game("naeco", players=2 + g % 3, seed=g, sea_shepherd=True)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            s.check_invariants()
        taken += sum(len(m) for m in s.missions)
    assert taken > 0


# ---------------------------------------------------------------- solo
def test_solo_discards_the_top_two_cards_of_the_next_pile():
    s = nl.new_game("naeco", players=1, seed=4)
    s.apply(s.legal_actions()[0])
    top2 = s.piles[2][-2:]
    s.apply(next(a for a in s.legal_actions() if a.pile == 1))
    assert s.discards == (top2[1], top2[0])
    assert len(s.piles[2]) == 6
    assert any(e.rule == "Naéco › Solo play variant" for e in s.log)
    s.check_invariants()


def test_solo_skips_empty_piles_and_takes_one_card_when_only_one_is_left():
    s = nl.new_game("naeco", players=1, seed=4)
    s.piles[6] = s.piles[1] + s.piles[2][:-1] + s.piles[6]
    s.piles[1], s.piles[2] = (), s.piles[2][-1:]
    last = s.piles[2][-1]
    s.apply(s.legal_actions()[0])
    s.apply(next(a for a in s.legal_actions() if a.pile == 0))
    assert s.discards == (last,) and s.piles[2] == ()
    s.check_invariants()


def test_solo_drawing_from_the_last_pile_discards_from_the_first():
    s = nl.new_game("naeco", players=1, seed=4)
    s.token[0], s.trail[0] = 3, (0, 1, 2, 3)
    s.revealed[:] = [True] * 4
    s.objectives[3] = 2                       # three full columns: far away
    top2 = s.piles[0][-2:]
    s.apply(s.legal_actions()[0])
    assert 6 in [a.pile for a in s.legal_actions()]
    s.apply(next(a for a in s.legal_actions() if a.pile == 6))
    assert s.discards == top2[::-1]


def test_solo_ends_with_two_empty_piles_then_one_last_turn():
    s = nl.new_game("naeco", players=1, seed=4)
    s.piles[6] = s.piles[4] + s.piles[5] + s.piles[6]
    s.piles[4], s.piles[5] = (), ()
    assert s.end_threshold() == 2
    s.apply(s.legal_actions()[0])
    rig.draw_first(s)
    assert s.end_seat == 0 and not s.is_over()
    s.apply(s.legal_actions()[0])
    rig.draw_first(s)
    assert s.is_over()


def test_solo_end_trigger_cites_the_solo_play_variant():
    s = nl.new_game("naeco", players=1, seed=4)
    s.piles[6] = s.piles[4] + s.piles[5] + s.piles[6]
    s.piles[4], s.piles[5] = (), ()
    s.apply(s.legal_actions()[0])
    rig.draw_first(s)
    trigger = next(e for e in s.log if e.data.get("trigger"))
    assert trigger.rule == "Naéco › Solo play variant" and trigger.data["trigger"] == "empty draw piles"


def test_solo_rating_is_reported_by_the_state():
    rng = random.Random(1)
    s = nl.new_game("naeco", players=1, seed=1)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    r = s.rating()
    assert r.score == s.scores()[0]
    assert r.tier == (1 if r.score < 12 else 2 if r.score < 18 else 3 if r.score < 24 else 4 if r.score < 30 else 5)
    assert s.result_columns()["solo_tier"] == r.tier      # one numbering in the state and in simulate's rows
    assert str(r).startswith(f"{r.score} points")
    with pytest.raises(nl.ConfigError, match="solo"):
        nl.new_game("naeco", players=2, seed=1).rating()


def test_solo_priority_observations_are_compared_with_the_discards():
    s = nl.new_game("naeco", players=1, seed=4)
    rig.ocean(s, 0, "S 1 2\n. . .\n. . .\nS . .")
    mine = s.oceans[0].attribute_counts()
    card = s.priority_table[s.priority[0]].as_dict()
    expected = sum(card[a] for a, n in mine.items() if n > 0)
    assert s.breakdown()[0]["priority"] == expected    # nothing discarded yet
    # discard plenty of every symbol: the player loses every majority
    heavy = [c.id for c in s.cards if c.attributes and any(c.id in p for p in s.piles)][:20]
    for p in range(7):
        s.piles[p] = tuple(c for c in s.piles[p] if c not in heavy)
    s.discards = tuple(heavy)
    assert s.breakdown()[0]["priority"] == 0
    s.check_invariants()


def test_why_missions_may_be_left_cites_the_variant():
    from neko_lab.learn import explain_move
    s, _ = _last_card_missions(players=2)
    s.apply(s.legal_actions()[0])
    before = s.clone()
    s.apply(LeaveMissions())
    text = str(explain_move(before, LeaveMissions(), s, viewer=0))
    assert ("none lies beneath these, so you may leave them and miss this draw "
            "(Naéco › Sea Shepherd France variant)") in text
    assert "Missions left on their piles keep those piles from counting as exhausted." in text
