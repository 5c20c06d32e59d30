"""One driver that plays a whole game: for tests, the conformance suite, golden records, benchmarks.

Pure like every engine module: no I/O, no clock, no global randomness. Which seat
moves in a simultaneous step and which action it takes come from one seeded
``random.Random``, so a seed always gives the same game.

>>> from engines import get_game
>>> game = get_game("gogoa")
>>> one = play(game, 1, seed=3)
>>> game.outcome(one.state) is not None and one.steps == len(one.actions) > 0
True
>>> play(game, 1, seed=3).actions == one.actions  # same seed, same game
True
>>> seen = []
>>> _ = play(game, 1, seed=3, check=lambda before, after, seat, action: seen.append(seat))
>>> len(seen) == one.steps
True
>>> play(game, 1, seed=3, max_steps=10)
Traceback (most recent call last):
engines.core.playout.StepLimit: gogoa (1 players, seed 3) did not end within 10 actions
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .game import Game

#: Chooses the action of ``seat`` from its non-empty ``legal`` list: ``(state, seat, legal, rnd)``.
Chooser = Callable[[dict, int, list[dict], random.Random], dict]
#: Called after every action with ``(state before, state after, seat, action)``; raises to fail.
Check = Callable[[dict, dict, int, dict], Any]


class StepLimit(RuntimeError):
    """A game that has not ended after the driver's step limit (a loop in the rules, most likely)."""


class NoLegalAction(RuntimeError):
    """A seat that may act has no legal action: the game can never go on."""


@dataclass
class Playout:
    """A finished game: its final state, every ``(seat, action)`` in order, and their count."""

    state: dict
    actions: list[tuple[int, dict]]
    steps: int


def random_choice(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """Returns one legal action, uniformly at random (the default chooser)."""
    return rnd.choice(legal)


def play(
    game: Game,
    players: int,
    seed: int,
    *,
    choose: Chooser = random_choice,
    check: Check | None = None,
    max_steps: int = 50_000,
    options: dict | None = None,
    rnd: random.Random | None = None,
) -> Playout:
    """Returns the :class:`Playout` of one whole game from ``game.setup(players, seed, options)``.

    Each step picks a seat among ``game.to_act`` (at random only when several may
    act, so turn-based games spend no randomness on it), asks ``choose`` for its
    action and applies it. ``rnd`` defaults to ``random.Random(seed)``. Raises
    :class:`StepLimit` after ``max_steps`` actions and :class:`NoLegalAction` when a
    seat that may act has nothing to do; ``IllegalAction`` from ``apply`` passes through.
    """
    rnd = random.Random(seed) if rnd is None else rnd
    state = game.setup(players, seed, options)
    actions: list[tuple[int, dict]] = []
    for _ in range(max_steps):
        seats = sorted(game.to_act(state))
        if not seats:
            return Playout(state, actions, len(actions))
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise NoLegalAction(f"{game.id}: seat {seat} may act after {len(actions)} actions "
                                "but has no legal action")
        action = choose(state, seat, legal, rnd)
        after = game.apply(state, seat, action)
        if check is not None:
            check(state, after, seat, action)
        actions.append((seat, action))
        state = after
    if not game.to_act(state):
        return Playout(state, actions, len(actions))
    raise StepLimit(f"{game.id} ({players} players, seed {seed}) did not end within {max_steps} actions")
