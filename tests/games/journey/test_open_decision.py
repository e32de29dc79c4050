"""Journey's observation shows how far a turn has gone (Journey › Action Phase › Bid a Card): after
"bid on space N" the same player decides again, now choosing dice, and the observation says so."""
from __future__ import annotations

import random

import neko_lab as nl


def _position_with_a_bid():
    rng = random.Random(4)
    for seed in range(20):
        s = nl.new_game("journey", players=3, seed=seed)
        while not s.is_over():
            bids = [a for a in s.legal_actions() if a.kind == "bid"]
            if bids:
                return s, bids[0]
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no bid in 20 random games")


def test_a_bid_on_a_space_shows_in_the_bidders_observation():
    s, bid = _position_with_a_bid()
    seat = s.current_player
    before = s.observation(seat)
    assert before["turn_progress"][0] == 0            # no main action yet
    s.apply(bid)
    assert s.current_player == seat                   # the same player now places dice
    after = s.observation(seat)
    assert after["turn_progress"][:2] == [2, bid.a]   # bidding, on that space
    assert all(a.kind != "bid" for a in s.legal_actions())
    assert after != before
    field = next(r for r in s.observation_layout(3).describe() if r["field"] == "turn_progress")
    tensor = s.observation_tensor(seat)
    assert tensor[field["start"]:field["start"] + 2] == [2.0, float(bid.a)]
