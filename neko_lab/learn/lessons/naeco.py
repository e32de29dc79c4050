"""A first game of Naéco: two players, you (Player 1) against the Naéco agent, on a fixed seed.

What a first game has to teach, and where the script teaches it (each step cites its section):

1. Naéco › Setup and Naéco › Scoring — the two Exploration Start cards, a hand of three, seven face-up
   piles, the four symbols a Species card may carry and what the learner's own secret Priority
   Observation card gives each (the introduction).
2. Naéco › Gameplay — a turn is "play one card, then draw one"; a card touches the Ocean, sits in the
   row of its own depth, and beside another species differs from it by exactly one (steps 1, 3). Step 1
   says why its card: its symbol scores most as things stand, while the Hint ranks by final points.
3. Naéco › Gameplay — drawing: only the piles your token allows, counted from the left (steps 2, 4).
4. Naéco › Make ground-breaking observations! — meeting the objective above your token moves it right,
   which reveals the next objective and opens more piles, up to all seven (step 3 plays a card that does it, and says
   how an objective already met on reveal, or two met in one turn, move the token further).
5. Naéco › Gameplay — a card face-down is an unpopulated area, and any value may go beside it later
   (steps 5 and 7).
6. Naéco › End of the game and Naéco › Scoring — said when the script hands over (the player who
   triggered the end plays last), and explained category by category in the finale (research,
   biodiversity, priority observations); the finale ends by naming the variants left out (Naéco ›
   Sea Shepherd France variant, Solo play variant).

After step 8 you finish the game yourself, with hints. The moves the script asks for are chosen from
the legal actions by their class and fields (a Play's card, depth, column and face; a Draw's pile), so
the words below describe places by their neighbours rather than by column numbers.
"""
from __future__ import annotations

from typing import Any, Hashable

from ...core.state import State
from ..lesson import Lesson, Teach

GAME = "naeco"
SEED = 1
PLAYERS = 2
SETUP = "Naéco › Setup"
GAMEPLAY = "Naéco › Gameplay"
OBSERVE = "Naéco › Make ground-breaking observations!"
END = "Naéco › End of the game"
SCORING = "Naéco › Scoring"
SHEPHERD, SOLO = "Naéco › Sea Shepherd France variant", "Naéco › Solo play variant"
LEVELS = (-1, 0, 1, 3)            # research level of the objective above each Surface card
SIDES = {"left": (0, -1), "right": (0, 1), "above": (-1, 0), "below": (1, 0)}
ATTRIBUTE_WORDS = {"insufficiently_known": "Insufficiently known", "well_known": "Well known",
                   "endangered": "Endangered", "least_concern": "Least concern"}


# ---------------------------------------------------------------------------------- reading a state
def _kind(a: Any) -> str:
    return type(a).__name__


def _plays(legal: list, down: bool | None = None) -> list:
    return [a for a in legal if _kind(a) == "Play" and (down is None or a.down == down)]


def _ocean(state: State, seat: int) -> dict[tuple[int, int], int]:
    """(depth, column) -> 0 start card, -1 face-down, 1-4 a species, from the seat's observation."""
    return {(d, c): v for d, c, v in state.observation(seat)["oceans"][seat]["cells"]}


def _names(state: State, seat: int) -> dict[tuple[int, int], str]:
    cards = state.observation(seat)["oceans"][seat]["cards"]
    return {(d, c): state.cards[cid].name for d, c, cid in cards}


def _cell_words(state: State, seat: int, where: tuple[int, int]) -> str:
    v = _ocean(state, seat).get(where)
    if v == 0:
        return f"your depth-{where[0]} Exploration Start card"
    if v == -1:
        return "your face-down card (the unpopulated area)"
    return f"your {_names(state, seat).get(where, 'species')} ({v})"


def place_words(state: State, seat: int, depth: int, col: int) -> str:
    """Where (depth, col) is, said by its neighbours: "right of your Moray eel (2), at depth 2"."""
    cells = _ocean(state, seat)
    said = []
    for side in ("left", "right", "above", "below"):
        dd, dc = SIDES[side]
        n = (depth - dd, col - dc)     # the neighbour the new card is <side> of
        if n in cells:
            rel = {"left": "left of", "right": "right of", "above": "above", "below": "under"}[side]
            said.append(f"{rel} {_cell_words(state, seat, n)}")
    return (" and ".join(said[:2]) or "in your Ocean") + f", at depth {depth}"


def play_words(state: State, seat: int, a: Any) -> str:
    what = f"{a.name} face-down" if a.down else f"{a.name} ({a.value})"
    return f"{what} {place_words(state, seat, a.depth, a.col)}"


def _after(state: State, a: Hashable) -> State:
    child = state.clone()
    child.apply(a)
    return child


def _token(state: State, seat: int) -> int:
    return state.observation(seat)["tokens"][seat]


def _objective(state: State, seat: int) -> str | None:
    """The words of the objective above the seat's token (None on the last Surface card)."""
    k = _token(state, seat)
    shown = state.observation(seat)["objectives"]
    if k >= len(shown) or shown[k] is None:
        return None
    return getattr(state, "objective_text", {}).get((LEVELS[k], shown[k]))


def _value(state: State, a: Hashable, seat: int) -> float:
    return float(_after(state, a).evaluate(seat))


def _best(state: State, options: list, seat: int) -> Hashable | None:
    """The option the game's evaluation rates best one move ahead (first on equal values)."""
    best, best_v = None, float("-inf")
    for a in options:
        v = _value(state, a, seat)
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


def _draw_pick(state: State, legal: list) -> Hashable | None:
    from ...agents import make_agent
    agent = make_agent("naeco", type(state), seed=SEED)
    return agent.choose(state)


def _allowed(legal: list) -> int:
    return max((a.pile for a in legal if _kind(a) in ("Draw", "TakeMission")), default=-1) + 1


def _neighbours(state: State, seat: int, a: Any) -> list[int]:
    cells = _ocean(state, seat)
    return [cells[(a.depth, a.col + dc)] for dc in (-1, 1) if (a.depth, a.col + dc) in cells]


# ---------------------------------------------------------------------------------- the script
def _prefer(state: State, options: list, *wishes) -> Hashable | None:
    """The best option of the first wish (a test of an option) that any option meets, else the best."""
    seat = state.current_player
    for wish in wishes:
        chosen = [a for a in options if wish(a)]
        if chosen:
            return _best(state, chosen, seat)
    return _best(state, options, seat)


def pick_first(state: State, legal: list) -> Hashable | None:
    return _best(state, _plays(legal, down=False), state.current_player)


def _symbol_words(state: State, cid: int) -> str:
    """"the Endangered symbol", "the Well known and Least concern symbols", "no symbol"."""
    names = [ATTRIBUTE_WORDS[x] for x in state.cards[cid].attributes]
    if not names:
        return "no symbol"
    return f"the {' and '.join(names)} symbol" + ("s" if len(names) > 1 else "")


def _priority_points(state: State, seat: int) -> dict[str, int]:
    """Symbol -> the points the seat's own Priority Observation card gives it."""
    return dict(zip(ATTRIBUTE_WORDS, state.observation(seat)["priority_card"]))


def _gain(state: State, a: Hashable, seat: int) -> int:
    """How much the seat's score as it stands now would rise with this move."""
    return _after(state, a).scores()[seat] - state.scores()[seat]


def say_first(state: State, a: Any) -> str:
    seat = state.current_player
    cells = _ocean(state, seat)
    stacked = (a.depth - 1, a.col) in cells or (a.depth + 1, a.col) in cells
    extra = " Above or below another card, any value may go." if stacked else ""
    gain = _gain(state, a, seat)
    others = [_gain(state, b, seat) for b in _plays(state.legal_actions(), down=False) if b.card != a.card]
    why = ""
    if gain > 0 and gain > max(others, default=0):
        points = _priority_points(state, seat)
        worth = ", ".join(f"{ATTRIBUTE_WORDS[x]} {points[x]}" for x in state.cards[a.card].attributes)
        why = (f" Why this card: it carries {_symbol_words(state, a.card)} ({worth} on your Priority "
               f"Observation card), and with it your Ocean would show the most of that symbol, so as things "
               f"stand it adds {gain} to your score, more than any other card of your hand ({SCORING}). The "
               f"Hint ranks moves by the points whole sampled games end with, so it may put another card "
               f"first; this step is about where a card may go.")
    return (f"Your Ocean holds only the two Exploration Start cards, one at depth 1 and one at depth 4. "
            f"A turn is two things: play one card from your hand into your Ocean, then draw one. The card "
            f"must touch a card already there (left, right, above or below), and it may only lie in the row "
            f"of the depth printed on it.{extra} Play {play_words(state, seat, a)}. The start cards show no "
            f"species, so a card of any value may go beside them too: that is neko_lab's reading, since the "
            f"rules do not say what lies on them (datasets/naeco/README.md, reading 1).{why}")


def say_draw(state: State, a: Any) -> str:
    n = _allowed(state.legal_actions())
    return (f"Now refill your hand to three cards. You may draw only from the piles your token allows: "
            f"from its Surface card, piles 1 to {n}, counted from the left. Every pile shows its top card, "
            f"so you choose what you get. Take {a.name} from pile {a.pile + 1}: the Naéco agent rates it the "
            f"most useful card for your next turn.")


def pick_observe(state: State, legal: list) -> Hashable | None:
    """A face-up play that meets the objective above the token, else one beside another species."""
    seat = state.current_player
    return _prefer(state, _plays(legal, down=False),
                   lambda a: _token(_after(state, a), seat) > _token(state, seat),
                   lambda a: any(v > 0 for v in _neighbours(state, seat, a)))


def say_observe(state: State, a: Any) -> str:
    seat = state.current_player
    goal = _objective(state, seat)
    moves = _token(_after(state, a), seat) > _token(state, seat)
    side = [v for v in _neighbours(state, seat, a) if v > 0]
    parts = []
    if side:
        parts.append(f"Two species side by side must differ by exactly one: a predator lies beside its prey. "
                     f"{a.name} is a {a.value}, so it may lie beside the {side[0]} ({GAMEPLAY}).")
    if goal and moves:
        steps = _token(_after(state, a), seat) - _token(state, seat)
        parts.append(f"The objective above your token asks for: \u201c{goal}\u201d. This card meets it, so "
                     f"your token moves right, one Surface card for each objective met: that scores research"
                     f"{_piles_opened(state, _token(state, seat), _token(state, seat) + steps)} ({OBSERVE}).")
        parts.append(_more_objectives(state, seat, steps))
    elif goal:
        parts.append(f"Keep the objective above your token in mind: \u201c{goal}\u201d ({OBSERVE}).")
    return " ".join(parts) + f" Play {play_words(state, seat, a)}."


def _piles_opened(state: State, before: int, after: int) -> str:
    """What moving the token from Surface card `before` to `after` (0-based) does to the draw: the
    Surface cards say how many piles each opens, and the last steps may open none (all seven are open)."""
    piles = state.surface_piles
    old, new = piles[before], piles[min(after, len(piles) - 1)]
    if new > old:
        return f" and lets you draw from piles 1 to {new} instead of 1 to {old}"
    return f", though it opens no more piles: piles 1 to {old} were already open"


def _more_objectives(state: State, seat: int, steps: int) -> str:
    """The rule for meeting more than one objective, said of this move: how far the token goes."""
    k = _token(state, seat)
    first = state.observation(seat)["objectives"][k + 1] is None      # nobody has revealed the next one yet
    reveal = "The first token to reach a Surface card reveals the objective above it. " if first else ""
    if steps > 1:
        return (f"{reveal}This card meets {steps} objectives in one turn, so the token moves {steps} Surface "
                f"cards ({OBSERVE}).")
    return (f"{reveal}Your Ocean does not meet the next objective yet, so the token stops after one card; had "
            f"it met that one too, the token would move on again at once: two objectives met in one turn move "
            f"it two Surface cards ({OBSERVE}).")


def _moved_since_draw(state: State, seat: int) -> bool:
    """Did the token of `seat` move right since its last draw (in the play just made)?"""
    for e in reversed(state.log):
        if e.seat == seat and "pile" in e.data:          # its last draw: nothing moved after it
            return False
        if e.seat == seat and "position" in e.data:      # an objective met: the token moved on
            return True
    return False


def say_draw_again(state: State, a: Any) -> str:
    n = _allowed(state.legal_actions())
    extra = (f" Your token moved right, so piles 1 to {n} are open to you now."
             if _moved_since_draw(state, state.current_player) else f" Piles 1 to {n} are open to you.")
    return f"Draw again.{extra} Take {a.name} from pile {a.pile + 1}."


def pick_face_down(state: State, legal: list) -> Hashable | None:
    """A face-down play, preferably one that leaves room beside it in its row."""
    cells = _ocean(state, state.current_player)
    return _prefer(state, _plays(legal, down=True),
                   lambda a: (a.depth, a.col - 1) not in cells or (a.depth, a.col + 1) not in cells)


FACE_DOWN_WORDS = ("Any card may also be played face-down. It then shows no species: an unpopulated area. "
                   "It still has to touch your Ocean, and neko_lab keeps it in the row of its own depth: the "
                   "rules name no exception for a face-down card, a reading the option facedown_any_depth=True "
                   "sets aside (datasets/naeco/README.md, reading 2). From your next turn on a card of any value "
                   "may go beside it, which frees you from the one-apart rule there.")


def say_face_down(state: State, a: Any) -> str:
    return f"{FACE_DOWN_WORDS} Play {play_words(state, state.current_player, a)}."


def pick_beside_empty(state: State, legal: list) -> Hashable | None:
    seat = state.current_player
    return _prefer(state, _plays(legal, down=False), lambda a: -1 in _neighbours(state, seat, a))


def say_beside_empty(state: State, a: Any) -> str:
    seat = state.current_player
    if -1 in _neighbours(state, seat, a):
        lead = "Use the unpopulated area: beside a face-down card any value fits."
    else:
        lead = "None of your cards can lie beside the unpopulated area this turn, so build elsewhere."
    return f"{lead} Play {play_words(state, seat, a)}."


def say_last_draw(state: State, a: Any) -> str:
    return (f"Take {a.name} from pile {a.pile + 1}. After this draw the guided part ends and you play on "
            f"yourself.")


def free_say(state: State) -> str:
    goal = _objective(state, 0)
    now = (f"The objective above your token now asks for: \u201c{goal}\u201d ({OBSERVE}). " if goal
           else "Your token is on the last Surface card. ")
    return now + (f"You know the whole turn now: play a card, meet objectives, draw. The game ends when a "
                  f"token reaches the last Surface card or when two piles are empty; then everyone plays one "
                  f"last turn, starting with the next player, so whoever triggered the end plays last ({END}). "
                  f"At the end you score your token's Surface card, 4 points per card of "
                  f"your least common value if all four values are in your Ocean, and the points of your "
                  f"Priority Observation card for each symbol you have most of ({SCORING}). Ask for a hint "
                  f"whenever you are unsure.")


def not_that_play(state: State, wanted: Any, action: Any) -> str | None:
    seat = state.current_player
    ask = f"play {play_words(state, seat, wanted)}"
    if action.down != wanted.down:
        return ask + (": this step is about a card face-down" if wanted.down
                      else ": this step wants the species face-up, showing its value")
    if action.card != wanted.card:
        return f"{ask}: the card to use is {wanted.name}, not {action.name}"
    return f"{ask}: the right card, in another place"


def not_that_draw(state: State, wanted: Any, action: Any) -> str | None:
    return f"take {wanted.name} from pile {wanted.pile + 1}, not {action.name} from pile {action.pile + 1}"


# ---------------------------------------------------------------------------------- the finale
def detail(state: State, seat: int, category: str) -> str | None:
    obs = state.observation(seat)
    values = [v for _, _, v in obs["oceans"][seat]["cells"] if v > 0]
    if category == "research":
        k = obs["tokens"][seat]
        return f"the token ended on Surface card {k + 1} of 5"
    if category == "biodiversity":
        counts = {v: values.count(v) for v in (1, 2, 3, 4)}
        missing = [v for v, n in counts.items() if n == 0]
        if missing:
            return "value " + " and ".join(map(str, missing)) + " missing, so nothing"
        least = min(counts.values())
        return f"values 1/2/3/4 counted {counts[1]}/{counts[2]}/{counts[3]}/{counts[4]}: 4 \u00d7 {least}"
    if category == "priority":
        mine = _symbols(state, seat)
        best = [max(_symbols(state, s)[a] for s in range(state.players)) for a in ATTRIBUTE_WORDS]
        won = [ATTRIBUTE_WORDS[a] for i, a in enumerate(ATTRIBUTE_WORDS) if best[i] > 0 and mine[a] == best[i]]
        return ("the most, or equal most, symbols of: " + ", ".join(won)) if won else "no majority of any symbol"
    return None


def _symbols(state: State, seat: int) -> dict[str, int]:
    """Symbols showing in the seat's Ocean (a face-down card shows none)."""
    ocean = state.observation(seat)["oceans"][seat]
    cells = {(d, c): v for d, c, v in ocean["cells"]}
    counts = dict.fromkeys(ATTRIBUTE_WORDS, 0)
    for d, c, cid in ocean["cards"]:
        if cells.get((d, c), 0) > 0:
            for a in state.cards[cid].attributes:
                counts[a] = counts.get(a, 0) + 1
    return counts


CATEGORIES = {
    "research": f"the value of the Surface card your token reached ({SCORING})",
    "biodiversity": f"with all four values in your Ocean, 4 points per card of the least common value "
                    f"({SCORING})",
    "priority": f"for each symbol you have most of (ties included), the points your Priority Observation card "
                f"gives it ({SCORING})",
    "missions": f"the Sea Shepherd France mission cards you took ({SHEPHERD})",
}


def epilogue(state: State) -> str:
    """What this first game left out (its options say which variants were off)."""
    left = []
    if not state.options.get("sea_shepherd"):
        left.append("the Sea Shepherd France variant, whose mission cards turn up on the piles and score a bonus "
                    f"or a penalty at the end ({SHEPHERD}; the option sea_shepherd=True)")
    if state.players > 1:
        left.append("the solo variant, where every draw also discards cards from the next pile and your score is "
                    f"rated on a scale instead of won ({SOLO}; a one-player game)")
    return f"Left out of this first game: {'; and '.join(left)}." if left else ""


def callout(state: State, a: Any) -> str:
    """The few words pinned beside the step's move on the picture: its place, or its pile. (The board
    calls out the hand card, and the face-down switch, while they are still to click.)"""
    if type(a).__name__ == "Play":
        return "play face-down here" if a.down else "play here"
    return "draw from this pile" if type(a).__name__ == "Draw" else "this move"


def LESSON(seed: int = SEED) -> Lesson:
    """The Naéco lesson (a function, so every board gets a Lesson of its own)."""
    teach = [
        Teach(GAMEPLAY, pick_first, say_first, not_that_play, callout),
        Teach(GAMEPLAY, _draw_pick, say_draw, not_that_draw, callout),
        Teach(OBSERVE, pick_observe, say_observe, not_that_play, callout),
        Teach(GAMEPLAY, _draw_pick, say_draw_again, not_that_draw, callout),
        Teach(GAMEPLAY, pick_face_down, say_face_down, not_that_play, callout),
        Teach(GAMEPLAY, _draw_pick, say_draw_again, not_that_draw, callout),
        Teach(GAMEPLAY, pick_beside_empty, say_beside_empty, not_that_play, callout),
        Teach(GAMEPLAY, _draw_pick, say_last_draw, not_that_draw, callout),
    ]
    intro = (f"Welcome to Naéco. You are Player 1, exploring the sea against the Naéco agent (Player 2). "
             f"In front of you lie two Exploration Start cards; you hold three Species cards; seven piles "
             f"of face-up cards wait in the middle; and you have a secret Priority Observation card saying "
             f"which symbols are worth most to you ({SETUP}). The first eight moves are guided: each step "
             f"says what to play and why, and a different move is explained and can be retried. Then you "
             f"finish the game yourself, with hints, and the final scoring is explained.")
    les = Lesson(GAME, PLAYERS, seed, intro, teach, free_say, CATEGORIES, seat=0, bot="naeco",
                 detail=detail, title="Naéco: your first game", epilogue=epilogue)
    points = _priority_points(les.new_game(), 0)
    les.intro += (f" Each Species card carries up to two of four symbols: {', '.join(ATTRIBUTE_WORDS.values())}. "
                  f"Your own Priority Observation card gives "
                  + ", ".join(f"{name} {points[key]}" for key, name in ATTRIBUTE_WORDS.items())
                  + f": at the end you score a symbol's points if your Ocean shows the most of it, ties included "
                    f"({SCORING}).")
    return les
