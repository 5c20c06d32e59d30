"""Go Goa: a roll-and-write tour of Goa for 1-6 players (``GAME`` is the engine object)."""

from .game import GoGoa

GAME = GoGoa()

__all__ = ["GAME", "GoGoa"]
