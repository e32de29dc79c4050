"""The guided first games, one module per game (each exposes LESSON(**options) -> Lesson)."""
