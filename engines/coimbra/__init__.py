"""Coimbra: dice drafting, characters, pilgrimages and voyages for 2-4 players (``GAME`` is the engine object)."""

from .game import Coimbra

GAME = Coimbra()

__all__ = ["GAME", "Coimbra"]
