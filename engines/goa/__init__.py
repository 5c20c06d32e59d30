"""Goa: auctions, plantations and expeditions for 2-4 traders (``GAME`` is the engine object)."""

from .game import Goa

GAME = Goa()

__all__ = ["GAME", "Goa"]
