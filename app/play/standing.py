"""The final standing the platform shows: the game's placings, with resigned seats last.

A seat that resigned is played by its bot to the end, so the game may well
score it high; everywhere a result is shown (the summary, history, "your matches", the
final table) it is ranked below every seat that played on, in the game's order among
themselves. Ties between seats on the same side keep the game's shared places.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import engines

#: The outcome's figures a list shows (the breakdown is the view's and the replay's).
FIGURES = ("scores", "ranking", "places", "winners")


def resigned_last(outcome: dict, resigned: Collection[int]) -> dict:
    """Returns ``outcome``'s figures with the ``resigned`` seats moved below the others.

    >>> out = {"scores": [9, 5, 5], "ranking": [0, 1, 2], "places": [1, 2, 2], "winners": [0]}
    >>> r = resigned_last(out, {0})
    >>> r["ranking"], r["places"], r["winners"]
    ([1, 2, 0], [3, 1, 1], [1, 2])
    """
    figures = {k: outcome[k] for k in FIGURES}
    if not resigned:
        return figures
    old: Sequence[int] = outcome["places"]
    ranking = [s for s in outcome["ranking"] if s not in resigned] + [s for s in outcome["ranking"] if s in resigned]
    places = list(old)
    for i, seat in enumerate(ranking):
        prev = ranking[i - 1] if i else None
        tied = prev is not None and (prev in resigned) == (seat in resigned) and old[prev] == old[seat]
        places[seat] = places[prev] if tied and prev is not None else i + 1
    return {**figures, "ranking": ranking, "places": places, "winners": [s for s in ranking if places[s] == 1]}


def standing(match, seats) -> dict | None:
    """Returns the final figures of a finished match (resigned seats last), else ``None``."""
    game = engines.GAMES.get(match.game)
    if match.status != "finished" or game is None or not match.state:
        return None
    outcome = game.outcome(match.state)
    if outcome is None:
        return None
    return resigned_last(dict(outcome), {st.seat for st in seats if st.resigned})
