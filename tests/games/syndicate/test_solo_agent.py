"""The agent plans one walk at a time: in solo the same seat walks again next turn, and a plan must stop
exactly where the walk ends (the walk after it is only looked at, never played from the plan)."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.games.syndicate.agents import SyndicateAgent
from neko_lab.games.syndicate.rules.command_phase import Box


def test_solo_plans_one_walk_at_a_time():
    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    agent = SyndicateAgent(seed=1)
    checked = 0
    while not s.is_over():
        a = agent.choose(s)
        # no draw: the plan is the real walk (a forced first box, with three minions waiting, is
        # played without planning: the plan is made at the walk's first choice)
        if a == Box(0, 1, "chief operations officer", 1) and agent.plan_key[1] == s.turn:
            t = s.clone()
            turn = t.turn
            t.apply(a)
            for b in agent.plan:
                assert t.walked[0] < turn, "the plan runs on past the end of the walk"
                assert b in t.legal_actions()
                t.apply(b)
            assert t.walked[0] == turn, "the plan stops before the walk ends"
            checked += 1
        s.apply(a)
    assert checked >= 3
    assert s.solo_result() in ("won", "lost", "shared")


def solo_games(seeds, difficulty="very easy"):
    """(result, score, CatANNA's score, missions met) of seeded solo games of the syndicate agent, which
    also decides her marker assignment and her wild colours."""
    out = []
    for g in seeds:
        s = nl.new_game("syndicate", players=1, seed=g, catanna=difficulty)
        agent = SyndicateAgent(seed=g)
        while not s.is_over():
            s.apply(agent.choose(s))
        out.append((s.solo_result(), s.scores()[0], s.catanna_score(), sum(1 for m in s.markers[0] if m)))
    return out


def test_solo_agent_meets_missions_and_beats_very_easy_catanna_sometimes():
    """Measured on these ten seeds at very easy: 21 missions met, 6 games won, a mean score of 85.0
    (seeds the agent was tuned on; benchmarks/bench_syndicate.py --ladder for the whole ladder on other
    seeds). The agent narrow on every turn and without the focus on the "complete" missions scored 76.3
    on them, below the threshold for the mean score here; the missions' threshold asks for about two a
    game. (The agent before the opening's look-ahead met 25, won 6 and scored 89.6 on these ten: ten
    games are well inside the noise of the 200 held-out games on which the look-ahead gained.)"""
    games = solo_games(range(100, 110))
    assert sum(g[3] for g in games) >= 18
    assert sum(g[0] == "won" for g in games) >= 3
    assert sum(g[1] for g in games) / len(games) >= 80


def test_search_widths_are_parameters():
    from neko_lab.agents import make_agent
    from neko_lab.core import ConfigError
    wide = make_agent(("syndicate", {"beam": 20, "ahead": 6, "ahead_beam": 5}), "syndicate", seed=1)
    assert (wide.BEAM, wide.AHEAD, wide.AHEAD_BEAM) == (20, 6, 5)
    assert make_agent("syndicate", "syndicate", seed=1).BEAM == SyndicateAgent.BEAM   # the class is unchanged
    assert make_agent("syndicate-plan", "syndicate", seed=1).BEAM > SyndicateAgent.BEAM
    for bad in ({"beam": 0}, {"ahead": -1}, {"ahead_beam": 2.5}):
        with pytest.raises(ConfigError):
            make_agent(("syndicate", bad), "syndicate", seed=1)


def test_a_plan_is_dropped_when_someone_else_chose_a_step_of_the_walk():
    """A search that uses the agent as its policy may play another step than the plan's: the agent must
    then plan again from the real position, even when the plan's next step happens to be legal there
    (following it would finish some other walk). Here another legal step is played instead of the
    agent's at every choice; what it plays next must be the start of a plan that runs legally from this
    position exactly to the end of the walk."""
    s = nl.new_game("syndicate", players=1, seed=4, catanna="very easy")
    agent = SyndicateAgent(seed=4)
    tricky = 0
    while not s.is_over():
        a = agent.choose(s)
        others = [b for b in s.legal_actions() if b != a]
        if not (s.turn >= 1 and agent.plan and others):
            s.apply(a)
            continue
        turn, old = s.turn, list(agent.plan)
        s.apply(others[-1])
        if s.is_over() or s.walked[0] == turn or len(s.legal_actions()) == 1:
            continue
        tricky += old[0] in s.legal_actions()
        b = agent.choose(s)
        t = s.clone()
        t.apply(b)
        for step in agent.plan:
            if t.pending[-1].kind == "discard":      # drawn cards: planned again with the real ones
                break
            assert t.walked[0] < turn and step in t.legal_actions(), "a plan made for another position"
            t.apply(step)
        else:
            assert t.walked[0] == turn or t.is_over(), "the plan stops before the walk ends"
        s.apply(b)
    assert tricky >= 1, "no override left the old plan's next step legal: the test checks nothing"


def test_diverse_ends_judged_by_the_walk_after_differ_in_cards_slots_stock_or_hand():
    """With `diverse`, the ends of a walk judged by the walk after are the best of different shapes
    (cards, slots, stock, waiting minions), never two that differ only in where loose cubes stand;
    without it, the best ends by value are judged, however alike."""
    from neko_lab.agents import make_agent
    from neko_lab.games.syndicate.agents import shape

    def judged_shapes(diverse):
        agent = make_agent(("syndicate", {"ahead": 6, "diverse": diverse}), "syndicate", seed=3)
        seen = []
        real = agent.next_walk

        def spy(state, seat):
            seen[-1].append(shape(state, seat))
            return real(state, seat)

        agent.next_walk = spy
        s = nl.new_game("syndicate", players=1, seed=3, catanna="very easy")
        while not s.is_over() and s.turn <= 6:
            seen.append([])
            s.apply(agent.choose(s))
        return [group for group in seen if len(group) > 1]

    plain, diverse = judged_shapes(False), judged_shapes(True)
    assert any(len(set(g)) < len(g) for g in plain), "the best ends by value include look-alikes"
    assert diverse and all(len(set(g)) == len(g) for g in diverse)
    from neko_lab.core import ConfigError
    with pytest.raises(ConfigError):
        make_agent(("syndicate", {"diverse": "yes"}), "syndicate", seed=1)


def test_wide_turns_plan_as_the_wide_search_and_other_turns_as_the_narrow_one():
    """Solo, on a turn in `wide` the walk is planned exactly as an agent searching with `wide_widths` on
    every turn plans it; on any other turn, and in two-player games, exactly as the agent without wide
    turns does (same seed, same position: the same plan). Explicit widths alone switch them off."""
    from neko_lab.agents import make_agent
    from neko_lab.core import ConfigError

    def plan(spec, s):
        agent = make_agent(spec, "syndicate", seed=7)
        return [agent.choose(s)] + list(agent.plan)

    narrow = ("syndicate", {"wide": ()})
    s = nl.new_game("syndicate", players=1, seed=7, catanna="very easy")
    player = SyndicateAgent(seed=7)
    compared = differed = 0
    while not s.is_over() and s.turn <= 9:
        fresh_walk = s.turn >= 1 and s.pending[-1].kind == "walk" and s.pending[-1].data == 0
        if fresh_walk and len(s.legal_actions()) > 1:
            t = s.turn
            wide = plan(("syndicate", {"wide": (t,), "wide_widths": (30, 8, 8)}), s)
            assert wide == plan(("syndicate", {"beam": 30, "ahead": 8, "ahead_beam": 8}), s)
            assert plan(("syndicate", {"wide": (t + 1,), "wide_widths": (30, 8, 8)}), s) == plan(narrow, s)
            compared += 1
            differed += wide != plan(narrow, s)
        s.apply(player.choose(s))
    assert compared >= 3 and differed >= 1, "the wide search never planned another walk: nothing checked"
    duo = nl.new_game("syndicate", players=2, seed=7)          # two players: narrow on every turn
    players = [SyndicateAgent(seed=7), SyndicateAgent(seed=8)]
    while duo.turn <= 3:
        if duo.turn >= 1 and duo.pending[-1].kind == "walk" and duo.pending[-1].data == 0:
            assert plan(("syndicate", {"wide": (duo.turn,)}), duo) == plan(narrow, duo)
        duo.apply(players[duo.current_player].choose(duo))
    assert make_agent(("syndicate", {"beam": 20}), "syndicate", seed=1).WIDE_TURNS == ()
    assert make_agent("syndicate-plan", "syndicate", seed=1).WIDE_TURNS == ()
    assert 1 in make_agent("syndicate", "syndicate", seed=1).WIDE_TURNS
    for bad in ({"wide": (0,)}, {"wide": 5}, {"wide": (16,)}, {"wide_widths": (8, 8)},
                {"wide_widths": (8, 0, 8)}):
        with pytest.raises(ConfigError):
            make_agent(("syndicate", bad), "syndicate", seed=1)


def test_the_plans_offered_to_a_search_follow_the_same_wide_turns_as_the_agent_s_own_walks():
    """plans() (what ismcts searches among) ranks a wide turn's walks with the wide widths and a narrow
    turn's with the narrow ones, whatever turn the agent last planned for itself."""
    from neko_lab.agents import make_agent

    s = nl.new_game("syndicate", players=1, seed=7, catanna="very easy")
    player = SyndicateAgent(seed=7)
    checked = 0
    while not s.is_over() and s.turn <= 4:
        if s.turn >= 1 and s.pending[-1].kind == "walk" and s.pending[-1].data == 0 and len(s.legal_actions()) > 1:
            t = s.turn
            scheduled = make_agent(("syndicate", {"wide": (t,), "wide_widths": (30, 8, 8)}), "syndicate", seed=3)
            scheduled.widths_for(nl.new_game("syndicate", players=1, seed=7, catanna="very easy"))  # turn 0: narrow
            always = make_agent(("syndicate", {"beam": 30, "ahead": 8, "ahead_beam": 8}), "syndicate", seed=3)
            assert scheduled.plans(s, 4) == always.plans(s, 4)
            off = make_agent(("syndicate", {"wide": (t + 1,), "wide_widths": (30, 8, 8)}), "syndicate", seed=3)
            off.widths_for(s.clone())
            off.BEAM, off.AHEAD, off.AHEAD_BEAM = off.WIDE       # as if its last own walk had been wide
            assert off.plans(s, 4) == make_agent(("syndicate", {"wide": ()}), "syndicate", seed=3).plans(s, 4)
            checked += 1
        s.apply(player.choose(s))
    assert checked >= 2


def test_solo_value_adds_half_of_each_unmet_complete_mission_by_its_share_done(monkeypatch):
    """Solo, each unmet "complete" mission (17-24) adds FOCUS_W of the points it is expected to bring
    times the share of it done; against rivals the value does not have that part."""
    from neko_lab.games.syndicate import position_value as pv
    from neko_lab.games.syndicate.planner import share_done
    from neko_lab.games.syndicate.progress import turns_to_go
    from neko_lab.games.syndicate.rules import mission_cards

    def expected_focus(s):
        f = mission_cards.facts(s, 0)
        total = 0.0
        for k, number in enumerate(s.missions):
            if number >= 17 and not s.markers[0][k] and not mission_cards.CHECKS[number](f):
                t = turns_to_go(s, 0, number, f, pv.walk_rates(s, 0))
                total += pv.mission_worth(s, k, s.turn + max(t, 1.0)) * (share_done(s, 0, number, f) or 0.0)
        return total

    s = nl.new_game("syndicate", players=1, seed=5, catanna="very easy")
    agent = SyndicateAgent(seed=5)
    seen = 0
    while not s.is_over() and s.turn <= 10:
        s.apply(agent.choose(s))
        if s.turn >= 3 and s.pending[-1].kind == "walk" and s.pending[-1].data == 0:
            want = expected_focus(s)
            assert pv.estimate(s, 0, {}, False)[-1] == pytest.approx(want)
            with_focus = pv.value(s, 0, {})
            monkeypatch.setattr(pv, "FOCUS_W", 0.0)
            assert with_focus - pv.value(s, 0, {}) == pytest.approx(0.5 * want)
            monkeypatch.setattr(pv, "FOCUS_W", 0.5)
            seen += want > 0
    assert seen >= 3, "no complete mission was part done: nothing checked"

    duo = nl.new_game("syndicate", players=2, seed=5)
    agents = [SyndicateAgent(seed=5), SyndicateAgent(seed=6)]
    while duo.turn <= 8:
        duo.apply(agents[duo.current_player].choose(duo))
    plain = pv.value(duo, 0, {})
    monkeypatch.setattr(pv, "FOCUS_W", 0.0)
    assert pv.value(duo, 0, {}) == plain


def test_samples_value_each_judged_end_on_that_many_decks():
    """With `samples`, each end judged by the walk after is valued on that many decks: first the plan's
    own copy, then copies re-shuffled for the seat (the same cards, in another order when the deck is
    unknown). The same seed plans the same walk; the default, 1, looks at the plan's own copy only."""
    from neko_lab.agents import make_agent
    from neko_lab.core import ConfigError

    def judged(spec, s):
        """(the states next_walk was asked about, the walk planned) at position `s` by a fresh agent"""
        agent = make_agent(spec, "syndicate", seed=5)
        calls = []
        real = agent.next_walk

        def spy(state, seat):
            calls.append(state.clone())
            return real(state, seat)

        agent.next_walk = spy
        return calls, [agent.choose(s)] + list(agent.plan)

    s = nl.new_game("syndicate", players=1, seed=5, catanna="very easy")
    player = SyndicateAgent(seed=5)
    checked = reshuffled = 0
    while not s.is_over() and s.turn <= 5:
        if s.turn >= 1 and s.pending[-1].kind == "walk" and s.pending[-1].data == 0 and len(s.legal_actions()) > 1:
            one, _ = judged("syndicate", s)
            two, plan = judged(("syndicate", {"samples": 2}), s)
            assert len(two) == 2 * len(one) > 0
            for own, other in zip(two[::2], two[1::2]):
                assert sorted(own.deck) == sorted(other.deck) and own.pyramid == other.pyramid
                assert own.turn == other.turn and own.cubes == other.cubes
                reshuffled += own.deck != other.deck
            assert judged(("syndicate", {"samples": 2}), s)[1] == plan          # seeded: the same walk
            checked += 1
        s.apply(player.choose(s))
    assert checked >= 3
    assert reshuffled >= 1, "no second sample drew from another deck order: nothing was sampled"
    assert make_agent("syndicate", "syndicate", seed=1).SAMPLES == 1
    for bad in (0, 1.5, True, "2"):
        with pytest.raises(ConfigError):
            make_agent(("syndicate", {"samples": bad}), "syndicate", seed=1)


def test_search_pauses_the_cycle_collector_only_while_it_runs():
    """The agent's search holds Python's cycle collector off (a speed-up only) and switches it back on
    afterwards: after a normal choice, after a search stopped by a time cap, and not when it was off."""
    import gc

    from neko_lab.core.fast import paused_gc

    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled(), "a nested pause switched the collector on inside the outer one"
    assert gc.isenabled()
    s = nl.new_game("syndicate", players=1, seed=3, catanna="very easy")
    agent = SyndicateAgent(seed=3)
    while s.turn < 1:
        s.apply(agent.choose(s))
    seen = []

    def stop() -> None:
        seen.append(gc.isenabled())
        raise TimeoutError("cap")

    agent.interrupt = stop
    with pytest.raises(TimeoutError):
        agent.choose(s)
    assert seen == [False] and gc.isenabled(), "a search stopped by its cap left the collector off"
    agent.interrupt = None
    agent.choose(s)
    assert gc.isenabled()
    gc.disable()
    try:
        agent.plan = []
        agent.choose(s)
        assert not gc.isenabled(), "the search switched on a collector its caller had switched off"
    finally:
        gc.enable()


def test_her_extra_remembers_only_the_same_pile_and_turn():
    """her_extra keeps its last answer in the agent's cache for the next position with the same pile in
    the same turn; any other pile or turn is worked out again (as without a cache)."""
    from neko_lab.games.syndicate import position_value as pv

    s = nl.new_game("syndicate", players=1, seed=4, catanna="very easy")
    agent = SyndicateAgent(seed=4)
    cache: dict = {}
    checked = 0
    while not s.is_over():
        t = s.clone()
        for pile in (list(t.discard), list(t.discard)[:-1], list(t.discard)[1:] + list(t.discard)[:1], []):
            t.discard = pile
            assert pv.her_extra(t, cache) == pv.her_extra(t)
            t.discard = list(pile)          # an equal pile in another list: the same answer
            assert pv.her_extra(t, cache) == pv.her_extra(t)
            checked += 1
        t.turn = max(1, t.turn - 1)
        assert pv.her_extra(t, cache) == pv.her_extra(t)
        s.apply(agent.choose(s))
    assert checked > 100


def test_discard_again_decides_whether_the_second_discard_searches_again():
    """An Accountant's first discard is planned with the real cards drawn. With `discard_again` off, a solo
    agent's second discard of the same draw follows that plan (no new search); on, it searches again.
    Two-player games always search again."""
    from neko_lab.agents import make_agent
    from neko_lab.core import ConfigError

    def searches_at_discards(spec, players):
        """(discards met, searches run at them) over the first eight turns of a seeded game"""
        s = nl.new_game("syndicate", players=players, seed=7, **({"catanna": "very easy"} if players == 1 else {}))
        agents = [make_agent(spec, "syndicate", seed=7 + i) for i in range(players)]
        counts = [0, 0]
        for agent in agents:
            real = agent.search

            def spy(state, seat, width=None, ahead=None, real=real):
                counts[1] += discarding[0]
                return real(state, seat, width, ahead)

            agent.search = spy
        discarding = [False]
        while not s.is_over() and s.turn <= 8:
            discarding[0] = s.pending[-1].kind == "discard" and len(s.legal_actions()) > 1
            counts[0] += discarding[0]
            s.apply(agents[s.current_player].choose(s))
        return counts

    again = searches_at_discards(("syndicate", {"discard_again": True}), 1)
    once = searches_at_discards(("syndicate", {"discard_again": False}), 1)
    assert again[0] >= 4 and again[1] == again[0], "every solo discard with a choice searches"
    assert 0 < once[1] < once[0], "the second discard of a draw should follow the first one's plan"
    duo = searches_at_discards(("syndicate", {"discard_again": False}), 2)
    assert duo[1] == duo[0] >= 4, "two-player discards always search again"
    for bad in (0, "no", None.__class__):
        with pytest.raises(ConfigError):
            make_agent(("syndicate", {"discard_again": bad}), "syndicate", seed=1)


def test_the_solo_opening_is_judged_by_the_walks_after_it():
    """Solo, each way to open (which minion goes below the Accountant, which waits) is judged by the first
    two walks after it on a re-shuffled copy (`opening` widths), not one step ahead by value(): the choice
    differs from the one-step choice on some seeds, stays the same when only what the seat cannot see
    differs (the deck's order), and is the one-step choice with opening=() and in two-player games
    (there on a copy drawn from what the seat knows)."""
    from neko_lab.agents import make_agent
    from neko_lab.core import ConfigError
    from neko_lab.core.rng import Rng

    def at_opening(players, seed):
        s = nl.new_game("syndicate", players=players, seed=seed, **({"catanna": "very easy"} if players == 1 else {}))
        while s.pending[-1].kind != "opening":
            s.apply(SyndicateAgent(seed=seed).choose(s))
        return s

    differed = 0
    for g in range(6):
        s = at_opening(1, g)
        choice = SyndicateAgent(seed=g).choose(s)
        assert choice in s.legal_actions()
        assert SyndicateAgent(seed=g).choose(s) == choice, "the same seed opened differently"
        twin = s.determinize(0, Rng(100 + g))
        assert twin.deck != s.deck and twin.observation(0) == s.observation(0)
        assert SyndicateAgent(seed=g).choose(twin) == choice, "the opening read the deck's order"
        one_step = make_agent(("syndicate", {"opening": ()}), "syndicate", seed=g)
        assert one_step.choose(s) == one_step.one_ply(s, 0, s.legal_actions())
        differed += choice != one_step.choose(s)
    assert differed >= 2, "the look-ahead never changed an opening: nothing checked"
    duo = at_opening(2, 3)
    player, drawn = SyndicateAgent(seed=3), SyndicateAgent(seed=3)    # the same seed: the same copy drawn
    copy = duo.determinize(duo.current_player, drawn.core_rng())
    assert player.choose(duo) == drawn.one_ply(copy, duo.current_player, duo.legal_actions())
    assert make_agent(("syndicate", {"beam": 20}), "syndicate", seed=1).OPENING == ()
    assert make_agent(("syndicate", {"beam": 20, "opening": (8, 2, 2)}), "syndicate", seed=1).OPENING == (8, 2, 2)
    assert make_agent("syndicate", "syndicate", seed=1).OPENING == SyndicateAgent.OPENING != ()
    for bad in ({"opening": (8, 2)}, {"opening": (8, 0, 2)}, {"opening": 12}, {"opening": (8, True, 2)}):
        with pytest.raises(ConfigError):
            make_agent(("syndicate", bad), "syndicate", seed=1)


def test_third_judges_the_next_walk_s_best_ends_by_the_walk_after_them():
    """With `third` (ends, beam), as "syndicate-deep" plays, each end the search judges by the next walk
    has that walk's own best ends judged by the walk after them: the search then looks at positions two
    walks past the one it plans, where the default looks one walk past it. The same seed plans the same
    walk, and a copy that differs only in what the seat cannot see (the deck's order) is planned alike."""
    from neko_lab.agents import make_agent
    from neko_lab.core import ConfigError
    from neko_lab.core.rng import Rng

    def walks_looked_at(spec, s):
        """(the turns of the positions next_walk was asked about, the walk planned) by a fresh agent"""
        agent = make_agent(spec, "syndicate", seed=7)
        turns = []
        real = agent.next_walk

        def spy(state, seat):
            turns.append(state.turn)
            return real(state, seat)

        agent.next_walk = spy
        return turns, [agent.choose(s)] + list(agent.plan)

    s = nl.new_game("syndicate", players=1, seed=7, catanna="easy")
    player = SyndicateAgent(seed=7)
    checked = 0
    while not s.is_over() and s.turn <= 4:
        if s.turn >= 2 and s.pending[-1].kind == "walk" and s.pending[-1].data == 0 and len(s.legal_actions()) > 1:
            plain, _ = walks_looked_at("syndicate", s)
            deep, plan = walks_looked_at("syndicate-deep", s)
            # next_walk is asked about ends of this walk (already at the next turn) and, with third, about
            # ends of the next walk (a turn later still)
            assert plain and max(plain) == s.turn + 1
            assert max(deep) == s.turn + 2 and len(deep) > len(plain)
            assert all(a in s.legal_actions() for a in plan[:1])
            assert walks_looked_at("syndicate-deep", s)[1] == plan, "the same seed planned another walk"
            twin = s.determinize(0, Rng(300 + s.turn))
            assert twin.deck != s.deck and twin.observation(0) == s.observation(0)
            assert walks_looked_at("syndicate-deep", twin)[1] == plan, "the plan read the deck's order"
            checked += 1
        s.apply(player.choose(s))
    assert checked >= 2
    assert SyndicateAgent.THIRD == () and make_agent("syndicate-deep", "syndicate", seed=1).THIRD == (3, 4)
    assert make_agent(("syndicate", {"third": (2, 3)}), "syndicate", seed=1).THIRD == (2, 3)
    for bad in ({"third": (3,)}, {"third": (0, 4)}, {"third": 3}, {"third": (3, True)}, {"third": (3, 4, 5)}):
        with pytest.raises(ConfigError):
            make_agent(("syndicate", bad), "syndicate", seed=1)
