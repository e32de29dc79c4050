"""Writes notebooks/index.ipynb, the front door of neko_lab (outputs cleared).

Run after changing the text below: python tools/make_index.py
"""
from pathlib import Path

import nbformat as nbf

ROOT = Path(__file__).resolve().parents[1]

md = nbf.v4.new_markdown_cell
code = nbf.v4.new_code_cell

cells = [
    md("""# neko_lab

A toolkit for **learning, playing and analysing** modern board games in Jupyter. Every game has a full
rules engine that explains itself (each event names the rulebook section behind it), a networkx model of
its structure, computer players, an interactive board and notebooks.

Run the cells from top to bottom (Shift+Enter). Nothing here takes more than a few seconds."""),
    code("""import neko_lab as nl

games = {key: cls.TITLE for key, cls in sorted(nl.GAMES.items())}
games"""),
    md("""## The games

| key | game | players | start learning | model | analysis |
|---|---|---|---|---|---|
| `naeco` | Naéco | 1–4 | [rules walkthrough](naeco/01-rules.ipynb) | [food web](naeco/02-food-web.ipynb) | [strategy and scores](naeco/03-strategy.ipynb) |
| `journey` | A Pleasant Journey to Neko | 2–4 | [one round step by step](journey/01-rules.ipynb) | [hub chains](journey/02-hub-chains.ipynb) | [strategy and scores](journey/03-strategy.ipynb) |

Every game follows one contract: `nl.new_game(key, players=, seed=)` gives a state with
`legal_actions()`, `apply(action)`, `scores()`, `breakdown()`, `winners()` and a `log` of events, each
with the rule that caused it."""),
    md("""## For learners: play a game

A state draws itself. Ask it what you may do, do it, and read the log to see which rule applied."""),
    code("""s = nl.new_game("naeco", players=2, seed=7)
s"""),
    code("""first = s.legal_actions()[0]
print("legal now:", len(s.legal_actions()), "actions, e.g.", first)
s.apply(first)
for event in s.log[-3:]:
    print(event)"""),
    md("""An action the rules forbid is refused with the reason, and the game is left as it was:"""),
    code("""try:
    s.apply("jump to the end")
except nl.IllegalAction as why:
    print(why)"""),
    md("""The interactive board: pick an action (or click on the board), let computer players move, undo.
Open a game's rules notebook for the full board."""),
    code("""from neko_lab.widgets import Board

Board(nl.new_game("naeco", players=2, seed=7), agents={1: "random"})"""),
    md("""## For analysts: simulate

`nl.simulate` plays many games between agents and returns a pandas DataFrame with one row per game and
seat: score, every scoring category, whether the seat won, the agent and the options. Add `workers=` for
a process pool, `client=` for a Dask cluster, `out=` to stream results to Parquet."""),
    code("""import os

GAMES = 40 if os.environ.get("NEKO_LAB_QUICK") else 400
df = nl.simulate("naeco", games=GAMES, players=2, agents=["greedy", "random"], seed=0)
df.groupby("agent")[["score", "won"]].mean()"""),
    code("""from neko_lab import viz

viz.score_distribution(df, by="agent")"""),
    md("""## For workshop leaders

- Launch on Binder: the repository's `binder/` folder builds an environment with neko_lab, and
  `?urlpath=lab/tree/notebooks/index.ipynb` opens this page. Binder gives each person about 1–2 GB and
  shuts idle sessions after about ten minutes, so the notebooks' default simulation sizes stay small.
- On your own machine: `neko-lab lab` opens JupyterLab here.
- From a terminal: `neko-lab simulate naeco --games 1000 --agents naeco,random` prints a summary,
  and `neko-lab rules naeco` lists the rule sections the engine cites."""),
]

nb = nbf.v4.new_notebook()
nb.cells = cells
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nb.metadata["language_info"] = {"name": "python"}
nbf.write(nb, ROOT / "notebooks" / "index.ipynb")
print("wrote notebooks/index.ipynb")
