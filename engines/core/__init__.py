"""The shared core of every engine: the protocol, errors, randomness and the log."""

from .errors import IllegalAction
from .game import ActionModel, Game, NoOptions, clone
from .log import log

__all__ = ["ActionModel", "Game", "IllegalAction", "NoOptions", "clone", "log"]
