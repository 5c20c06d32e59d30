"""The shared kit of every engine: the protocol, errors, randomness, the log, pending steps, ranking."""

from .copying import clone, own
from .errors import IllegalAction
from .game import ActionModel, Game, NoOptions, plain_action
from .log import log, seat_name
from .outcome import Outcome, Placings
from .ranking import rank

__all__ = [
    "ActionModel",
    "Game",
    "IllegalAction",
    "NoOptions",
    "Outcome",
    "Placings",
    "clone",
    "log",
    "own",
    "plain_action",
    "rank",
    "seat_name",
]
