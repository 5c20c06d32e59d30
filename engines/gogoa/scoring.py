"""Go Goa scoring: the seed's categories as ordered steps, and the tie-breaks.

Pure functions of visited destination codes and kept tour plans; used for the
live score sheet in views, for the final outcome and by the bot.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ..core import Outcome
from ..core import rank as core_rank
from . import data

Category = Literal["destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type"]
CATEGORIES: tuple[Category, ...] = ("destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type")


class Points(TypedDict):
    """Points per category of the seed's "Scoring"."""

    destinations: int
    dudhsagar: int
    tour_plans: int
    five_type_sets: int
    same_type: int


class Breakdown(Points):
    """Points per category and their ``total``."""

    total: int


class Sheet(Breakdown):
    """A seat's score sheet as everyone sees it, live and at the end: with the beaches visited (the tie-break)."""

    beaches: int


def type_counts(visited) -> dict[str, int]:
    """Returns how many visited destinations each type has."""
    counts = dict.fromkeys(data.TYPES, 0)
    for code in visited:
        counts[data.DESTINATIONS[code][1]] += 1
    return counts


def plan_done(plan_id: str, visited) -> bool:
    """Tells whether every destination of a tour plan has been visited."""
    return all(code in visited for code in data.PLANS[plan_id][1])


def breakdown(visited, plans) -> Breakdown:
    """Returns the points per category and the ``total`` (seed "Scoring")."""
    visited = set(visited)
    counts = type_counts(visited)
    points: Points = {
        # 10 points per visited destination.
        "destinations": data.POINTS_PER_DESTINATION * len(visited),
        # Dudhsagar Falls: +20 on top of its 10.
        "dudhsagar": data.DUDHSAGAR_BONUS if data.DUDHSAGAR in visited else 0,
        # A finished tour plan scores the points shown on it; unfinished ones score 0.
        "tour_plans": sum(data.PLANS[p][0] for p in plans if plan_done(p, visited)),
        # Each set of five different types: the number of sets is the rarest type's count.
        "five_type_sets": data.FIVE_TYPE_SET * min(counts.values()),
        # Per type: 3 or more -> 10; 6 or more -> 30 instead. Counted independently of
        # the five-type sets (no destination is used up; docs/games/gogoa.md).
        "same_type": sum(
            data.SIX_OF_A_TYPE if n >= 6 else data.THREE_OF_A_TYPE if n >= 3 else 0 for n in counts.values()
        ),
    }
    return {**points, "total": sum(points[c] for c in CATEGORIES)}


def beaches(visited) -> int:
    """Returns the number of beaches visited (the first tie-break: fewer is better)."""
    return type_counts(visited)["beach"]


def sheet(visited, plans) -> Sheet:
    """Returns the score sheet of a seat: its breakdown and the beaches it visited."""
    return {**breakdown(visited, plans), "beaches": beaches(visited)}


def rank(players: list[dict]) -> Outcome[Sheet]:
    """Returns the outcome of finished seats: scores, ranking, places, breakdown and winners.

    Ranking: most points first; on a tie, fewest beaches visited; still tied, the
    seats share the place (and, at the top, the victory), listed in seat order.
    """
    sheets = [sheet(p["visited"], p["plans"]) for p in players]
    scores = [s["total"] for s in sheets]
    return {"scores": scores, **core_rank(scores, [-s["beaches"] for s in sheets]), "breakdown": sheets}
