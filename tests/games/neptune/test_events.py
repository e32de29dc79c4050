"""The optional Event rules (rulebook › Optional Event Rules), events=True."""
import random

from neko_lab.games.neptune.rules import Pass, Play

from .rig import RED, act, game, loc, start_turn


def _event_card(s, kind="factories"):
    return next(c.id for c in s.data.cards if c.event and c.kind == kind)


def _play_event_card(s, seat, event_name=None):
    """`seat` plays a card with the event icon from hand; `event_name` is put on top of the deck."""
    if event_name is not None:
        ev = next(e.id for e in s.data.events if e.name == event_name)
        s.event_deck = tuple(e for e in s.event_deck if e != ev) + (ev,)
    card = _event_card(s)
    hand = list(s.hands[seat])
    for attr in ("hands", "decks"):
        for i, group in enumerate(getattr(s, attr)):
            if card in group and not (attr == "hands" and i == seat):
                g = list(group)
                out = hand.pop()
                if attr == "decks" and s.data.cards[out].generation != i + 1:
                    hand.append(out)
                    out = next(c for c in hand if s.data.cards[c].generation == i + 1)
                    hand.remove(out)
                g[g.index(card)] = out
                getattr(s, attr)[i] = tuple(sorted(g)) if attr == "hands" else tuple(g)
                hand.append(card)
    s.hands[seat] = tuple(sorted(hand))
    s.check_invariants()
    start_turn(s, seat)
    act(s, Pass("sell nothing"))
    fame_before = s.fame[seat]
    log_at = len(s.log)
    act(s, next(a for a in s.legal_actions() if type(a) is Play and a.card == card))
    return fame_before, s.log[log_at:]


def test_an_event_resolves_before_the_fame_and_the_card():
    s = game(3, events=True)
    s.fame[:] = [0, 0, 0]
    _, log = _play_event_card(s, RED, "Public Enthusiasm")
    texts = [e.text for e in log]
    ev = next(i for i, t in enumerate(texts) if t.startswith("event: Public"))
    fame = next(i for i, t in enumerate(texts) if "fame for playing" in t)
    produce = next(i for i, e in enumerate(log) if e.rule.endswith("Factories Produce"))
    assert ev < fame < produce
    assert s.event_discard[-1] == next(e.id for e in s.data.events if e.name == "Public Enthusiasm")
    assert s.fame[1] == 1 and s.fame[2] == 1


def test_without_the_option_no_event_happens():
    s = game(3)
    credits = list(s.credits)
    _, log = _play_event_card(s, RED)
    assert any("plays Factories Produce" in e.text for e in log)
    assert not any(e.rule.endswith("Optional Event Rules") for e in s.log)
    assert s.event_deck == () and s.credits[1:] == credits[1:]


def test_a_location_event_uses_the_location_deck_and_shuffles_the_card_back():
    s = game(3, events=True)
    target = loc(s, "Mars Mineral Beds")
    s.location_deck = tuple(c for c in s.location_deck if c != target) + (target,)
    s.teams[3] = target
    s.missions[target] = (1,)
    s.bases[target] = (1,)
    s.diversification = 1
    _play_event_card(s, RED, "Dust Storm")
    assert s.teams[3] == s.data.home
    assert sorted(s.location_deck) == sorted(s.data.location_cards)


def test_the_event_deck_is_reshuffled_when_empty():
    s = game(3, events=True)
    s.event_discard = s.event_deck
    s.event_deck = ()
    _, log = _play_event_card(s, RED)
    assert any("shuffled into a new event deck" in e.text for e in log)
    assert len(s.event_deck) == 11 and len(s.event_discard) == 1


def test_random_games_with_events_keep_the_invariants():
    for players in (2, 3, 4):
        for seed in range(8):
            s = game(players, seed=seed, events=True)
            r = random.Random(seed)
            while not s.is_over():
                act(s, r.choice(s.legal_actions()))
            assert any(e.rule.endswith("Optional Event Rules") for e in s.log)
            assert sum(s.scores()) == sum(sum(p) for p in s.points)


def test_an_event_counts_one_credit_in_the_singular():
    """What an event gives or takes reads "+1 credit", "-2 credits", never "+1 credits"."""
    import re
    said = set()
    for seed in range(8):
        s, r = game(3, seed=seed, events=True), random.Random(seed)
        while not s.is_over():
            act(s, r.choice(s.legal_actions()))
        for e in s.log:
            if e.text.startswith("event: ") and "credit" in e.text:
                said.update(re.findall(r"[+-]\d+ credits?\b", e.text))
    assert said and all(re.fullmatch(r"[+-]1 credit|[+-]\d+ credits", x) and not re.fullmatch(r"[+-]1 credits", x)
                        for x in said), said
    assert "+1 credit" in said
