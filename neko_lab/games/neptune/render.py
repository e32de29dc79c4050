"""The picture of a Destination: Neptune state (pure: state -> HTML/SVG)."""
from __future__ import annotations


def html(s) -> str:
    return "<div>Destination: Neptune</div>"
