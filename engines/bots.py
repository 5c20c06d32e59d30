"""Bots that fill empty seats. A bot sees only its seat's view, never the state.

A game brings its own bot as ``engines/<id>/bot.py`` with
``choose(view, seat, rnd) -> action``; until then the random bot plays.
Each game's bots come in ``LEVELS``; a level a game does not bring yet plays as ``normal``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
from collections.abc import Callable

Bot = Callable[[dict, int, random.Random], dict]

#: The levels a host can choose for a bot seat, weakest first.
LEVELS = ("easy", "normal", "strong")
#: The level of a seat whose level nobody chose (and of a seat handed to a bot).
DEFAULT_LEVEL = "normal"
#: A strong bot's thinking time per move when nobody says otherwise, in milliseconds.
DEFAULT_BUDGET_MS = 1000
#: How often an easy bot plays any legal move instead of its normal one: often enough that
#: a beginner who knows the rules wins, rarely enough that its game still has a plan.
EASY_SLIPS = 0.4


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
    # A level big enough for a module of its own lives there (Go Goa's strong.py), which may
    # then use bot.py without bot.py importing it back.
    try:
        if importlib.util.find_spec(f"engines.{game_id}.{level}") is not None:
            return getattr(importlib.import_module(f"engines.{game_id}.{level}"), f"choose_{level}")
        module = importlib.import_module(f"engines.{game_id}.bot")
    except ModuleNotFoundError:
        return random_bot
    return getattr(module, f"choose_{level}", module.choose)


def budget_ms() -> int:
    """Returns a strong bot's time per move: ``CARAVELA_BOT_BUDGET_MS``, else 1000.

    >>> os.environ["CARAVELA_BOT_BUDGET_MS"] = "250"; budget_ms()
    250
    >>> del os.environ["CARAVELA_BOT_BUDGET_MS"]; budget_ms()
    1000
    """
    return int(os.environ.get("CARAVELA_BOT_BUDGET_MS") or DEFAULT_BUDGET_MS)


def playout_cap() -> int | None:
    """Returns the most sampled games a strong bot plays per move (``CARAVELA_BOT_PLAYOUTS``), or None.

    With a cap and a budget too long to run out, a strong bot's move depends on its view and
    its generator alone: tests set it to be reproducible whatever the machine's speed.

    >>> os.environ["CARAVELA_BOT_PLAYOUTS"] = "3"; playout_cap()
    3
    >>> del os.environ["CARAVELA_BOT_PLAYOUTS"]; playout_cap() is None
    True
    """
    text = os.environ.get("CARAVELA_BOT_PLAYOUTS")
    return int(text) if text else None


def with_slips(bot: Bot, share: float = EASY_SLIPS) -> Bot:
    """Returns a bot that plays like ``bot`` but, in ``share`` of its moves, any legal move instead.

    A step back (``undo``) is never among the slips, so a slipping bot still finishes what it starts.

    >>> sure = with_slips(lambda view, seat, rnd: view["legal"][0], 0.0)
    >>> sure({"legal": [{"type": "a"}, {"type": "b"}]}, 0, random.Random(1))
    {'type': 'a'}
    """

    def slipping(view: dict, seat: int, rnd: random.Random) -> dict:
        if rnd.random() < share:
            forward = [a for a in view["legal"] if a["type"] != "undo"] or view["legal"]
            return rnd.choice(forward)
        return bot(view, seat, rnd)

    slipping.__doc__ = f"Plays like {getattr(bot, '__name__', 'its bot')}, slipping in {share:.0%} of its moves."
    return slipping
