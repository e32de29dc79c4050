"""Agents written as text, as the command line and quick notebook calls take them:
"mcts(iterations=50)" is the spec ("mcts", {"iterations": 50})."""
from __future__ import annotations

import ast
import re
from typing import Any

from ..core.errors import ConfigError

_CALL = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*\((.*)\)\s*$", re.S)


def parse_spec(text: str) -> str | tuple[str, dict[str, Any]]:
    """An agent written as text: "greedy" stays a name; "mcts(iterations=50, exploration=1.0)"
    becomes ("mcts", {"iterations": 50, "exploration": 1.0}). Values are Python literals (numbers,
    True/False/None, quoted text); a bare word is taken as text. ConfigError for anything else."""
    m = _CALL.match(text)
    if m is None:
        if "(" in text or ")" in text or "=" in text:
            raise ConfigError(f"cannot read the agent {text!r}: write name or name(param=value, ...)")
        return text.strip()
    name, inner = m.group(1), m.group(2).strip()
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in _split(inner))):
        key, eq, raw = part.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key.isidentifier():
            raise ConfigError(f"cannot read the agent {text!r}: parameters are name=value, not {part!r}")
        if key in params:              # which one was meant? say so rather than keep the last
            raise ConfigError(f"cannot read the agent {text!r}: the parameter {key} is given twice; "
                              f"give it once")
        try:
            params[key] = ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            if not re.fullmatch(r"[\w.-]+", raw):
                raise ConfigError(f"cannot read the agent {text!r}: {key}={raw!r} is not a value") from None
            params[key] = raw
    return (name, params) if params else name


def _split(text: str, sep: str = ",") -> list[str]:
    """text split at `sep` outside brackets and quotes."""
    out, depth, quote, cur = [], 0, "", []
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            out.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    out.append("".join(cur))
    return out


def split_agents(text: str) -> list[str | tuple[str, dict[str, Any]]]:
    """A comma-separated list of agents as the command line takes it: "greedy,mcts(iterations=5,
    exploration=1.0),random" -> ["greedy", ("mcts", {...}), "random"] (commas inside brackets
    belong to the agent). An empty name (a comma too many, or nothing at all) is a ConfigError."""
    parts = _split(text)
    for i, part in enumerate(parts):
        if not part.strip():
            where = ("nothing" if len(parts) == 1 else "a comma at the start" if i == 0
                     else "a comma at the end" if i == len(parts) - 1 else "two commas in a row")
            raise ConfigError(f"the agents {text!r} have an empty name ({where}): write name,name,...")
    return [parse_spec(a) for a in parts]
