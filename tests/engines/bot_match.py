"""Seeded games of one bot against random players, its seat rotating: for bot tests and benchmarks.

The bot is called as the server calls it: with a JSON copy of its seat's view
(plain data, nothing shared with the state) and a ``random.Random`` of its own,
so its moves depend on the view and its seed alone. While it thinks, the
engine is sealed (any call to it fails) and afterwards the view must be as it
was: a bot reads its view and nothing else. Every other seat picks uniformly
among its legal actions from a separate generator.

>>> wilson(7, 10)  # 95 % interval of 7 wins in 10 games
(0.397, 0.892)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from engines.bots import Bot
from engines.core.game import Game
from engines.core.playout import play

#: Looks at the view handed to the bot (e.g. for fields it must not see); raises to fail.
ViewCheck = Callable[[dict, int], object]


@dataclass
class BotGame:
    """One finished game: the bot's seat, every score, the sole winner (or None) and the bot's time."""

    seat: int
    scores: list[int]
    winner: int | None
    moves: int
    seconds: float
    actions: list[dict] = field(default_factory=list)
    slowest: float = 0.0

    @property
    def won(self) -> bool:
        """True when the bot alone is in first place (a shared first place is no win)."""
        return self.winner == self.seat

    @property
    def others(self) -> float:
        """The mean score of the other seats."""
        return (sum(self.scores) - self.scores[self.seat]) / (len(self.scores) - 1)


def bot_game(game: Game, bot: Bot, seed: int, players: int = 4, *, check_view: ViewCheck | None = None) -> BotGame:
    """Plays one seeded game with ``bot`` in seat ``seed % players`` and random players elsewhere.

    ``seconds`` is the bot's CPU time (the machine may be shared). Raises
    ``AssertionError`` when the bot returns an action that is not in its view's
    ``legal``, calls the engine, or changes the view it was given.
    """
    me = seed % players
    mine = random.Random(f"bot {seed}")
    actions: list[dict] = []
    spent = slowest = 0.0

    def choose(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
        nonlocal spent, slowest
        if seat != me:
            return rnd.choice(legal)
        text = json.dumps(game.view(state, seat), sort_keys=True)
        view = json.loads(text)
        if check_view is not None:
            check_view(view, seat)
        started = time.process_time()
        with sealed(game):
            action = bot(view, seat, mine)
        took = time.process_time() - started
        spent, slowest = spent + took, max(slowest, took)
        assert json.dumps(view, sort_keys=True) == text, f"seed {seed}: the bot changed its view"
        assert action in legal, f"seed {seed}: the bot chose {action}, not among {len(legal)} legal actions"
        actions.append(action)
        return action

    out = game.outcome(play(game, players, seed, choose=choose).state)
    assert out is not None
    winners = out["winners"]
    return BotGame(
        me, list(out["scores"]), winners[0] if len(winners) == 1 else None, len(actions), spent, actions, slowest
    )


def view_where(game: Game, seed: int, done: Callable[[dict], bool], players: int = 4) -> tuple[int, dict]:
    """Plays a random game until the acting seat's view satisfies ``done``; returns that seat and view."""
    state = game.setup(players, seed)
    rnd = random.Random(seed)
    while True:
        (seat,) = game.to_act(state)
        view = game.view(state, seat)
        if done(view):
            return seat, view
        state = game.apply(state, seat, rnd.choice(view["legal"]))


@contextmanager
def sealed(game: Game) -> Iterator[None]:
    """Makes every door into the engine fail while the block runs (a bot must need none of them)."""
    doors = ("setup", "to_act", "legal_actions", "apply", "view", "outcome", "seat_view", "legal", "play")

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the bot called the engine; it may read only its view")

    for door in doors:
        setattr(game, door, refuse)
    try:
        yield
    finally:
        for door in doors:
            delattr(game, door)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Returns the Wilson score interval (95 % by default) of a win rate, rounded to 3 places."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return round(centre - half, 3), round(centre + half, 3)


def summary(results: list[BotGame]) -> str:
    """Returns one line: win rate with its 95 % interval, mean scores, CPU ms per bot move and the slowest.

    >>> print(summary([BotGame(0, [9, 3], 0, 4, 0.002, [], 0.001), BotGame(1, [5, 5], None, 2, 0.001, [], 0.0007)]))
    2 games: bot wins 50.0 % (95 % CI 9.5-90.5 %), mean score bot 7.0 vs others 4.0, 0.50 ms per bot move (slowest 1.0)
    """
    wins = sum(r.won for r in results)
    low, high = wilson(wins, len(results))
    moves = sum(r.moves for r in results)
    mine = sum(r.scores[r.seat] for r in results) / len(results)
    others = sum(r.others for r in results) / len(results)
    ms = 1000 * sum(r.seconds for r in results) / max(moves, 1)
    slowest = 1000 * max(r.slowest for r in results)
    return (
        f"{len(results)} games: bot wins {100 * wins / len(results):.1f} % "
        f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %), "
        f"mean score bot {mine:.1f} vs others {others:.1f}, {ms:.2f} ms per bot move (slowest {slowest:.1f})"
    )


def beats_random(game: Game, bot: Bot, games: int, check_view: ViewCheck | None = None) -> list[BotGame]:
    """Plays ``games`` seeded 4-player games (the bot's seat rotating) and asserts a win rate beyond luck.

    The lower end of the 95 % interval must pass one half, twice a fair share of 25 %.
    """
    results = [bot_game(game, bot, seed, check_view=check_view) for seed in range(games)]
    wins = sum(r.won for r in results)
    low, _ = wilson(wins, games)
    assert low > 0.5, f"{wins} wins of {games}: luck (a fair share is 25 %) is not excluded"
    assert {r.seat for r in results} == {0, 1, 2, 3}
    return results


def bench(game: Game, bot: Bot, doc: str | None) -> None:
    """A benchmark's main: plays ``--games`` seeded games from ``--first`` and prints the figures."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    results = [bot_game(game, bot, seed) for seed in range(args.first, args.first + args.games)]
    print(f"{game.id} bot vs 3 random players, {summary(results)}")
    for seat in range(4):
        mine = [r for r in results if r.seat == seat]
        print(f"  seat {seat}: {sum(r.won for r in mine)} wins of {len(mine)}")
