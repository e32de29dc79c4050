"""How long a learner waits: hint() and explain_move() on positions of seeded games, per game.

    python benchmarks/bench_learn.py [naeco journey ...] [--games N] [--every K] [--seed S] [--match M]
        [--match-players {1,2}] [--option NAME=VALUE ...] [--agent NAME] [--budget N] [--progress]

Positions are taken every K actions of games the game's own agent plays against itself. Goal: a hint
in under about a second of CPU on one core on a typical position (times are this process's CPU time:
the machine may be shared). --agent makes the hints follow another agent than the one
neko_lab.agents.hint_agent_spec() chooses ("greedy", "syndicate", "module:Class"), to compare them;
--budget N sets the game's HINT_BUDGET (look-ahead actions in all per hint) for the run, to compare
settings side by side. "agrees" counts the positions whose first hint is the move the game's own agent
made there (a rough figure of quality that costs nothing more).
With --match M, M two-player games of "play the first hint" against the game's own agent (seats
alternating) say how strong the hints are: wins, losses, ties, the share won with its 95 % Wilson
interval, the mean score lead and the CPU a hint took (median and worst). With --match-players 1 they
are solo games instead (--option sets the game's options, e.g. catanna="very easy"): the first hint's
player and the game's own agent each play the same M seeds, and both are reported (the share of
victories against the game's automated opponent, or, where the game rates a solo player on its own
scale and nobody wins, as in Naéco, the mean score and the games at each tier of that scale).
--option and --match-players set up the --match games, so they need --match. Numbers, not a pass/fail
test.
"""
from __future__ import annotations

import importlib
import statistics
import sys
import time

import neko_lab as nl
from neko_lab.cli import parse_options
from neko_lab.learn import explain_move, hint
from neko_lab.viz.figures import wilson_interval
from _cli import Parser, game_name, natural, positive, seed_number, summary


def positions(game: str, games: int, every: int, seed: int, moves: list | None = None) -> list:
    """Positions every `every` actions of seeded games of the game's own agent; `moves`, when given,
    gets the move the agent made at each."""
    out = []
    for g in range(games):
        s = nl.new_game(game, players=2, seed=seed + g)
        agent = _own_agent(s, seed + g)
        n = 0
        while not s.is_over():
            keep = n % every == 0
            if keep:
                out.append(s.clone())
            move = agent.choose(s)
            if keep and moves is not None:
                moves.append(move)
            s.apply(move)
            n += 1
    return out


def timed(fn, items) -> list[float]:
    times = []
    for item in items:
        start = time.process_time()
        fn(item)
        times.append(time.process_time() - start)
    return times


def agent_spec(text: str | None):
    """None (hint_agent_spec decides), an agent name, or "package.module:Class"."""
    if text is None or ":" not in text:
        return text
    module, _, name = text.partition(":")
    return getattr(importlib.import_module(module), name)


def explain_one(s) -> None:
    a = s.legal_actions()[0]
    after = s.clone()
    after.apply(a)
    explain_move(s, a, after)


def _follow(s, seat: int, seed: int, follow, times: list[float]) -> None:
    """Play `seat`'s next move in `s` as its first hint says, that hint's CPU time added to `times`; a
    move that is the only legal one is played without asking for a hint (a hint there plays the same
    futures for nothing)."""
    legal = s.legal_actions()
    if len(legal) == 1:
        s.apply(legal[0])
        return
    start = time.process_time()
    top = hint(s, k=1, seed=seed, agent=follow)[0]
    times.append(time.process_time() - start)
    s.apply(top.action)


def _own_agent(s, seed: int):
    return nl.make_agent(list(type(s).AGENTS)[0] if type(s).AGENTS else "greedy", s, seed=seed)


def _cpu(times: list[float]) -> str:
    ms = sorted(1000 * t for t in times) or [0.0]
    slow = sum(m > 1000 for m in ms)
    return (f"{len(times)} hints, {statistics.median(ms):.0f} ms CPU a hint (median), worst {ms[-1]:.0f} ms, "
            f"{slow} over a second")


def match(game: str, games: int, seed: int, follow=None, progress: bool = False, options=None) -> str:
    """The first hint's player against the game's own agent, seats alternating."""
    won = lost = tied = 0
    lead = 0.0
    times: list[float] = []
    for g in range(games):
        s = nl.new_game(game, players=2, seed=seed + 100 + g, **(options or {}))
        mine = g % 2
        agent = _own_agent(s, seed + g)
        asked, cpu = len(times), time.process_time()
        while not s.is_over():
            if s.current_player != mine:
                s.apply(agent.choose(s))
            else:
                _follow(s, mine, seed + g, follow, times)
        scores, winners = s.scores(), s.winners()
        if progress:
            cpu, asked = time.process_time() - cpu, len(times) - asked
            print(f"  {game} game {g + 1}/{games} (seat {mine + 1}): {scores[mine]}-{scores[1 - mine]}, "
                  f"{asked} hints, {cpu:.0f} s CPU ({1000 * cpu / max(asked, 1):.0f} ms a hint)", flush=True)
        lead += scores[mine] - scores[1 - mine]
        if winners == [mine]:
            won += 1
        elif mine in winners:
            tied += 1
        else:
            lost += 1
    low, high = wilson_interval(won + tied / 2, games)
    return (f"{game}: hints won {won}, lost {lost}, tied {tied} of {games} (share {100 * (won + tied / 2) / games:.1f} %, "
            f"95 % {100 * low:.1f}-{100 * high:.1f} %); mean lead {lead / games:+.1f}; {_cpu(times)}")


def solo_match(game: str, games: int, seed: int, follow=None, progress: bool = False, options=None) -> str:
    """Solo: the first hint's player and the game's own agent on the same seeds; the share each won against
    the game's automated opponent with its 95 % Wilson interval and the mean margin over it, or, where
    the rules name no solo winner (State.NO_WINNER: Naéco's solo game is rated on the rulebook's scale),
    the mean score and the games at each tier of the rating scale (State.RATING_SCALE)."""
    cls = nl.game_class(game)
    rated = not cls.has_winner(1)
    results = {"hints": [], "own agent": []}
    times: list[float] = []
    for g in range(games):
        for who, out in results.items():
            s = nl.new_game(game, players=1, seed=seed + 100 + g, **(options or {}))
            agent = _own_agent(s, seed + g)
            while not s.is_over():
                if who == "hints":
                    _follow(s, 0, seed + g, follow, times)
                else:
                    s.apply(agent.choose(s))
            against = s.margin(0)
            out.append((s.shares()[0], against[1] if against is not None else float(s.scores()[0]),
                        against is not None))
            if progress:
                print(f"  {game} solo game {g + 1}/{games}, {who}: score {s.scores()[0]}"
                      + (f", {against[1]:+.0f} against {against[0]}" if against is not None else ""), flush=True)
    lines = []
    for who, out in results.items():
        if rated:          # nobody wins: the scores, and how many games reach each tier of the scale
            lines.append(f"{who} mean score {statistics.mean(x[1] for x in out):.1f}"
                         + (f", {_tiers(cls, [x[1] for x in out])}" if cls.RATING_SCALE else ""))
            continue
        share = sum(x[0] for x in out)
        low, high = wilson_interval(share, games)
        what = "mean margin" if out and out[0][2] else "mean score"
        lines.append(f"{who} won {100 * share / games:.1f} % (95 % {100 * low:.1f}-{100 * high:.1f} %), "
                     f"{what} {statistics.mean(x[1] for x in out):+.1f}")
    how = f" (rated, not won: {cls.NO_WINNER[1]})" if rated else ""
    return f"{game} solo, {games} seeds{how}: " + "; ".join(lines) + f"; {_cpu(times)}"


def _tiers(cls, scores: list[float]) -> str:
    """How many of `scores` reach each tier of the game's solo rating scale, the lowest tier first."""
    import pandas as pd

    table = nl.analysis.rating_counts(pd.DataFrame({"game": range(len(scores)), "score": scores}),
                                      cls.RATING_SCALE)
    return f"games at tiers 1-{len(table)} of the rating scale " + "/".join(str(n) for n in table["games"])


def row(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return f"{name:<24}{len(ms):>6}{statistics.median(ms):>10.1f}{p90:>10.1f}{ms[-1]:>10.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=summary(__doc__))
    parser.add_argument("games_", nargs="*", metavar="game", type=game_name, default=["naeco", "journey"])
    parser.add_argument("--games", type=positive, default=2, help="seeded games per game")
    parser.add_argument("--every", type=positive, default=5, help="take a position every this many actions")
    parser.add_argument("--seed", type=seed_number, default=0)
    parser.add_argument("--match", type=natural, default=0, help="games of hints against the game's agent")
    parser.add_argument("--agent", default=None, help="the agent hints follow (default: hint_agent_spec's)")
    parser.add_argument("--budget", type=positive, default=None,
                        help="the game's HINT_BUDGET for this run (look-ahead actions in all per hint)")
    parser.add_argument("--match-players", type=int, choices=(1, 2), default=None,
                        help="--match: two-player games against the game's agent (default), or solo games")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="--match: a game option (repeatable), e.g. catanna='very easy'")
    parser.add_argument("--progress", action="store_true", help="--match: a line after every game")
    args = parser.parse_args(argv)            # a bad argument exits 2 with one line
    try:
        follow = agent_spec(args.agent)
    except (ImportError, AttributeError, ValueError) as exc:
        parser.error(f"argument --agent: cannot load {args.agent!r}: {exc}")
    for game in args.games_ if follow is not None else []:
        parser.check_agents(game, [follow], "--agent")
    parser.check_seeds(f"--seed {args.seed} and --games {args.games}", args.seed + args.games - 1)
    if args.match:
        parser.check_seeds(f"--seed {args.seed} and --match {args.match}", args.seed + 100 + args.match - 1,
                           why="the match's games take seeds from --seed + 100 on, and the largest seed is "
                               "2**64 - 1")
    options = {}
    for game in args.games_:                  # read whether --match is given or not: the whole line is checked
        try:
            options[game] = parse_options(args.option, nl.GAMES[game].OPTIONS)
        except nl.ConfigError as exc:
            parser.error(f"argument --option: {game}: {exc}")
        parser.check_game(game, "--match-players", players=args.match_players or 2)
        parser.check_game(game, "--option", players=args.match_players or 2, **options[game])
    if not args.match:     # the positions are always two-player games without options: said, not ignored
        for flag, given in (("--option", args.option), ("--match-players", args.match_players)):
            if given:
                parser.error(f"argument {flag}: sets up the --match games only, and there are none: "
                             f"add --match N (N games)")
    args.match_players = args.match_players or 2
    print(f"{'what (CPU ms)':<24}{'n':>6}{'median ms':>10}{'p90 ms':>10}{'max ms':>10}")
    for game in args.games_:
        if args.budget is not None:
            setattr(nl.GAMES[game].explainer, "HINT_BUDGET", args.budget)
        moves: list = []
        states = positions(game, args.games, args.every, args.seed, moves)
        firsts: list = []
        print(row(f"{game} hint(k=3)", timed(lambda s: firsts.append(hint(s, k=3, agent=follow)[0].action),
                                             states)))
        agree = sum(a == m and type(a) is type(m) for a, m in zip(firsts, moves))
        print(f"{game}: the first hint is the move the game's own agent made in {agree} of {len(moves)} positions")
        print(row(f"{game} explain_move", timed(explain_one, states)))
    play = solo_match if args.match_players == 1 else match
    for game in args.games_ if args.match else []:
        print(play(game, args.match, args.seed, follow, args.progress, options[game]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
