"""hint(): every legal move with the points it led to over sampled futures, sorted, and honest about what
the seat cannot know."""
from __future__ import annotations

import re

import pytest

import neko_lab as nl
from neko_lab.core.rng import Rng
from neko_lab.learn import hint
from neko_lab.learn.lessons import naeco as naeco_lesson

from statecheck import fingerprint
from toygame import ToyState


def _advance(state, n, seed=1):
    agent = nl.make_agent("random", state, seed=seed)
    for _ in range(n):
        state.apply(agent.choose(state))
    return state


def _until(state, want, limit=3000):
    agents = {}
    for _ in range(limit):
        if want(state):
            return state
        seat = state.current_player
        agent = agents.setdefault(seat, nl.make_agent(type(state).GAME, state, seed=seat))
        state.apply(agent.choose(state))
    raise AssertionError("no such position in the game")


def test_hints_are_legal_sorted_by_expected_points_and_leave_the_state_alone():
    for game, n in (("naeco", 6), ("journey", 40), ("neptune", 12)):
        s = _advance(nl.new_game(game, players=2, seed=2), n)
        saved = fingerprint(s)
        legal = s.legal_actions()
        hints = hint(s, k=len(legal), playouts=4)
        assert fingerprint(s) == saved
        assert len(hints) == len(legal)
        assert all(any(h.action == a and type(h.action) is type(a) for a in legal) for h in hints)
        assert [h.rank for h in hints] == list(range(1, len(hints) + 1))
        values = [h.value for h in hints]
        assert values == sorted(values, reverse=True), "best first, whoever's choice it is"
        assert all(h.low <= h.value <= h.high for h in hints)
        assert sum(h.agent_choice for h in hints) == 1
        assert len({str(h.action) for h in hints}) == len(hints)


def test_a_hint_reads_in_points_at_the_end_with_the_spread():
    s = _advance(nl.new_game("naeco", players=2, seed=2), 6)
    top = hint(s, k=1)[0]
    assert top.to_end and top.samples == 8           # Naéco plays out to the end, 8 futures
    text = str(top)
    low, high = re.search(r"\((\S+) to (\S+) over 8 sampled futures; ", text).groups()
    assert float(low.replace("\u2212", "-")) == top.low and float(high.replace("\u2212", "-")) == top.high
    assert text.startswith(f"1. {top.action} \u2014 ") and " points at the end on average (" in text
    assert re.search(r"(ahead of|behind|level with) the best other player\)", text)


def test_a_long_game_says_where_its_futures_stop():
    s = _until(nl.new_game("neptune", players=2, seed=3), lambda st: len(st.legal_actions()) > 1)
    top = hint(s, k=1)[0]
    assert not top.to_end and top.depth > 0
    assert f"points if the game ended {top.depth} moves later on average" in str(top)


def test_a_future_cut_short_is_valued_as_if_the_game_ended_there():
    # Journey scores most of its points at the end: a future cut short counts what the game's end
    # scoring would give there (projected_scores()), not the few points scored so far, for the value,
    # its spread and the lead alike
    from neko_lab.learn.hint import hint_agent
    s = _advance(nl.new_game("journey", players=3, seed=0), 30)
    seat = s.current_player
    hints = hint(s, k=2, horizon=30)
    bot = hint_agent(s)
    for h in hints:
        assert not h.to_end and h.depth == 30
        assert f"points if the game ended 30 moves later on average" in str(h)
        projected, so_far, leads = [], [], []
        for i in range(h.samples):          # the hint's own futures: its samples, agent seeds and depth
            c = s.determinize(seat, Rng(1000 * i + 1))
            c.apply(h.action)
            bot.reseed(i)
            for _ in range(h.depth):
                c.apply(bot.choose(c))
            assert not c.is_over()
            sc = c.projected_scores()
            projected.append(sc[seat])
            so_far.append(c.scores()[seat])
            leads.append(sc[seat] - max(v for j, v in enumerate(sc) if j != seat))
        assert h.value == pytest.approx(sum(projected) / len(projected))
        assert (h.low, h.high) == (min(projected), max(projected))
        assert h.lead == pytest.approx(sum(leads) / len(leads))
        assert h.value > sum(so_far) / len(so_far)       # the end scoring counted, not the points so far


def test_each_hint_says_at_the_end_exactly_when_its_own_futures_all_ended():
    # Journey's opening, two players: one move's futures do not all end within the look-ahead while the
    # others' do. Each hint's words follow its own futures: a move whose every future ended is valued
    # "at the end", whatever the other moves' futures did
    from neko_lab.learn.hint import hint_agent
    s = nl.new_game("journey", players=2, seed=5)
    seat = s.current_player
    hints = hint(s, k=3)
    bot = hint_agent(s)
    for h in hints:
        ended = []
        for i in range(h.samples):          # the hint's own futures: its samples, agent seeds and depth
            c = s.determinize(seat, Rng(1000 * i + 1))
            c.apply(h.action)
            bot.reseed(i)
            for _ in range(h.depth):
                if c.is_over():
                    break
                c.apply(bot.choose(c))
            ended.append(c.is_over())
        assert h.to_end == all(ended)
        assert ("points at the end on average" in str(h)) == all(ended), str(h)
        assert (f"if the game ended {h.depth} moves later" in str(h)) == (not all(ended)), str(h)
    assert {h.to_end for h in hints} == {True, False}, "both kinds of hint, side by side"


def test_a_hint_counts_one_point_in_the_singular():
    from neko_lab.learn.hint import Hint
    assert Hint("a move", 1.0, low=1.0, high=1.0, lead=2.0).summary() == (
        "1 point at the end on average (1 in each over 1 sampled future; 2 ahead of the best other player)")
    assert Hint("a move", -1.0, low=-1.0, high=-1.0, versus=None).summary().startswith("\u22121 point at ")
    assert Hint("a move", 2.0, low=1.0, high=3.0).summary().startswith("2 points at the end")
    assert Hint("a move", 0.5, low=0.0, high=1.0).summary().startswith("0.5 points at the end")
    assert Hint("a move", 2.0, low=2.0, high=2.0, to_end=False, depth=1).summary().startswith(
        "2 points if the game ended 1 move later on average")
    assert "ended 8 moves later" in Hint("a move", 2.0, low=2.0, high=2.0, to_end=False, depth=8).summary()


@pytest.mark.parametrize("players", [1, 2])
def test_syndicate_futures_stop_when_the_turn_ends_valued_by_the_game_s_estimate(players, monkeypatch):
    # a future cut after a fixed number of actions stopped with the seat's walk played and the others'
    # not: its lead at a symmetric opening read 30 to 40 points. Every future now stops once the turn
    # has ended, where each seat has walked as often, and is valued there by the game's estimate
    from neko_lab.games.syndicate import explain
    s = _until(nl.new_game("syndicate", players=players, seed=0),
               lambda st: st.turn == 3 and len(st.legal_actions()) > 1)
    seat = s.current_player
    seen = []
    real = explain.hint_estimate

    def spy(state, who):
        seen.append((state.clone(), real(state, who)))
        return seen[-1][1]
    monkeypatch.setattr(explain, "hint_estimate", spy)
    hints = hint(s, k=3)
    assert seen and len(seen) % hints[0].samples == 0
    for state, _ in seen:
        assert state.turn == s.turn + 1 and not state.is_over()
        assert all(state.walked[j] == s.turn for j in range(players)), "every seat has walked this turn"
    n = hints[0].samples            # the estimates come a candidate move at a time, a future each
    means = [sum(v for _, (v, _) in seen[i:i + n]) / n for i in range(0, len(seen), n)]
    for h in hints:
        assert not h.to_end and h.estimated and h.cut == explain.HINT_CUT
        assert "points at the end by the game's estimate when this turn ends on average" in str(h)
        assert any(h.value == pytest.approx(m) for m in means), "the mean of its futures' estimates"
        if players == 1:            # CatANNA's final score is not estimated: no margin is claimed
            assert h.versus is None and "CatANNA" not in h.summary()
        else:
            assert h.versus == "the best other player"


def test_syndicate_hint_estimate_is_the_agent_s_value_scaled_to_final_points():
    # the agent's value ranks positions but is no score (about -30 at the opening where its games end
    # near 60): HINT_SCALE, fitted on the agent's own games, turns it into expected final points
    from neko_lab.games.syndicate import explain
    s = _until(nl.new_game("syndicate", players=2, seed=4), lambda st: st.turn == 2)
    a, b = explain.HINT_SCALE[2][2]
    raw = [explain.raw_estimate(s, j) for j in range(2)]
    points, lead = explain.hint_estimate(s, 0)
    assert points == pytest.approx(a + b * raw[0]) and lead == pytest.approx(b * (raw[0] - raw[1]))
    assert 0 < b and all(b > 0 for table in explain.HINT_SCALE.values() for _, b in table.values())


def test_a_syndicate_hint_at_the_symmetric_opening_claims_no_lead_beyond_chance():
    # at the opening both seats hold four random minions and nothing else differs: the lead a hint
    # claims over the other seat has expectation about 0 (its own move is the best found, a little
    # above average). Over openings of several seeds, the mean claimed lead must lie within three
    # standard errors of 0, the errors measured by the spread of the claims themselves (at least a tenth
    # of a point, the precision a hint shows); before the futures stopped at the turn's end it read
    # 30 to 40 points ahead at every seed
    leads = []
    for seed in range(1, 9):
        s = nl.new_game("syndicate", players=2, seed=seed)
        top = hint(s, k=1)[0]
        assert any(top.action == a and type(top.action) is type(a) for a in s.legal_actions())
        assert top.versus == "the best other player"
        leads.append(top.lead)
    mean = sum(leads) / len(leads)
    spread = (sum((x - mean) ** 2 for x in leads) / (len(leads) - 1)) ** 0.5
    assert abs(mean) <= 3 * max(spread / len(leads) ** 0.5, 0.1), leads


def test_a_syndicate_hint_follows_the_game_s_agent_on_copies_only():
    # hint #1 is the game's own agent's choice (made on a copy re-dealt from the seat's view; its search
    # looks past the turn's end where the futures stop), and everything the hint says depends only on
    # what the seat may know: the position re-dealt from the seat's view gives the very same hints
    s = _until(nl.new_game("syndicate", players=2, seed=6),
               lambda st: st.turn == 5 and st.current_player == 1 and len(st.legal_actions()) > 2)
    seat = s.current_player
    other = s.determinize(seat, Rng(99))
    assert other.observation(seat) == s.observation(seat) and fingerprint(other) != fingerprint(s)
    hints = hint(s, k=3)
    assert [str(h) for h in hints] == [str(h) for h in hint(other, k=3)]
    assert [str(h) for h in hints] == [str(h) for h in hint(s.clone(), k=3)], "the same for a seed"
    top = hints[0]
    assert top.agent == "syndicate" and top.agent_choice and any(top.action == a for a in s.legal_actions())
    for h in hints[1:]:             # the others by their points, each said against the first
        said = " ".join(h.reasons)
        assert ("below the best move found" in said) == (h.value < top.value - 0.05)
        assert ("above the first hint" in said) == (h.value > top.value + 0.05)
    assert [h.value for h in hints[1:]] == sorted((h.value for h in hints[1:]), reverse=True)


def test_no_hint_tells_the_other_players_hidden_draft_picks():
    # the last pick of a Journey draft reveals every pick: in a sampled future those are guesses
    s = _until(nl.new_game("journey", players=2, seed=1),
               lambda st: st.pending and st.pending[-1].kind == "draft" and st.current_player == 1)
    hints = hint(s, k=len(s.legal_actions()), playouts=6)
    for h in hints:
        assert "picks revealed" not in str(h) and not re.search(r"Player \d kept \d", str(h))
        assert "picks a die (Journey › Preparation Phase › Draft Dice)" in h.reasons   # the same in every future


def test_what_a_hint_states_as_fact_does_not_depend_on_what_the_seat_cannot_see():
    s = _advance(nl.new_game("naeco", players=2, seed=4), 6)
    seat = s.current_player
    other = s.determinize(seat, Rng(77))       # the same table for this seat, other hidden cards
    assert other.observation(seat) == s.observation(seat) and fingerprint(other) != fingerprint(s)

    def facts(state):
        out = {}
        for h in hint(state, k=len(state.legal_actions()), playouts=4):
            out[str(h.action)] = [r for r in h.reasons if not any(x in r for x in BOILERPLATE)]
        return out
    assert facts(s) == facts(other)


# reasons every hint may carry that say nothing of the move itself
BOILERPLATE = ("futures re-deal", "would play this", "points below the best", "the only legal move",
               "the next best move found")
CITATION = re.compile(r"\((?:[^()]*, )?(Naéco|Journey|Neko Syndicate|Destination: Neptune) › [^()]+\)")


def _mixed_play(game, seed):
    """A position of a two-player game after a seed-chosen number of moves, the seats playing a random
    agent and the game's own, with a choice to make."""
    s = nl.new_game(game, players=2, seed=seed)
    agents = [nl.make_agent("random", s, seed=seed), nl.make_agent(game, s, seed=seed)]
    for i in range(15 + 41 * seed):
        if s.is_over() or (i >= 15 and len(s.legal_actions()) > 2):
            break
        s.apply(agents[i % 2].choose(s))
    return _until(s, lambda st: len(st.legal_actions()) > 1)


@pytest.mark.parametrize("game", ["naeco", "journey", "neptune", "syndicate"])
def test_every_hint_says_why_its_move_is_allowed_citing_the_rulebook_as_the_seat_knows_it(game):
    # a learner reads what the move does and the rule that allows it, not only an average; and what a
    # hint says reads only what the seat knows: a copy with the hidden cards dealt anew gets the same hints
    for seed in (1, 2):
        s = _mixed_play(game, seed)
        seat = s.current_player
        hints = hint(s, k=3, playouts=3, horizon=6)
        assert len(hints) >= 2
        for h in hints:
            own = [r for r in h.reasons if not any(x in r for x in BOILERPLATE)]
            assert any(CITATION.search(r) for r in own), (str(h.action), h.reasons)
        other = s.determinize(seat, Rng(77))
        assert other.observation(seat) == s.observation(seat)
        assert [str(h) for h in hint(other, k=3, playouts=3, horizon=6)] == [str(h) for h in hints]


def test_a_hint_says_what_the_move_changes_for_sure_and_what_sets_the_best_apart():
    s = _until(nl.new_game("naeco", players=2, seed=5), lambda st: st.pending[-1].kind == "draw"
               and len(st.legal_actions()) > 1)
    seat = s.current_player
    hints = hint(s, k=len(s.legal_actions()), playouts=4)
    for h in hints:
        pile = h.action.pile + 1
        assert f"your cards in hand +1, cards in pile {pile} \u22121" in h.reasons
        assert any(f"piles 1 to " in r and f"pile {pile} is one of them (Naéco \u203a" in r for r in h.reasons)
    first, second = hints[0], hints[1]
    apart = [r for r in first.reasons if "the next best move found" in r]
    assert len(apart) == 1 and str(second.action) in apart[0]
    gap = first.value - second.value
    if gap >= 0.05:
        assert re.match(r"(\S+) points more than ", apart[0]).group(1) == f"{gap:.1f}".rstrip("0").rstrip(".")
    else:
        assert apart[0].startswith("as good as ")
    assert not any("the next best move found" in r for h in hints[1:] for r in h.reasons)


def test_the_same_seed_gives_the_same_hints():
    s = _advance(nl.new_game("naeco", players=2, seed=4), 4)
    one = [str(h) for h in hint(s, seed=3, playouts=4)]
    two = [str(h) for h in hint(s.clone(), seed=3, playouts=4)]
    assert one == two


def test_a_move_meeting_the_objective_says_what_it_scores():
    les = naeco_lesson.LESSON()
    s = les.new_game()
    for i, (steps, action) in enumerate(les.script()):
        les.bots_move(s)
        if i == 2:        # the lesson's third step plays the card that meets the first objective
            break
        s.apply(action)
    mine = [h for h in hint(s, k=len(s.legal_actions())) if h.action == action]
    assert mine, "every legal action can be asked about"
    reasons = " ".join(mine[0].reasons)
    assert "scores research +1 now" in reasons
    assert "Naéco › Make ground-breaking observations!" in reasons


def test_only_one_legal_action_and_game_over():
    s = ToyState(players=2, seed=1)
    while not s.is_over():
        if len(s.legal_actions()) == 1:
            (only,) = hint(s)
            assert only.action == s.legal_actions()[0] and "the only legal move here" in only.reasons
        s.apply(s.legal_actions()[0])
    assert hint(s) == []


class HintedToy(ToyState):
    GAME = "toy_hinted"

    def hint_reasons(self, action):
        return [f"a {action.value} is a card of the toy"] if action.verb == "play" else []


def test_a_game_adds_its_own_reasons_and_an_agent_can_be_chosen():
    s = HintedToy(players=2, seed=3)
    hints = hint(s, k=5, agent="greedy")
    plays = [h for h in hints if h.action.verb == "play"]
    assert plays and all(f"a {h.action.value} is a card of the toy" in h.reasons for h in plays)
    assert sum(h.agent_choice for h in hints) <= 1
    assert "the greedy agent" in " ".join(hints[0].reasons)
    assert str(hints[0]).startswith("1. ")


# the agent hints follow: chosen per game in one place (neko_lab.agents.hint_agent_spec), by measurement
# (benchmarks/README.md, "Hints"): the game's own agent, whose hints answer within about a second of CPU
# (Syndicate's futures stop when the turn ends, so its planning agent plays them in time)
HINT_AGENTS = {"naeco": "naeco", "journey": "journey", "neptune": "neptune", "syndicate": "syndicate"}


def test_each_game_s_hints_follow_the_agent_measured_to_answer_in_time():
    from neko_lab.agents import hint_agent_spec, make_agent
    from neko_lab.learn.hint import hint_agent
    for game, name in HINT_AGENTS.items():
        assert make_agent(hint_agent_spec(game), game, seed=0).name == name
        state = _advance(nl.new_game(game, players=2, seed=2), 8)
        assert hint_agent(state).name == name
    # hints follow the Syndicate players' own agent
    assert next(iter(nl.GAMES["syndicate"].AGENTS)) == "syndicate"


def test_a_hint_names_the_agent_it_follows_and_a_game_may_change_it(monkeypatch):
    from neko_lab.agents import hint_agent_spec
    s = _until(nl.new_game("syndicate", players=2, seed=3), lambda st: st.turn >= 1 and len(st.legal_actions()) > 1)
    top = hint(s, k=1)[0]
    # the hint keeps the agent's name; its words name it as a learner reads it, not by its id
    assert top.agent == "syndicate"
    assert "a quick look-ahead plays every seat in them" in str(top) and "syndicate" not in str(top)
    monkeypatch.setattr(type(s).explainer, "HINT_AGENT", "greedy")
    assert hint_agent_spec("syndicate") == "greedy"
    assert hint(s, k=1)[0].agent == "greedy"
    monkeypatch.setattr(type(s).explainer, "HINT_AGENT", "neko_lab.games.syndicate:Nothing")
    with pytest.raises(nl.ConfigError):
        hint_agent_spec("syndicate")


@pytest.mark.parametrize("kwargs, message", [
    ({"k": "3"}, "k must be a whole number >= 1, not '3'"),
    ({"k": None}, "k must be a whole number >= 1, not None"),
    ({"k": 0}, "k must be a whole number >= 1, not 0"),
    ({"playouts": 0}, "playouts must be a whole number >= 1 or None"),
    ({"horizon": "x"}, "horizon must be a whole number >= 1 or None"),
])
def test_hint_refuses_settings_it_cannot_use(kwargs, message):
    with pytest.raises(nl.ConfigError, match=message):
        hint(nl.new_game("naeco", seed=3), **kwargs)
    with pytest.raises(nl.ConfigError, match="hint\\(\\) needs a game"):
        hint(None)


def test_a_game_may_set_its_hint_budget_by_player_count(monkeypatch):
    from neko_lab.learn.hint import _setting
    import neko_lab.games.journey.explain as journey_explain
    assert _setting(nl.new_game("journey", players=4, seed=1), "HINT_BUDGET", 1) == journey_explain.HINT_BUDGET[4]
    assert _setting(nl.new_game("journey", players=3, seed=1), "HINT_BUDGET", 1) == journey_explain.HINT_BUDGET[3]
    monkeypatch.setattr(journey_explain, "HINT_BUDGET", {3: 9})
    assert _setting(nl.new_game("journey", players=2, seed=1), "HINT_BUDGET", 7) == 7, "a count not named: the default"


def test_a_solo_hint_measures_against_catanna_or_the_solo_rating_never_another_player():
    # Syndicate solo: the seat plays against CatANNA, whose final score decides the game
    s = nl.new_game("syndicate", players=1, seed=4)
    agent = nl.make_agent("random", s, seed=0)
    while s.pending[-1].kind != "catanna_wild":
        s.apply(agent.choose(s))
    for h in hint(s, k=2):
        assert h.versus == "CatANNA" and "other player" not in str(h)
        assert re.search(r"; \S+ (ahead of|behind) CatANNA\)", str(h))
        assert h.lead < -50          # CatANNA scores over a hundred here, the seat a few points
    # Naéco solo is rated on the rulebook's scale, with no other player
    top = hint(nl.new_game("naeco", players=1, seed=2), k=1)[0]
    assert top.versus is None and "other player" not in str(top)
    assert re.search(r"; tier [1-5] of 5 on the solo rating scale\)", str(top))
    from neko_lab.games.naeco.explain import solo_standing
    from neko_lab.games.naeco.scoring import solo_rating
    tier = solo_rating(round(top.value))[0]
    assert f"; tier {tier} of 5 on the solo rating scale)" in str(top)
    # the rulebook's scale, counted from 1 as nl.simulate's solo_tier: below 12 the first tier, 30 and
    # more the fifth
    assert [solo_standing(p) for p in (1.5, 11.6, 17.0, 35.0)] == [
        f"tier {t} of 5 on the solo rating scale" for t in (1, 2, 2, 5)]
