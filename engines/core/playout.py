"""One driver that plays a whole game: for tests, the conformance suite, golden records, benchmarks.

Pure like every engine module: no I/O, no clock, no global randomness. Which seat
moves in a simultaneous step and which action it takes come from one seeded
``random.Random``, so a seed always gives the same game. :func:`play` plays a
game from its seed; :func:`steps` plays on from any state, one step at a time.

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
>>> first = next(steps(game, game.setup(1, 3), random.Random(3)))
>>> (first.seat, first.action) == one.actions[0] and first.before == game.setup(1, 3)
True
>>> play(game, 1, seed=3, max_steps=10)
Traceback (most recent call last):
engines.core.playout.StepLimit: gogoa did not end within 10 actions (1 players, seed 3)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from .game import Game

#: Chooses the action of ``seat`` from its non-empty ``legal`` list: ``(state, seat, legal, rnd)``.
Chooser = Callable[[dict, int, list[dict], random.Random], dict]
#: Called after every action with ``(state before, state after, seat, action)``; raises to fail.
Check = Callable[[dict, dict, int, dict], Any]


class StepLimit(RuntimeError):
    """A game that has not ended after the driver's step limit (a loop in the rules, most likely)."""


class NoLegalAction(RuntimeError):
    """A seat that may act has no legal action: the game can never go on."""


class Step(NamedTuple):
    """One action of a game: the state before it, who played what, and the state after."""

    before: dict
    seat: int
    action: dict
    after: dict


@dataclass
class Playout:
    """A finished game: its final state, every ``(seat, action)`` in order, and their count."""

    state: dict
    actions: list[tuple[int, dict]]
    steps: int


def random_choice(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """Returns one legal action, uniformly at random (the default chooser)."""
    return rnd.choice(legal)


def steps(
    game: Game,
    state: dict,
    rnd: random.Random,
    *,
    choose: Chooser = random_choice,
    max_steps: int = 50_000,
) -> Iterator[Step]:
    """Yields each :class:`Step` from ``state`` until the game is over.

    Each step picks a seat among ``game.to_act`` (at random only when several may
    act, so turn-based games spend no randomness on it), asks ``choose`` for its
    action and applies it. Raises :class:`StepLimit` rather than take a step past
    ``max_steps``, and :class:`NoLegalAction` when a seat that may act has nothing
    to do; ``IllegalAction`` from ``apply`` (a chooser's bad pick) passes through.
    """
    for taken in range(max_steps + 1):
        seats = sorted(game.to_act(state))
        if not seats:
            return
        if taken == max_steps:
            raise StepLimit(f"{game.id} did not end within {max_steps} actions")
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise NoLegalAction(f"{game.id}: seat {seat} may act after {taken} actions but has no legal action")
        action = choose(state, seat, legal, rnd)
        after = game.apply(state, seat, action, legal)
        yield Step(state, seat, action, after)
        state = after


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

    The game is played by :func:`steps` with ``rnd`` (by default
    ``random.Random(seed)``); ``check``, if given, is called after every action.
    """
    state = game.setup(players, seed, options)
    actions: list[tuple[int, dict]] = []
    try:
        for step in steps(game, state, random.Random(seed) if rnd is None else rnd, choose=choose, max_steps=max_steps):
            if check is not None:
                check(step.before, step.after, step.seat, step.action)
            actions.append((step.seat, step.action))
            state = step.after
    except StepLimit as err:
        raise StepLimit(f"{err} ({players} players, seed {seed})") from None
    return Playout(state, actions, len(actions))
