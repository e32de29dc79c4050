"""Behaviour digests: a fingerprint of many seeded random games, independent of the save format.

For each game, player count and option set, `game_digests` plays seeded random games and hashes, at
every step, the newest events of the log (text, rule, seat, data), every seat's observation and the
scores. Restructuring an engine must leave every digest as it was; a change of behaviour made on
purpose records new digests (`python -m tests.conformance.digest --write`) in the commit that makes it.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import neko_lab as nl

HERE = Path(__file__).resolve().parent / "digests"
GAMES = 200
DIGESTED = ("journey", "naeco", "syndicate", "neptune")     # every game with recorded digests


def option_sets(cls) -> list[tuple[str, dict[str, Any]]]:
    """Every option at its default, and every boolean option switched on (numbers left as they are)."""
    on = {k: True for k, v in cls.OPTIONS.items() if isinstance(v, bool)}
    return [("default", {}), ("all-on", on)] if on else [("default", {})]


def _plain(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(repr(_plain(v)) for v in obj)
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    return str(obj)


def game_digest(name: str, players: int, seed: int, options: dict[str, Any]) -> str:
    s = nl.new_game(name, players=players, seed=seed, **options)
    pick = random.Random(seed * 7919 + players)
    h = hashlib.sha256()
    seen = 0

    def step() -> None:
        nonlocal seen
        events = [(e.text, e.rule, e.seat, _plain(e.data)) for e in s.log[seen:]]
        seen = len(s.log)
        obs = [_plain(s.observation(i)) for i in range(s.players)]
        h.update(json.dumps([events, obs, s.scores(), s.current_player], sort_keys=True,
                            separators=(",", ":"), ensure_ascii=False).encode())

    step()
    while not s.is_over():
        legal = s.legal_actions()
        s.apply(legal[pick.randrange(len(legal))])
        step()
    h.update(json.dumps([s.breakdown(), s.winners()], sort_keys=True).encode())
    return h.hexdigest()[:16]


def game_digests(name: str, games: int = GAMES) -> dict[str, list[str]]:
    cls = nl.game_class(name)
    out = {}
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        for label, options in option_sets(cls):
            out[f"{players}p-{label}"] = [game_digest(name, players, seed, options)
                                          for seed in range(games)]
    return out


def recorded(name: str) -> dict[str, list[str]]:
    return json.loads((HERE / f"{name}.json").read_text())


def main(argv: list[str]) -> int:
    write = "--write" in argv
    names = [a for a in argv if not a.startswith("--")] or list(DIGESTED)
    bad = 0
    for name in names:
        got = game_digests(name)
        if write:
            (HERE / f"{name}.json").write_text(json.dumps(got, indent=0, sort_keys=True) + "\n")
            print(f"{name}: recorded {sum(map(len, got.values()))} games")
            continue
        want = recorded(name)
        for key, digests in got.items():
            diff = [i for i, (a, b) in enumerate(zip(digests, want.get(key, []))) if a != b]
            if diff or key not in want:
                bad += 1
                print(f"{name} {key}: {len(diff)} games differ, first seed {diff[:1]}")
        print(f"{name}: compared {sum(map(len, got.values()))} games")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
