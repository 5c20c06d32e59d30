"""The shape of a finished game's result: what ``Game.outcome`` returns (docs/design.md).

Types only, nothing runs here. ``Placings`` is the part :func:`engines.core.rank`
computes from scores and tie-breaks; ``Outcome`` adds the scores and one
breakdown per seat, whose shape each game declares (its score sheet).
"""

from __future__ import annotations

from typing import Generic, TypedDict, TypeVar

#: One seat's entry in ``breakdown``: each game declares its own TypedDict.
BreakdownT = TypeVar("BreakdownT")


class Placings(TypedDict):
    """Who finished where, once the game's tie-breaks are applied.

    ``ranking`` lists the seats best first; ``places[seat]`` is 1-based and shared
    by seats tied on score and every tie-break (1, 1, 3); ``winners`` are the seats
    in place 1.
    """

    ranking: list[int]
    places: list[int]
    winners: list[int]


class Outcome(Placings, Generic[BreakdownT]):
    """A finished game: the score of each seat, its placings and each seat's breakdown.

    >>> out: Outcome[dict[str, int]] = {"scores": [3, 5], "ranking": [1, 0], "places": [2, 1],
    ...                                  "winners": [1], "breakdown": [{"points": 3}, {"points": 5}]}
    >>> out["winners"]
    [1]
    """

    scores: list[int]
    breakdown: list[BreakdownT]
