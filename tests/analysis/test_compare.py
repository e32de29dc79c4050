"""Comparing two rule options: per-value first-seat win share and mean score, with tests of the
difference."""
from __future__ import annotations

import pandas as pd
import pytest

import neko_lab as nl
from neko_lab import analysis as A
import toygame  # noqa: F401  (registers "toy"; imported by this name only, as conftest does, so it registers once)
from tests.analysis.test_analysis import games


def _option(df, **opts):
    return df.assign(**{f"opt_{k}": v for k, v in opts.items()})


def test_two_frames_are_compared_with_a_two_proportion_and_a_welch_test():
    # seat 1 wins 30 of 40 games with the option off, 15 of 40 with it on; scores 10/4 against 6/8
    off = _option(games([([10, 4], [0])] * 30 + [([4, 10], [1])] * 10), events=False)
    on = _option(games([([6, 8], [0])] * 15 + [([8, 6], [1])] * 25), events=True)
    cmp = A.compare_options(off, on)
    t = cmp.table.set_index("value")
    assert t.index.tolist() == ["events=False", "events=True"] and cmp.option == "events"
    assert t.loc["events=False", "first_seat"] == 0.75 and t.loc["events=True", "first_seat"] == 0.375
    assert t.loc["events=False", "score"] == 7.0 and t.loc["events=True", "score"] == 7.0
    test = cmp.tests.iloc[0]
    expected = A.two_proportion_test(30, 40, 15, 40)
    assert test["rate_diff"] == pytest.approx(-0.375) and test["p_rate"] == pytest.approx(expected["p"])
    assert test["p_rate"] < 0.01 and test["p_score"] == 1.0        # every game's mean score is 7
    text = cmp.summary()
    assert text.startswith("events=True against events=False (40 games and 40): seat 1 wins 37.5 %")
    assert "−37.5 percentage points" in text and "a difference" in text and "no difference these games can see" in text


def test_a_sweep_is_compared_over_the_option_it_varies():
    sw = nl.sim.sweep("toy", options={"short": [False, True]}, games=40, players=2, agents=[["greedy", "random"]],
                      progress=False)
    cmp = A.compare_options(sw)
    t = cmp.table.set_index("value")
    assert t.index.tolist() == ["short=False", "short=True"] and (t["games"] == 40).all()
    for value, part in ((False, sw[~sw.opt_short]), (True, sw[sw.opt_short])):
        row = t.loc[f"short={value!r}"]
        assert row["first_seat"] == part.loc[part.seat == 0, "share"].mean()
        assert row["score"] == pytest.approx(part.groupby("game")["score"].mean().mean())
        assert row["low"] <= row["first_seat"] <= row["high"]
        assert row["score_low"] <= row["score"] <= row["score_high"]
    assert 0 <= cmp.tests.iloc[0]["p_rate"] <= 1 and "short=True against short=False" in repr(cmp)
    assert "<table" in cmp._repr_html_()


def test_what_cannot_be_compared_is_refused_with_the_reason():
    df = _option(games([([1, 0], [0])] * 4), a=1, b=2)
    with pytest.raises(nl.ConfigError, match="plays one set of options, so there is nothing to compare"):
        A.compare_options(df)
    varied = pd.concat([df, _option(games([([1, 0], [0])] * 4), a=2, b=3)])
    with pytest.raises(nl.ConfigError, match="this frame varies a and b: name the one to compare with option="):
        A.compare_options(varied)
    with pytest.raises(nl.ConfigError, match="the frame also varies b"):
        A.compare_options(varied, option="a")
    with pytest.raises(nl.ConfigError, match="the frame has no option 'c' \\(its options: a, b\\)"):
        A.compare_options(varied, option="c")


@pytest.mark.parametrize("varied, column", [
    (dict(agents=[["greedy", "random"], ["random"]]), "lineup"),
    (dict(agents=[["random"]], data=[None, "cards"]), "data_folder")])
def test_a_sweep_over_line_ups_or_data_folders_is_compared_within_one_of_them(tmp_path, varied, column):
    # cells of one option value share their deals (the same seeds): pooled, each value would count its
    # games once per line-up or folder, and the intervals would narrow on games that are not independent
    import shutil
    from neko_lab.core.data import shipped_dir

    if "data" in varied:
        shutil.copytree(shipped_dir("naeco"), tmp_path / "cards")
        varied["data"] = [None, tmp_path / "cards"]
    sw = nl.sim.sweep("naeco", options={"sea_shepherd": [False, True]}, games=6, players=2, seed=3,
                      progress=False, **varied)
    first = sw[column].iloc[0]
    with pytest.raises(nl.ConfigError, match=rf"holds games of 2 .*the {column} column.*keep the rows of one "
                                            rf"value of it first, e.g. df\[df.{column} == {first!r}\]"):
        A.compare_options(sw)
    cmp = A.compare_options(sw[sw[column] == first])
    assert (cmp.table["games"] == 6).all()           # each value's 6 games, counted once
    assert "(6 games and 6)" in cmp.summary()


def test_a_sweep_over_card_data_only_compares_the_variant_with_the_shipped_cards(tmp_path):
    import shutil
    from neko_lab.core.data import shipped_dir

    shutil.copytree(shipped_dir("naeco"), tmp_path / "cards")
    sw = nl.sim.sweep("naeco", data=[None, tmp_path / "cards"], games=6, players=2, seed=3,
                      agents=[["greedy", "random"]], progress=False)
    cmp = A.compare_options(sw)
    assert cmp.option == "data_folder"
    t = cmp.table.set_index("value")
    assert t.index.tolist() == ["data_folder='shipped'", f"data_folder={str(tmp_path / 'cards')!r}"]
    assert (t["games"] == 6).all()
    for folder, row in zip(("shipped", str(tmp_path / "cards")), t.itertuples()):
        part = sw[sw.data_folder == folder]
        assert row.first_seat == part.loc[part.seat == 0, "share"].mean()


def test_two_frames_are_compared_over_the_one_thing_they_differ_in_and_refused_when_several():
    kw = dict(games=8, seed=3, progress=False)
    a = nl.simulate("toy", players=2, agents=["greedy"], **kw)
    b = nl.simulate("toy", players=2, agents=["random"], **kw)
    cmp = A.compare_options(a, b)
    assert cmp.option == "line-up"
    assert cmp.table["value"].tolist() == ["line-up=greedy", "line-up=random"]   # one agent in every seat
    c = nl.simulate("toy", players=3, agents=["random"], **kw)
    with pytest.raises(nl.ConfigError, match=r"the two frames differ in 2 things \(players 2 against 3; "
                                             r"line-up greedy against random\)"):
        A.compare_options(a, c)
    same = A.compare_options(a, nl.simulate("toy", players=2, agents=["greedy"], games=8, seed=4, progress=False))
    assert same.table["value"].tolist() == ["the first frame", "the second frame"]


def test_two_player_counts_are_compared_with_seat_1_against_its_fair_share_at_each():
    """The defect: frames of one agent at two and at three players were refused as differing in their
    line-up too ("naeco vs naeco" against "naeco vs naeco vs naeco"), and option="players" as no option,
    though the player count was promised; and seat 1's raw win share is no measure across counts (equal
    seats win 1/2 of two-player games, 1/3 of three-player ones)."""
    kw = dict(agents=["greedy"], games=12, seed=5, progress=False)
    two, three = nl.simulate("toy", players=2, **kw), nl.simulate("toy", players=3, **kw)
    for cmp in (A.compare_options(two, three), A.compare_options(two, three, option="players")):
        assert cmp.option == "players"
        t = cmp.table.set_index("value")
        assert t.index.tolist() == ["players=2", "players=3"] and t["players"].tolist() == [2, 3]
        for label, frame in (("players=2", two), ("players=3", three)):
            row = t.loc[label]
            assert row["fair"] == pytest.approx(frame["share"].mean())       # every seat's mean share
            assert row["excess"] == pytest.approx(row["first_seat"] - row["fair"])
        test = cmp.tests.iloc[0]
        assert test["excess_diff"] == pytest.approx(t.loc["players=3", "excess"] - t.loc["players=2", "excess"])
        assert 0 <= test["p_rate"] <= 1
        assert "where equal seats would each win" in cmp.summary()


def test_seat_1_at_its_fair_share_at_both_counts_is_no_difference():
    # seat 1 wins exactly its fair share at two players (1 in 2) and at three (1 in 3): no difference in
    # its excess, though its raw win share falls from 50 % to 33 %
    two = games([([5, 3], [0], "aa"), ([3, 5], [1], "aa")] * 60)
    three = games([([5, 3, 1], [0], "aaa"), ([3, 5, 1], [1], "aaa"), ([1, 3, 5], [2], "aaa")] * 40)
    cmp = A.compare_options(two, three)
    test = cmp.tests.iloc[0]
    assert cmp.option == "players" and test["rate_diff"] == pytest.approx(1 / 3 - 1 / 2)
    assert test["excess_diff"] == pytest.approx(0.0) and test["p_rate"] == pytest.approx(1.0)
    assert A.two_proportion_test(60, 120, 40, 120)["p"] < 0.05       # what the raw shares would have said


def test_player_counts_are_refused_where_they_cannot_be_compared():
    two = games([([5, 3], [0], "aa"), ([3, 5], [1], "aa")] * 5)
    with pytest.raises(nl.ConfigError, match="option='players' compares two frames at different player counts.*"
                                             "same player count"):
        A.compare_options(two, two, option="players")
    solo = games([([5], [0], "a"), ([3], [], "a")] * 5)
    with pytest.raises(nl.ConfigError, match="a solo game is won or lost against the game itself"):
        A.compare_options(solo, two)
