"""Games added by name (``module:attr``) besides the built-in ones: tests add their fixture game.

Kept apart from the app so a bot's worker process can register them without importing it.
"""

from __future__ import annotations

import importlib

import engines


def register_extra_games(specs: tuple[str, ...]) -> None:
    """Adds games named ``module:attr`` (tests use this for their fixture game)."""
    for spec in specs:
        module, _, attr = spec.partition(":")
        game = getattr(importlib.import_module(module), attr or "GAME")
        engines.GAMES[game.id] = game
