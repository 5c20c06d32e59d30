"""A fast playout of Go Goa's days to come: each tourist plays the normal bot's plan of the day.

Tourists barely meet: a seat's points hang on its own paths, on the dice everybody
shares and on the one die the day's starter reserves for direction. So a playout need
not replay drafts, views and actions hex by hex: each day every tourist takes the
normal bot's plan (its best die assignment by the worth of the ends it reaches, a
local guide only on a day that would be empty, then the end worth most), worked out
on the board's index tables. A whole 12-day game of one tourist costs a few
milliseconds instead of a whole engine game of every seat. Pure: dice come from the
caller's generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import permutations

from . import data
from .bot import Goals
from .hexmap import Board, Hex
from .path import Draft, end_indices, wrap


@dataclass(frozen=True)
class Tourist:
    """What of a seat carries from one day to the next: where it stands and its record."""

    pos: Hex
    visited: frozenset[str]
    plans: tuple[str, ...]
    guides: tuple[str, ...] = ()  # circled and still unused

    @classmethod
    def of_view(cls, view: dict, seat: int, plans=None) -> Tourist:
        """Returns a seat's tourist as everyone sees it (``plans`` when the view hides them)."""
        pub = view["players"][seat]
        kept = plans if plans is not None else [p["id"] for p in pub["plans"] or []]
        unused = tuple(g for g in pub["guides"] if g not in pub["guides_used"])
        return cls(tuple(pub["position"]), frozenset(pub["visited"]), tuple(sorted(kept)), unused)

    def travel(self, board: Board, end: Hex, guide: str | None = None) -> Tourist:
        """Returns the tourist after a day that ends on ``end`` (having hired ``guide``, if any)."""
        guides = tuple(g for g in self.guides if g != guide)
        code = board.dest_at.get(end)
        if not code or code in self.visited:
            return replace(self, pos=end, guides=guides)
        found = tuple(g for g, where in data.GUIDES.items() if where == code and g not in self.guides)
        return Tourist(end, self.visited | {code}, self.plans, guides + found)


#: A full assignment of the day: (direction die, distance die, deviation die, free direction value).
Assignment = tuple[int, int, int, int | None]


def assignments(board: Board, dice, pos: Hex, reserved: int | None) -> list[Assignment]:
    """Returns every legal full assignment of a day's dice, in the normal bot's order."""
    choices = Draft(board, dice, pos, reserved, []).direction_choices()
    return [
        (perm[0], perm[1], perm[2], value)
        for perm in permutations(range(3))
        for die, value in choices
        if die == perm[0]
    ]


def ends(board: Board, dice, pos: Hex, a: Assignment) -> list[Hex]:
    """Returns the hexes a path of one full assignment can end on."""
    heading = a[3] or dice[a[0]]
    devs = 1 if dice[a[2]] <= 3 else 2
    return [board.hexes[i] for i in end_indices(board, board.index[pos], heading, dice[a[1]], devs, False)]


def best_end(goal: Goals, hexes: list[Hex]) -> Hex:
    """Returns the end worth most (the normal bot's choice once the dice have their roles)."""
    return max(hexes, key=lambda h: (goal.value(h), h))


def plan_day(board: Board, goal: Goals, dice, pos: Hex, reserved: int | None) -> tuple[float, Assignment, Hex]:
    """Returns (points today, assignment, end) of the normal bot's plan for these dice."""
    best = None
    for a in assignments(board, dice, pos, reserved):
        reach = ends(board, dice, pos, a)
        end = best_end(goal, reach)
        key = (goal.value(end), list(a[:3]) == sorted(a[:3]))
        if best is None or key > best[0]:
            best = (key, a, end)
    assert best is not None  # a day always has a legal assignment
    _, a, end = best
    return goal.gain(end), a, end


def day(board: Board, tourist: Tourist, dice, reserved: int | None, days_after: int) -> tuple[Hex, str | None, int]:
    """Returns (end, guide hired or None, direction die) of the normal bot's day for ``tourist``."""
    goal = Goals.of(board, tourist.visited, tourist.plans, days_after)
    points, a, end = plan_day(board, goal, dice, tourist.pos, reserved)
    if points > 0 or not tourist.guides:
        return end, None, a[0]
    best = None  # an empty day: a guide may change that (the first of the best)
    for guide in tourist.guides:
        for die in range(3):
            for delta in (-1, 1):
                moved = list(dice)
                moved[die] = wrap(moved[die] + delta)
                got = plan_day(board, goal, moved, tourist.pos, reserved)
                if got[0] > 0 and (best is None or got[0] > best[0][0]):
                    best = (got, guide)
    if best is None:
        return end, None, a[0]
    (_, a, end), guide = best
    return end, guide, a[0]


def roll(rnd: random.Random, days: int) -> list[list[int]]:
    """Returns the dice of ``days`` days to come."""
    return [[rnd.randint(1, 6) for _ in range(3)] for _ in range(days)]


def play_days(board: Board, tourist: Tourist, first: int, dice: list[list[int]], reserved: list[int | None]) -> Tourist:
    """Plays a tourist through days ``first``, ``first + 1``, ... with the given dice and reserved dice."""
    for i, (rolled, held) in enumerate(zip(dice, reserved, strict=True)):
        end, guide, _ = day(board, tourist, rolled, held, data.DAYS - (first + i))
        tourist = tourist.travel(board, end, guide)
    return tourist


def play_others(
    board: Board, others: dict[int, Tourist], first: int, dice: list[list[int]], n: int, seat: int
) -> tuple[dict[int, Tourist], list[int | None]]:
    """Plays the other seats through the days to come; returns them and the die ``seat`` finds reserved each day.

    On a day ``seat`` starts, the others are played as if nothing were reserved: the same for
    every move ``seat`` weighs, so it cannot tip a comparison.
    """
    others = dict(others)
    held: list[int | None] = []
    for i, rolled in enumerate(dice):
        number = first + i
        starter = (number - 1) % n
        reserved = None
        if starter != seat:
            end, guide, reserved = day(board, others[starter], rolled, None, data.DAYS - number)
            others[starter] = others[starter].travel(board, end, guide)
        for s in others:
            if s != starter:
                end, guide, _ = day(board, others[s], rolled, reserved, data.DAYS - number)
                others[s] = others[s].travel(board, end, guide)
        held.append(reserved)
    return others, held
