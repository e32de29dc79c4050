"""Writes notebooks/index.ipynb, the front door of neko_lab, with a row for every registered game.

The table of games is generated from nl.GAMES and the notebooks found in notebooks/<game>/, so a game
appears as soon as it is registered, with links to whatever notebooks it has. A hidden check cell in the
index fails (under nbval) when the registered games no longer match the table: run this script again.

    python tools/make_index.py            # then execute it, see notebooks/README.md
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat as nbf

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import neko_lab as nl  # noqa: E402

md = nbf.v4.new_markdown_cell


def code(text: str, *tags: str):
    cell = nbf.v4.new_code_cell(text)
    if tags:
        cell.metadata["tags"] = list(tags)
    if "check" in tags:
        cell.metadata["jupyter"] = {"source_hidden": True}
    return cell


def notebook_links(key: str) -> str:
    """'[rules](naeco/01-rules.ipynb) · [food web](naeco/02-food-web.ipynb) · ...' for notebooks/<key>/."""
    folder = ROOT / "notebooks" / key
    links = []
    for path in sorted(folder.glob("*.ipynb")) if folder.is_dir() else []:
        name = path.stem.split("-", 1)[-1].replace("-", " ")
        links.append(f"[{name}]({key}/{path.name})")
    return " · ".join(links) or f"none yet: `neko-lab rules {key}` lists the rules the engine cites"


def games_table() -> str:
    rows = ["| key | game | players | notebooks, in order |", "|---|---|---|---|"]
    for key, cls in sorted(nl.GAMES.items()):
        players = (f"{cls.MIN_PLAYERS}" if cls.MIN_PLAYERS == cls.MAX_PLAYERS
                   else f"{cls.MIN_PLAYERS}–{cls.MAX_PLAYERS}")
        rows.append(f"| `{key}` | {cls.TITLE or key} | {players} | {notebook_links(key)} |")
    return "\n".join(rows)


def cells() -> list:
    registered = json.dumps(sorted(nl.GAMES))
    return [
        md("""# neko_lab

A toolkit for **learning, playing and analysing** modern board games in Jupyter. Every game has a full
rules engine that explains itself (each event names the rulebook section behind it), a networkx model of
its structure, computer players, an interactive board and notebooks.

Run the cells from top to bottom (Shift+Enter, or Run › Run All Cells). **Time:** about 15 seconds in all;
the longest cell plays 100 games in about 3 seconds."""),
        md("## The games\n\n" + games_table() + """

Every game follows one contract: `nl.new_game(key, players=, seed=)` gives a state with
`legal_actions()`, `apply(action)`, `scores()`, `breakdown()`, `winners()` and a `log` of events, each
with the rule that caused it."""),
        code("""import pandas as pd
import neko_lab as nl

pd.set_option("display.max_colwidth", None)     # show whole texts in tables, never "..."
for key, cls in sorted(nl.GAMES.items()):
    print(f"{key:<10} {cls.TITLE}  ({cls.MIN_PLAYERS} to {cls.MAX_PLAYERS} players)")"""),
        code(f"""# The table above is written by tools/make_index.py from the registered games.
assert sorted(nl.GAMES) == {registered}, "a game was registered or removed: run python tools/make_index.py\"""",
             "check"),
        md("""## For learners: play a game

A state draws itself. Ask it what you may do, do it, and read the log to see which rule applied."""),
        code("""s = nl.new_game("naeco", players=2, seed=7)
s""", "NBVAL_IGNORE_OUTPUT"),
        code("""actions = s.legal_actions()
print(f"player {s.current_player + 1} may choose from {len(actions)} actions, for example:", actions[0])
s.apply(actions[0])
print("what happened:")
for event in s.log[-1:]:
    print("  ", event)"""),
        md("""An action the rules forbid is refused with the reason, and the game is left as it was:"""),
        code("""before = s.to_json()
try:
    s.apply("jump to the end")
except nl.IllegalAction as why:
    print(why)
print("the game is unchanged:", s.to_json() == before)"""),
        md("""### Try it

The first player has played a card. Whose turn is it now, and how many legal actions do they have? Look at
the state (`s.current_player` counts players from 0, `s.legal_actions()`) or guess, then write both as
`[player, actions]`, players counted from 1 (`[2, 10]` says player 2, with 10 legal actions), and run the
check."""),
        code("""answer = ...          # [the player to act, counted from 1, how many legal actions they have]"""),
        code("""from neko_lab.learn import check_answer

right = [s.current_player + 1, len(s.legal_actions())]
check_answer(answer, right, f"Right: player {right[0]}, with {right[1]} actions. A Naéco turn is a play and "
             f"then a draw, so it is still player 1, drawing.",
             "s.current_player + 1 is the player to act; len(s.legal_actions()) counts their actions.")"""),
        md("""The interactive board: `nl.widgets.board` gives each game its own board, where you play by
clicking the picture (in Naéco a card in your hand, then a green place in your Ocean, then a green pile)
or one of the choices beside it; the computer player replies by itself, and *Undo*, *Hint* and *Why?*
are at hand. Each game's rules notebook has a board near its end too."""),
        code("""nl.widgets.board(nl.new_game("naeco", players=2, seed=7), agents={1: "random"})""", "NBVAL_IGNORE_OUTPUT"),
        md("""### Learn by playing: lessons and drills

- `nl.lesson("naeco")` is a guided first game on a board: each step says what to do and why, with the
  rulebook section; a wrong move is refused with its reason and can be tried again. `"journey"`,
  `"syndicate"` and `"neptune"` have one too.
- Drills practise one rule each in three to five checked exercises: `nl.lessons()` lists every game's
  topics, and `nl.lesson("naeco", "food-chain")` opens one (then `"objectives"`, `"biodiversity"`).
- [naeco/01-rules.ipynb](naeco/01-rules.ipynb) opens with both (*Learn by playing first*); the
  other rules notebooks name their game's lesson and drills beside their board."""),
        md("""## For analysts: simulate

`nl.simulate` plays many games between agents and returns a pandas DataFrame with one row per game and
seat: score, every scoring category, whether the seat won (`won`, and `share`: a win shared by tied
seats counts a share for each, so win rates use it), the agent and the options. Add `workers=` for
a process pool, `client=` for a Dask cluster, `out=` to stream results to Parquet (a
folder that `nl.open_results(folder)` or `pd.read_parquet(folder)` reads back).

`GAMES = 100` takes about 3 seconds; 1,000 games take about half a minute."""),
        code("""GAMES = 100
df = nl.simulate("naeco", games=GAMES, players=2, agents=["greedy", "random"], seed=0, progress=False)
summary = df.groupby("agent").agg(seats=("score", "size"), mean_score=("score", "mean"), win_rate=("share", "mean"))
summary.assign(mean_score=summary.mean_score.round(1), win_rate=summary.win_rate.map("{:.0%}".format)
               ).rename(columns=lambda c: c.replace("_", " "))"""),
        code("""nl.viz.score_distribution(df, by="agent")""", "NBVAL_IGNORE_OUTPUT"),
        md("""A designer's report of a batch of games (seat balance, margins, lead changes, branching and
per-card statistics, each finding with its interval) is `nl.playtest`: see
[playtest.ipynb](playtest.ipynb) for all four games."""),
        md("""## For workshop leaders

- `docs/workshop.md` is a 60-minute plan with timings, memory advice and what to do when something goes
  wrong.
- Launch on Binder: the repository's `binder/` folder builds an environment with neko_lab, and
  `?urlpath=lab/tree/notebooks/index.ipynb` opens this page. Binder gives each person about 1–2 GB and
  shuts idle sessions after about ten minutes; every notebook runs in under a minute at its default size.
- On your own machine: `neko-lab lab` opens JupyterLab at these notebooks on a free port and prints its
  address; `neko-lab lab PATH` serves another folder.
- From a terminal: `neko-lab simulate naeco --games 1000 --agents naeco,random` prints a summary,
  and `neko-lab rules naeco` lists the rule sections the engine cites.

## Summary

- `nl.new_game` gives a state; `legal_actions()`, `apply()`, `log` and `why_illegal()` are all a learner needs.
- `nl.simulate` gives a DataFrame; `nl.viz` draws it.
- Each game's notebooks go from the rules to a graph model to strategy by simulation."""),
    ]


def stable_ids(cells: list) -> list:
    """Give every cell an id made from the section it is in (the slug of the last heading above it) and
    its place in that section, so writing the index again gives the same ids (nbformat's are random) and
    re-executing it changes only the outputs that really changed."""
    section, place, seen = "top", 0, set()
    for cell in cells:
        first = cell.source.lstrip().splitlines()[0] if cell.source.strip() else ""
        if cell.cell_type == "markdown" and first.startswith("#"):
            section = re.sub(r"[^a-z0-9]+", "-", first.lstrip("#").strip().lower()).strip("-")[:48] or "section"
            place = 0
        ident = f"{section}-{place}"
        while ident in seen:                        # two sections with the same heading
            ident += "-again"
        seen.add(ident)
        cell["id"] = ident
        place += 1
    return cells


def main() -> int:
    nb = nbf.v4.new_notebook()
    nb.cells = stable_ids(cells())
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nbf.write(nb, ROOT / "notebooks" / "index.ipynb")
    print(f"wrote notebooks/index.ipynb ({', '.join(sorted(nl.GAMES))}); execute it before committing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
