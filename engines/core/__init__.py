"""The shared core of every engine: the protocol, errors, randomness and the log."""

from .errors import IllegalAction
from .game import Game, NoOptions, clone
from .log import log

__all__ = ["Game", "IllegalAction", "NoOptions", "clone", "log"]
