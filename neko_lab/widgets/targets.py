"""Click targets in a picture: see neko_lab.core.svg (pure markup, shared by every game's render.py)."""
from neko_lab.core.svg import target

__all__ = ["target"]
