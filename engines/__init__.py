"""Pure rule engines of Caravela's games: a plain registry of game objects.

>>> get_game("chess")
Traceback (most recent call last):
KeyError: "Unknown game 'chess'"
"""

from __future__ import annotations

import importlib

from .core import Game, IllegalAction

#: Game ids and the module that defines each game's ``GAME`` object.
_MODULES = {
    "goa": "engines.goa",
    "gogoa": "engines.gogoa",
    "navegador": "engines.navegador",
    "coimbra": "engines.coimbra",
}


def _load() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for game_id, module in _MODULES.items():
        try:
            game = getattr(importlib.import_module(module), "GAME", None)
        except ModuleNotFoundError as err:
            # A game that has not landed yet is simply not offered.
            if err.name != module:
                raise
            continue
        if game is not None:
            games[game_id] = game
    return games


#: Every game that is playable in this build, by id.
GAMES: dict[str, Game] = _load()


def get_game(game_id: str) -> Game:
    """Returns the game object for an id, or raises ``KeyError``."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"Unknown game '{game_id}'") from None


__all__ = ["GAMES", "Game", "IllegalAction", "get_game"]
