"""Playing games between agents: the per-game work of the simulator.

Everything here is importable and picklable (plain functions and a small task dataclass) so process
pools and Dask workers can run it; pandas is not needed on the workers.

Seeding: `play(..., seed=S)` derives the game's own seed and one seed per seat from S with
neko_lab.core.rng.derive (a SplitMix64 mix: no numpy on the workers), so a game of a simulation is
replayed exactly by
`nl.play(game, agents_in_seat_order, players=P, seed=row.seed, **options)`.
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import math
import os
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..agents import Agent, agent_label, make_agent
from ..core.data import fingerprint
from ..core.errors import ConfigError, counted, excerpt, told_again, whole
from ..core.registry import GAMES, game_class
from ..core.rng import check_seed, derive
from ..core.state import State, best_of, shares_of

GAME, STATE, SEAT = 1, 2, 3      # the kinds of seed derived from a run's seed and a game's seed


def game_seed(run_seed: int, game: int) -> int:
    """Seed of game number `game` of a run, derived from the run seed and the game's number only, so
    it does not depend on how the games are split over chunks, workers or machines."""
    return derive(run_seed, GAME, game)


def seat_seeds(seed: int, players: int) -> tuple[int, list[int]]:
    """(state seed, [agent seed by seat]) derived from one game seed."""
    return derive(seed, STATE), [derive(seed, SEAT, s) for s in range(players)]


def seat_agents(agents: Sequence[Any], players: int, game: int = 0, rotate: bool = True) -> list[Any]:
    """The agent spec of every seat: seat s of game g is played by agents[(s + g) % len(agents)]
    (agents[s % len(agents)] without rotation), so over len(agents) consecutive games every agent
    sits in every seat equally often."""
    k = len(agents)
    shift = game if rotate else 0
    return [agents[(s + shift) % k] for s in range(players)]


AGENTS_ARE = "agents is an agent or a list of agents in seat order (e.g. ['greedy', 'random'])"


def agent_list(agents: Any) -> list[Any]:
    """`agents` as a list of specs: one spec given alone (a name, a (name, params) pair, an Agent
    subclass or object) is a list of one; ConfigError for what is neither a spec nor a list of them."""
    single = (isinstance(agents, (str, Agent, type))
              or (isinstance(agents, tuple) and len(agents) == 2 and isinstance(agents[1], dict)))
    if single:
        return [agents]
    if agents is None:
        raise ConfigError(f"{AGENTS_ARE}, not None")
    if isinstance(agents, dict):
        raise ConfigError(f"{AGENTS_ARE}, not a dict: every seat is played by an agent, seat 1 by the "
                          f"first of the list")
    if not isinstance(agents, (list, tuple)):
        raise ConfigError(f"{AGENTS_ARE}, not {excerpt(agents)}")
    return list(agents)


DEFAULT_AGENTS = ("greedy", "random")    # a run's line-up when none is named: as many of it as there are seats


def default_agents(players: int) -> list[str]:
    """A run's line-up when none is named (simulate, sweep, the CLI): greedy and random, greedy alone in
    a solo game."""
    return list(DEFAULT_AGENTS[:1] if players == 1 else DEFAULT_AGENTS)


def check_agents(agents: Any, players: int) -> list[Any]:
    """`agents` as a list of specs (agent_list), at least one and at most one per seat."""
    agents = agent_list(agents)
    if not agents:
        raise ConfigError("give at least one agent")
    if len(agents) > players:
        raise ConfigError(f"{counted(len(agents), 'agent')} for {counted(players, 'seat')}: give at most one "
                          f"agent per seat")
    return agents


def data_fingerprint(state: State) -> str:
    """The fingerprint of the card data a game is played with (16 hex digits; "" for a game that
    reads no dataset): the same digest a save records, so two runs with other cards differ."""
    origin = state.__dict__.get("_origin")
    if origin is None or (origin.folder is None and origin.files is None):
        return ""
    return fingerprint(origin.folder, origin.files)


def config_fingerprint(game: str, players: int, options: dict, data: str) -> str:
    """A digest of everything that makes two games comparable: game, players, every option (defaults
    included) and the data fingerprint (12 hex digits). Rows with equal `config` were played under
    the same rules and cards."""
    text = json.dumps({"game": game, "players": players, "data": data,
                       "options": {k: repr(v) for k, v in sorted(options.items())}}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def resolve_game(game: str | type[State]) -> type[State]:
    if isinstance(game, type) and issubclass(game, State):
        if not game.GAME:
            raise ConfigError(f"{game.__name__} is not a game of its own (it names no GAME): pass a game's "
                              f"State subclass or its registered name")
        return game
    if isinstance(game, str):
        return game_class(game)
    raise ConfigError(f"a game is a registered name or a State subclass, not {game!r}")


@dataclass(slots=True)
class Recorder:
    """Collects scoring-curve points (each gives every seat's score and breakdown): at the start, after
    the last action of every round (the one after which round_number() moves on) and at the end of the
    game; with every_action=True after every action instead. A point is labelled with the round its
    action was taken in (the start with the first round), so a round's last point is the table at its
    end, whichever points are kept."""

    points: list[tuple] = field(default_factory=list)
    acting_round: int | None = None
    every_action: bool = False
    decisions: list[tuple] = field(default_factory=list)

    def record(self, state: State, rnd: int | None = None) -> None:
        if rnd is None:
            rnd = state.round_number()
        self.points.append((state.steps, rnd, state.breakdown(), state.projected_scores()))

    def before_action(self, state: State) -> None:
        """The round the action is taken in; with every_action, the decision about to be taken too (its
        kind and how many legal actions)."""
        self.acting_round = state.round_number()
        if self.every_action:
            top = state.pending[-1].kind if state.pending else ""
            self.decisions.append((state.steps, state.current_player, top, len(state.legal_actions())))

    def after_action(self, state: State) -> None:
        if self.every_action or state.is_over() or state.round_number() != self.acting_round:
            self.record(state, self.acting_round)


def play(game: str | type[State], agents: Any, players: int | None = None, seed: int | None = None,
         recorder: Recorder | None = None, first_moves: list[int] | None = None, **options: Any) -> State:
    """Play one game to the end and return the final state.

    agents: one spec per seat (fewer are repeated in order: seat s gets agents[s % len(agents)]);
    a spec is a name ("random", "greedy", "mcts", or the game's own), a (name, params) pair, an Agent
    subclass or an Agent object (see make_agent). Same seed, same agents, same options: same game.
    first_moves: a list that receives the seats in the game's opening turn order (State.opening_order(),
    by default the order in which they first act).
    """
    cls = resolve_game(game)
    if players is None:
        players = cls.DEFAULT_PLAYERS
    if first_moves is not None and not isinstance(first_moves, list):
        raise ConfigError(f"first_moves is a list that receives the seats in their opening turn order "
                          f"(or None), not {excerpt(first_moves)}")
    if seed is None:
        import secrets
        seed = secrets.randbits(63)
    state, seated = _seated(cls, agents, players, seed, options)
    return run(state, seated, recorder, first_moves)


def _seated(cls: type[State], agents: Any, players: int, seed: int,
            options: dict) -> tuple[State, list[Agent]]:
    """play()'s new game and its agents, seat by seat, both seeded from the game's seed."""
    seed = check_seed(seed)
    players = whole(players)        # numpy's integers too (a count read from a results frame)
    seats = players if isinstance(players, int) and not isinstance(players, bool) and players > 0 else 0
    state_seed, agent_seeds = seat_seeds(seed, seats)
    state = cls(players=players, seed=state_seed, **options)   # refuses a bad player count
    specs = seat_agents(check_agents(agents, players), players, rotate=False)
    return state, [make_agent(spec, cls, agent_seeds[s]) for s, spec in enumerate(specs)]


def run(state: State, seated: Sequence[Agent], recorder: Recorder | None = None,
        first_moves: list[int] | None = None) -> State:
    """Let `seated[seat]` choose for whichever seat is to move until the game is over (first_moves,
    if given, receives the seats in the game's opening turn order, or else in the order they first act)."""
    if recorder is not None:
        recorder.record(state)
    if first_moves is not None:
        first_moves.extend(state.opening_order() or ())
    while not state.is_over():
        seat = state.current_player
        if seat is None:
            raise RuntimeError(f"{state.GAME}: the game is not over but no seat is to move")
        if first_moves is not None and seat not in first_moves:
            first_moves.append(seat)
        if recorder is not None:
            recorder.before_action(state)
        state.apply(seated[seat].choose(state))
        if recorder is not None:
            recorder.after_action(state)
    return state


@dataclass(slots=True)
class Batch:
    """Games [start, stop) of a run: everything a worker needs to play them."""

    game: type[State]
    players: int
    agents: list
    run_seed: int
    start: int
    stop: int
    options: dict
    rotate: bool = True
    trace: bool | str = False
    out: str = ""          # the run's folder (out=), named when a game fails; "" without one


# Youngest-generation threshold of the cyclic garbage collector while a batch plays (Python's default
# is 700): a game allocates many small containers that live until the game ends, so at 700 a
# collection ran about once per game and walked them all, freed nothing, and every tenth one walked the
# older generation too. With 20,000 most of a game's objects are gone before a collection looks at them.
# Collections find the same garbage (later), so the games and their results do not change.
YOUNG = 20_000
_GC_LOCK = threading.Lock()
_GC_HELD: list = [0, None]     # batches playing in this process (threads of a Dask worker), old threshold


@contextlib.contextmanager
def fewer_collections() -> Any:
    """Raise the collector's youngest-generation threshold to YOUNG while the block runs (in every
    thread of the process: the first batch in raises it, the last one out puts the old one back). A
    collector switched off (threshold 0) stays off."""
    with _GC_LOCK:
        if _GC_HELD[0] == 0:
            old = _GC_HELD[1] = gc.get_threshold()
            if old[0]:
                gc.set_threshold(max(old[0], YOUNG), *old[1:])
        _GC_HELD[0] += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_HELD[0] -= 1
            if _GC_HELD[0] == 0:
                gc.set_threshold(*_GC_HELD[1])


def run_batch(batch: Batch) -> tuple[list[dict], list[dict]]:
    """Play the games of a batch; return (rows, trace rows) as plain dicts (one per game and seat).

    Every row carries `order` (1 for the starting player, 2 for the next in the opening turn order:
    State.opening_order(), by default the order in which the seats first act), `share` (1/k for each of k winners, 0 for the others: a game's shares sum to 1
    when anyone wins), `data` (the card data's fingerprint), `config` (game, players, options and
    data in one digest), the game's result_columns() and, for a game that names holdings(), `held`:
    the seat's cards joined by "|". Trace points carry `projected` (the
    seat's projected_scores()); with trace="action" each point after an action also names the
    decision taken (`kind`, `actor`, `choices`: the number of legal actions it had)."""
    with fewer_collections():
        return _play_batch(batch)


def _play_batch(batch: Batch) -> tuple[list[dict], list[dict]]:
    rows: list[dict] = []
    trace: list[dict] = []
    labels = [agent_label(a) for a in batch.agents]
    fingerprints: dict[int, tuple[str, str]] = {}
    for g in range(batch.start, batch.stop):
        seed = game_seed(batch.run_seed, g)
        idx = [(s + (g if batch.rotate else 0)) % len(batch.agents) for s in range(batch.players)]
        recorder = Recorder(every_action=batch.trace == "action") if batch.trace else None
        first: list[int] = []
        state = None
        try:
            state, seated = _seated(batch.game, [batch.agents[i] for i in idx], batch.players, seed,
                                    batch.options)
            run(state, seated, recorder, first)
            _collect_game(batch, g, seed, idx, labels, state, first, fingerprints, rows)
        except Exception as exc:
            failure = game_failure(exc, batch, g, seed, [batch.agents[i] for i in idx], state)
            if failure is exc:
                raise
            raise failure from exc
        if recorder is not None:
            _collect_points(batch, g, idx, labels, recorder, trace)
    return rows, trace


def _collect_game(batch: Batch, g: int, seed: int, idx: list[int], labels: list[str], state: State,
                  first: list[int], fingerprints: dict, rows: list[dict]) -> None:
    """The rows of finished game `g`, one per seat, appended to `rows`."""
    parts, cls = state.breakdown(), type(state)
    if cls.scores is State.scores:     # the default scores() and winners(): from the breakdown taken
        scores = [sum(b.values()) for b in parts]
        winners = set(best_of(scores) if cls.winners is State.winners else state.winners())
    else:
        scores, winners = state.scores(), set(state.winners())
    no_winner = batch.players in cls.NO_WINNER      # rated, not won (Naéco solo): nobody won, no share
    if no_winner:
        winners = set()
    rounds, steps = state.round_number(), state.steps
    opts = {f"opt_{k}": v for k, v in state.options.items()}
    key = id(state.__dict__.get("_origin"))
    if key not in fingerprints:
        data = data_fingerprint(state)
        fingerprints[key] = (data, config_fingerprint(state.GAME, batch.players, state.options, data))
    data, config = fingerprints[key]
    extra = state.result_columns()
    # the default shares from the winners taken above (state.shares() would score the game again)
    shares = ([math.nan] * batch.players if no_winner else state.shares() if type(state).shares is not State.shares
              else shares_of(winners, batch.players))
    held = ([state.holdings(s) for s in range(batch.players)]
            if type(state).holdings is not State.holdings else None)
    for s in range(batch.players):
        row = {"game": g, "seat": s, "agent": labels[idx[s]], "score": scores[s],
               "won": s in winners,
               "share": shares[s],
               "order": first.index(s) + 1 if s in first else 0,
               "steps": steps, "rounds": rounds, "players": batch.players, "seed": seed,
               "data": data, "config": config}
        row.update(extra)
        if held is not None:
            row["held"] = "|".join(held[s])
        row.update({f"pts_{k}": v for k, v in parts[s].items()})
        row.update(opts)
        rows.append(row)


def _collect_points(batch: Batch, g: int, idx: list[int], labels: list[str], recorder: Recorder,
                    trace: list[dict]) -> None:
    """The scoring-curve points of game `g`, one per point and seat, appended to `trace`."""
    taken = {d[0] + 1: d for d in recorder.decisions}
    for step, rnd, bd, proj in recorder.points:
        decision = taken.get(step)
        for s in range(batch.players):
            point = {"game": g, "step": step, "round": rnd, "seat": s,
                     "agent": labels[idx[s]], "score": sum(bd[s].values()),
                     "projected": proj[s]}
            if batch.trace == "action":
                point.update(actor=-1 if decision is None else decision[1],
                             kind="" if decision is None else decision[2],
                             choices=0 if decision is None else decision[3])
            point.update({f"pts_{k}": v for k, v in bd[s].items()})
            trace.append(point)


def _replay_spec(spec: Any) -> str:
    """An agent spec as it is written in an nl.play() call."""
    if isinstance(spec, type):
        return spec.__qualname__
    if isinstance(spec, Agent):
        return f"<the {type(spec).__qualname__} object>"
    return repr(spec)


def kept_hint(out: str) -> str:
    """What an interrupted or failed run keeps, and how it goes on."""
    if out:
        return (f"The chunks finished so far are kept in {out}: simulate(..., out={out!r}, resume=True) "
                f"plays only the games still missing.")
    return "(With out=FOLDER a run keeps the chunks it finished, and resume=True continues it.)"


def game_failure(exc: Exception, batch: Batch, g: int, seed: int, specs: list, state: State | None) -> Exception:
    """`exc`, raised while game `g` of a run was played, with a message that names the game (its number
    in the run, as in the results' game column), its seed, the agents by seat, the seat to move, how
    to replay it with nl.play() and what the run keeps. The error keeps its type (an IllegalAction is
    still one): a new error of that type, which simulate raises from `exc`; an error that cannot be
    made again with a message alone gets the same words as a note (add_note) instead."""
    cls = batch.game
    name = repr(cls.GAME) if GAMES.get(cls.GAME) is cls else cls.__qualname__
    seats = ", ".join(f"seat {s + 1} {agent_label(spec)}" for s, spec in enumerate(specs))
    if state is None:
        where = "while its agents were made"
    elif state.is_over():
        where = f"after it ended ({counted(state.steps, 'action')}), while its results were read"
    else:
        seat = state.current_player
        who = f"seat {seat + 1} ({agent_label(specs[seat])})" if isinstance(seat, int) and 0 <= seat < len(specs) \
            else "no seat"
        where = f"with {who} to move after {counted(state.steps, 'action')}"
    options = "".join(f", {k}={v!r}" for k, v in batch.options.items())
    agents = ", ".join(_replay_spec(spec) for spec in specs)
    context = (f"Game {g} of the run (its number in the results' game column), seed {seed}, failed {where}; "
               f"seats: {seats}.\n"
               f"Replay it with nl.play({name}, agents=[{agents}], players={batch.players}, seed={seed}"
               f"{options}).\n{kept_hint(batch.out)}")
    return told_again(exc, f"{exc}\n{context}", context)


# ---------------------------------------------------------------- worker processes
UNGUARDED_EXIT = 86
UNGUARDED_MESSAGE = ("simulate(workers=...) was called while its worker processes were starting: "
                     "a script that uses workers must call it under `if __name__ == \"__main__\":`")


def watch_parent(parent: int, every: float = 0.5) -> None:
    """Pool initializer: end this worker as soon as the process that started it is gone (even after
    kill -9, which gives the pool no chance to stop its workers)."""
    try:                                   # Linux: the kernel sends SIGKILL when the parent dies
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)      # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)
    try:                                   # an interrupt is the parent's to handle: it stops the workers
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):
        pass

    def watch() -> None:                   # everywhere: notice being handed to another parent
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="neko_lab-parent-watch", daemon=True).start()


_SLOT: list = []     # in a pool worker: [board, index of this worker's slot] (see start_worker)


def start_worker(parent: int, board: Any = None, taken: Any = None) -> None:
    """Pool initializer: watch the parent (watch_parent) and take a slot of the pool's board, a shared
    array of three numbers per worker (pid, first game, last game + 1) that run_pooled fills while a
    chunk plays, so that the parent can tell which games a worker that died was playing."""
    watch_parent(parent)
    if board is None or taken is None:
        return
    with taken.get_lock():
        index = taken.value
        taken.value += 1
    if 3 * index + 2 < len(board):
        board[3 * index] = os.getpid()
        board[3 * index + 1] = board[3 * index + 2] = -1
        _SLOT[:] = [board, index]


def run_pooled(batch: Batch) -> tuple[list[dict], list[dict]]:
    """run_batch in a pool worker, marking the chunk on the board while it plays."""
    if not _SLOT:
        return run_batch(batch)
    board, index = _SLOT
    board[3 * index + 2] = batch.stop
    board[3 * index + 1] = batch.start
    try:
        return run_batch(batch)
    finally:
        board[3 * index + 1] = -1


def board_games(board: Any, pid: int) -> tuple[int, int] | None:
    """(first game, last game + 1) of the chunk worker `pid` was playing, from the pool's board, or None
    when it was playing none or took no slot."""
    for i in range(0, len(board) - 2, 3):
        if board[i] == pid and board[i + 1] >= 0:
            return board[i + 1], board[i + 2]
    return None


def refuse_while_bootstrapping() -> None:
    """In a worker still importing the script that started it (a script without the __main__
    guard calls simulate again at import): leave quietly with UNGUARDED_EXIT, so the parent can say
    in one line what to change instead of every worker printing multiprocessing's traceback."""
    import multiprocessing

    if getattr(multiprocessing.current_process(), "_inheriting", False):
        raise SystemExit(UNGUARDED_EXIT)
