"""The layout DESIGN.md sets holds in the source: no import circle, rules that know only the core, their
data and their scoring, and no game module too long to read."""
from neko_lab.core import layout


def test_the_package_keeps_its_layout():
    assert layout.breaches() == []


def test_the_checker_sees_a_late_import_circle(tmp_path, monkeypatch):
    pkg = tmp_path / "neko_lab"
    (pkg / "games" / "g" / "rules").mkdir(parents=True)
    for d in (pkg, pkg / "games", pkg / "games" / "g", pkg / "games" / "g" / "rules"):
        (d / "__init__.py").write_text("")
    (pkg / "games" / "g" / "render.py").write_text("from .rules import state\n")
    (pkg / "games" / "g" / "rules" / "state.py").write_text(
        "def draw():\n    from ..render import svg\n")
    monkeypatch.setattr(layout, "ROOT", pkg)
    found = layout.breaches()
    assert any("import circle" in f and "neko_lab.games.g.render" in f for f in found)
    assert any("rules.state imports neko_lab.games.g.render" in f for f in found)
