"""The bots' ladder: seat-rotated games among the levels, rated with openskill.

``python -m engines.ladder GAME [--players N] [--games G] [--budget-ms B] [--seed S] [--jobs J]``
plays ``G`` games of ``GAME`` among ``random``, ``easy``, ``normal`` and ``strong``
(``--levels`` picks fewer), every line-up of levels in every seat order in turn, so no
level keeps the first seat. Each bot gets a JSON copy of its seat's view and a generator
of its own, as the server gives it; ``--jobs`` plays that many games at once, each in a
process of its own (same seeds, same games). It prints a table, the head-to-head share of each
level against the one below it (from the games where both sat), and, as its last line,
JSON: ``{"game", "players", "games", "budget_ms", "levels": {level: {"mu", "sigma",
"ordinal", "win_rate", "win_rate_ci95": [lo, hi]}}, "head_to_head": {...}}``.

A win is a sole first place; a first place shared by k seats counts 1/k.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from . import get_game, search
from .bots import Bot, bot_for, budget_ms, random_bot
from .core.playout import play

#: Every level the ladder knows, weakest first.
LADDER = ("random", "easy", "normal", "strong")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Returns the Wilson score interval (95 % by default) of a win rate, rounded to 3 places.

    >>> wilson(7, 10), wilson(0, 0)
    ((0.397, 0.892), (0.0, 1.0))
    """
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, round(centre - half, 3)), min(1.0, round(centre + half, 3))


def level_bot(game_id: str, level: str) -> Bot:
    """Returns the bot of a ladder level (``random`` is the uniform bot)."""
    return random_bot if level == "random" else bot_for(game_id, level)


def lineups(levels: tuple[str, ...], players: int) -> Iterator[tuple[str, ...]]:
    """Yields seat line-ups forever: every choice of levels in every seat order, in turn.

    >>> list(itertools.islice(lineups(("easy", "normal"), 2), 3))
    [('easy', 'normal'), ('normal', 'easy'), ('easy', 'normal')]
    >>> next(lineups(("easy", "normal"), 3))
    ('easy', 'normal', 'easy')
    """
    if players <= len(levels):
        orders = list(itertools.permutations(levels, players))
    else:  # more seats than levels: the levels repeat round the table, every rotation in turn
        row = tuple(levels[i % len(levels)] for i in range(players))
        orders = [row[i:] + row[:i] for i in range(players)]
    return itertools.cycle(orders)


@dataclass
class Tally:
    """What the ladder counts of one level."""

    rating: PlackettLuceRating
    games: int = 0
    wins: float = 0.0
    versus: dict[str, float] = field(default_factory=dict)  # other level -> wins against it
    met: dict[str, int] = field(default_factory=dict)  # other level -> games against it


def play_one(game_id: str, lineup: tuple[str, ...], seed: int) -> list[int]:
    """Plays one seeded game with the line-up's levels in its seats; returns each seat's place."""
    game = get_game(game_id)
    bots = [level_bot(game_id, level) for level in lineup]
    own = [random.Random(f"{seed}:{seat}:{level}") for seat, level in enumerate(lineup)]

    def choose(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
        view = json.loads(json.dumps(game.view(state, seat)))
        action = bots[seat](view, seat, own[seat])
        return next((a for a in legal if a == action), action)

    out = game.outcome(play(game, len(lineup), seed, choose=choose).state)
    assert out is not None
    return list(out["places"])


def lift_wall_bound() -> None:
    """Lets a strong bot's search run out its CPU budget alone, however long it waits for the CPU."""
    search.WALL_FACTOR = math.inf


@contextmanager
def cpu_budget_only() -> Iterator[None]:
    """Lifts the search's wall-clock bound while a ladder plays, and puts it back after.

    At a table the bound keeps a starved bot from holding up its players; a ladder measures
    strength, so on a loaded machine the bound would cut searches short and make the figures
    depend on the load.
    """
    factor = search.WALL_FACTOR
    lift_wall_bound()
    try:
        yield
    finally:
        search.WALL_FACTOR = factor


def played(
    game_id: str, players: int, games: int, seed: int, levels: tuple[str, ...], jobs: int = 1
) -> Iterator[tuple[tuple[str, ...], list[int]]]:
    """Yields each game's line-up and places, in order; ``jobs`` > 1 plays them in that many processes.

    A game depends only on its line-up and seed (and on the CPU a strong bot gets, unless
    its playouts are capped), so the processes change the wall time, not the results.
    """
    order = lineups(levels, players)
    plan = [next(order) for _ in range(games)]
    if jobs <= 1:
        for g, lineup in enumerate(plan):
            yield lineup, play_one(game_id, lineup, seed + g)
        return
    with ProcessPoolExecutor(jobs, initializer=lift_wall_bound) as pool:
        yield from zip(plan, pool.map(play_one, [game_id] * games, plan, range(seed, seed + games)), strict=True)


def ladder(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    levels: tuple[str, ...] = LADDER,
    show: bool = True,
    jobs: int = 1,
) -> dict:
    """Plays the ladder and returns its JSON summary (see the module's doc)."""
    model = PlackettLuce()
    tally = {level: Tally(rating=model.rating(name=level)) for level in levels}
    with cpu_budget_only():  # the budget is CPU alone, whatever the load
        for g, (lineup, places) in enumerate(played(game_id, players, games, seed, levels, jobs)):
            firsts = places.count(1)
            for seat, level in enumerate(lineup):
                tally[level].games += 1
                tally[level].wins += 1 / firsts if places[seat] == 1 else 0.0
            # A level at several seats is one entrant, placed by its best seat (as the service
            # rates a bot level that fills several seats of one match).
            best: dict[str, int] = {}
            for seat, level in enumerate(lineup):
                best[level] = min(best.get(level, places[seat]), places[seat])
            if len(best) > 1:
                rated = model.rate([[tally[level].rating] for level in best], ranks=[float(p) for p in best.values()])
                for level, (new,) in zip(best, rated, strict=True):
                    tally[level].rating = new
            for a, b in itertools.permutations(range(len(lineup)), 2):
                if lineup[a] != lineup[b]:
                    won = 1.0 if places[a] < places[b] else 0.5 if places[a] == places[b] else 0.0
                    mine = tally[lineup[a]]
                    mine.versus[lineup[b]] = mine.versus.get(lineup[b], 0.0) + won
                    mine.met[lineup[b]] = mine.met.get(lineup[b], 0) + 1
            if show:
                print(f"game {g + 1}/{games} seed {seed + g}: {' '.join(lineup)} -> places {places}", flush=True)
    summary: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "games": games,
        "budget_ms": budget_ms(),
        "levels": {
            level: {
                "mu": round(t.rating.mu, 2),
                "sigma": round(t.rating.sigma, 2),
                "ordinal": round(t.rating.ordinal(), 2),
                "win_rate": round(t.wins / t.games, 3) if t.games else 0.0,
                "win_rate_ci95": list(wilson(t.wins, t.games)),
            }
            for level, t in tally.items()
        },
        "head_to_head": {},
    }
    for below, above in itertools.pairwise(levels):
        won, met = tally[above].versus.get(below, 0.0), tally[above].met.get(below, 0)
        summary["head_to_head"][f"{above}>{below}"] = {
            "games": met,
            "share": round(won / met, 3) if met else 0.0,
            "ci95": list(wilson(won, met)),
        }
    return summary


def table(summary: dict) -> str:
    """Returns the summary as a plain text table, strongest first."""
    rows = [f"{summary['game']}, {summary['players']} players, {summary['games']} games, {summary['budget_ms']} ms"]
    rows.append(f"{'level':8} {'mu':>6} {'sigma':>6} {'ordinal':>8} {'win rate':>9}  95 % CI")
    for level, s in sorted(summary["levels"].items(), key=lambda kv: -kv[1]["ordinal"]):
        lo, hi = s["win_rate_ci95"]
        rows.append(
            f"{level:8} {s['mu']:6.2f} {s['sigma']:6.2f} {s['ordinal']:8.2f} {s['win_rate']:9.3f}  {lo:.3f}-{hi:.3f}"
        )
    for pair, h in summary["head_to_head"].items():
        lo, hi = h["ci95"]
        rows.append(f"{pair:16} {h['share']:.3f} of {h['games']} games (95 % CI {lo:.3f}-{hi:.3f})")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    """The command line (see the module's doc)."""
    parser = argparse.ArgumentParser(prog="python -m engines.ladder", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--budget-ms", type=int, default=None, help="a strong bot's time per move")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default=",".join(LADDER), help="comma-separated, weakest first")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    args = parser.parse_args(argv)
    if args.budget_ms is not None:
        os.environ["CARAVELA_BOT_BUDGET_MS"] = str(args.budget_ms)
    levels = tuple(args.levels.split(","))
    unknown = [lv for lv in levels if lv not in LADDER]
    if unknown:
        parser.error(f"unknown levels {unknown}; choose among {', '.join(LADDER)}")
    summary = ladder(args.game, args.players, args.games, args.seed, levels, show=not args.quiet, jobs=args.jobs)
    print(table(summary))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
