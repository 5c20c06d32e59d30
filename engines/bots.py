"""Bots that fill empty seats. A bot sees only its seat's view, never the state.

A game brings its own bot as ``engines/<id>/bot.py`` with
``choose(view, seat, rnd) -> action``; until then the random bot plays.
Each game's bots come in ``LEVELS``; a level a game does not bring yet plays as ``normal``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

Bot = Callable[[dict, int, random.Random], dict]

#: The levels a host can choose for a bot seat, weakest first.
LEVELS = ("easy", "normal", "strong")
#: The level of a seat whose level nobody chose (and of a seat handed to a bot).
DEFAULT_LEVEL = "normal"


def random_bot(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns one of the seat's legal actions, uniformly at random."""
    return rnd.choice(view["legal"])


def bot_for(game_id: str, level: str = DEFAULT_LEVEL) -> Bot:
    """Returns the game's own bot at a level, or the random bot.

    >>> bot_for("goa", "shark")
    Traceback (most recent call last):
    ValueError: no bot level 'shark'
    """
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}")
    try:
        module = importlib.import_module(f"engines.{game_id}.bot")
    except ModuleNotFoundError:
        return random_bot
    return getattr(module, f"choose_{level}", module.choose)
