"""Drills (nl.lessons(), nl.lesson(game, topic)): every exercise accepts its right answers and explains
a wrong one with a reason of its own."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.core import ConfigError
from neko_lab.learn import make_drill
from neko_lab.learn.drill import FIRST_GAME

DRILLED = ("naeco", "syndicate", "neptune", "journey")
CASES = [(g, t) for g in DRILLED for t in nl.lessons()[g] if t != FIRST_GAME]


def _same(a, b):
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("game,topic", CASES)
def test_every_exercise_accepts_its_answers_and_explains_a_wrong_move(game, topic):
    drill = make_drill(game, topic)
    walked = drill.walk()
    assert 3 <= drill.total <= 5 and len(walked) == drill.total
    reasons = set()
    for k, (s, step) in enumerate(walked, 1):
        assert step.number == k and step.rule and step.rule in step.say
        assert f"Exercise {k} of {drill.total}" in step.say
        for right in step.answers:
            assert step.check(right) is None
        wrong = next((a for a in s.legal_actions() if not any(_same(a, b) for b in step.answers)), None)
        if wrong is not None:
            why = step.check(wrong)
            assert why.startswith("Not this one: ") and why.endswith("Try again.")
            assert len(why) > len("Not this one: . Try again.") + 20
            reasons.add(why)
    assert reasons, "no exercise of the drill could be answered wrongly"
    # after the last exercise the summary is said
    s, step = walked[-1]
    s.apply(step.answers[0])
    drill.bots_move(s)
    if not s.is_over():
        after = drill.step(s)
        assert drill.summary in after.say and f"Exercise {drill.total} solved" in after.say


@pytest.mark.parametrize("game,topic", CASES)
def test_any_right_answer_leads_on_to_the_next_exercise(game, topic):
    drill = make_drill(game, topic)
    s, step = drill.walk()[0]
    s.apply(step.answers[-1])
    drill.bots_move(s)
    nxt = drill.step(s)
    assert nxt is not None and "Exercise 1 solved" in nxt.say


@pytest.mark.parametrize("game", DRILLED)
def test_every_game_lists_the_first_game_and_at_least_three_drills(game):
    topics = nl.lessons()[game]
    assert list(topics)[0] == FIRST_GAME and len(topics) >= 4
    assert all(isinstance(v, str) and v for v in topics.values())


def test_lesson_opens_the_full_game_or_a_drill():
    assert nl.lesson("naeco", board=False).intro.startswith("Welcome to Naéco")
    assert nl.lesson("naeco", FIRST_GAME, board=False).intro.startswith("Welcome to Naéco")
    drill = nl.lesson("naeco", "food-chain", board=False)
    assert drill.topic == "food-chain" and drill.step(drill.new_game()).number == 1
    with pytest.raises(ConfigError, match="no topic .chess. .topics: first-game, food-chain"):
        nl.lesson("naeco", "chess", board=False)


def test_a_filler_move_between_exercises_is_asked_plainly():
    drill = make_drill("naeco", "food-chain")
    s, step = drill.walk()[0]
    s.apply(step.answers[0])
    drill.bots_move(s)
    filler = drill.step(s)             # the draw after the play is not part of the drill
    assert filler.filler and "Not part of this drill" in filler.say
    other = next(a for a in s.legal_actions() if not _same(a, filler.expected))
    assert "not part of the drill" in filler.check(other)


def test_every_built_in_game_has_drills():
    assert set(DRILLED) == {"journey", "syndicate", "neptune", "naeco"}
    assert all(len(nl.lessons()[g]) >= 4 for g in DRILLED)


def _neptune_exercise(topic, number):
    for s, step in make_drill("neptune", topic).walk():
        if step.number == number:
            return s, step
    raise AssertionError(f"no exercise {number}")


def test_neptune_fuel_drill_shows_the_cost_of_every_right_answer():
    from neko_lab.learn.lessons.neptune_words import cost_words, loc_name
    s, step = _neptune_exercise("fuel", 1)
    assert len(step.answers) >= 2          # several locations tie for the furthest
    for a in step.answers:                 # each right answer's cost is worked out in the task
        assert f"{loc_name(s, a.loc)}: {cost_words(s, 0, s.data.home, a.loc)}" in step.say


def test_neptune_build_drill_refuses_a_move_as_a_move_not_for_a_missing_base():
    for number, what in ((1, "base"), (2, "factory")):
        s, step = _neptune_exercise("build", number)
        moves = [a for a in s.legal_actions() if type(a).__name__ == "BuildAt" and a.what == "move"]
        for a in moves:
            why = step.check(a)
            assert f"moves team {a.team + 1} to {a.name} without building" in why and what in why
            assert "needs" not in why and "builds a move" not in why
        built = [a for a in s.legal_actions() if type(a).__name__ == "BuildAt" and a.what not in ("move", what)]
        for a in built:                    # a building of another kind still says what the asked one needs
            assert f"that builds a {a.what}, not a {what}" in step.check(a)
    assert any(type(a).__name__ == "BuildAt" and a.what == "move"
               for number in (1, 2) for a in _neptune_exercise("build", number)[0].legal_actions())


def test_the_sushi_drill_takes_a_carry_to_the_lieutenants_cards_wild_slots():
    """Place 1 (the lieutenants card) has three wild sashimi slots: carrying a cube into its upper
    neighbourhood while one is free answers the sushi drill's first exercise."""
    les = nl.learn.make_lesson("syndicate")
    s = les.new_game()
    while True:
        les.bots_move(s)
        step = les.step(s)
        a = step.expected
        if type(a).__name__ == "Carry" and a.to == 0:
            break
        s.apply(a)
    assert any(c < 0 for c in s.filled[0][0])           # a wild slot of place 1 is free
    carry = make_drill("syndicate", "sushi").exercises[0]
    assert carry.right(s, a)
    down = next(x for x in s.legal_actions() if type(x).__name__ == "Carry" and x.to % 2)
    assert not carry.right(s, down) and "lower neighbourhood" in carry.wrong(s, down)


# ------------------------------------------------------------------ wrong answers played anyway
def _wrong_moves(s, step):
    return [a for a in s.legal_actions() if not any(_same(a, b) for b in step.answers)]


def _after(drill, s, action):
    s = s.clone()
    s.apply(action)
    drill.bots_move(s)
    return s


@pytest.mark.parametrize("game,topic", CASES)
def test_a_wrong_answer_played_anyway_leaves_the_exercise_open_and_can_be_retried(game, topic):
    """In a notebook the learner may s.apply() a move the step refused: it must not count as solved,
    the next step says why it missed (the exercise's own reason), and retry() gives the position back."""
    drill = make_drill(game, topic)
    tried = 0
    for k, (s, step) in enumerate(drill.walk(), 1):
        wrong = _wrong_moves(s, step)
        if not wrong:
            continue
        tried += 1
        after = _after(drill, s, wrong[0])
        assert drill.progress(after).done == k - 1
        nxt = drill.step(after)
        reason = drill.exercises[k - 1].wrong(s, wrong[0])
        if nxt is not None:
            assert f"Exercise {k} not solved" in nxt.say and reason in nxt.say
            assert "solved." not in nxt.say.replace(f"Exercise {k} not solved", "")
            assert nxt.filler or nxt.number == k        # the same exercise, asked again or still to come
        again = drill.retry(after)
        assert again.history() == s.history()
        asked = drill.step(again)
        assert asked.number == k and not asked.filler and asked.answers == step.answers
        solved = _after(drill, again, asked.answers[0])
        if not solved.is_over():
            assert f"Exercise {k} solved" in drill.step(solved).say
    assert tried, "no exercise of the drill could be answered wrongly"


def test_retry_without_a_wrong_answer_is_refused_with_a_reason():
    drill = make_drill("journey", "draft")
    with pytest.raises(ConfigError, match="no wrong answer to retry"):
        drill.retry(drill.new_game())


@pytest.mark.parametrize("game,topic", CASES)
def test_every_wrong_move_at_every_exercise_is_explained_before_and_after_it_is_played(game, topic):
    drill = make_drill(game, topic)
    for k, (s, step) in enumerate(drill.walk(), 1):
        for a in _wrong_moves(s, step):
            why = step.check(a)
            assert why.startswith("Not this one: ") and why.endswith("Try again.")
            after = _after(drill, s, a)
            nxt = drill.step(after)         # never an exception, whatever the move was
            assert nxt is None or (f"Exercise {k} not solved" in nxt.say and why[len("Not this one: "):-len(
                ". Try again.")] in nxt.say)


# ------------------------------------------------------------------ seeds
SEEDS = (0, 2, 3, 10, 2 ** 64 - 1)


@pytest.mark.parametrize("game,topic", CASES)
def test_every_drill_runs_through_all_its_exercises_on_any_seed(game, topic):
    for seed in SEEDS:
        drill = make_drill(game, topic, seed=seed)
        walked = drill.walk()
        assert [step.number for _, step in walked] == list(range(1, drill.total + 1)), (seed, drill.played_seed)
        s, step = walked[-1]
        s = _after(drill, s, step.answers[0])
        if not s.is_over():
            assert drill.summary in drill.step(s).say


def test_a_drill_checks_its_seed_as_a_game_does_before_using_it():
    assert make_drill("journey", "draft", seed=2 ** 64 - 1).new_game().legal_actions()
    for bad, shown in ((1.5, "not 1.5"), ("3", "not '3'"), (2 ** 64, f"not {2 ** 64}"), (-1, "not -1")):
        with pytest.raises(ConfigError, match=shown):
            nl.lesson("journey", "draft", board=False, seed=bad)
        with pytest.raises(ConfigError, match=shown):
            nl.lesson("journey", board=False, seed=bad)


# ------------------------------------------------------------------ what the exercises say
def test_neptune_fuel_asks_about_the_fuel_held_and_says_so_when_fuel_is_bought():
    from neko_lab.learn.lessons.neptune_words import R_FUEL
    for number in (1, 2):
        s, step = _neptune_exercise("fuel", number)
        have = s.fuel[0]
        assert f"You have {have} fuel" in step.say and "fuel you hold now" in step.say and R_FUEL in step.say
        costs = {a: a.fuel for a in s.legal_actions() if type(a).__name__ == "Launch"}
        assert all(costs[a] <= have for a in step.answers)
        buy = next((a for a in s.legal_actions() if type(a).__name__ == "BuyFuel"), None)
        if buy is None:
            continue
        why = step.check(buy)
        assert "launches nothing" not in why and R_FUEL in why and f"the {have} fuel you hold" in why
        bought = s.clone()
        bought.apply(buy)
        again = make_drill("neptune", "fuel").step(bought)       # asked again, with the fuel now held
        assert again.number == number and f"You have {have + 1} fuel" in again.say


def test_every_exercise_cites_headings_of_its_rulebook():
    import re
    from tests.learn.test_lessons import headings
    for game, topic in CASES:
        rules = headings(game)
        for s, step in make_drill(game, topic).walk():
            cited = re.findall(r"\(([^()]* \u203a [^()]*)\)", step.say)
            assert step.rule in cited and all(r in rules for r in cited), (game, topic, step.number, cited)


@pytest.mark.parametrize("seed", (4, 1, 2, 3))
def test_syndicate_exercises_cite_the_card_behind_their_answers(seed):
    """The section cited is that of the card whose box, or whose decision, the right answers use: a
    Subway operator ride cites Subway operator, not Delivery lady; the walk's which-box-goes-on
    exercise is about the Command phase itself."""
    from neko_lab.learn.lessons.syndicate_words import COMMAND, SECTION_OF
    for topic in ("walk", "lieutenants", "sushi"):
        drill = make_drill("syndicate", topic, seed=seed)
        for s, step in drill.walk():
            behind = set()
            for a in step.answers:
                if type(a).__name__ == "Box":
                    behind.add(SECTION_OF[str(a).lower() if a.place == 0 else a.action.split(" (")[0]])
                else:
                    behind.add(s.explainer.section(s, a))
            if step.rule == COMMAND:
                assert topic == "walk" and step.number == 1
                continue
            assert step.rule in behind and all(f"({r})" in step.say for r in behind), (topic, step.number, behind)
