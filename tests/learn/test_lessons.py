"""The guided first games, played through Lesson.step/check without a browser."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import ConfigError, game_class
from neko_lab.learn import hint, make_lesson
from lessonwalk import lesson_steps

LESSONS = ("naeco", "journey", "syndicate", "neptune")
WHOLE_GAME = ("syndicate", "neptune", "journey")          # scripted to the last move


@pytest.fixture(scope="module")
def built():
    """One Lesson per game for the module (a Lesson is reusable: its script is built once, and every
    test plays its own copy of the game)."""
    cache = {}

    def get(game):
        if game not in cache:
            cache[game] = make_lesson(game)
        return cache[game]
    return get


def headings(game):
    """Every "Title › heading" the game may cite: its RULES, and the rulebook's headings
    (datasets/<game>/sections.txt)."""
    cls = game_class(game)
    found = set(cls.RULES)
    path = Path(__file__).resolve().parents[2] / "datasets" / game / "sections.txt"
    if path.exists():
        title = next(iter(cls.RULES)).split(" \u203a ")[0]
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.add(f"{title} \u203a {line.strip()}")
    return found


def _learner_moves(les, state):
    """The scripted moves are asked for one by one: each step cites a section of the game, accepts its
    own move and explains a wrong one."""
    rules = headings(les.game)
    asked = 0
    while True:
        les.bots_move(state)
        if state.is_over():
            return asked
        step = les.step(state)
        assert step is not None
        if not step.scripted:
            return asked
        asked += 1
        assert step.number == asked and step.total == len(les.script())
        assert step.rule in rules, f"step {asked} cites {step.rule!r}, not a section of the game"
        for cited in re.findall(r"\(([^()]*\u203a[^()]*)\)", step.say):
            for one in cited.split(", "):
                assert one in rules, f"step {asked} cites {one!r}, not a heading of the rulebook"
        assert step.rule in step.say
        assert step.check(step.expected) is None
        state.apply(step.expected)


@pytest.mark.parametrize("game", [*LESSONS, "toy"])
def test_the_whole_lesson_plays_through_to_the_finale(game, built):
    les = built(game)          # "toy" has no lesson of its own: the generic one
    s = les.new_game()
    asked = _learner_moves(les, s)
    assert asked == len(les.script()) >= 8
    # the learner finishes the game freely: any legal move is welcome
    agent = nl.make_agent(game if game in LESSONS else "greedy", s, seed=9)
    free = 0
    while not s.is_over():
        les.bots_move(s)
        if s.is_over():
            break
        step = les.step(s)
        assert not step.scripted and step.check(s.legal_actions()[-1]) is None
        action = hint(s, k=1)[0].action if game == "naeco" else agent.choose(s)
        assert step.check(action) is None
        s.apply(action)
        free += 1
    assert (free == 0) == (game in WHOLE_GAME) and les.step(s) is None
    text = les.finale(s)
    rows = s.breakdown()
    for cat in rows[0]:
        assert cat.replace("_", " ").capitalize() in text
    totals = ", ".join(f"Player {i + 1} {t}" for i, t in enumerate(s.scores())).replace("-", "\u2212")
    assert f"Totals: {totals}." in text
    won = s.winners()
    assert ("You won" in text or "You share" in text) == (0 in won)


@pytest.mark.parametrize("game", LESSONS)
def test_a_wrong_move_is_explained_and_refused(game, built):
    les = built(game)
    s = les.new_game()
    les.bots_move(s)
    step = les.step(s)
    wrong = next(a for a in s.legal_actions() if a != step.expected)
    why = step.check(wrong)
    assert why and "Try again" in why and "not the one this step teaches" in why
    # a move of another decision, not legal at all, is refused with the game's own reason
    later = s.clone()
    later.apply(step.expected)
    les.bots_move(later)
    other = next((a for a in later.legal_actions() if not any(a == b and type(a) is type(b)
                                                              for b in s.legal_actions())), None)
    if other is not None:
        refusal = step.check(other)
        assert refusal.startswith("That move is not allowed here: ") and s.why_illegal(other, seat=s.current_player) in refusal


def test_naeco_wrong_moves_say_what_to_play_instead():
    les = make_lesson("naeco")
    s = les.new_game()
    step = les.step(s)
    want = step.expected
    other_card = next(a for a in s.legal_actions() if a.card != want.card and not a.down)
    assert f"the card to use is {want.name}, not {other_card.name}" in step.check(other_card)
    same_card_down = next(a for a in s.legal_actions() if a.card == want.card and a.down)
    assert "face-up" in step.check(same_card_down)


def test_the_script_is_the_same_for_everyone_and_survives_an_undo():
    one, two = make_lesson("naeco"), make_lesson("naeco")
    assert [(n, str(a)) for n, a in one.script()] == [(n, str(a)) for n, a in two.script()]
    s = one.new_game()
    first = one.step(s)
    before = s.clone()
    s.apply(first.expected)
    one.bots_move(s)
    assert one.step(s).number == 2
    again = one.step(before)                  # the board's undo gives the earlier position back
    assert again.number == 1 and again.say == first.say


def test_leaving_the_script_turns_into_free_play():
    les = make_lesson("naeco")
    s = les.new_game()
    step = les.step(s)
    s.apply(next(a for a in s.legal_actions() if a != step.expected))
    les.bots_move(s)
    off = les.step(s)
    assert not off.scripted and "not the lesson's scripted game" in off.say
    assert "the board's Hint button" in off.say and "neko_lab." not in off.say    # what a learner can click
    # the free-play words speak of what the whole lesson taught: not said to a learner who left at step 1
    assert "You know the whole turn now" not in off.say and "Undo or Restart" in off.say
    assert off.check(s.legal_actions()[0]) is None


def test_bots_reply_the_same_way_every_time():
    logs = []
    for _ in range(2):
        les = make_lesson("journey")
        s = les.new_game()
        _learner_moves(les, s)
        logs.append([(e.text, e.rule, e.seat) for e in s.log])
    assert logs[0] == logs[1]


def test_lesson_entry_points():
    assert nl.lesson("naeco", board=False).intro.startswith("Welcome to Naéco")
    assert nl.learn.lesson_names() == list(LESSONS)
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        nl.learn.make_lesson("chess")
    assert callable(nl.hint) and callable(nl.explain_move)


def test_a_game_without_its_own_lesson_gets_the_generic_one():
    les = make_lesson("toy")
    s = les.new_game()
    step = les.step(s)
    assert step.rule == "Toy › Turn" and "agent would play" in step.say
    assert step.check(step.expected) is None
    wrong = next(a for a in s.legal_actions() if a != step.expected)
    assert "Try again" in step.check(wrong)


@pytest.mark.parametrize("game", LESSONS)
def test_the_finale_before_the_end_says_so(game, built):
    les = built(game)
    s = les.new_game()
    assert les.finale(s).startswith("The game is not over yet")


@pytest.mark.parametrize("game", LESSONS)
def test_every_step_refuses_a_wrong_move_with_its_own_reason(game, built):
    """One legal move other than the scripted one, at every step: refused, and the reason is the
    step's own (not the generic "this step asks for ..., to show ...")."""
    les = built(game)
    s = les.new_game()
    checked = 0
    while True:
        les.bots_move(s)
        if s.is_over():
            break
        step = les.step(s)
        if not step.scripted:
            break
        wrong = [a for a in s.legal_actions() if not (type(a) is type(step.expected) and a == step.expected)]
        if wrong:
            why = step.check(wrong[len(wrong) // 2])
            assert why and why.endswith("Try again.") and ", to show " not in why, why
            checked += 1
        s.apply(step.expected)
    assert checked >= 5


@pytest.mark.parametrize("game", WHOLE_GAME)
def test_following_every_step_gives_a_fair_result(game, built):
    les = built(game)
    s = les.new_game()
    _learner_moves(les, s)
    assert s.is_over()
    scores = s.scores()
    assert scores[0] >= max(scores[1:]) - 10, scores
    # the result the README and the lesson promise is this game's
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    word = {"syndicate": "Syndicate", "neptune": "Neptune", "journey": "Journey"}[game]
    assert f"{word} {scores[0]}\u2013{scores[1]}" in readme, (game, scores)
    if game == "syndicate":
        assert "multiplier" in les.finale(s) and "\u00d74" in les.finale(s)


@pytest.mark.parametrize("game", WHOLE_GAME)
def test_no_taught_step_repeats_word_for_word(game, built):
    les = built(game)
    s = les.new_game()
    said = []
    while True:
        les.bots_move(s)
        if s.is_over():
            break
        step = les.step(s)
        if not step.auto:
            said.append(step.say.split(": ", 1)[1])
        s.apply(step.expected)
    repeated = [x for x in set(said) if said.count(x) > 1]
    assert not repeated, repeated[:2]


def test_journey_goes_through_a_mid_game_scoring_and_no_step_repeats():
    les = make_lesson("journey")
    s = les.new_game()
    said, auto = [], 0
    while True:
        les.bots_move(s)
        if s.is_over():
            break
        step = les.step(s)
        if step.auto:
            auto += 1
            assert "a routine move, nothing new to explain" in step.say and step.check(step.expected) is None
        else:
            said.append(step.say.split(": ", 1)[1])
        s.apply(step.expected)
    assert s.is_over() and auto > 0
    assert len(said) == len(set(said)), "a taught step repeats word for word"
    assert any("mid-game scoring" in x and "Mid-Game Scoring" in x for x in said)
    assert any("routine moves of yours" in x for x in said)      # what was played meanwhile is summed up
    assert "Harbours" in les.finale(s) and "Totals:" in les.finale(s)


def _played(les):
    """The lesson's game followed to the end, and the learner's moves in it."""
    s = les.new_game()
    mine = []
    while True:
        les.bots_move(s)
        if s.is_over():
            return s, mine
        step = les.step(s)
        mine.append(step.expected)
        s.apply(step.expected)


def test_the_syndicate_lesson_covers_what_a_first_game_needs(built):
    s, mine = _played(built("syndicate"))
    kinds = {type(a).__name__ for a in mine}
    boxes = {a.action.split(" (")[0] for a in mine if type(a).__name__ == "Box" and a.place}
    starts = {a.side for a in mine if type(a).__name__ == "Box" and not a.place}
    assert "Open" in kinds and starts == {0, 1}                      # opening draw; Accountant and COO
    assert boxes >= {"fishmonger", "delivery lady", "subway operator", "cook", "storekeeper"}
    assert {"Take", "Carry", "Swap", "Deliver", "Place", "Discard"} <= kinds
    sashimi = [a for a in mine if type(a).__name__ == "Deliver" and a.kind == 0]
    assert sashimi
    assert any(e.seat == 0 and e.rule.endswith("Kumich\u014d's meeting") and "meets mission" in e.text
               for e in s.log)


def test_the_neptune_lesson_covers_what_a_first_game_needs(built):
    s, mine = _played(built("neptune"))
    kinds = {type(a).__name__ for a in mine}
    assert {"Sell", "Launch", "MissionAccess", "BuildAt", "TakeTech", "BuyVP"} <= kinds
    plays = [a for a in mine if type(a).__name__ == "Play"]
    assert any(a.place < 0 for a in plays) and any(a.place >= 0 for a in plays)   # from hand and from track
    assert any(type(a).__name__ == "BuyVP" and a.vp for a in mine)
    builds = {a.what for a in mine if type(a).__name__ == "BuildAt"}
    assert {"base", "factory"} <= builds
    produced = [e for e in s.log if e.seat == 0 and e.rule.endswith("Factory Production")]
    generations = [e for e in s.log if e.rule.endswith("Generations") and "ends" in e.text]
    assert produced and len(generations) >= 2
    les = built("neptune")
    s2 = les.new_game()
    launch_steps = []
    while not s2.is_over():
        les.bots_move(s2)
        if s2.is_over():
            break
        step = les.step(s2)
        if type(step.expected).__name__ == "Launch":
            launch_steps.append((step.say, step.expected.fuel))
        s2.apply(step.expected)
    # every launch says its fuel, worked out from the distance (or the one step between two places of a planet)
    assert launch_steps and all(re.search(rf"[:=] {fuel} fuel\b", say) and ("distance" in say or "always 1 apart" in say)
                                for say, fuel in launch_steps)
    # the game builds beyond the Moon, after the first generation too, and both players build
    far = [a for a in mine if type(a).__name__ == "BuildAt" and a.what != "move"
           and s.data.planets[s.data.locations[a.dest].planet] not in ("Earth", "Moon")]
    assert far and any(e.seat == 1 and e.text.startswith("builds a") for e in s.log)
    assert "colony" in builds and any(type(a).__name__ == "BuyFuel" for a in mine)


def test_the_neptune_final_scoring_step_tells_the_final_fame_awards_and_buys_the_most_vp(built):
    les = built("neptune")
    s = les.new_game()
    final = None
    while True:
        les.bots_move(s)
        if s.is_over():
            break
        step = les.step(s)
        if s.pending[-1].kind == "buy_vp" and s.pending[-1].data[0] == "final":
            final = step
            most = max(a.vp for a in s.legal_actions() if type(a).__name__ == "BuyVP")
        s.apply(step.expected)
    assert final is not None and most > 0
    # the final awards, ties included (3 VP each for a tie for most under the game's default options)
    assert "the most fame 5 VP and the second most 2; players tied for the most take 3 VP each" in final.say
    assert "2 VP and the second most 1" not in final.say
    # credits are worth nothing afterwards: the most VP the credits buy
    assert final.expected.vp == most and "Credits are worth nothing at the end" in final.say


def test_a_lessons_repr_counts_the_steps_of_its_scripted_line():
    # a Teach entry may ask for many moves (Syndicate's one entry scripts the whole game): the repr
    # counts the moves, once the line has been played out, and never guesses before
    lesson = nl.learn.make_lesson("journey")
    assert repr(lesson) == f"<Lesson journey: scripted line not played yet, seed {lesson.seed}>"
    steps = len(lesson.script())
    assert steps > len(lesson.teach)
    assert repr(lesson) == f"<Lesson journey: {steps} scripted steps, seed {lesson.seed}>"


def test_naeco_says_the_token_moved_only_after_the_play_that_moved_it():
    les = make_lesson("naeco")
    s = les.new_game()
    les.bots_move(s)
    draws = {}
    for _ in range(8):
        step = les.step(s)
        if "Draw again" in step.say:
            draws[step.number] = step.say
        s.apply(step.expected)
        les.bots_move(s)
    assert "Your token moved right, so piles 1 to 5 are open to you now." in draws[4]      # step 3 moved it
    assert "moved" not in draws[6] and "Piles 1 to 5 are open to you." in draws[6]       # step 5: face-down


def _each_step(les):
    """(step, position) for every scripted step of the learner, the position before its move."""
    s = les.new_game()
    while True:
        les.bots_move(s)
        if s.is_over():
            return
        step = les.step(s)
        if step is None or not step.scripted:
            return
        yield step, s.clone()
        s.apply(step.expected)


def _first_cited(text, rules):
    """The first section of the game that `text` cites ("(Game › Heading)" or "(Game › Heading, ..."), or ""."""
    found = [(text.find(f"({r}{end}"), r) for r in rules for end in (")", ", ") if f"({r}{end}" in text]
    return min(found)[1] if found else ""


@pytest.mark.parametrize("game", LESSONS)
def test_every_step_cites_the_section_of_its_own_move_never_one_of_the_news(game, built):
    # a step's section is the one its own move's words name; the news of what happened since the last
    # taught step (a mid-game scoring, a production) comes first on a taught step but is no part of
    # the move's words, and a routine step (which shows no news) never cites it
    les = built(game)
    rules = headings(game)
    routine = 0
    by_move = {}
    for step, s in _each_step(les):
        teach = les.teach[min(step.number - 1, len(les.teach) - 1)]
        own = teach.say(s, step.expected)                 # the lesson's words about this move alone
        news = les.news(les, s) if les.news else ""
        assert not news or news not in own
        section = teach.section(s, step.expected) if teach.section else ""
        assert step.rule in rules and step.rule == (teach.rule or section or _first_cited(own, rules)), (
            f"step {step.number} ({step.expected}) cites {step.rule!r}; its move's own words cite "
            f"{_first_cited(own, rules)!r}")
        if step.auto:
            routine += 1
            assert step.say.endswith(f"{step.expected} ({step.rule}).") and (not news or news not in step.say)
            # the same kind of move at the same decision is always the same section, whatever happened meanwhile
            move = (s.pending[-1].kind, re.sub(r"\d+", "#", str(step.expected)))
            by_move.setdefault(move, set()).add(step.rule)
        else:
            assert step.say.startswith(f"Step {step.number} of {step.total}: {news}")
    assert (routine > 0) == (les.auto is not None)
    assert not {m: r for m, r in by_move.items() if len(r) > 1}


def test_neptune_attract_investors_says_who_played_the_card(built):
    # the player of the card takes 5 credits, every other player 2 (rulebook › Attract Investors)
    seen = []
    for step, s in _each_step(built("neptune")):
        if s.pending[-1].kind != "investors" or step.auto:
            continue
        five = [e.seat for e in s.log if e.text == "receives 5 credits from investors"][-1]
        assert five == s.active
        if five == 0:
            assert "you played it, so you took 5 credits and Player 2 took 2" in step.say, step.say
        else:
            assert f"Player {five + 1} played it, so they took 5 credits and you took 2" in step.say, step.say
            assert "you took 5" not in step.say
        seen.append(five)
    assert 1 in seen                       # steps 16 and 29: Player 2 played it


def test_neptune_fuel_broker_step_is_true_of_the_fuel_held(built):
    said = 0
    for step, s in _each_step(built("neptune")):
        if s.pending[-1].kind != "broker" or step.auto:
            continue
        said += 1
        assert "fuel enough" not in step.say
        who = "You played" if s.active == 0 else f"Player {s.active + 1} played"
        assert who + " Fuel Broker" in step.say
        if not step.expected.count:
            held = f"you have {s.fuel[0]} fuel already" if s.fuel[0] else "you have no fuel"
            credits = f"{s.credits[0]} credit{'s' if s.credits[0] != 1 else ''}"
            assert held in step.say and f"your {credits} can buy VP" in step.say, step.say
    assert said


def test_neptune_steps_count_credits_in_the_singular_and_the_plural(built):
    said = [(step.say, s) for step, s in _each_step(built("neptune"))]
    assert any(s.credits[0] == 1 and "You have 1 credit, " in say for say, s in said)      # step 3
    for say, _s in said:        # the lesson's own words (the summary of moves since quotes the log's events)
        own = re.sub(r"Since your last taught step: .*?\. (?=[A-Z])", "", say)
        assert not re.search(r"(?<![\d.])1 credits\b", own), say


def test_neptune_a_card_played_from_the_track_gives_a_reason_true_of_the_hand(built):
    from_track = played = 0
    for step, s in _each_step(built("neptune")):
        a = step.expected
        if type(a).__name__ != "Play" or a.place < 0:
            continue
        played += 1
        kind = s.data.cards[a.card].kind
        same = [s.data.cards[c] for c in s.hands[0] if s.data.cards[c].kind == kind]
        if same:
            from_track += 1
            assert "none of your own cards" not in step.say, step.say
            fame = max(c.fame for c in same)
            assert (f"your own {a.title} would give no fame either" in step.say if fame == 0 else
                    f"your own {a.title} would give +{fame} fame" in step.say), step.say
            assert "leaves the track, where Player 2 could play it" in step.say
            assert any(s.data.cards[c].kind == kind for c in s.track)
        else:
            assert "none of your own cards does this now" in step.say
    assert played                          # Build cards played from the track (steps 15 and 81)


def test_neptune_explains_the_award_cards_and_colonies_where_they_first_matter(built):
    divers = intrepid = None
    for step, s in _each_step(built("neptune")):
        if divers is None and "takes the Diversification card" in step.say:
            divers = step.say
            holder = "Player 1 (you)" if s.diversification == 0 else f"Player {s.diversification + 1}"
            assert f"{holder} takes the Diversification card" in step.say
        a = step.expected
        if intrepid is None and type(a).__name__ == "BuildAt" and a.what == "factory":
            intrepid = step.say
            owner = s.missions[a.dest][0]
            if owner == 0:              # the learner's own mission: the first such factory wins the card
                assert s.intrepid < 0 and "so this one wins it" in step.say
            else:
                assert f"Player {owner + 1} controls the mission at {a.name}, so this one does not" in step.say
            loc = s.data.locations[a.dest]
            mine = {t for t, h in enumerate(s.techs) if 0 in h}
            missing = [s.data.techs[t].name for t in loc.colony_requires if t not in mine]
            assert missing and f"it needs {' and '.join(missing)} first, which you have no token on" in step.say
        elif intrepid is None and type(a).__name__ == "BuildAt":
            assert "Intrepid" not in step.say
    assert divers and "whoever holds it at the end scores 3 VP" in divers and "Diversification Card)" in divers
    assert intrepid and "Intrepid Spacefarer card, 3 VP at the end" in intrepid


def test_naeco_teaches_the_symbols_and_the_learners_own_priority_card():
    les = make_lesson("naeco")
    s = les.new_game()
    names = {"insufficiently_known": "Insufficiently known", "well_known": "Well known",
             "endangered": "Endangered", "least_concern": "Least concern"}
    points = dict(zip(names, s.observation(0)["priority_card"]))
    assert "Each Species card carries up to two of four symbols" in les.intro
    assert "Your own Priority Observation card gives " + ", ".join(
        f"{names[k]} {points[k]}" for k in names) in les.intro, les.intro
    # step 1 says why its card, and why the Hint may rank another first
    les.bots_move(s)
    step = les.step(s)
    a = step.expected
    card = s.cards[a.card]
    gain = lambda b: (lambda c: (c.apply(b), c.scores()[0])[1])(s.clone()) - s.scores()[0]
    others = [gain(b) for b in s.legal_actions() if type(b).__name__ == "Play" and not b.down and b.card != a.card]
    assert gain(a) > max(others)
    assert f"it adds {gain(a)} to your score, more than any other card of your hand" in step.say
    for x in card.attributes:
        assert f"{names[x]} {points[x]} on your Priority Observation card" in step.say
    after = s.clone()
    after.apply(a)
    counts = [sum(1 for _d, _c, cid in after.observation(0)["oceans"][seat]["cards"]
                  if card.attributes[0] in s.cards[cid].attributes) for seat in (0, 1)]
    assert counts[0] >= counts[1] and counts[0] > 0             # "your Ocean would show the most of it"
    assert "The Hint ranks moves by the points whole sampled games end with" in step.say


def test_naeco_says_how_far_the_token_moves_when_objectives_are_met():
    les = make_lesson("naeco")
    s = les.new_game()
    said = None
    for _ in range(8):
        les.bots_move(s)
        step = les.step(s)
        before = s.observation(0)
        k = before["tokens"][0]
        after = s.clone()
        after.apply(step.expected)
        moved = after.observation(0)["tokens"][0] - k
        if moved:
            said = step.say
            assert moved == 1 and "does not meet the next objective yet, so the token stops after one card" in said
            assert before["objectives"][k + 1] is None and after.observation(0)["objectives"][k + 1] is not None
            assert "The first token to reach a Surface card reveals the objective above it" in said
            assert "two objectives met in one turn move it two Surface cards" in said
            assert "lets you draw from piles 1 to 5 instead of 1 to 4" in said
        s.apply(step.expected)
    assert said


def test_naeco_learners_are_told_the_last_steps_of_the_surface_row_open_no_more_piles():
    """surface.csv opens 4, 5, 6, 7, 7 piles: the step onto the value-5 card opens none, and the texts a
    learner reads (lesson, drill, 'why?') say so instead of 'one more pile'."""
    from neko_lab.games.naeco.explain import why
    from neko_lab.learn.drills.naeco import _ask_meet, objectives
    from neko_lab.learn.lessons.naeco import _piles_opened
    s = nl.new_game("naeco", players=2, seed=1)
    assert s.surface_piles == (4, 5, 6, 7, 7)
    assert _piles_opened(s, 0, 1) == " and lets you draw from piles 1 to 5 instead of 1 to 4"
    assert _piles_opened(s, 2, 4) == " and lets you draw from piles 1 to 7 instead of 1 to 6"
    assert "opens no more piles: piles 1 to 7 were already open" in _piles_opened(s, 3, 4)
    assert "one more" not in objectives().summary and "up to all seven" in objectives().summary
    s.token[0] = 3
    assert _ask_meet(s).endswith("which scores more research, though it opens no more piles: piles 1 to 7 "
                                 "were already open.")
    s.apply(next(a for a in s.legal_actions() if not a.down))
    lines = why(s, s.legal_actions()[0], 0)
    assert lines[-1].endswith("but opens no more piles: the next Surface card opens piles 1 to 7 too.")
    s.token[0] = 1
    assert why(s, s.legal_actions()[0], 0)[-1] == ("Meeting the objective above your token moves it on and "
                                                  "opens piles 1 to 6.")

def test_syndicate_walk_steps_say_truly_where_the_other_box_leads(built):
    from neko_lab.games.syndicate.data import CHILD
    steps, _end = lesson_steps(built("syndicate"))
    walks = 0
    for s, step in steps:
        a = step.expected
        if step.auto or type(a).__name__ != "Box" or not a.place:
            continue
        pyramid = s.observation(0)["areas"][0]["pyramid"]
        there = CHILD[a.place][1 - a.side]
        other = step.say[step.say.index("The other box"):]
        if there >= 0 and pyramid[there] >= 0:
            assert f"to the card at place {there + 1}" in other, (step.number, other)
        else:
            assert "has no card below it" in other and "would end the walk" in other, (step.number, other)
        assert "would lead elsewhere" not in step.say
        walks += 1
    assert walks >= 20


def _refusals(les, kinds):
    """(position, step, wrong move, refusal) for every legal move other than the step's, at the steps whose
    move is of one of `kinds`, along the lesson's game."""
    steps, _end = lesson_steps(les)
    for s, step in steps:
        if type(step.expected).__name__ in kinds:
            for a in s.legal_actions():
                if not (type(a) is type(step.expected) and a == step.expected):
                    yield s, step, a, step.check(a)


def test_syndicate_refusing_fewer_cubes_argues_for_the_cubes_the_step_takes(built):
    """Taking fewer cubes than the Fishmonger step asks is answered with the cubes and slots that makes
    the step's take better, never with the cost of loose cubes (an argument for taking fewer); taking
    more, with that cost at the Fishmonger's own level."""
    from neko_lab.games.syndicate.data import LEVEL_OF, MULTIPLIER, WILD
    fewer = more = 0
    for s, step, a, why in _refusals(built("syndicate"), {"Take"}):
        want = step.expected
        a_ = s.observation(0)["areas"][0]
        slots = sum(1 for p, cid in enumerate(a_["pyramid"]) if cid >= 0
                    for k, (_kd, c) in enumerate(s.cards[cid].slots)
                    if a_["filled"][p][k] < 0 and c in (want.colour, WILD))
        m = MULTIPLIER[LEVEL_OF[want.place]]
        if a.count < want.count:
            fewer += 1
            assert f"{want.count - a.count} " in why and "fewer" in why, why
            assert f"{slots} free slot" in why and "loose" not in why, why
        else:
            more += 1
            assert f"{a.count - want.count} " in why and f"costs 2 \u00d7 {m} = {2 * m} points" in why, why
    assert fewer >= 7


def test_syndicate_refusing_another_opening_compares_the_cards_kept(built):
    """Each other way to keep two of the four opening minions is answered with what the cards kept can
    add (slots and extra points, ×3 below the Accountant), from the engine's cards: the step's card is
    said to add more only where it does."""
    seen = 0
    for s, step, a, why in _refusals(built("syndicate"), {"Open"}):
        if type(a).__name__ != "Open":
            continue
        seen += 1
        assert "another way" not in why
        want = step.expected
        can = {c: len(s.cards[c].slots) + s.cards[c].extra for c in (a.under, want.under, a.waiting, want.waiting)}
        if a.under != want.under:
            assert f"minion {a.under + 1} below the Accountant" in why
            assert f"at most {can[a.under]} \u00d7 3 = {3 * can[a.under]} points" in why, why
            assert (f"against up to {can[want.under]} \u00d7 3 = {3 * can[want.under]} for minion {want.under + 1}"
                    in why) == (can[want.under] > can[a.under]), why
        if a.waiting != want.waiting:
            assert f"minion {a.waiting + 1} (" in why and f"instead of minion {want.waiting + 1} (" in why
            assert ("which has more to fill" in why) == (can[want.waiting] > can[a.waiting]), why
    assert seen == 11


def test_syndicate_refusals_never_just_call_a_move_another_way(built):
    """Every legal move other than the step's gets a reason in game terms; where it fills a slot of a lower
    multiplier than the step's, or places the card where it counts less, the refusal says by how much."""
    from neko_lab.games.syndicate.data import LEVEL_OF, MULTIPLIER
    les = built("syndicate")
    levels = 0
    for s, step, a, why in _refusals(les, {"Open", "Place", "Discard", "Deliver", "Carry", "Swap", "Stop",
                                           "Box", "Take"}):
        assert "another way" not in why and "leaves the step's plan" not in why, why
        want = step.expected
        if type(a).__name__ == type(want).__name__ and type(a).__name__ in ("Place", "Deliver"):
            mw, ma = MULTIPLIER[LEVEL_OF[want.place]], MULTIPLIER[LEVEL_OF[a.place]]
            if mw > ma:
                levels += 1
                assert f"\u00d7{mw}" in why or f"\u00d7 {mw}" in why, why
    assert levels >= 3


def test_syndicate_routine_steps_follow_the_rule_the_welcome_states(built):
    les = built("syndicate")
    assert "from turn 8 on, routine cube moves you have made three times" not in les.intro
    assert "repeats exactly one you made before" in les.intro and "from turn 8 on" in les.intro
    steps, _end = lesson_steps(les)
    mine = []
    early = 0
    for s, step in steps:
        if step.auto:
            turn = s.observation(0)["turn"]
            same = [m for m in mine if type(m) is type(step.expected) and str(m) == str(step.expected)]
            assert same or turn >= 8, (step.number, step.say)
            early += turn < 8
        mine.append(step.expected)
    assert early, "a move made once before is played for the learner before turn 8 too"


def _engine_fits(s, colour):
    """The learner's free slots a cube of `colour` fits, read from the engine's own state: every placed
    card, the lieutenants card (place 1, three wild slots) included."""
    from neko_lab.games.syndicate.data import WILD
    return sum(1 for p, cid in enumerate(s.pyramid[0]) if cid >= 0
               for k, (_kind, c) in enumerate(s.cards[cid].slots) if s.filled[0][p][k] < 0 and c in (colour, WILD))


def test_syndicate_free_slot_counts_are_the_engines_lieutenants_card_included(built):
    steps, _end = lesson_steps(built("syndicate"))
    takes = boxes = wild = 0
    for s, step in steps:
        a = step.expected
        if step.auto:
            continue
        if type(a).__name__ == "Box" and a.action.startswith("fishmonger"):
            colour = s.cards[s.pyramid[0][a.place]].boxes[a.side][1]
            fits = _engine_fits(s, colour)
            assert f"and {fits} free slot{'s' if fits != 1 else ''} can take that colour" in step.say, (
                step.number, fits, step.say)
            boxes += 1
            wild += any(s.filled[0][0][k] < 0 for k in range(3))
        if type(a).__name__ == "Take":
            fits = _engine_fits(s, a.colour)
            takes += 1
            if not a.count:
                assert "no free slot needs more" not in step.say
                if fits:
                    assert f"{fits} free slot" in step.say and "no free slot" not in step.say, (step.number, step.say)
            elif a.count > fits:           # more cubes than slots: a taught step that says so and why
                assert f"though only {fits} free slot" in step.say, (step.number, step.say)
                assert "wait loose" in step.say and "costs 2 points" in step.say
            else:
                assert "take cubes you have a slot for" in step.say and f"{fits} free slot" in step.say, (
                    step.number, step.say)
    assert takes and boxes and wild        # the lieutenants card's wild slots were free at some of them


def test_syndicate_script_delivers_what_it_can_and_its_stops_say_true(built):
    """The script never keeps a cube loose, ends the walk or stops a Cook while a delivery can be
    made; a move said to make a delivery possible is followed by that delivery; a taught Stop's
    reason holds in the position."""
    from neko_lab.games.syndicate.data import WILD
    steps, _end = lesson_steps(built("syndicate"))
    promised = 0
    for i, (s, step) in enumerate(steps):
        a, kind = step.expected, type(step.expected).__name__
        legal = s.legal_actions()
        can = [x for x in legal if type(x).__name__ == "Deliver"]
        if kind in ("Keep", "EndWalk") or (kind == "Stop" and s.pending[-1].kind == "cook"):
            assert not can, (step.number, step.say, can)
        if kind == "Carry" and "it can be delivered at once" in step.say:
            nxt = steps[i + 1][1].expected
            assert type(nxt).__name__ == "Deliver" and nxt.place == a.to // 2, (step.number, nxt)
            promised += 1
        if kind == "Stop" and not step.auto and s.pending[-1].kind != "cook":
            free = [(p, c) for p, cid in enumerate(s.pyramid[0]) if cid >= 0
                    for k, (kd, c) in enumerate(s.cards[cid].slots) if s.filled[0][p][k] < 0]
            for x in legal:
                if type(x).__name__ == "Carry" and x.to % 2 == 0:
                    assert not any(p == x.to // 2 and c in (x.colour, WILD) for p, c in free), (step.number, x)
                if type(x).__name__ == "Swap" and x.at % 2 == 0:
                    sashimi = [(p, c) for p, cid in enumerate(s.pyramid[0]) if cid >= 0
                               for k, (kd, c) in enumerate(s.cards[cid].slots) if s.filled[0][p][k] < 0 and kd == 0]
                    assert not any(p == x.at // 2 and c in (x.new, WILD) for p, c in sashimi), (step.number, x)
    assert promised >= 3
    # the first delivery onto the lieutenants card (place 1) is the learner's, and said as such
    first = next((s, st) for s, st in steps if type(st.expected).__name__ == "Deliver" and st.expected.place == 0)
    assert "at place 1" in first[1].say and "2 \u00d7 4 = 8 points" in first[1].say


def test_syndicate_teaches_the_cost_of_a_card_with_no_delivery_and_the_opening_redraw(built):
    from neko_lab.games.syndicate.data import LEVEL_OF, MULTIPLIER
    les = built("syndicate")
    steps, _end = lesson_steps(les)
    start = steps[0][0]
    assert f"start at \u2212{-start.scores()[0]}" in les.intro and "no delivered cube" in les.intro
    assert "Pyramidal Structure Points" in les.intro
    s, opening = steps[0]
    assert any(type(x).__name__ == "Redraw" for x in s.legal_actions())
    assert "draw four new ones, once in the game (Neko Syndicate \u203a Game Set-up)" in opening.say
    placed = firsts = 0
    for s, step in steps:
        a = step.expected
        if type(a).__name__ == "Place":
            m = MULTIPLIER[LEVEL_OF[a.place]]
            assert (f"2 \u00d7 {m} = {2 * m} points an empty place costs" in step.say
                    and "card with no delivered cube" in step.say
                    and "(Neko Syndicate \u203a Pyramidal Structure Points)" in step.say), step.say
            placed += 1
        if type(a).__name__ == "Deliver" and not step.auto:
            first = not any(c >= 0 for c in s.filled[0][a.place])
            assert ("no longer costs" in step.say) == first, (step.number, step.say)
            firsts += first
    assert placed >= 3 and firsts >= 3


def test_syndicate_teaches_the_missions_the_deck_refill_and_the_tie_break_where_they_matter(built):
    les = built("syndicate")
    steps, end = lesson_steps(les)
    s, step = next((s, st) for s, st in steps if type(st.expected).__name__ == "Box" and not st.expected.place)
    assert s.observation(0)["turn"] == 1
    for m in s.missions:                   # the three missions in play, before any is met
        assert f"mission {m} ({s.mission_text[m - 1]})" in step.say
    path = s.path_values
    assert f"worth {path[0]} points" in step.say and f"down to {path[-1]} at turn 15" in step.say
    met = [e for e in end.log if e.rule.endswith("Kumich\u014d's meeting") and "meets mission" in e.text]
    assert met and all(e.data["mission"] in s.missions for e in met)
    # the drawing deck refilled from the discard pile: said at the learner's next walk, and only then
    refill = [i for i, e in enumerate(end.log) if e.seat is None and "discard pile" in e.text]
    assert refill
    told = [st for s, st in steps if "discard pile shuffled and put under" in st.say]
    assert len(told) == 1
    s_at = next(s for s, st in steps if st is told[0])
    assert len(s_at.log) > refill[0] and not any(
        e.seat == 0 and e.rule.endswith("Lieutenants card") for e in s_at.log[refill[0]:])
    # the lesson's table plays simultaneous turns: the refill is neko_lab's reading, and said to be one,
    # next to what the rulebook itself does (the pile turned over, unshuffled, once the deck is empty)
    assert end.log[refill[0]].rule.endswith("Turn Phases")
    assert "neko_lab's reading" in told[0].say and "unshuffled, only once the deck is empty" in told[0].say
    assert "(Neko Syndicate \u203a Accountant)" in told[0].say
    # the tie-break, at the last turn's first step and in the finale
    last = [st for s, st in steps if "whoever delivered more cubes gains one point" in st.say]
    assert len(last) == 1 and "Turn 15 of 15" in last[0].say
    assert "share the win" in les.finale(end)


def test_journey_teaches_limits_half_hubs_catches_spent_dice_ties_and_why_a_card_is_declined(built):
    from neko_lab.games.journey.scoring import CABIN_LIMIT, FISH_LIMIT
    les = built("journey")
    steps, s = lesson_steps(les)
    first = steps[0][1].say
    assert f"cabin holds at most {CABIN_LIMIT} fuel and goods" in first and f"freezer at most {FISH_LIMIT} fish" in first
    moves = catches = 0
    for before, step in steps:
        a = step.expected
        after = before.clone()
        after.apply(a)
        new = [e for e in after.log[len(before.log):] if e.seat == 0]
        paid = [e for e in new if e.text.startswith("gains")]
        caught = any("catch a fish" in e.text for e in new)
        if step.auto:
            continue
        if getattr(a, "kind", "") == "move":        # the text says what the hub it enters pays: true here
            moves += 1
            assert ("half-hub, which pays nothing" in step.say) == (not paid), (step.number, step.say, paid)
            assert "a hub it enters pays its reward" not in step.say
        if getattr(a, "kind", "") in ("move", "hub"):
            catches += caught
            assert ("bonus fish" in step.say) == caught, (step.number, step.say)
        if getattr(a, "kind", "") == "decline":
            only = all(getattr(x, "kind", "") == "decline" for x in before.legal_actions())
            coins = before.observation(0)["boards"][0]["coins"]
            assert "Decline it." in step.say and (("only choice" in step.say and f"you have {coins} coin" in step.say)
                                                  or not only), step.say
    assert moves and catches
    said = " ".join(step.say for _b, step in steps)
    assert "a player with no dice left sits out the rest of the round, free actions included" in said
    assert "equal totals keeping the order of the round before" in said
    # what happened meanwhile: a gain over the cabin's limit, and a tie in the dice totals, are told next
    over = next(i for i, (b, _st) in enumerate(steps) if any("over the limit" in e.text for e in
                                                             (steps[i + 1][0].log if i + 1 < len(steps) else [])
                                                             [len(b.log):] if e.seat == 0))
    assert any("went back to the supply, as your cabin holds at most" in st.say for _b, st in steps[over + 1:over + 20])
    tie = [e for e in s.log if e.rule.endswith("Set Turn Order") and len(set(e.data["totals"])) == 1]
    assert tie and f"the dice totals tied at {tie[0].data['totals'][0]}" in said


@pytest.mark.parametrize("own", [False, True])
def test_neptune_a_move_without_building_is_worded_as_a_move_with_the_base_the_option_asks_for(own):
    """Building: a team may move without building where there is a base, any player's by default,
    only its own with move_needs_own_base; the lesson says so and does not call the move a build."""
    from neko_lab.games.neptune.rules import BuildAt
    from neko_lab.learn.lessons.neptune import say_build
    from tests.games.neptune.rig import base, game, loc, pick, play_card, resources
    s = game(2, move_needs_own_base=own)
    resources(s)
    base(s, 1 if not own else 0, "Mars Mineral Beds")        # another player's base; with the option, one's own
    play_card(s, 0, "build")
    text = say_build(s, pick(s, BuildAt, what="move", dest=loc(s, "Mars Mineral Beds")))
    assert "builds a move" not in text and "Team 1 moves to Mars Mineral Beds (no building)" in text
    whose = "a base of your own" if own else "a base, yours or another player's"
    assert f"a team may move without building to a location with {whose}" in text


def _neptune_options(state):
    """The launches and buildings open now, each with its fuel (from the legal moves)."""
    out = {}
    for a in state.legal_actions():
        if type(a).__name__ == "Launch":
            out[("launch", a.loc)] = a.fuel
        elif type(a).__name__ == "BuildAt":
            out[("build", a.team, a.origin, a.dest, a.what)] = a.fuel
    return out


def test_neptune_research_and_purchase_steps_give_reasons_true_of_the_position(built):
    # no purchase is asked for that opens nothing; the Research Missions card is not played "to pay for
    # missions" when no launch is within reach; stopping with no fuel says what fuel from the supply
    # (3 credits, at any time) would have cost, worked out by the engine
    les = built("neptune")
    fuel_rule = "Destination: Neptune \u203a Fuel"
    stopped_dry = research_dry = 0
    for step, s in _each_step(les):
        a = step.expected
        name = type(a).__name__
        if name in ("BuyAccess", "BuyFuel"):
            after = s.clone()
            after.apply(a)
            before, now = _neptune_options(s), _neptune_options(after)
            assert any(k not in before or f < before[k] for k, f in now.items()), f"step {step.number}: {a}"
        if name == "Play" and s.data.cards[a.card].kind == "research":
            after = s.clone()
            after.apply(a)
            if not any(type(x).__name__ == "Launch" for x in after.legal_actions()):
                research_dry += 1
                assert "pay for a mission" not in step.say and "no launch is within reach" in step.say
                held = sum(1 for h in s.missions if h and h[0] == 0)
                assert f": {held} for you" in step.say
        if s.pending[-1].kind == "launch" and name == "Pass" and not step.auto and not any(
                type(x).__name__ == "Launch" for x in s.legal_actions()):
            stopped_dry += 1
            assert fuel_rule in step.say and "3 credits a fuel" in step.say
            buy, n = s.clone(), 0
            while not any(type(x).__name__ == "Launch" for x in buy.legal_actions()) and any(
                    type(x).__name__ == "BuyFuel" for x in buy.legal_actions()):
                buy.apply(next(x for x in buy.legal_actions() if type(x).__name__ == "BuyFuel"))
                n += 1
            launches = [x for x in buy.legal_actions() if type(x).__name__ == "Launch"]
            if launches:
                cheap = min(launches, key=lambda x: x.fuel)
                assert f"would then cost {n * 3 + cheap.credits} credits in all ({n} fuel bought" in step.say
                assert "every launch costs at least 1" not in step.say
            else:
                assert "cannot buy the fuel for one" in step.say
    assert stopped_dry


def test_neptune_lesson_teaches_ties_fusion_fuel_moves_and_the_intrepid_distance(built):
    from neko_lab.games.neptune.rules.factories_produce import produce
    from neko_lab.games.neptune.rules.fuel import distance
    from neko_lab.games.neptune.scoring import fame_awards
    les = built("neptune")
    steps = list(_each_step(les))
    text = " ".join(step.say for step, _ in steps)
    # fame ties, with the engine's own awards: at a scoring and at the end, for most and for second
    first = next(step for step, s in steps if s.pending[-1].kind == "buy_vp")
    final = next(step for step, s in steps if s.pending[-1].kind == "buy_vp" and s.pending[-1].data[0] == "final")
    for step, end in ((first, False), (final, True)):
        most, tied, second = fame_awards([9, 5], end), fame_awards([9, 9], end), fame_awards([9, 5, 5], end)
        assert f"the most fame {most[0]} VP and the second most {most[1]}" in step.say
        assert f"players tied for the most take {tied[0]} VP each and nobody is second" in step.say
        assert ("players tied for second take nothing" if not second[1] else
                f"players tied for second take {second[1]} VP each") in step.say
    # Fusion Fuel factories: the words against the engine's production
    s = les.new_game()
    loc = next(i for i, l in enumerate(s.data.locations) if l.factory_icon == "fusion_fuel")
    s.factory[loc] = 0
    fusion, fusion2 = s.data.tech("fusion"), s.data.tech("fusion2")
    s.techs[fusion] = (0,)
    one = produce(s, 0)
    s.techs[fusion2] = (0,)
    two = produce(s, 0)
    assert (one, two) == ((1, 1), (1, 2))
    assert (f"one with the Fusion Fuel icon adds a fuel once its owner has Fusion Power, {two[1]} with Fusion "
            f"Power II (Destination: Neptune \u203a Factory Production)") in text
    # a move without building, in the first Build step (a fuel bought first), with the base the option asks for
    build = next(step for step, s in steps if s.pending[-1].kind == "build")
    assert type(build.expected).__name__ == "BuyFuel" and build.rule == "Destination: Neptune \u203a Fuel"
    assert "a team may also just move, without building, to a location with a base, yours or another player's" \
        in build.say
    # the Intrepid Spacefarer distance: before speed and bases, as the engine measures it
    intrepid = next((step, s) for step, s in steps if "Intrepid Spacefarer card, 3 VP" in step.say)
    far = distance(intrepid[1].data, intrepid[1].data.home, intrepid[0].expected.dest)
    assert f"fuel cost from Earth before any speed or base takes fuel off, by the shortest route: {far} here" \
        in intrepid[0].say


def test_neptune_finale_tells_fame_ties_and_the_rules_this_game_did_not_meet(built):
    les = built("neptune")
    *_, (last, s) = _each_step(les)          # the position before the last scripted move
    s.apply(last.expected)
    les.bots_move(s)
    assert s.is_over()
    text = les.finale(s)
    assert ("tied for the most, 1 VP each at a scoring and 3 VP each at the end, with nobody second; tied for "
            "second, nothing at a scoring and 1 VP each at the end") in text
    note = text.splitlines()[-1]
    assert note.startswith("Rules this game did not meet, for your next game: ")
    fusion_fuel = any(o >= 0 and s.data.locations[i].factory_icon == "fusion_fuel" for i, o in enumerate(s.factory))
    moved = any(e.text.startswith("moves team") for e in s.log)
    assert ("Fusion Fuel icon" in note) == (not fusion_fuel)
    assert ("a team moving without building" in note) == (not moved)
    assert ("Intrepid Spacefarer card, which nobody took" in note) == (s.intrepid < 0)
    assert ("a colony, which nobody built" in note) == all(o < 0 for o in s.colony)
    supply = [e for e in s.log if e.text.startswith("buys 1 fuel for")]        # not from a Fuel Broker
    assert ("buying fuel from the supply" in note) == (not supply)
    shared = any(len(set(b)) > 1 for b in s.bases)
    assert ("two players' bases at one location" in note) == (not shared)
    assert "a trip of yours that your bases made cheaper" not in note          # Mars, then Jupiter (steps 27, 46)
    # a game that met none of them names every one, with its section
    from neko_lab.learn.lessons.neptune import not_met
    blank = not_met(les.new_game())
    for rule in ("Fusion Fuel icon", "a team moving without building", "Intrepid Spacefarer card, which nobody took",
                 "buying fuel from the supply", "a colony, which nobody built", "two players' bases at one location",
                 "a trip of yours that your bases made cheaper"):
        assert rule in blank, rule
    assert "(Destination: Neptune \u203a Fuel Cost Calculation Example)" in blank


def test_neptune_lesson_says_the_next_generation_follows_only_while_one_is_left(built):
    """Generations: the last card of the first three generations starts the next one; the fourth's ends the
    game with the final scoring, which the step tells instead."""
    steps, _ = lesson_steps(built("neptune"))
    told = [(s, step) for s, step in steps if "the cards of the next generation are drawn" in step.say]
    assert told and all(any(s.decks) for s, _ in told)
    last_position, last = steps[-1]
    assert not any(last_position.decks) and "generation 4 ends" in last.say
    assert "next generation" not in last.say and "final scoring" in last.say


def test_neptune_when_player_2_begins_the_first_step_tells_their_turn_and_what_a_mission_is_before_paying():
    """Player 2 may begin (Setup draws the first player): the learner's first step then tells what
    Player 2 did (the card played and every launch), what a turn, a mission, control and access are,
    with the sections that say so, before it asks for a purchase."""
    from neko_lab.learn.lessons.neptune import LESSON
    les = LESSON(seed=8)                  # a deal where Player 2 begins with a Research Missions card
    s = les.new_game()
    les.bots_move(s)
    played = [e.text.removeprefix("plays ") for e in s.log if e.seat == 1 and e.text.startswith("plays ")]
    launched = [e.text.removeprefix("launches a Research Mission to ") for e in s.log
                if e.seat == 1 and e.text.startswith("launches")]
    assert played and launched and "Player 2 begins" in les.intro
    step = les.step(s)
    assert step.number == 1 and type(step.expected).__name__ == "MissionAccess"
    say = step.say
    assert say.startswith("Step 1 of") and "Before your first move: " in say
    assert f"Player 2 plays {played[0]}" in say and all(name in say for name in launched)
    ask = say.index(f"Pay for {step.expected.name}")
    for told in ("A turn is: sell a card if you like, play one card, then draw back to five (Destination: Neptune "
                 "\u203a Playing a Turn)",
                 "controls its mission for the whole game", "1 fame for each mission they control",
                 "you have access (Destination: Neptune \u203a Control and Access)",
                 "access is enough (Destination: Neptune \u203a Building)",
                 "costs 2 credits, paid to Player 2 (Destination: Neptune \u203a Summary of Two-Player Changes)"):
        assert 0 <= say.find(told) < ask, told
    # the reason to pay is true of the position: a base there at the next Build card, its fuel worked out
    assert "a team of yours may build a base there whenever a Build card is played, for 1 credit and 1 fuel" in say


def test_neptune_welcome_cites_setup_for_what_each_player_starts_with(built):
    intro = built("neptune").intro
    start = intro.index("You start with 3 construction teams on Earth, 5 credits, 5 fuel and 5 cards")
    sentence = intro[start:intro.index(")", start) + 1]          # up to the section it cites
    assert sentence.endswith("(Destination: Neptune \u203a Setup)"), sentence
    assert "5 cards of generation 1 (Destination: Neptune \u203a Generations)" not in intro
    assert "in this game you begin" in intro


def test_neptune_says_where_the_credits_paid_for_access_come_from(built):
    """Whoever controls a mission or technology is paid when another player buys access: every payment to
    the learner is told at the learner's next taught step, the rule the first time, and the launch and the
    technology steps give it among the reasons to take control."""
    les = built("neptune")
    told = {"mission": 0, "technology": 0}
    for step, s in _each_step(les):
        if step.auto:
            continue
        _, events = les.since_taught(s)
        for e in events:
            if e.seat == 1 and e.text.startswith("pays player 1 "):
                assert "Player 2 " + e.text.replace("pays player 1 ", "pays you ", 1) in step.say
                what = "mission" if "the mission at" in e.text else "technology"
                if not told[what]:
                    assert f"Whoever controls a {what} is paid by every player who buys access to it" in step.say
                told[what] += 1
        a = step.expected
        if type(a).__name__ == "Launch" or (type(a).__name__ == "TakeTech" and a.control):
            assert "2 credits" in step.say and "access to it" in step.say, step.say
    assert told["mission"] and told["technology"]


def test_neptune_explains_each_building_rule_where_the_game_meets_it(built):
    """Bases on the way (with the rulebook's worked example), a colony's price, a base next to another
    player's and a Fusion Fuel factory: each said at the step where it happens, true of the position."""
    from neko_lab.games.neptune.rules.factories_produce import produce
    from neko_lab.games.neptune.rules.fuel import fare, route, seat_view
    les = built("neptune")
    met = set()
    for step, s in _each_step(les):
        a = step.expected
        if type(a).__name__ not in ("BuildAt", "Launch") or step.auto:
            continue
        origin, dest = (s.data.home, a.loc) if type(a).__name__ == "Launch" else (a.origin, a.dest)
        spd, own, mask = seat_view(s, 0)
        cut = route(s.data, origin, dest, own, mask)[1] if origin != dest else 0
        if cut and s.data.locations[origin].planet != s.data.locations[dest].planet:
            counted = re.search(r"The bases? counted: (.*?)\.", step.say)
            assert counted and len(counted.group(1).split(" and ")) == cut, step.say
            if "far" not in met:
                assert "one base per planet" in step.say and "(Destination: Neptune \u203a Fuel Cost Calculation " \
                    "Example)" in step.say
                met.add("far")
        if type(a).__name__ != "BuildAt":
            continue
        if a.what == "colony":
            from_earth = fare(s.data, s.data.home, a.dest, spd, own, mask)
            assert a.fuel == from_earth + fare(s.data, a.origin, a.dest, spd, own, mask)
            assert f"{a.credits} credits here, plus the fuel cost from Earth" in step.say
            assert f"{a.fuel} fuel in all" in step.say
            met.add("colony")
        if a.what == "base" and any(p != 0 for p in s.bases[a.dest]) and "shared" not in met:
            assert "a factory or colony circle holds one token only" in step.say
            met.add("shared")
        if a.what == "factory" and s.data.locations[a.dest].factory_icon == "fusion_fuel":
            after = s.clone()
            after.factory[a.dest] = 0
            extra = produce(after, 0)[1] - produce(s, 0)[1]
            assert "Fusion Fuel icon" in step.say and (f"for you now {extra} fuel" in step.say if extra else
                                                       "nothing more until you have Fusion Power" in step.say)
            met.add("fusion")
    assert met == {"far", "colony", "shared", "fusion"}


def test_neptune_a_technology_card_with_nothing_left_to_take_says_why():
    """A deal where the learner plays a Technology card with a token on every technology already: the
    step asks for no technology and says why (it used to find no words at all)."""
    from neko_lab.learn.lessons.neptune import LESSON
    said = [step.say for step, s in _each_step(LESSON(seed=16))
            if s.pending[-1].kind == "technology" and type(step.expected).__name__ == "Pass"]
    assert said and all("Take no technology: you have a token on every technology already" in x for x in said)


def test_neptune_technology_steps_claim_only_the_prerequisites_the_learner_holds(built):
    # a prerequisite is needed only to take control of a technology (datasets/neptune/README.md): a
    # free access claims none, a control names its prerequisites, and every "which you have" is true of
    # the position; every worked fuel cost counts the speed of the technologies the learner holds
    from neko_lab.games.neptune.rules.fuel import seat_speed
    les = built("neptune")
    access = control = speeds = needless = 0
    for step, s in _each_step(les):
        techs = {t.name: i for i, t in enumerate(s.data.techs)}
        for names in re.findall(r"([A-Z][A-Za-z ]+?(?: and [A-Z][A-Za-z ]+?)*) first, which you have(?! no)",
                                step.say):
            for name in re.sub(r"^.*?(?:needs access to|needs) ", "", names).split(" and "):
                assert 0 in s.techs[techs[name]], f"step {step.number}: {name} is not yours: {step.say}"
        a = step.expected
        if type(a).__name__ == "TakeTech":
            t = s.data.techs[a.tech]
            pre = " and ".join(s.data.techs[p].name for p in t.prerequisites)
            if a.control:
                control += 1
                if pre:
                    assert f"Control needs access to {pre} first, which you have." in step.say
            else:
                access += 1
                assert not re.search("which you have(?! no)", step.say) and "It needs" not in step.say, step.say
                if pre:
                    assert f"Access needs no prerequisite: only taking control of it needs {pre}" in step.say
                lack = [s.data.techs[p].name for p in t.prerequisites if 0 not in s.techs[p]]
                assert ("which you have no token on" in step.say) == bool(lack), step.say
                needless += bool(lack)
        for spd in re.findall(r"distance \d+ from [^=()]*?\u2212 speed (\d+)", step.say):
            speeds += 1
            assert int(spd) == seat_speed(s, 0), f"step {step.number}: {step.say}"
    assert access >= 3 and control >= 3 and speeds and needless          # Fusion Power II without Fusion Power


def test_syndicate_a_card_placed_lower_than_an_open_place_says_why_and_names_only_boxes_there_are(built):
    """A placement at a lower multiplier than an open place (the lieutenants drill teaches placing as high
    as the open places allow) gives its reason: this turn's walk, as the lesson then plays it, steps onto
    the card at once; each higher place is said to lie off that walk or to need another box of it. Every
    refusal of another place names only boxes of cards in the pyramid as ways onto a place."""
    from neko_lab.games.syndicate.data import CHILD, LEVEL_OF, MULTIPLIER
    steps, _end = lesson_steps(built("syndicate"))
    lower = refused = 0
    for i, (s, step) in enumerate(steps):
        a = step.expected
        if type(a).__name__ != "Place":
            continue
        pyramid = s.observation(0)["areas"][0]["pyramid"]
        walk = []                                           # the boxes this turn's walk takes after the placement
        for _s, later in steps[i + 1:]:
            if type(later.expected).__name__ == "Box":
                if later.expected.place == 0:
                    break
                walk.append(later.expected)
        places = {x.place for x in s.legal_actions() if type(x).__name__ == "Place"}
        higher = sorted(p for p in places if MULTIPLIER[LEVEL_OF[p]] > MULTIPLIER[LEVEL_OF[a.place]])
        if higher:
            lower += 1
            up = next(b for b in walk[:-1] if CHILD[b.place][b.side] == a.place)      # the walk steps onto it
            here = next(b for b in walk if b.place == a.place)
            assert (f"place {a.place + 1} hangs below the {'left' if up.side == 0 else 'right'} box of place "
                    f"{up.place + 1}, the {up.action.capitalize()} this turn's walk takes, so a card there works "
                    f"this very turn: its {here.action.capitalize()}, up to {here.level} times") in step.say, step.say
            for q in higher:
                assert f"place {q + 1} hangs below the " in step.say, step.say
                assert f"place {q + 1} hangs below the " in step.check(type(a)(a.card, q))
        for x in s.legal_actions():
            if type(x).__name__ == "Place" and x != a:
                why = step.check(x)
                refused += 1
                for side, p in re.findall(r"the (left|right) box of place (\d+)", why):
                    assert pyramid[int(p) - 1] >= 0, (step.number, why)
                for p, side, q in re.findall(r"place (\d+) hangs below the (left|right) box of place (\d+)", why):
                    assert CHILD[int(q) - 1][0 if side == "left" else 1] == int(p) - 1, why
    assert lower >= 2 and refused


def test_neptune_explains_the_event_tag_and_the_event_rules_the_game_leaves_out(built):
    # the moves name a card's Event icon ("sell Build (0 fame, event)"): the first step that shows one says
    # what it is and that this game plays without the Optional Event Rules; the finale cites them as every
    # other line cites its section, and its last words list them among the rules the game did not meet
    les = built("neptune")
    events = "Destination: Neptune \u203a Optional Event Rules"
    told = []
    for step, s in _each_step(les):
        shown = any(getattr(x, "event", False) for x in s.legal_actions()
                    if type(x).__name__ in ("Sell", "Play"))
        if "marked \u201cevent\u201d" in step.say:
            told.append(step.number)
            assert shown and f"this game is played without them, so the icon changes nothing here ({events})" \
                in step.say
        elif shown:
            assert told, f"step {step.number} shows an event card before the tag is explained"
    assert len(told) == 1 and told[0] == 1
    *_, (last, s) = _each_step(les)
    s.apply(last.expected)
    les.bots_move(s)
    text = les.finale(s)
    rules = headings("neptune")
    for cited in re.findall(r"\(([^()]*)\)", text):
        for one in cited.split(", "):
            assert "\u203a" in one or not any(one == r.split(" \u203a ")[-1] for r in rules), one
    assert f"VP from events, which only the Optional Event Rules bring ({events})" in text
    assert f"the Optional Event Rules, which this game left out" in text.splitlines()[-1]
    from neko_lab.learn.lessons.neptune import not_met
    with_events = game_class("neptune")(players=2, seed=les.seed, events=True)
    assert "Optional Event Rules" not in not_met(with_events)
