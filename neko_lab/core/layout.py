"""The package's layout rules, checked from the source (DESIGN.md › Layout).

- no import circle anywhere in neko_lab, counting imports inside functions;
- a game's rules import nothing but the core, that game's data and scoring, and the rules themselves;
- no module of a game is longer than MAX_LINES lines.

`python -m neko_lab.core.layout` prints every breach; tests/core/test_layout.py asserts there is none.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent      # the neko_lab package
MAX_LINES = 520
RULES_MAY_IMPORT = ("data", "scoring")             # besides the core and the rules package itself


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Modules of neko_lab that `path` imports anywhere in its body (TYPE_CHECKING blocks excluded)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[str] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("neko_lab"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if not mod.startswith("neko_lab"):
                continue
            found.add(mod)
            for a in node.names:                # "from . import scoring" names a module
                found.add(f"{mod}.{a.name}")
    return found


def graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in ROOT.rglob("*.py")}
    return {m: {i for i in imports(p) if i in files and i != m} for m, p in files.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Import circles, each as the list of modules around it (a package's __init__ importing its
    own submodules is not a circle: importing a submodule runs the package first anyway)."""
    def edges(m: str) -> set[str]:
        return {d for d in g[m] if not m.startswith(d + ".")}

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def breaches() -> list[str]:
    g = graph()
    found = [f"import circle: {' -> '.join(c)}" for c in cycles(g)]
    for m, deps in sorted(g.items()):
        parts = m.split(".")
        if len(parts) >= 4 and parts[1] == "games" and parts[3] == "rules":
            game = ".".join(parts[:3])
            allowed = (f"{game}.rules",) + tuple(f"{game}.{x}" for x in RULES_MAY_IMPORT)
            for d in sorted(deps):
                if d == game:
                    continue
                if not (d.startswith("neko_lab.core") or any(d == a or d.startswith(a + ".")
                                                             for a in allowed)):
                    found.append(f"{m} imports {d}: a game's rules import only the core, its data "
                                 f"and its scoring")
    for p in sorted((ROOT / "games").rglob("*.py")):
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            found.append(f"{p.relative_to(ROOT.parent)} has {n} lines (at most {MAX_LINES})")
    return found


if __name__ == "__main__":
    rows = breaches()
    print("\n".join(rows) or "layout: no breach")
    sys.exit(1 if rows else 0)
