"""Records a later analysis can trust: which card data and options a row was played with, resume that
refuses to mix runs, tie-split win shares, None options as a group, solo columns and option checks."""
from __future__ import annotations

import json
import math

import pandas as pd
import pytest

import neko_lab as nl
from neko_lab.viz import who_won
from editeddata import edited_naeco_data
import toygame  # noqa: F401  (registers "toy"; imported by this name only, as conftest does, so it registers once)


def test_every_row_names_its_card_data_and_settings(tmp_path):
    alt = edited_naeco_data(tmp_path / "alt")
    shipped = nl.simulate("naeco", games=2, agents=["random"], seed=1, progress=False)
    other = nl.simulate("naeco", games=2, agents=["random"], seed=1, progress=False, data=str(alt))
    assert shipped["data"].nunique() == 1 and other["data"].nunique() == 1
    assert len(shipped["data"].iloc[0]) == 16
    assert shipped["data"].iloc[0] != other["data"].iloc[0]
    assert shipped["config"].iloc[0] != other["config"].iloc[0]
    variant = nl.simulate("naeco", games=2, agents=["random"], seed=1, progress=False, sea_shepherd=True)
    assert variant["data"].iloc[0] == shipped["data"].iloc[0]          # same cards...
    assert variant["config"].iloc[0] != shipped["config"].iloc[0]      # ...other rules


def test_resume_refuses_a_run_with_other_card_data(tmp_path):
    """The defect: a run with other cards, resumed with the shipped ones, appended games played
    with other cards. Now the run's _run.json records the data and resume says what differs."""
    alt = edited_naeco_data(tmp_path / "alt")
    out = tmp_path / "run"
    nl.simulate("naeco", games=2, agents=["random"], seed=1, out=out, chunk=1, progress=False, data=str(alt))
    meta = json.loads((out / "_run.json").read_text())
    assert len(meta["data"]) == 16 and meta["config"]
    with pytest.raises(nl.ConfigError, match="other card data"):
        nl.simulate("naeco", games=2, agents=["random"], seed=1, out=out, resume=True, progress=False)
    with pytest.raises(nl.ConfigError, match="other agents"):
        nl.simulate("naeco", games=2, agents=["greedy"], seed=1, out=out, resume=True, progress=False,
                    data=str(alt))
    with pytest.raises(nl.ConfigError, match="other options"):
        nl.simulate("naeco", games=2, agents=["random"], seed=1, out=out, resume=True, progress=False,
                    data=str(alt), sea_shepherd=True)
    with pytest.raises(nl.ConfigError, match="another game"):
        nl.simulate("toy", games=2, agents=["random"], seed=1, out=out, resume=True, progress=False)
    again = nl.simulate("naeco", games=2, agents=["random"], seed=1, out=out, resume=True, progress=False,
                        data=str(alt))
    assert len(again.to_pandas()) == 4


def test_a_shared_win_gives_each_tied_seat_its_part(monkeypatch):
    """The defect: with ties every tied seat counted a whole win (rates above 50 % for both seats)."""
    monkeypatch.setattr(toygame.ToyState, "winners",
                        lambda s: list(range(s.players)) if s.over and s.seed % 2 else
                        ([] if not s.over else [max(range(s.players), key=lambda i: s.scores()[i])]))
    df = nl.simulate("toy", games=40, agents=["greedy", "random"], seed=0, progress=False)
    per_game = df.groupby("game")["share"].sum()
    assert (per_game.round(9) == 1.0).all()
    tied = df.groupby("game")["won"].transform("sum") == 2
    assert tied.any() and (df.loc[tied, "share"] == 0.5).all()
    table = who_won(df, by="agent")
    assert table["wins"].sum() == pytest.approx(40)            # one win per game, never more
    assert table["rate"].sum() == pytest.approx(1.0)           # two agents, equal seats each


def test_a_frame_without_share_is_split_by_its_winners():
    df = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "agent": ["a", "b", "a", "b"],
                       "won": [True, True, True, False], "score": [1, 1, 2, 1]})
    table = who_won(df, by="agent").set_index("group")
    assert table.loc["a", "wins"] == 1.5 and table.loc["b", "wins"] == 0.5


def test_none_options_are_a_group_of_their_own():
    """The defect: who_won(df, by="opt_exchange_limit") returned 12 of 24 seats (None rows dropped)."""
    df = pd.DataFrame({"game": range(24), "seat": 0, "agent": "a", "score": 0,
                       "won": [True, False] * 12, "opt_exchange_limit": [None] * 12 + [8] * 12})
    table = who_won(df, by="opt_exchange_limit")
    assert table["seats"].sum() == 24
    assert sorted(table["group"]) == ["exchange limit 8", "exchange limit None"]
    for fig in (nl.viz.win_rates(df, by="opt_exchange_limit"),
                nl.viz.score_distribution(df, by="opt_exchange_limit"),
                nl.viz.breakdown(df.assign(pts_x=1), by="opt_exchange_limit")):
        names = {str(trace.name) for trace in fig.data}
        names |= {str(x) for trace in fig.data if trace.x is not None for x in trace.x}
        assert "exchange limit None" in names


def test_simulated_rows_with_a_none_option_keep_their_rows():
    df = nl.simulate("syndicate", games=3, players=1, agents=["random"], progress=False, catanna_cubes=7)
    df = pd.concat([df, nl.simulate("syndicate", games=3, players=1, agents=["random"], progress=False)])
    table = who_won(df, by="opt_catanna_cubes")
    assert table["seats"].sum() == len(df) == 6
    assert sorted(table["group"]) == ["catanna cubes 7", "catanna cubes None"]


def test_solo_syndicate_records_catanna_score():
    df = nl.simulate("syndicate", games=3, players=1, agents=["random"], seed=2, progress=False)
    assert "catanna_score" in df.columns
    for row in df.itertuples():
        s = nl.play("syndicate", ["random"], players=1, seed=row.seed)
        assert row.catanna_score == s.catanna_score()
        assert row.won == (s.solo_result() != "lost")
    assert "catanna_score" not in nl.simulate("syndicate", games=1, agents=["random"], progress=False).columns


def test_a_game_nobody_wins_has_no_share_in_its_state_as_in_its_rows():
    """Naéco solo is rated, not won: simulate records share NaN, and State.shares(), documented as the
    same, gave the seat a whole victory."""
    df = nl.simulate("naeco", games=2, players=1, agents=["naeco"], seed=0, progress=False)
    for row in df.itertuples():
        s = nl.play("naeco", ["naeco"], players=1, seed=row.seed)
        assert math.isnan(row.share) and len(s.shares()) == 1 and math.isnan(s.shares()[0])
    two = nl.simulate("naeco", games=2, players=2, seed=0, progress=False)
    for g, rows in two.groupby("game"):
        s = nl.play("naeco", list(rows.sort_values("seat")["agent"]), players=2, seed=rows["seed"].iloc[0])
        assert s.shares() == list(rows.sort_values("seat")["share"])


@pytest.mark.parametrize("option", [{"catanna": "hard"}, {"catanna_cubes": 7}, {"catanna_wild": "scarce"}])
def test_solo_options_are_refused_with_more_players(option):
    with pytest.raises(nl.ConfigError, match="only to games with 1 player"):
        nl.new_game("syndicate", players=2, **option)
    with pytest.raises(nl.ConfigError, match="only to games with 1 player"):
        nl.simulate("syndicate", games=1, players=3, progress=False, **option)
    nl.new_game("syndicate", players=1, **option)          # solo takes them
    nl.new_game("syndicate", players=2, catanna="medium")  # the default changes nothing: accepted
