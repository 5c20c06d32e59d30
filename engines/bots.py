"""Bots that fill empty seats. A bot sees only its seat's view, never the state.

A game brings its own bot as ``engines/<id>/bot.py`` with
``choose(view, seat, rnd) -> action``; until then the random bot plays.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

Bot = Callable[[dict, int, random.Random], dict]


def random_bot(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns one of the seat's legal actions, uniformly at random."""
    return rnd.choice(view["legal"])


def bot_for(game_id: str) -> Bot:
    """Returns the game's own bot, or the random bot."""
    try:
        module = importlib.import_module(f"engines.{game_id}.bot")
    except ModuleNotFoundError:
        return random_bot
    return module.choose
