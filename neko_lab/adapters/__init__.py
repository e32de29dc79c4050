"""Environments for game-AI tools over the State contract and its spaces (core/spaces.py):

    neko_lab.adapters.pettingzoo   env(game, players=2)  an AEC environment for any registered game
    neko_lab.adapters.openspiel    registers python_neko_<game> for every game with pyspiel

Both need the optional extra: pip install "neko_lab[rl]". Nothing here is imported by `import neko_lab`;
each module imports its library only when it is itself imported.
"""
