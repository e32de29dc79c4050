"""Saving and loading: a save is the game's history, replayed through apply()."""
import json
import random
import re
import shutil
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import FORMAT, SaveError, dataset_dir
from neko_lab.core.history import checksum
from neko_lab.core.data import fingerprint

import statecheck


def _mid_game(seed=3, steps=15, game="toy", players=3):
    s = nl.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    return s


def fields(state, without=("_origin",)):
    """Every field but the record of where the game came from, which a loaded game keeps its own way."""
    return statecheck.fields(state, without)


def resign(doc: dict) -> str:
    """The save text of an edited document, with its checksum recomputed (as a forger would)."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return json.dumps({**body, "checksum": checksum(body)})


def test_round_trip_rebuilds_every_field_and_the_generator():
    s = _mid_game()
    t = nl.from_json(s.to_json())
    assert fields(t) == fields(s)
    assert t.rng == s.rng and t.log == s.log and t.pending == s.pending
    # the next chance event is the same after loading
    assert s.rng.random() == t.rng.random()


def test_save_holds_the_settings_and_the_actions_not_the_fields():
    s = _mid_game()
    doc = json.loads(s.to_json())
    assert doc["format"] == FORMAT and doc["kind"] == "history" and doc["game"] == "toy"
    assert (doc["players"], doc["seed"], doc["options"]) == (3, 3, {"~d": {"short": False}})
    assert len(doc["actions"]) == 15 and "hands" not in doc and "deck" not in doc
    assert doc["classes"] == ["toygame:Move"]


def test_history_is_every_applied_action_and_is_shared_by_clones():
    s = nl.new_game("toy", seed=1)
    taken = []
    for _ in range(10):
        a = s.legal_actions()[0]
        s.apply(a)
        taken.append(a)
    assert s.history() == taken
    c = s.clone()
    assert c._history is s._history, "a clone shares the history instead of copying it"
    c.apply(c.legal_actions()[0])
    assert len(c.history()) == 11 and s.history() == taken


@pytest.mark.parametrize("text,needle", [
    ("not json at all", "not a neko_lab save: not JSON"),
    ("[1, 2, 3]", "no 'format' field"),
    ('{"format": "chess-save/9"}', "unsupported save format"),
    ('{"format": "' + FORMAT + '", "game": "toy", "kind": "history"}', "'checksum' field is missing"),
    ("[" * 100_000, "nested too deeply"),
    ('{"format": ' + "1" * 10_000 + "}", "number too long"),
    (b"\xff\xfe{}", r"not UTF-8 text \(byte 1\)"),          # the first byte: positions count from 1
    (None, "a save is text"),
    (12, "a save is text"),
    ({"format": FORMAT}, "a save is text"),
])
def test_anything_that_is_not_a_save_gives_only_save_error(text, needle):
    with pytest.raises(SaveError, match=needle) as info:
        nl.from_json(text)
    assert len(str(info.value)) < 300


def test_truncated_save_and_huge_input_are_refused_briefly():
    text = _mid_game().to_json()
    for cut in (1, len(text) // 3, len(text) - 1):
        with pytest.raises(SaveError) as info:
            nl.from_json(text[:cut])
        assert len(str(info.value)) < 300
    secret = "x" * 100_000
    with pytest.raises(SaveError) as info:
        nl.from_json('{"format": "' + secret + '"}')
    assert len(str(info.value)) < 300 and secret[:200] not in str(info.value)


def test_a_save_read_as_utf8_bytes_loads():
    s = _mid_game()
    assert fields(nl.from_json(s.to_json().encode())) == fields(s)


def test_damaged_save_is_refused_by_checksum():
    doc = json.loads(_mid_game().to_json())
    doc["seed"] += 1
    with pytest.raises(SaveError, match="checksum does not match"):
        nl.from_json(json.dumps(doc))


def test_unknown_game_and_unknown_action_class_are_refused():
    doc = json.loads(_mid_game().to_json())
    with pytest.raises(SaveError, match="unknown game 'chess'"):
        nl.from_json(resign({**doc, "game": "chess"}))
    with pytest.raises(SaveError, match="unknown action class 'os:system'"):
        nl.from_json(resign({**doc, "classes": ["os:system"]}))


def test_edited_save_that_breaks_a_rule_names_the_step_and_the_reason():
    s = _mid_game(steps=0)
    s.apply(s.legal_actions()[0])
    doc = json.loads(s.to_json())
    doc["actions"].append([0, "play", 7])     # no card 7 exists: step 2 cannot be legal
    with pytest.raises(SaveError, match=r"^step 2: play 7 is not legal: .*not in Player 2's hand"):
        nl.from_json(resign(doc))


def test_a_save_edited_by_hand_that_breaks_a_rule_names_the_step_though_its_checksum_no_longer_matches():
    s = _mid_game(steps=0)
    s.apply(s.legal_actions()[0])
    doc = json.loads(s.to_json())
    doc["actions"].append([0, "play", 7])     # edited by hand: the checksum is left as it was
    for load in (nl.from_json, nl.replay):
        with pytest.raises(SaveError, match=r"^step 2: play 7 is not legal: .*not in Player 2's hand.*"
                                            r"and the checksum does not match"):
            load(json.dumps(doc))
    doc["actions"].pop()
    doc["actions"].pop()                      # a legal game still, but not the one saved
    with pytest.raises(SaveError, match=r"^corrupted save: the checksum does not match"):
        nl.from_json(json.dumps(doc))


def test_edited_field_types_name_the_step():
    doc = json.loads(_mid_game().to_json())
    doc["actions"][4] = [0, "play"]               # a Move has two fields
    with pytest.raises(SaveError, match=r"^step 5: a Move has 2 fields, not 1"):
        nl.from_json(resign(doc))
    doc["actions"][4] = [3, "play", 1]            # no class 3 in the table
    with pytest.raises(SaveError, match=r"^step 5: .* names no action class"):
        nl.from_json(resign(doc))
    doc["actions"][4] = {"~r": "not a number"}
    with pytest.raises(SaveError, match=r"^step 5: .* is not an action"):
        nl.from_json(resign(doc))


def test_a_step_refusal_names_a_long_action_once():
    s = _mid_game(game="naeco", players=2, steps=10, seed=1)
    doc = json.loads(s.to_json())
    doc["actions"][3], doc["actions"][4] = doc["actions"][4], doc["actions"][3]
    with pytest.raises(SaveError) as info:
        nl.from_json(resign(doc))
    said = str(info.value)
    assert said.startswith("step 4: play ") and said.count("play ") == 1, said


def test_a_step_with_a_malformed_field_names_the_field_and_its_value():
    s = _mid_game(game="journey", players=2, steps=6, seed=1)
    doc = json.loads(s.to_json())
    step = next(i for i, a in enumerate(doc["actions"]) if a[1] == "draft")
    doc["actions"][step][2] = "x"                 # Journey's Act(kind, a, b, c): a die value is an int
    with pytest.raises(SaveError, match=rf"^step {step + 1}: Act\(kind='draft', a='x', .*\) is not a "
                                        r"well-formed action of this game: its a is 'x' \(str\), where "
                                        r"a legal Act has int"):
        nl.from_json(resign(doc))


def test_an_action_with_a_field_of_the_wrong_type_is_named_in_every_game():
    # a game whose own refusals read the action by its text (which may equal a legal action's) is told
    # the field too; numpy's integers are integers, refused for the game's own reason
    import numpy as np
    for game in ("neptune", "naeco", "syndicate", "journey"):
        s = nl.new_game(game, players=2, seed=1)
        rng = random.Random(0)
        found = None
        while found is None and not s.is_over():
            found = next(((a, f) for a in s.legal_actions() for f in getattr(a, "_fields", ())
                          if type(getattr(a, f)) is int), None)
            if found is None:
                s.apply(rng.choice(s.legal_actions()))
        assert found is not None, game
        a, name = found
        wrong = a._replace(**{name: str(getattr(a, name))})
        with pytest.raises(nl.IllegalAction, match=rf"its {name} is '{getattr(a, name)}' \(str\), where a "
                                                   rf"legal {type(a).__name__} has int"):
            s.apply(wrong)
        with pytest.raises(nl.IllegalAction) as info:
            s.apply(a._replace(**{name: np.int64(10_000)}))
        assert "well-formed" not in str(info.value), game


@pytest.mark.parametrize("edit,needle", [
    ({"players": 9}, "settings are refused: toy is for 1 to 4 players"),
    ({"players": "3"}, "'players' should be int"),
    ({"seed": -1}, "settings are refused: seed must be"),
    ({"options": {"~d": {"colour": True}}}, "has no option 'colour'"),
    ({"options": [1]}, "'options' should be dict"),
    ({"kind": "magic"}, "unknown save kind 'magic'"),
])
def test_edited_settings_are_refused(edit, needle):
    doc = json.loads(_mid_game().to_json())
    with pytest.raises(SaveError, match=needle):
        nl.from_json(resign({**doc, **edit}))


@pytest.mark.parametrize("name, value", [("players", 3), ("seed", 9), ("data", "/elsewhere")])
@pytest.mark.parametrize("resigned", [True, False])
def test_options_naming_the_saves_own_settings_are_refused(name, value, resigned):
    # with or without a matching checksum (an edited save is replayed to name its step), never a
    # KeyError or TypeError from the game's set-up, and never a card folder named by the save
    doc = json.loads(_mid_game(game="journey", players=2, steps=6).to_json())
    doc["options"]["~d"][name] = value
    text = resign(doc) if resigned else json.dumps(doc)
    with pytest.raises(SaveError, match=f"'options' names {name}, which the save records on its own"):
        nl.from_json(text)


def test_a_save_made_with_other_shipped_data_is_refused():
    doc = json.loads(_mid_game(game="naeco", players=2, steps=6).to_json())
    assert doc["data"]["fingerprint"] and "files" not in doc["data"]
    doc["data"]["fingerprint"] = "0123456789abcdef"
    with pytest.raises(SaveError, match="played with other naeco card data"):
        nl.from_json(resign(doc))


@pytest.mark.parametrize("steps", [6, 0])
def test_a_save_whose_game_was_changed_says_the_game_does_not_match_its_actions_and_data(steps):
    doc = json.loads(_mid_game(game="naeco", players=2, steps=steps).to_json())
    doc["game"] = "syndicate"
    said = "actions" if steps else "card data"      # with no action, only the data tells
    for load in (nl.from_json, nl.replay):
        with pytest.raises(SaveError, match=f"game is syndicate, but its {said} are those of naeco: its "
                                            f"'game' field does not match"):
            load(resign(doc))


def test_a_game_played_with_the_users_data_carries_it_and_loads_without_the_folder(tmp_path):
    folder = tmp_path / "mydata"
    shutil.copytree(dataset_dir("naeco"), folder)
    surface = (folder / "surface.csv").read_text(encoding="utf-8").replace("\n0,-1,", "\n0,-2,")
    (folder / "surface.csv").write_text(surface, encoding="utf-8")
    s = nl.new_game("naeco", seed=4, data=str(folder))
    rng = random.Random(4)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    text = s.to_json()
    assert "surface.csv" in json.loads(text)["data"]["files"]
    shutil.rmtree(folder)
    t = nl.from_json(text)
    assert t.surface_values[0] == -2
    assert fields(t, ("_origin", "data")) == fields(s, ("_origin", "data"))
    assert t.to_json() == text, "a loaded game saves again the same, its data included"
    doc = json.loads(text)
    doc["data"]["files"]["surface.csv"] += "5,99,7,rulebook\n"
    with pytest.raises(SaveError, match="do not match their fingerprint"):
        nl.from_json(resign(doc))


@pytest.mark.parametrize("game", ["journey", "naeco", "neptune", "syndicate"])
def test_a_save_holds_the_data_the_game_was_set_up_with_whatever_happens_to_the_folder_later(tmp_path, game):
    # a designer edits the cards between games, or tidies the folder away: the game already under way
    # must still save (and load) as it was played
    folder = tmp_path / "mydata"
    shutil.copytree(dataset_dir(game), folder)
    played_with = {p.name: p.read_bytes().decode("utf-8") for p in folder.iterdir()
                   if p.suffix in (".csv", ".json")}
    s = nl.new_game(game, seed=4, data=str(folder))
    rng = random.Random(4)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    for path in folder.iterdir():            # every file edited after the set-up
        if path.suffix == ".csv":
            path.write_bytes(path.read_bytes() + b"\n")
    text = s.to_json()
    assert json.loads(text)["data"]["files"] == played_with
    t = nl.from_json(text)
    assert t.history() == s.history() and t.scores() == s.scores() and t.legal_actions() == s.legal_actions()
    shutil.rmtree(folder)
    assert s.to_json() == text, "with the folder gone the game still saves, the same"
    assert nl.from_json(text).to_json() == text


@pytest.mark.parametrize("game", ["naeco", "syndicate"])
def test_other_files_in_the_users_folder_stay_out_of_the_save(tmp_path, game):
    # a designer's folder also holds notes and spare copies the game never reads: a large one must not
    # make the save too long to load, one in another encoding must not make the game unsaveable
    folder = tmp_path / "mydata"
    shutil.copytree(dataset_dir(game), folder)
    (folder / "notes.csv").write_text(("a,b,c\n" + "x" * 100 + ",1,2\n") * 25_000, encoding="utf-8")
    (folder / "notes backup.csv").write_bytes("café,1\n".encode("latin-1"))
    s = nl.new_game(game, players=2, seed=1, data=str(folder))
    s.apply(s.legal_actions()[0])
    text = s.to_json()
    files = json.loads(text)["data"]["files"]
    assert "notes.csv" not in files and "notes backup.csv" not in files and len(text) < 100_000
    assert nl.from_json(text).history() == s.history()
    df = nl.simulate(game, games=1, players=2, agents=["random"], seed=1, data=str(folder), progress=False)
    assert len(df) == 2


def test_a_bad_embedded_file_is_named_as_the_saves_own(tmp_path):
    folder = tmp_path / "mydata"
    shutil.copytree(dataset_dir("naeco"), folder)
    s = nl.new_game("naeco", seed=4, data=str(folder))
    doc = json.loads(s.to_json())
    doc["data"]["files"]["surface.csv"] = doc["data"]["files"]["surface.csv"].replace("\n0,-1,", "\n0,x,")
    doc["data"]["files"]["n" * 300 + ".csv"] = "a,b\n"         # a name no game reads
    doc["data"]["fingerprint"] = fingerprint(None, doc["data"]["files"].items())
    with pytest.raises(SaveError, match=r"refused: embedded surface.csv, row 1 \(line 2\), field ") as info:
        nl.from_json(resign(doc))
    assert "neko_lab-naeco-" not in str(info.value)


def test_a_position_set_up_by_hand_is_saved_as_a_snapshot_and_loads_only_when_trusted():
    s = nl.new_game("toy", players=2, seed=5)
    s.hands[0] = [6, 6, 6, 6]       # not reachable by play
    s.deck = [c for c in s.deck if c != 6] + [6] * (s.deck.count(6) + sum(h.count(6) for h in s.hands[1:]) - 0)
    s.deck = sorted(s.deck)
    s.__dict__["hands"][1] = [1]
    cards = sorted(s.deck + [c for h in s.hands for c in h])
    need = [v for v in range(1, 7) for _ in range(4)]
    for c in need:                   # make every card be in one place again
        if cards.count(c) < need.count(c):
            s.deck.append(c)
            cards.append(c)
    for c in list(s.deck):
        if cards.count(c) > need.count(c):
            s.deck.remove(c)
            cards.remove(c)
    s.check_invariants()
    text = s.to_json(snapshot=True)
    with pytest.raises(SaveError, match="snapshot.*trust=True"):
        nl.from_json(text)
    t = nl.from_json(text, trust=True)
    assert t.hands == s.hands and fields(t) == fields(s)
    assert t.to_json(snapshot=True) == text


def test_a_position_loaded_from_a_snapshot_its_history_does_not_give_is_not_saved_as_that_history():
    s = _mid_game(game="naeco", players=2, steps=2, seed=4)
    s.hands = [s.hands[1], s.hands[0]]          # set up by hand: no play leads here
    s.known = [s.known[1], s.known[0]]
    text = s.to_json(snapshot=True)
    t = nl.from_json(text, trust=True)
    for position in (t, t.clone()):
        for save in (position.to_json, lambda: nl.replay(position)):
            with pytest.raises(SaveError, match=r"loaded from a snapshot that its history does not "
                                                r"reproduce.*to_json\(snapshot=True\)"):
                save()
    assert t.to_json(snapshot=True) == text, "it still saves as a snapshot, as it was"
    t.apply(t.legal_actions()[0])
    with pytest.raises(SaveError, match="does not reproduce"):
        t.to_json()
    played = _mid_game(game="naeco", players=2, steps=2, seed=4)   # a snapshot of a position reached by play
    u = nl.from_json(played.to_json(snapshot=True), trust=True)
    assert u.to_json() == played.to_json() and fields(nl.replay(u)[-1]) == fields(played)


def test_a_snapshot_that_breaks_the_rules_is_refused_even_when_trusted():
    s = _mid_game()
    doc = json.loads(s.to_json(snapshot=True))
    doc["state"]["deck"].append(6)
    with pytest.raises(SaveError, match="every card is in one place"):
        nl.from_json(resign(doc), trust=True)
    doc["state"]["deck"] = {"~c": "os:system", "v": {}}
    with pytest.raises(SaveError, match="unknown class 'os:system'"):
        nl.from_json(resign(doc), trust=True)


def test_a_snapshot_breaking_a_game_rule_names_the_rule_not_a_python_error():
    s = _mid_game(seed=4, steps=25, game="journey", players=3)
    doc = json.loads(s.to_json(snapshot=True))
    doc["state"]["boards"][0]["v"]["fish"] = 9
    with pytest.raises(SaveError) as err:
        nl.from_json(resign(doc), trust=True)
    assert str(err.value) == ("corrupted snapshot: its fields break a rule of the game: Player 1 fish 9: "
                              "the freezer holds at most 8")


@pytest.mark.parametrize("name,value", [
    ("_history", 7), ("_origin", "x"), ("rng", "x"), ("players", "2"), ("seed", -1), ("steps", None),
    ("options", [1]), ("log", 5), ("pending", [5]),
])
def test_a_trusted_snapshot_with_a_broken_core_field_is_refused_naming_the_field(name, value):
    doc = json.loads(_mid_game().to_json(snapshot=True))
    doc["state"][name] = value
    with pytest.raises(SaveError, match=f"corrupted snapshot: the field '{name}' should be"):
        nl.from_json(resign(doc), trust=True)
    del doc["state"][name]
    if name not in ("_history", "_origin", "log"):     # a snapshot without these gets a default
        with pytest.raises(SaveError, match=f"the field '{name}' is missing"):
            nl.from_json(resign(doc), trust=True)


@pytest.mark.parametrize("game,players,name,value,what", [
    ("neptune", 3, "active", 5, r"a seat number from 0 to 2 \(seat 0 is Player 1\)"),
    ("neptune", 3, "generation", -1, "a whole number from 0 to 4"),
    ("naeco", 2, "priority", [3], r"a list of 2 entries \(one per player\)"),
    ("journey", 3, "order", [0, 2, 1, 1], "the seat numbers 0 to 2 in some order, each once"),
    ("journey", 3, "n_revealed", 8, "7 "),
    ("syndicate", 2, "turn_log", -1, "a whole number from 0 to "),
])
def test_a_trusted_snapshot_with_a_game_field_out_of_shape_is_refused_naming_the_field(
        game, players, name, value, what):
    doc = json.loads(_mid_game(seed=4, steps=25, game=game, players=players).to_json(snapshot=True))
    doc["state"][name] = value
    with pytest.raises(SaveError, match=f"corrupted snapshot: the field '{name}' should be {what}.*, not "
                                        f"{re.escape(repr(value))}$"):
        nl.from_json(resign(doc), trust=True)


@pytest.mark.parametrize("game", ["journey", "naeco", "neptune", "syndicate"])
def test_snapshots_of_real_games_load_at_every_player_count_with_options(game):
    options = {"journey": {"advanced_cards": True, "advanced_setup": True}, "naeco": {"sea_shepherd": True},
               "neptune": {"events": True}, "syndicate": {"simultaneous": False}}[game]
    cls = nl.GAMES[game]
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        for opts in ({}, options):
            s = nl.new_game(game, players=players, seed=players, **opts)
            rng = random.Random(players)
            while True:
                text = s.to_json(snapshot=True)
                assert fields(nl.from_json(text, trust=True)) == fields(s)
                if s.is_over():
                    break
                for _ in range(40):
                    if not s.is_over():
                        s.apply(rng.choice(s.legal_actions()))


def test_replay_gives_every_position_in_order():
    s = nl.new_game("toy", players=2, seed=8)
    rng = random.Random(8)
    positions = [s.clone()]
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        positions.append(s.clone())
    rp = nl.replay(s.to_json())
    assert len(rp) == len(positions) == len(rp.actions) + 1
    for i in (0, 1, 15, 16, 17, len(positions) - 2, len(positions) - 1):
        assert fields(rp[i]) == fields(positions[i]), f"position {i}"
    assert [p.steps for p in rp] == list(range(len(positions)))
    assert fields(rp[-1]) == fields(s) and rp.final.is_over()
    assert rp.describe(1) == str(rp.actions[0])
    assert rp.describe(-1) == str(rp.actions[-1]) == rp.describe(len(rp) - 1)
    for nowhere in (0, -len(rp), len(rp)):     # no action leads to the set-up, nor past the end
        with pytest.raises(IndexError):
            rp.describe(nowhere)
    back = rp[3]
    back.apply(back.legal_actions()[0])      # a position given is a copy one may play on
    assert fields(rp[3]) == fields(positions[3])
    assert fields(nl.replay(s)[5]) == fields(positions[5])
    with pytest.raises(IndexError):
        rp[len(positions)]
    n = len(positions)                          # the message names the number as it was given
    with pytest.raises(IndexError, match=rf"^position -{n + 50} of a game with {n} positions "
                                         rf"\(0\.\.{n - 1}, or -{n}\.\.-1 from the end\)$"):
        rp[-(n + 50)]


def test_replay_of_an_edited_save_names_the_step():
    doc = json.loads(_mid_game().to_json())
    doc["actions"][2] = [0, "pass", None]
    with pytest.raises(SaveError, match="^step 3: pass is not legal"):
        nl.replay(resign(doc))


def test_deeply_nested_values_inside_a_valid_save_are_refused():
    doc = json.loads(_mid_game().to_json())
    deep = "x"
    for _ in range(300):
        deep = [deep]
    for edit in ({"actions": [[0, "play", deep]]}, {"options": {"~d": {"short": {"~t": [deep]}}}}):
        with pytest.raises(SaveError) as info:
            nl.from_json(resign({**doc, **edit}))
        assert len(str(info.value)) < 300
    text = resign({**doc, "actions": [[0, "play", "@@"]]})
    text = text.replace('"@@"', "[" * 3000 + '"x"' + "]" * 3000)
    with pytest.raises(SaveError):
        nl.from_json(text)


def test_a_save_file_is_read_from_its_path_and_named_in_every_error(tmp_path):
    s = nl.new_game("naeco", seed=3)
    rng = random.Random(1)
    for _ in range(8):
        s.apply(rng.choice(s.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(s.to_json(), encoding="utf-8")
    assert nl.from_json(path).history() == s.history()
    assert len(nl.replay(path)) == 9
    with_bom = tmp_path / "bom.json"                   # as some editors on Windows write it
    with_bom.write_bytes(b"\xef\xbb\xbf" + s.to_json().encode())
    assert nl.from_json(with_bom).history() == s.history()
    cut = tmp_path / "cut.json"
    cut.write_text(s.to_json()[:-20], encoding="utf-8")
    for bad, said in ((cut, "not a neko_lab save: not JSON"), (tmp_path / "none.json", "cannot read the save"),
                      (tmp_path, "cannot read the save")):
        for load in (nl.from_json, nl.replay):
            with pytest.raises(SaveError) as err:
                load(bad)
            assert str(err.value).startswith(f"{bad}: {said}")
    with pytest.raises(SaveError, match=r"pass pathlib.Path\("):
        nl.from_json(str(path))                         # a file's name given as the text of a save


def test_yes_or_no_arguments_of_saving_and_loading_take_only_true_or_false():
    s = nl.new_game("naeco", players=2, seed=1)
    snap = s.to_json(snapshot=True)
    for bad in ("yes", 1, None):
        with pytest.raises(nl.ConfigError, match=f"trust is True or False, not {bad!r}"):
            nl.from_json(snap, trust=bad)
        with pytest.raises(nl.ConfigError, match=f"snapshot is True or False, not {bad!r}"):
            s.to_json(snapshot=bad)
    with pytest.raises(nl.ConfigError, match="trust is True or False, not 'x'"):
        nl.replay(s.to_json(), trust="x")
    assert nl.from_json(snap, trust=True).to_json(snapshot=True) == snap


def test_the_readme_shows_the_refusal_a_save_edited_against_the_rules_gets():
    """README.md quotes the refusal of a Naéco save whose step 41 was replaced by a later one."""
    doc = json.loads(nl.play("naeco", "random", seed=5).to_json())
    doc["actions"][40] = doc["actions"][47]
    with pytest.raises(SaveError) as refused:
        nl.from_json(json.dumps(doc))
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split())
    said = str(refused.value)
    shown, _, checksum = said.partition(" (and the checksum")
    assert shown.startswith("step 41: ") and f"`{shown}`" in readme
    assert f'"(and the checksum{checksum}"' in readme


def test_a_refusal_that_already_says_what_is_not_legal_is_not_said_twice():
    doc = json.loads(nl.play("journey", "random", seed=5).to_json())
    doc["actions"][40] = doc["actions"][47]
    with pytest.raises(SaveError, match=r"^step 42: end turn is not legal: a main action is mandatory") as refused:
        nl.from_json(json.dumps(doc))
    assert str(refused.value).count("is not legal") == 1


def _refusal(doc: dict) -> str:
    with pytest.raises(SaveError) as refused:
        nl.from_json(json.dumps(doc))          # edited by hand: the checksum is left as it was
    return str(refused.value)


def test_an_edited_player_count_is_named_as_the_likely_edit_and_the_action_once():
    s = _mid_game(game="syndicate", players=1, seed=21, steps=5)
    first = str(s.history()[0])                                 # CatANNA's markers: ... (its text holds ": ")
    doc = json.loads(s.to_json())
    said = _refusal({**doc, "players": 2})
    assert said.startswith("step 1: CatANNA's markers: ") and said.count("CatANNA's markers") == 1, said
    quoted = said[len("step 1: "):said.index("...")]
    assert first.startswith(quoted) and first[len(quoted)] == " ", "cut where a word ends"
    assert said.endswith("; its steps replay in full as a game of 1 player, where the save says 2 players: "
                         "the player count is the likely edit)")
    naeco = json.loads(_mid_game(game="naeco", players=2, seed=21, steps=5).to_json())
    for players in (1, 3):
        assert _refusal({**naeco, "players": players}).endswith(
            f"as a game of 2 players, where the save says {players} player{'s' * (players > 1)}: the player "
            f"count is the likely edit)")


def test_an_edited_option_is_named_as_the_likely_edit_and_an_edit_of_the_steps_is_not_blamed_on_the_header():
    doc = json.loads(nl.play("naeco", "random", seed=1, sea_shepherd=True).to_json())
    doc["options"]["~d"]["sea_shepherd"] = False
    assert _refusal(doc).endswith("its steps replay in full with the option sea_shepherd=True, where the save "
                                  "says sea_shepherd=False: that option is the likely edit)")
    doc = json.loads(nl.play("naeco", "random", seed=5).to_json())
    doc["actions"][40] = doc["actions"][47]
    assert _refusal(doc).endswith("(and the checksum does not match: the file was damaged or edited)")


def _use(state):
    """What a person does with a loaded position: look at it from every seat, ask for moves and scores."""
    state.legal_actions()
    state.scores()
    for seat in range(state.players):
        state.observation(seat)
        state.picture(viewer=seat)
    repr(state)


@pytest.mark.parametrize("game", ["journey", "naeco", "neptune", "syndicate"])
def test_every_field_of_a_trusted_snapshot_set_to_a_wrong_shape_is_refused_naming_it(game):
    # a hand-edited snapshot: a field of no shape the game can hold is refused naming the field; any other
    # edit is refused (SaveError) or loads a position that can be looked at and played from, never a
    # Python error later in picture(), legal_actions() or scores()
    text = _mid_game(seed=5, steps=30, game=game, players=2).to_json(snapshot=True)
    names = sorted(json.loads(text)["state"])
    defaults = {"_history", "_origin", "log"}      # a snapshot without these gets a default
    for name in names:
        for value in ("x", {"x": 1}, -1, 10 ** 6, [], None, ...):
            doc = json.loads(text)
            if value is ...:                 # the field left out
                del doc["state"][name]
            else:
                doc["state"][name] = value
            try:
                _use(nl.from_json(resign(doc), trust=True))
            except SaveError as exc:
                if value in ("x", {"x": 1}) or value is ... and name not in defaults:
                    assert f"the field '{name}'" in str(exc), (name, value, str(exc))
                continue
            # loaded: a value of the field's shape, or a field left out that has a default (one of the
            # core's, or a class default for snapshots saved before the field existed)
            assert value not in ("x", {"x": 1}), (name, value)
            assert value is not ... or name in defaults or hasattr(nl.GAMES[game], name), name
