"""Every rule a game cites is a heading of its rulebook (DESIGN.md: Event.rule names the section).

A game opts in with `datasets/<game>/sections.txt`: a header comment line holding `source=rulebook` and
`title=<Title>` (without it, the title is the one the game's RULES share), then one rulebook heading
per line, written as it stands on a line of its own in the rulebook (a leading number such as "1) "
or "2. " or a letter such as "a) " may be left out). Then:

- every key of the game's RULES and every Event.rule met in a few seeded random games reads
  "Title › Heading" or "Title › Heading › Subheading", each heading a line of sections.txt;
- where the rulebook itself is at hand (../shared/rulebooks/<game>.txt beside the repository, or the
  shared folder's usual place: tests/rulebooks.py), every line of sections.txt is a heading of it;
- every "(Title › Section)" a person reads in a seeded game (each move's explanation and the log, as
  the spectator and as each seat read them) names listed headings of the rulebook.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import PUBLIC
from neko_lab.core.registry import GAMES, load_builtin
from rulebooks import PLACES, rulebook

ROOT = Path(__file__).resolve().parents[2]
SEP = " › "
NUMBERED = re.compile(r"^(\d+[.)]|[a-z]\))\s+")
SEEDS = 3


def _games_with_sections() -> list[str]:
    load_builtin()
    return sorted(g for g in GAMES if (ROOT / "datasets" / g / "sections.txt").is_file())


def read_sections(game: str) -> tuple[str, list[str]]:
    """(title, headings) of datasets/<game>/sections.txt. A header comment, when there is one, must say
    source=rulebook; the title is its title=..., or else the first part shared by the game's RULES."""
    path = ROOT / "datasets" / game / "sections.txt"
    lines = [line.rstrip() for line in path.read_text(encoding="utf-8").splitlines()]
    header = lines[0] if lines and lines[0].startswith("#") else ""
    if header:
        assert "source=rulebook" in header, f"{path}, row 1: the header comment must say source=rulebook"
    found = re.search(r"title=(\S+)", header)
    if found:
        title = found.group(1)
    else:
        titles = {rule.split(SEP)[0] for rule in nl.game_class(game).RULES}
        assert len(titles) == 1, f"{path}: no title=..., and the RULES of {game} use {sorted(titles)}"
        title = titles.pop()
    headings = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert len(headings) == len(set(headings)), f"{path}: a heading is listed twice"
    return title, headings


def bad_citation(rule: str, title: str, headings: set[str]) -> str | None:
    """Why `rule` is not "Title › Heading[ › Subheading]" with listed headings, or None."""
    parts = rule.split(SEP)
    if not 2 <= len(parts) <= 3:
        return f"{rule!r} is not 'Title › Heading' or 'Title › Heading › Subheading'"
    if parts[0] != title:
        return f"{rule!r} does not start with the title {title!r}"
    missing = [p for p in parts[1:] if p not in headings]
    if missing:
        return f"{rule!r}: {missing[0]!r} is not a line of sections.txt"
    return None


def cited_rules(game: str) -> set[str]:
    """Every Event.rule of a few seeded random games (options at their defaults, then every boolean
    option switched on), at each player count."""
    cls = nl.game_class(game)
    on = {k: True for k, v in cls.OPTIONS.items() if isinstance(v, bool)}
    rules: set[str] = set()
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        for options in ({}, on):
            for seed in range(SEEDS):
                s = nl.new_game(game, players=players, seed=seed, **options)
                rng = random.Random(seed)
                while not s.is_over():
                    s.apply(rng.choice(s.legal_actions()))
                rules.update(e.rule for e in s.log)
    return rules


def rulebook_headings(text: str) -> set[str]:
    """Every line of the rulebook, as written and without a leading number or letter."""
    out = set()
    for line in text.splitlines():
        line = line.strip()
        if line:
            out.add(line)
            out.add(NUMBERED.sub("", line))
    return out


GAMES_WITH_SECTIONS = _games_with_sections()


def test_some_game_lists_its_rulebook_sections():
    assert GAMES_WITH_SECTIONS, "no datasets/<game>/sections.txt found"


def test_bad_citations_are_named():
    headings = {"Set Up", "Free Actions", "Take Fish"}
    assert bad_citation("Journey › Set Up", "Journey", headings) is None
    assert bad_citation("Journey › Free Actions › Take Fish", "Journey", headings) is None
    assert "not a line" in bad_citation("Journey › Free Actions › Catch a Fish", "Journey", headings)
    assert "title" in bad_citation("Neko › Set Up", "Journey", headings)
    assert "is not 'Title" in bad_citation("Journey", "Journey", headings)
    assert "is not 'Title" in bad_citation("", "Journey", headings)


@pytest.mark.parametrize("game", GAMES_WITH_SECTIONS)
def test_rules_and_events_cite_listed_rulebook_headings(game):
    title, headings = read_sections(game)
    listed = set(headings)
    cls = nl.game_class(game)
    bad = [why for rule in sorted(cls.RULES) if (why := bad_citation(rule, title, listed))]
    assert not bad, f"{game} RULES: " + "; ".join(bad)
    met = cited_rules(game)
    bad = [why for rule in sorted(met) if (why := bad_citation(rule, title, listed))]
    assert not bad, f"{game} events: " + "; ".join(bad)


@pytest.mark.parametrize("game", GAMES_WITH_SECTIONS)
def test_every_listed_section_is_a_heading_of_the_rulebook(game):
    book = rulebook(game)
    if book is None:
        pytest.skip(f"the {game} rulebook is not at hand ({', '.join(map(str, PLACES))})")
    _, headings = read_sections(game)
    known = rulebook_headings(book.read_text(encoding="utf-8"))
    missing = [h for h in headings if h not in known]
    assert not missing, f"{game}: not headings of {book}: {missing}"


CITED = re.compile(r"\(((?:[^()]|\([^()]*\))*? › (?:[^()]|\([^()]*\))*)\)")


def cited_in_text(game: str, seed: int = 1) -> dict[str, str]:
    """Every "(Title › Section)" a person reads in a seeded game (the game's own agents, at its smallest
    count of several seats): the explanation of each move and the log, as the spectator and as each
    seat reads them; each citation with where it was read."""
    from neko_lab.agents import make_agent
    cls = nl.game_class(game)
    players = max(2, cls.MIN_PLAYERS)
    s = nl.new_game(game, players=players, seed=seed)
    agents = [make_agent(game, game, seed=seed + i) for i in range(players)]
    viewers = [PUBLIC, *range(players)]
    found: dict[str, str] = {}
    moves = 0
    while not s.is_over() and moves < 400:
        before = s.clone()
        action = agents[s.current_player](s)
        s.apply(action)
        moves += 1
        for viewer in viewers:
            for line in nl.explain_move(before, action, s, viewer=viewer).lines:
                for rule in CITED.findall(line):
                    found.setdefault(rule, f"move {moves}, for {viewer!r}: {line}")
    for viewer in viewers:
        for e in s.log_for(viewer):
            for rule in CITED.findall(str(e)):
                found.setdefault(rule, f"log for {viewer!r}: {e}")
    return found


@pytest.mark.parametrize("game", GAMES_WITH_SECTIONS)
def test_every_section_cited_in_explanations_and_logs_is_a_heading(game):
    """A citation in text read by anyone (a seat or the spectator) names a heading as the rulebook
    writes it: rewording a sentence for another reader ("you" -> "they") leaves its citation alone."""
    title, headings = read_sections(game)
    listed = set(headings)
    book = rulebook(game)
    known = rulebook_headings(book.read_text(encoding="utf-8")) if book else listed
    found = cited_in_text(game)
    assert found, f"{game}: no citation read in a whole game"
    apart = re.compile(r"[,;] (?=" + re.escape(title) + SEP + ")")   # "(A › B, A › C)": two citations
    found = {rule: where for cited, where in found.items() for rule in apart.split(cited)}
    bad = [f"{why} ({where})" for rule, where in sorted(found.items())
           if (why := bad_citation(rule, title, listed))
           or (why := next((f"{p!r} is not a heading of the rulebook" for p in rule.split(SEP)[1:]
                            if p not in known), None))]
    assert not bad, f"{game}: " + "; ".join(bad)
