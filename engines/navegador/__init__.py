"""Navegador: the rondel, exploration, colonies and the market for 2-5 players (``GAME`` is the engine object)."""

from .game import Navegador

GAME = Navegador()

__all__ = ["GAME", "Navegador"]
