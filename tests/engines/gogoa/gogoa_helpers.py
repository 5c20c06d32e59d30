"""Compact fixtures for Go Goa rule tests: ready-made days, dice and positions.

Tests set ``state["dice"]`` and a seat's ``pos`` directly (the state is plain
data, like a FEN position); every move is then made through ``GAME.apply``.
"""

from __future__ import annotations

import random

from engines.gogoa import GAME, GoGoa, bot
from engines.gogoa.hexmap import Board, neighbour, opposite


def ready(players: int, seed: int = 1, dice=None, game=GAME) -> dict:
    """Returns day 1 after every seat kept its first two dealt plans."""
    state = game.setup(players, seed)
    for seat in range(players):
        state = game.apply(state, seat, {"type": "keep_plans", "plans": state["players"][seat]["dealt"][:2]})
    if dice is not None:
        state["dice"] = list(dice)
    return state


def act(state: dict, seat: int, *actions, game=GAME) -> dict:
    """Returns the state after ``seat`` plays each action in turn."""
    for action in actions:
        state = game.apply(state, seat, action)
    return state


def roles(direction: int, distance: int, deviation: int, value=None) -> list[dict]:
    """Returns the three assign actions of one die assignment."""
    return [
        {"type": "assign", "role": "direction", "die": direction, "value": value},
        {"type": "assign", "role": "distance", "die": distance},
        {"type": "assign", "role": "deviation", "die": deviation},
    ]


def straight(state: dict, seat: int, direction=0, distance=1, deviation=2, game=GAME) -> dict:
    """Returns the state after ``seat`` draws a straight path and submits it."""
    state = act(state, seat, *roles(direction, distance, deviation), game=game)
    left = game.view(state, seat)["me"]["draft"]["steps_left"]
    return act(state, seat, {"type": "step", "count": left}, {"type": "submit"}, game=game)


def place_next_to(state: dict, seat: int, target) -> int:
    """Puts ``seat`` one step from ``target`` and returns the heading that reaches it."""
    for heading in range(1, 7):
        here = neighbour(tuple(target), opposite(heading))
        if here in GAME.board.land:
            state["players"][seat]["pos"] = list(here)
            return heading
    raise AssertionError("no land next to the target")


def hex_of(code: str) -> list[int]:
    """Returns the axial hex of a destination code."""
    return list(GAME.board.destinations[code][2])


def corridor() -> GoGoa:
    """Returns a game on a one-hex-wide north-south strip: only headings 1 and 4 move."""
    land = [(0, r) for r in range(8)]
    return GoGoa(Board(land, (0, 3), {}))


def bot_game(players: int, seed: int) -> dict:
    """Plays a whole game with the bot in every seat and returns the final state."""
    rnd = random.Random(seed)
    state = GAME.setup(players, seed)
    while not state.get("over"):
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, bot.choose(GAME.view(state, seat), seat, rnd))
    return state


def random_game(players: int, seed: int, game=GAME, undo: float | None = None):
    """Yields (state before, seat, action, state after) for a whole game of random legal moves.

    ``undo`` (optional) is the chance of picking ``undo`` when it is legal; by
    default it is as likely as any other action.
    """
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    while game.to_act(state):
        seat = rnd.choice(sorted(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        if undo is not None and {"type": "undo"} in legal and len(legal) > 1:
            legal = [{"type": "undo"}] if rnd.random() < undo else [a for a in legal if a["type"] != "undo"]
        action = rnd.choice(legal)
        after = game.apply(state, seat, action)
        yield state, seat, action, after
        state = after
