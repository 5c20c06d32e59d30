"""Reaching positions in a sequential game, for rule tests: the one seat to act, its moves, and
play until a position holds. Each game's helpers bind these to its ``GAME``."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Game


def seat_now(game: Game, state: dict) -> int:
    """Returns the one seat that must act."""
    (seat,) = game.to_act(state)
    return seat


def act(game: Game, state: dict, *actions: dict) -> dict:
    """Returns the state after the acting seat plays each action in turn."""
    for action in actions:
        state = game.apply(state, seat_now(game, state), action)
    return state


def until(
    game: Game, state: dict, done: Callable[[dict], bool], policy: Callable[[dict], dict], limit: int = 5000
) -> dict:
    """Plays ``policy`` for the acting seat until ``done(state)`` holds."""
    for _ in range(limit):
        if done(state):
            return state
        state = game.apply(state, seat_now(game, state), policy(state))
    raise AssertionError("position not reached")
