"""Go Goa scoring: the seed's categories as ordered steps, and the tie-breaks.

Pure functions of visited destination codes and kept tour plans; used for the
live score sheet in views, for the final outcome and by the bot.
"""

from __future__ import annotations

from ..core import rank as core_rank
from . import data

CATEGORIES = ("destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type")


def type_counts(visited) -> dict[str, int]:
    """Returns how many visited destinations each type has."""
    counts = dict.fromkeys(data.TYPES, 0)
    for code in visited:
        counts[data.DESTINATIONS[code][1]] += 1
    return counts


def plan_done(plan_id: str, visited) -> bool:
    """Tells whether every destination of a tour plan has been visited."""
    return all(code in visited for code in data.PLANS[plan_id][1])


def breakdown(visited, plans) -> dict[str, int]:
    """Returns the points per category and the ``total`` (seed "Scoring")."""
    visited = set(visited)
    counts = type_counts(visited)
    out = {
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
    out["total"] = sum(out[c] for c in CATEGORIES)
    return out


def beaches(visited) -> int:
    """Returns the number of beaches visited (the first tie-break: fewer is better)."""
    return type_counts(visited)["beach"]


def rank(players: list[dict]) -> dict:
    """Returns the outcome of finished seats: scores, ranking, places, breakdown and winners.

    Ranking: most points first; on a tie, fewest beaches visited; still tied, the
    seats share the place (and, at the top, the victory), listed in seat order.
    """
    sheets = []
    for p in players:
        sheet = breakdown(p["visited"], p["plans"])
        sheet["beaches"] = beaches(p["visited"])
        sheets.append(sheet)
    scores = [s["total"] for s in sheets]
    return {"scores": scores, **core_rank(scores, [-s["beaches"] for s in sheets]), "breakdown": sheets}
