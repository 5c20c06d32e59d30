"""Final placings: scores first, then the game's tie-breaks, shared places when all agree.

>>> r = rank([30, 42, 30, 30], [5, 0, 9, 5])
>>> r["ranking"], r["places"], r["winners"]
([1, 2, 0, 3], [3, 1, 2, 3], [1])
"""

from __future__ import annotations

from collections.abc import Sequence

from .outcome import Placings


def rank(scores: Sequence[int], *tiebreaks: Sequence[float]) -> Placings:
    """Returns ``{"ranking", "places", "winners"}`` for per-seat scores.

    Each tie-break is one number per seat where **more is better** (pass the
    negated count for "fewest beaches wins"). ``ranking`` lists the seats best
    first (seats still tied keep seat order); ``places[seat]`` is 1-based and
    shared by seats equal on score and every tie-break, the next place skipped
    (1, 1, 3); ``winners`` are the seats in place 1.

    >>> rank([10, 10], [-2, -2])["places"]
    [1, 1]
    """
    seats = range(len(scores))
    key = [(scores[s], *(t[s] for t in tiebreaks)) for s in seats]
    ranking = sorted(seats, key=lambda s: tuple(-k for k in key[s]))
    places = [0] * len(scores)
    for i, seat in enumerate(ranking):
        tied = i and key[seat] == key[ranking[i - 1]]
        places[seat] = places[ranking[i - 1]] if tied else i + 1
    return {"ranking": ranking, "places": places, "winners": [s for s in ranking if places[s] == 1]}
