"""Scoring card and generation scoring (rulebook › Scoring, › Scoring & Victory)."""
import random
import re

from neko_lab.games.neptune.rules import BuyVP, NextBuyer

from .rig import BLUE, RED, YELLOW, act, game, loc, play_card


def test_buildings_fame_and_one_purchase_in_the_order_the_active_player_chooses():
    s = game(3)
    m = loc(s, "Mars Mineral Beds")
    s.missions[m] = (RED, YELLOW)
    s.bases[m] = (RED, YELLOW)
    s.factory[m] = RED
    s.colony[m] = YELLOW
    s.diversification = RED
    s.fame[:] = [3, 5, 0]
    s.credits[:] = [12, 0, 7]
    card = play_card(s, BLUE, "scoring", fame=2)           # Blue now has 2 fame
    assert [p[1] for p in s.points] == [1, 2, 0]           # 1 per factory, 2 per colony
    assert [p[2] for p in s.points] == [1, 2, 0]           # most 2, second 1
    assert s.current_player == BLUE and s.pending[-1].kind == "scoring_order"
    assert s.legal_actions() == [NextBuyer(RED), NextBuyer(BLUE)]   # Yellow has no credits
    act(s, NextBuyer(BLUE))
    assert s.legal_actions()[-1] == BuyVP(6, 3)
    act(s, BuyVP(6, 3))
    assert s.current_player == RED
    assert s.legal_actions()[-1] == BuyVP(10, 4)           # never more than 10 credits
    act(s, BuyVP(10, 4))
    assert [p[3] for p in s.points] == [4, 0, 3] and s.credits[:1] == [2]
    assert s.active == RED and s.pending[-1].kind == "sell"


def test_final_scoring_tie_for_most_fame_both_readings():
    for option, each in ((3, 3), (2, 2)):
        s = game(3, final_fame_tie_vp=option)
        card = next(c for c in s.hands[0])
        for g in range(4):
            s.discard += s.decks[g]
            s.decks[g] = ()
        s.generation = 4
        s.fame[:] = [6, 6, 1]
        s.credits[:] = [0, 0, 0]
        s.pending.clear()
        from neko_lab.games.neptune.rules import scoring_card
        scoring_card.start(s, 0, "final")
        assert s.is_over()
        assert [p[2] for p in s.points] == [each, each, 0]


def test_fame_awards_cite_the_scoring_that_gives_them():
    # a Scoring card gives them (rulebook › Scoring), a generation's end (› Scoring & Victory), the end of
    # the game its higher ones (› End of Game Scoring); the Fame section only points to Scoring & Victory
    from neko_lab.games.neptune.rules import scoring_card
    for context, rule in (("card", "Scoring"), ("generation", "Scoring & Victory"),
                          ("final", "End of Game Scoring (see page 4)")):
        s = game(3)
        s.fame[:] = [4, 1, 0]
        s.credits[:] = [0, 0, 0]
        s.pending.clear()
        before = len(s.log)
        scoring_card.start(s, 0, context)
        fame = [(e.seat, e.text, e.rule) for e in s.log[before:] if "VP for fame" in e.text]
        assert [seat for seat, _, _ in fame] == [0, 1]
        assert {r for _, _, r in fame} == {f"Destination: Neptune › {rule}"}, fame


def test_the_log_counts_factories_and_colonies_in_words():
    """The buildings' points read as a person says them: "for 1 factory and 2 colonies", never
    "1 factories" or "1 colonies"."""
    seen = set()
    for seed in range(8):
        s, rng = game(3, seed=seed), random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        for e in s.log:
            if re.match(r"scores \d+ VP for \d+ ", e.text):
                assert re.fullmatch(r"scores \d+ VP for (1 factory|\d+ factories) and (1 colony|\d+ colonies)",
                                    e.text), e.text
                seen.add(e.text.split(" for ")[1])
    assert any("1 factory " in t for t in seen) and any(t.endswith(" 1 colony") for t in seen)
