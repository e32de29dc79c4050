"""The sentences of a playtest report: each finding with its interval, and a plain statement when the
sample is too small to tell. Pure functions of the analysis tables (no figures)."""
from __future__ import annotations

import pandas as pd

from ..core.errors import counted
from .cards import ALPHA
from .stats import SURE, fmt_interval, fmt_num, fmt_p, fmt_pct, fmt_range

SMALL = 30          # fewer games than this: too few to say anything
NOUN = {"seat": "seats", "order": "places in the opening turn order"}
EQUAL = {"seat": "equal seats", "order": "equal places"}     # what "each" wins the fair share


def _who(by: str, key: int) -> str:
    """A row of seat_balance() as a reader names it (its seats and places count from 1)."""
    return f"seat {key}" if by == "seat" else ("the starting player" if key == 1
                                                    else f"the player {_nth(key)} in the opening turn order")


def _only(games: int) -> str:
    """ "Only 1 game", "Only 5 games"."""
    return f"Only {counted(games, 'game')}"


def _nth(k: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(k, f"{k}th")


def seats(table: pd.DataFrame, test: dict, by: str = "seat", order_rule: str = "") -> str:
    """The seat-balance finding: which seat wins more, by how much, and whether the test can tell.
    by="order": by place in the opening turn order; `order_rule` names the rule section that sets the
    order anew during the game (State.ORDER_RULE), which the finding says."""
    said = _seats(table, test, by)
    if by == "order" and order_rule:
        said += (f" The places are those of the opening turn order only: {order_rule} sets the order anew "
                 f"as the game goes on.")
    return said


def _seats(table: pd.DataFrame, test: dict, by: str) -> str:
    games = int(test["games"])
    if table.empty or len(table) < 2:
        return "With one seat there is no seat balance to measure."
    fair = float(table["fair"].iloc[0])
    if games < SMALL:
        return (f"{_only(games)} {'was' if games == 1 else 'were'} won: too few to say anything about {NOUN[by]} "
                f"(at least {SMALL} are needed, and hundreds to see an advantage of a few points).")
    best = table.loc[table["rate"].idxmax()]
    others = table.drop(index=best.name)                 # equal rates: still two different seats
    worst = others.loc[others["rate"].idxmin()]
    width = float((table["high"] - table["low"]).max()) / 2
    says = (f"{_who(by, int(best[by])).capitalize()} wins {fmt_pct(best['rate'])} "
            f"{fmt_interval(best['low'], best['high'])} of its games and {_who(by, int(worst[by]))} "
            f"{fmt_pct(worst['rate'])} {fmt_interval(worst['low'], worst['high'])}, where {EQUAL[by]} "
            f"would each win {fmt_pct(fair)}")
    if test["p"] < SURE:
        return (f"The {NOUN[by]} are not equal: {says} (chi-square test of equal {NOUN[by]} over "
                f"{counted(games, 'game')}, "
                f"{fmt_p(test['p'])}).")
    if test["p"] < 0.05:
        return (f"There is a hint that the {NOUN[by]} are not equal: {says} ({fmt_p(test['p'])}, "
                f"{counted(games, 'game')}); more games would tell.")
    return (f"These {games} games show no advantage of {NOUN[by]} ({fmt_p(test['p'])}): {says}. The intervals "
            f"are ±{100 * width:.1f} points wide, so a smaller advantage than that cannot be seen in "
            f"this many games.")


def decisive(d: dict) -> str:
    """Margins and shared wins."""
    if d["games"] < SMALL:
        return f"{_only(d['games'])}: too few to describe the margins."
    parts = [f"The winner leads the next player by {d['margin_mean']:.1f} points on average "
             f"(median {fmt_num(d['margin_median'])})"]
    parts.append(f"{fmt_pct(d['close'])} of games are won by 2 points or fewer (before any tie-break)")
    if d["shared"]:
        parts.append(f"{fmt_pct(d['shared'])} end in a shared win (each tied seat counts its part)")
    if d["tie_break"]:
        parts.append(f"{fmt_pct(d['tie_break'])} end level on points and are decided by a tie-break")
    if d["no_winner"]:
        parts.append(f"{fmt_pct(d['no_winner'])} have no winner")
    return "; ".join(parts) + "."


def length(table: pd.DataFrame, unit: str = "round") -> str:
    """Game length in the game's own unit (State.ROUND_NAME: rounds, or Syndicate's turns) and in
    decisions."""
    r, s = table.loc["rounds"], table.loc["steps"]
    return (f"A game lasts {r['median']:.0f} {unit}s (median; from {r['min']:.0f} to {r['max']:.0f}) "
            f"and {s['median']:.0f} decisions in all.")


def drama(summary: dict, curve: pd.DataFrame) -> str:
    """Lead changes and whether the leader at half-time goes on to win."""
    if summary["games"] < SMALL:
        return f"{_only(summary['games'])}: too few to describe how the lead moves."
    text = (f"In a median game the lead changes hands {counted(fmt_num(summary['lead_changes_median']), 'time')} "
            f"(mean {summary['lead_changes_mean']:.1f}), counted on the projected score (what each player "
            f"would score if the game ended there) at the end of every round; "
            f"{fmt_pct(summary['no_change'])} of games are led by the same player from the first lead to "
            f"the end.")
    if not curve.empty:
        half = curve.iloc[(curve.iloc[:, 0] - 0.5).abs().argmin()]
        n = int(half["games"])
        led = (f"{counted(n, 'game')} with one player alone in the lead at half-time (a game tied at the "
               f"top there has no leader)")
        if n < SMALL:
            text += (f" Only {led}: too few to say whether the leader goes on to win (at least {SMALL} "
                     f"are needed).")
        else:
            text += (f" The leader at half-time goes on to win {fmt_pct(half['rate'])} "
                     f"{fmt_interval(half['low'], half['high'])} of games, where a leader who told nothing "
                     f"would win {fmt_pct(half['chance'])}; this counts the {led}.")
    return text


def _spread(r) -> str:
    return (f"median {fmt_num(r['median'])}, sd {r['sd']:.1f}, from {fmt_num(r['min'])} to {fmt_num(r['max'])}; "
            f"the middle half between {fmt_num(r['q25'])} and {fmt_num(r['q75'])}, the middle 80 % between "
            f"{fmt_num(r['q10'])} and {fmt_num(r['q90'])}")


def _mean(r) -> str:
    return f"{r['mean']:.1f} {fmt_range(r['low'], r['high'])}"


def scores(table: pd.DataFrame, solo: bool = False) -> str:
    """The final scores: their mean with its interval and spread, and each seat's mean (multiplayer).
    The sample is the number of games, which each seat's row counts (the row of every seat together
    spreads over every seat's score, so it holds more scores than games). One game gives no interval
    and no spread: the sentence gives its scores and says so."""
    by_seat_rows = table[table["seat"] != "all"]
    games = int(by_seat_rows["games"].max())
    if games < 2:
        need = f"at least {SMALL} games are needed to say anything"
        if solo:
            return (f"{_only(games)}, too few for an interval or a spread: it scored "
                    f"{fmt_num(by_seat_rows.iloc[0]['mean'])} points ({need}).")
        each = [f"seat {r['seat']} " + ("scored {} points" if i == 0 else "{}").format(fmt_num(r["mean"]))
                for i, (_, r) in enumerate(by_seat_rows.iterrows())]
        return f"{_only(games)}, too few for an interval: {', '.join(each)} ({need})."
    overall = table.iloc[0]
    head = f"{_only(games)}, so the intervals are wide. " if games < SMALL else ""
    if solo:
        return head + f"A solo game scores {_mean(overall)} points on average ({_spread(overall)})."
    seats = by_seat_rows
    by_seat = ", ".join(f"seat {r['seat']} {_mean(r)}" for _, r in seats.iterrows())
    apart = [(a, b) for _, a in seats.iterrows() for _, b in seats.iterrows()
             if a["low"] > b["high"]]
    text = (head + f"A seat's final score is {overall['mean']:.1f} points on average ({_spread(overall)}). "
            f"Mean score by seat, with its 95 % interval: {by_seat}")
    if apart:
        a, b = apart[0]
        return text + (f"; seat {a['seat']} scores clearly more than seat {b['seat']} "
                       f"(their intervals do not overlap).")
    return text + "; no seat's interval lies clear of another's."


def rating(table: pd.DataFrame) -> str:
    """How many solo games reach each tier of the rulebook's rating scale."""
    games = int(table["games"].sum())
    counts = "; ".join(f"tier {int(r['tier'])} ({r['scores']} points) {fmt_pct(r['share'])}"
                       for _, r in table.iterrows())
    top = table.loc[table["games"].idxmax()]
    text = (f"On the rulebook's solo rating scale: {counts}. The most common rating is tier {int(top['tier'])}, "
            f"\u201c{top['words']}\u201d")
    if games < SMALL:
        return f"{_only(games)}: " + text[0].lower() + text[1:] + " (too few games to say more)."
    return text if text.endswith(".\u201d") else text + "."


def solo(result: dict, df: pd.DataFrame) -> str:
    """A solo game won or lost against the game itself: the win share with its interval."""
    games = int(result["games"])
    text = (f"The player wins {fmt_pct(result['rate'])} {fmt_interval(result['low'], result['high'])} "
            f"against the game's automated opponent (a shared victory counts half): "
            f"{fmt_pct(result['won'])} of games won, {fmt_pct(result['shared'])} shared, "
            f"{fmt_pct(result['lost'])} lost")
    rival = [c for c in df.columns if c.endswith("_score")]      # the opponent's score (State.result_columns)
    if rival:
        gap = df["score"] - df[rival[0]]
        text += (f"; the opponent scores {df[rival[0]].mean():.1f} points on average, the "
                 f"player {df['score'].mean():.1f}, a margin of {gap.mean():+.1f} (median {fmt_num(gap.median())})")
    if games < SMALL:
        text += f". {_only(games)}, so the interval is wide"
    return text + "."


def branching(table: pd.DataFrame) -> str:
    kinds = table[table["kind"] != "all"]
    if kinds.empty:
        return "No decisions were recorded."
    top = kinds.loc[kinds["mean"].idxmax()]
    everything = table[table["kind"] == "all"].iloc[0]
    return (f"A player chooses among {everything['mean']:.1f} actions on average "
            f"({fmt_pct(everything['forced'])} of decisions are forced); the widest decision is "
            f"'{top['kind']}', with {top['mean']:.1f} choices on average and up to {int(top['max'])}.")


def cards(table: pd.DataFrame, min_seats: int, games: int | None = None, left: pd.DataFrame | None = None,
          seats: int | None = None) -> str:
    """The cards whose holders win most and least more often than the others (`games`: how many games
    the table counts; fewer than SMALL are too few to single out a card, as for the other findings);
    a table of card_scores() (a `score` column) compares the holders' mean scores instead. `left`
    (cards.left_out: card, seats) names the cards held at the end that the table leaves out, and
    `seats` the seats in all."""
    return _cards(table, min_seats, games) + left_out(left, min_seats, seats, len(table),
                                                      "score" in table.columns)


def left_out(left: pd.DataFrame | None, min_seats: int, seats: int | None, compared: int, solo: bool) -> str:
    """What the cards table leaves out, and how many: the cards held by fewer than `min_seats` seats
    and those missing from fewer, each named with the seats that held it ("" when none is left out)."""
    if left is None or left.empty:
        return ""
    unit, by = ("game", "in") if solo else ("seat", "by")     # one seat a game: a solo game's cards
    rare = left[left["seats"] < min_seats]
    common = left[left["seats"] >= min_seats]
    parts = []
    if len(rare):
        parts.append(f"held {by} fewer than {counted(min_seats, unit)}: "
                     + ", ".join(f"{r.card} ({counted(int(r.seats), unit)})" for r in rare.itertuples()))
    if len(common):
        of = f" of {seats}" if seats is not None else ""
        parts.append(f"missing from fewer than {counted(min_seats, unit)}: "
                     + ", ".join(f"{r.card} (held {by} {r.seats}{of} {unit}s)" for r in common.itertuples()))
    return (f" The table compares {counted(compared, 'card')}; {len(left)} more held at the end "
            f"{'is' if len(left) == 1 else 'are'} left out as too few to compare — " + "; ".join(parts) + ".")


def _cards(table: pd.DataFrame, min_seats: int, games: int | None) -> str:
    if table.empty:                     # a solo table (by score): one seat a game, so games
        held = f"in {min_seats} or more games" if "score" in table.columns else f"by {min_seats} or more seats"
        return f"No card was held {held}: too few games for per-card statistics."
    if games is not None and games < SMALL:
        goes = "high scores" if "score" in table.columns else "winning"
        return (f"{_only(games)}: too few to say which cards go with {goes} (at least {SMALL} are "
                f"needed, and hundreds to single out one card among many).")
    clear = table[table["p"] < ALPHA]
    top, low = table.iloc[0], table.iloc[-1]
    if "score" in table.columns:
        return _card_scores(table, clear, top, low)
    text = (f"Holders of {top['card']} win {fmt_pct(top['rate'])} {fmt_interval(top['low'], top['high'])} "
            f"against {fmt_pct(top['others'])} for the others ({counted(int(top['seats']), 'seat')} held it); "
            f"holders of {low['card']} win {fmt_pct(low['rate'])} "
            f"{fmt_interval(low['low'], low['high'])} against {fmt_pct(low['others'])}.")
    how = ("in a test that shuffles each game's result among its seats, so that the games are the samples, "
           "not the seats")
    return text + _singled_out(table, clear, "win clearly more or less often than the others", how,
                               "A winning card is a correlation, not a cause: strong positions take cards too.")


def _singled_out(table: pd.DataFrame, clear: pd.DataFrame, differ: str, how: str, caution: str) -> str:
    """How many cards the test singles out (p < ALPHA), against how many it would by chance if no card
    mattered (the sum of the cards' false_alarm, from the same shuffles)."""
    chance = float(table["false_alarm"].sum())
    by_chance = (f"about {fmt_num(round(chance, 1))} of {len(table)} would be by chance if no card mattered")
    if clear.empty:
        return (f" No card's holders {differ} (p < {ALPHA:g} {how}; {by_chance}): these games cannot "
                f"single out a card.")
    return (f" {len(clear)} of {len(table)} cards' holders {differ} (p < {ALPHA:g} {how}), where "
            f"{by_chance}. {caution}")


def _card_scores(table: pd.DataFrame, clear: pd.DataFrame, top, low) -> str:
    text = (f"Holders of {top['card']} score {top['score']:.1f} [{top['low']:.1f}, {top['high']:.1f}] points "
            f"on average against {top['others']:.1f} for the games without it (held in "
            f"{counted(int(top['seats']), 'game')}); holders of {low['card']} score {low['score']:.1f} "
            f"[{low['low']:.1f}, {low['high']:.1f}] against {low['others']:.1f}.")
    how = "in a test that shuffles the final scores over the games"       # one seat a game
    return text + _singled_out(table, clear, "score clearly more or less than the others", how,
                               "A card that goes with high scores is a correlation, not a cause: good games "
                               "take cards too.")
