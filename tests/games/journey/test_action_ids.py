"""Journey's action ids (rules/spaces.py): every id names a choice a game can hold. Dice show 1 to 6 (an
adjusted die goes around from 6 to 1, Journey › Free Actions) and cards are numbered from 1, so no id names
a die showing 0 or card #0, and every face and every card has its ids."""
from __future__ import annotations

import re

import pytest

import neko_lab as nl
from neko_lab.core import IllegalAction
from neko_lab.games.journey.rules import Act
from neko_lab.games.journey.rules.spaces import FACE_KINDS

from .helpers import new

# the die faces an id's words name: "bid a 3", "take a discarded 3 (fish)", "turn a 3 into a 4",
# "activate the card in lane 1, slot 2 with a 3", "dice reward of face 3: fuel"
FACE_WORDS = re.compile(r"\b(?:a|discarded|face) (\d+)\b")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_id_names_only_die_faces_one_to_six(players):
    s = new(players)
    words = [s.action_words(i) for i in range(s.num_actions(players))]
    named = {int(v) for w in words for v in FACE_WORDS.findall(w)}
    assert named == {1, 2, 3, 4, 5, 6}, f"faces named by the ids: {sorted(named)}"
    assert not [w for w in words if "card #0" in w]


def test_each_face_kind_has_one_id_per_face_and_none_for_a_zero():
    s = new(3)
    for kind in FACE_KINDS + ("reward", "lottery"):
        ids = {s.action_id(Act(kind, v)) for v in range(1, 7)}
        assert len(ids) == 6, kind
        with pytest.raises(IllegalAction, match="is not an action of journey"):
            s.action_id(Act(kind, 0))
    for kind in ("adjust", "tile_adjust"):
        assert len({s.action_id(Act(kind, v, d)) for v in range(1, 7) for d in (-1, 1)}) == 12
        with pytest.raises(IllegalAction):
            s.action_id(Act(kind, 0, 1))
    with pytest.raises(IllegalAction):
        s.action_id(Act("take_die", 0, 1))
    with pytest.raises(IllegalAction):
        s.action_id(Act("park_bid", 0, 0))
    with pytest.raises(IllegalAction):
        s.action_id(Act("card", 0, 0, 0))


def test_every_card_of_the_game_can_be_bought_by_id_and_card_zero_cannot():
    s = new(4)
    ids = {c.id: s.action_id(Act("pick", c.id)) for c in s.data.cards}
    assert len(set(ids.values())) == len(s.data.cards)
    assert all(s.action_words(i) == f"buy card #{c}" for c, i in ids.items())
    with pytest.raises(IllegalAction):
        s.action_id(Act("pick", 0))


def test_openspiel_counts_the_same_ids():
    pyspiel = pytest.importorskip("pyspiel")
    import neko_lab.adapters.openspiel  # noqa: F401  (registers the games)
    for players in (2, 3, 4):
        game = pyspiel.load_game("python_neko_journey", {"players": players})
        assert game.num_distinct_actions() == nl.game_class("journey").num_actions(players)
        st = game.new_initial_state()
        said = {int(v) for i in range(game.num_distinct_actions())
                for v in FACE_WORDS.findall(st.action_to_string(0, i))}
        assert said == {1, 2, 3, 4, 5, 6}
