"""One rule for every view of a seat, checked on every registered game: positions that differ only in
what seat k cannot know must look the same from seat k.

Pairs of positions, built from seeded random games through the State contract alone (so a new game is
checked with no change here):

- copies: the position and `determinize(k, rng)` (other hands, decks, other seats' unseen choices
  re-drawn), at positions where k is to move;
- futures: the position and a copy whose generator is seeded differently (a different future);
- choices: the game replayed with another seat's earlier choice changed (one of its latest three, or the
  first of one of its latest two runs of moves: a hidden turn's opening choice) (and that seat's later
  choices re-drawn when the old ones are no longer legal), to the same decision of seat k. What seat
  k has observed along the way (its observations, in order, repeats dropped, and the log as shown to
  it, which tells what was revealed) says whether k could tell the two games apart; when it cannot,
  everything else must agree too. (Whether the log itself shows k too much is checked by the copies,
  and by each game's own tests of its covered events.)

Compared from seat k: observation(k), visible_breakdown(k), picture(viewer=k), the log as shown to k
(log_for(k)), legal_actions() when k is to move; for the choices pairs also seat k's search copies
(determinize(k) with the same generators: every seat's observation, the scores and the legal actions
of each copy must agree, so no copy keeps another seat's real unseen choice), explain_move as seat k
and as a spectator read it (of the changed move, of seat k's own moves after it and of the last move:
an explanation's counts must not tell what the seat could not see) and a board with a person at
seat k and bots elsewhere: its message line, last moves, event log, picture, prompt, choices and, for
the first HINTS pairs per game and player count (HINTS * 10 at nightly size: a look-ahead is slow),
its Hint. The copies check compares the Hint too: a board at the position and one at its
determinized copy, for the first HINTS positions with a choice to make (a game's FOCUS ones first).
`python -m tests.conformance.views [--nightly] [game ...]` prints cases tried / failed per game.
"""
from __future__ import annotations

import random
import sys
from typing import Any, Callable

import neko_lab as nl
from neko_lab.core import Rng

try:
    from fuzz import NIGHTLY, QUICK, Report, play_random
except ImportError:         # run as `python -m tests.conformance.views`
    from tests.conformance.fuzz import NIGHTLY, QUICK, Report, play_random

GAMES_PER_SIZE = 2          # random games per player count at size 1
MARKS = 10                  # positions looked at per game
COPIES = 3                  # determinized copies per position
HINTS = 1                   # per game, player count and size unit: positions whose board Hint is compared
                            # with a determinized copy's, and unseen-choice pairs whose Hint is compared
                            # (a hint is a look-ahead: about 0.2-2 s of CPU each)
# positions a game's hidden information makes delicate, looked at besides the evenly spaced ones: the
# decisions of later seats after an event whose text holds the marker (Neko Syndicate: a simultaneous
# turn that began with the discard pile shuffled in under a low deck, where every seat draws out of
# the others' sight and search copies take the earlier seats' walks back)
FOCUS = {"syndicate": "shuffled and put under it"}
FOCUS_MARKS = 3             # positions looked at after each such event


def focus_marks(game: str, states: list) -> set[int]:
    """Indices of `states` (a game's positions in order) just after a FOCUS event: the first
    FOCUS_MARKS decisions there of a seat other than the first to act after the event."""
    marker, out = FOCUS.get(game), set()
    if marker is None:
        return out
    for i in range(1, len(states)):
        new = states[i].log[len(states[i - 1].log):]
        if any(marker in e.text for e in new):
            first, found = states[i].current_player, 0
            for j in range(i + 1, len(states)):
                if found == FOCUS_MARKS:
                    break
                if states[j].current_player not in (first, None):
                    out.add(j)
                    found += 1
    return out


def seat_views(s: Any, k: int, to_move: bool = True) -> dict[str, Any]:
    """Everything the state itself shows seat k."""
    views = {"observation": s.observation(k), "visible_breakdown": s.visible_breakdown(k),
             "picture": s.picture(viewer=k),
             "log": [(e.text, e.rule, e.seat, dict(e.data)) for e in s.log_for(k)]}
    if to_move:
        views["legal_actions"] = [str(a) for a in s.legal_actions()]
    return views


def board_views(states: list, actions: list, k: int, hint: bool = False) -> dict[str, Any]:
    """What a board shows a person at seat k (bots at the other seats) after the moves `actions`
    (states[i] is the position before actions[i]; states[-1] the position now); with `hint`, also
    the Hint button's answer (a look-ahead: slow)."""
    from neko_lab.widgets import board
    bots = {j: "random" for j in range(states[0].players) if j != k}
    b = board(states[0].clone(), agents=bots)
    b.history = [(states[i], actions[i]) for i in range(len(actions))]
    b.state = states[-1].clone()
    b.message.show(b.since_text())          # what the board says after a move: the moves since k's own
    b.refresh(keep_message=True)
    out = {"message line": b.message.text, "move list": b.moves.value, "event log": b.log.widget.value,
           "board picture": b.picture_widget.value, "prompt": b.prompt_box.value,
           "choices": b.picker.labels, "scores": b.scores.widget.value}
    if hint and b.my_turn():
        b.show_hint()
        out["hint"] = b.hint_box.value
    return out


def explanations(states: list, actions: list, k: int, changed: int) -> dict[str, Any]:
    """explain_move, as seat k and as a spectator (PUBLIC) may read it, of the move at step `changed`
    (another seat's), of seat k's own moves after it and of the last move (states[i] is the position
    before actions[i])."""
    from neko_lab.core.events import PUBLIC
    from neko_lab.learn import explain_move
    steps = {changed: "the changed move"}
    for n, j in enumerate(j for j in range(changed + 1, len(actions)) if states[j].current_player == k):
        steps[j] = f"its own move {n + 1} after it"
    steps.setdefault(len(actions) - 1, "the last move")
    return {f"explanation of {name}, read by {'seat k' if v == k else 'a spectator'}":
            str(explain_move(states[j], actions[j], states[j + 1], viewer=v))
            for j, name in steps.items() for v in (k, PUBLIC)}


def hint_view(s: Any, k: int) -> str:
    """The Hint a board shows a person at seat k (bots elsewhere), seat k to move at `s`."""
    from neko_lab.widgets import board
    b = board(s.clone(), agents={j: "random" for j in range(s.players) if j != k})
    b.show_hint()
    return b.hint_box.value


def seen(states: list, k: int) -> list:
    """What seat k observed along a game: its observations in order, repeats dropped, then the log as
    shown to k."""
    out: list = []
    for s in states:
        o = s.observation(k)
        if not out or out[-1] != o:
            out.append(o)
    log = states[-1].log_for(k) if hasattr(states[-1], "log_for") else states[-1].log
    return out + [[(e.text, e.rule, e.seat) for e in log]]


def copy_views(s: Any, k: int, copies: int = COPIES) -> list:
    """What seat k's search copies of `s` hold, seen from every seat (a copy must depend only on what
    k knows and the generator: another seat's unseen choice taken back and chosen again, unseen
    cards dealt afresh)."""
    out = []
    for c in range(copies):
        d = s.determinize(k, Rng(31 + c))
        out.append([d.current_player, [str(a) for a in d.legal_actions()], d.breakdown()]
                   + [d.observation(j) for j in range(d.players)])
    return out


def _differences(a: dict, b: dict) -> list[str]:
    return [key for key in a if a[key] != b.get(key)]


def _games(game: str, players: int, size: int, seed: int):
    for g in range(GAMES_PER_SIZE * size):
        s = nl.new_game(game, players=players, seed=seed + g)
        actions = play_random(s.clone(), random.Random(seed + g))
        yield s, actions


def _replay(start: Any, actions: list) -> list:
    """The positions of a game: before each action, then the last."""
    s, states = start.clone(), []
    for a in actions:
        states.append(s.clone())
        s.apply(a)
    return states + [s]


def _marked(game: str, start: Any, actions: list, first: int = 0) -> tuple[list, list[int]]:
    """The game's positions and the indices looked at (evenly spaced from mark `first` on, plus the
    game's FOCUS positions), each with a seat to move."""
    states = _replay(start, actions)
    marks = {len(actions) * m // MARKS for m in range(first, MARKS)} | focus_marks(game, states)
    return states, sorted(i for i in marks if i < len(actions))


def copies(game: str, players: int, size: int = QUICK, seed: int = 500, hints: bool = True) -> Report:
    """determinize(k) must look like the real position from seat k (seat k to move), the board's Hint
    included for the first HINTS * size positions with a choice to make (the latest FOCUS one first)."""
    rep = Report("a determinized copy looks the same from its seat")
    rep.outcomes = {"hints compared": 0}
    hints_left = HINTS * size if hints else 0
    for start, actions in _games(game, players, size, seed):
        states, marks = _marked(game, start, actions)
        focus = sorted(focus_marks(game, states), reverse=True)
        for i in sorted(marks, key=lambda i: (i not in focus, focus.index(i) if i in focus else i)):
            s = states[i]
            k = s.current_player
            real = seat_views(s, k)
            hint = hints_left > 0 and len(real["legal_actions"]) > 1
            for c in range(COPIES):
                rep.tried += 1
                copy = s.determinize(k, Rng(1000 * i + c))
                diff = _differences(real, seat_views(copy, k))
                if not diff and hint and c == 0:
                    hints_left -= 1
                    rep.outcomes["hints compared"] += 1
                    if hint_view(s, k) != hint_view(copy, k):
                        diff = ["hint"]
                if diff:
                    rep.fail(f"{game} {players}p seed {start.seed} step {i} seat {k + 1}: {diff}")
    return rep


def futures(game: str, players: int, size: int = QUICK, seed: int = 600) -> Report:
    """A different future (another generator) must not show in any view of any seat."""
    rep = Report("a different future looks the same from every seat")
    for start, actions in _games(game, players, size, seed):
        states, marks = _marked(game, start, actions)
        for i in marks:
            s = states[i]
            other = s.clone()
            other.rng = Rng(987_654 + i)
            for k in range(players):
                rep.tried += 1
                diff = _differences(seat_views(s, k, k == s.current_player),
                                    seat_views(other, k, k == s.current_player))
                if diff:
                    rep.fail(f"{game} {players}p seed {start.seed} step {i} seat {k + 1}: {diff}")
    return rep


def _rechoose(start: Any, actions: list, m: int, i: int, k: int, pick: random.Random) -> tuple | None:
    """The game of `actions` with action m (another seat's) replaced by a different legal one, replayed to
    step i (seat k to move there): (states, actions) or None when it cannot reach seat k's decision
    the same way. Later actions of the other seats that are no longer legal are re-drawn at random;
    seat k's own actions must stay legal."""
    s = start.clone()
    states, taken = [], []
    for a in actions[:m]:
        states.append(s.clone())
        s.apply(a)
        taken.append(a)
    options = [x for x in s.legal_actions() if not (x == actions[m] and type(x) is type(actions[m]))]
    if not options:
        return None
    states.append(s.clone())
    alt = pick.choice(options)
    s.apply(alt)
    taken.append(alt)
    rest = list(actions[m + 1:i])
    j = 0
    budget = 4 * (i - m) + 200
    while budget > 0:
        budget -= 1
        if s.is_over():
            return None
        seat = s.current_player
        if j >= len(rest) and seat == k:
            break
        legal = s.legal_actions()
        if j < len(rest):
            want = rest[j]
            ok = any(x == want and type(x) is type(want) for x in legal)
            if seat == k and not ok:
                return None
            a = want if ok else pick.choice(legal)
            j += 1
        else:
            a = pick.choice(legal)
        states.append(s.clone())
        s.apply(a)
        taken.append(a)
    if budget <= 0:
        return None
    states.append(s)
    return states, taken




def choices(game: str, players: int, size: int = QUICK, seed: int = 700, boards: bool = True) -> Report:
    """Another seat's earlier choice changed: when seat k's observation cannot tell the two games
    apart, no other view of seat k (board lines and, for the first HINTS * size pairs, the hint
    included) may either."""
    rep = Report("another seat's unseen choice does not show to a seat")
    rep.outcomes = {"pairs seat k could tell apart (skipped)": 0, "hints compared": 0}
    for start, actions in _games(game, players, size, seed):
        pick = random.Random(start.seed)
        states, marks = _marked(game, start, actions, first=1)
        for i in marks:
            k = states[i].current_player
            if k is None:
                continue
            # the latest earlier choices of other seats, most recent first, then the first choice of
            # each of their latest two runs of moves (a turn's opening choice: a hidden walk's first box)
            back = [m for m in range(i - 1, max(-1, i - 40), -1) if states[m].current_player != k]
            openers = [m for m in back if m == 0 or states[m - 1].current_player != states[m].current_player]
            earlier = list(dict.fromkeys(back[:3] + openers[:2]))
            for m in earlier:
                alt = _rechoose(start, actions, m, i, k, pick)
                if alt is None:
                    continue
                alt_states, alt_actions = alt
                real = seat_views(states[i], k)
                other = seat_views(alt_states[-1], k)
                if seen(states[:i + 1], k) != seen(alt_states, k):
                    rep.outcomes["pairs seat k could tell apart (skipped)"] += 1
                    continue
                rep.tried += 1
                diff = _differences(real, other)
                if not diff:
                    diff = _differences(explanations(states[:i + 1], actions[:i], k, m),
                                        explanations(alt_states, alt_actions, k, m))
                if not diff and copy_views(states[i], k) != copy_views(alt_states[-1], k):
                    diff = ["search copies"]
                if boards and not diff:
                    hint = rep.outcomes["hints compared"] < HINTS * size and len(real["legal_actions"]) > 1
                    rep.outcomes["hints compared"] += hint
                    diff = _differences(board_views(states[:i + 1], actions[:i], k, hint),
                                        board_views(alt_states, alt_actions, k, hint))
                if diff:
                    rep.fail(f"{game} {players}p seed {start.seed} step {i} seat {k + 1}, "
                             f"step {m} changed: {diff}")
    return rep


CHECKS: dict[str, Callable[..., Report]] = {"copies": copies, "futures": futures, "choices": choices}


def main(argv: list[str]) -> None:
    size = NIGHTLY if "--nightly" in argv else QUICK
    games = [a for a in argv if not a.startswith("--")] or sorted(nl.GAMES)
    print(f"{'game':<10}{'check':<56}{'tried':>7}{'failed':>8}{'hints':>7}")
    for game in games:
        cls = nl.game_class(game)
        for name, check in CHECKS.items():
            tried = failed = hints = 0
            first = ""
            for players in range(max(cls.MIN_PLAYERS, 2), cls.MAX_PLAYERS + 1):
                rep = check(game, players, size)
                tried += rep.tried
                failed += len([f for f in rep.failures if f != "..."])
                hints += (getattr(rep, "outcomes", None) or {}).get("hints compared", 0)
                first = first or (rep.failures[0] if rep.failures else "")
            print(f"{game:<10}{rep.name:<56}{tried:>7}{failed:>8}{hints:>7}", flush=True)
            if first:
                print(f"          first failure: {first[:200]}", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, "tests")
    sys.path.insert(0, "tests/conformance")
    import toygame  # noqa: F401
    main(sys.argv[1:])
