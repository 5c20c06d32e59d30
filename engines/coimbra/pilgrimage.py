"""The pilgrimage: the map as a graph, walking the pilgrim one step at a time, visiting monasteries.

A length-L edge between two named spaces has L - 1 plain spaces, named
``"a~b~k"`` (k = 1 next to ``a``). A walk is a ``walk`` step on the pending
stack holding the steps left; each ``walk`` action moves one step, ``pass``
ends the walk (the steps left are lost, ref §3.7). Entering a monastery site
the player has not visited yet visits it: a disc goes there and its reward is
taken at once (ref §3.6); a reward of steps extends the walk it was reached in
(ref §3.12).

>>> NEIGHBOURS["C-NW"][:3]
['I7', 'I8', 'C-NE']
>>> NEIGHBOURS["C-NE"][:2], NEIGHBOURS["C-NE~I5~1"]
(['I2', 'C-NE~I5~1'], ['C-NE', 'I5'])
>>> len([n for n in NEIGHBOURS if "~" in n])  # the plain path spaces (ref §3.7: 33)
33
"""

from __future__ import annotations

from itertools import pairwise

from ..core import IllegalAction, log, pending, seat_name
from . import data
from .effects import gain


def _build() -> tuple[dict[str, list[str]], list[dict]]:
    """Returns the neighbours of every space, and the edges with their plain spaces (for the view)."""
    nbrs: dict[str, list[str]] = {}
    edges = []
    for a, b, length in data.EDGES:
        path = [f"{a}~{b}~{k}" for k in range(1, length)]
        chain = [a, *path, b]
        for x, y in pairwise(chain):
            nbrs.setdefault(x, []).append(y)
            nbrs.setdefault(y, []).append(x)
        edges.append({"a": a, "b": b, "steps": length, "path": path})
    return nbrs, edges


NEIGHBOURS, EDGES = _build()


def map_view() -> dict:
    """Returns the static map for a view: start spaces, sites, edges with their plain spaces."""
    return {
        "starts": list(data.START_SPACES),
        "sites": list(data.SITES),
        "edges": [dict(e, path=list(e["path"])) for e in EDGES],
    }


def walk_options(state: dict, seat: int) -> list[dict]:
    """Returns the ``walk`` actions open to ``seat``'s pilgrim, then ``pass``."""
    here = state["players"][seat]["pilgrim"]
    return [*({"type": "walk", "to": n} for n in NEIGHBOURS[here]), {"type": "pass"}]


def walk(state: dict, seat: int, entry: pending.Pending, to: str) -> None:
    """Moves the pilgrim one step to ``to``; a new monastery there is visited."""
    me = state["players"][seat]
    if to not in NEIGHBOURS[me["pilgrim"]]:
        raise IllegalAction("Your pilgrim can only step to a neighbouring space.", "co.err.not_adjacent", {"to": to})
    me["pilgrim"] = to
    entry["data"]["steps"] -= 1
    log(state, key="co.walk", player=seat_name(seat), space=to)
    if to in state["sites"] and to not in me["visited"]:
        me["visited"].append(to)
        tile = state["sites"][to]
        log(
            state,
            key="co.visit",
            player=seat_name(seat),
            site=to,
            monastery=tile,
        )
        reward = dict(data.MONASTERIES[tile]["reward"])
        # Steps from a monastery extend the walk it was reached in (ref §3.12).
        more = reward.pop("steps", 0)
        if more:
            entry["data"]["steps"] += more
            log(
                state,
                key="co.more_steps",
                player=seat_name(seat),
                n=more,
            )
        if entry["data"]["steps"] <= 0:
            pending.remove(state, entry)
        gain(state, seat, reward)
    elif entry["data"]["steps"] <= 0:
        pending.remove(state, entry)


def stop(state: dict, seat: int, entry: pending.Pending) -> None:
    """Ends a walk early: the steps left are lost."""
    lost = entry["data"]["steps"]
    pending.remove(state, entry)
    log(
        state,
        key="co.stop",
        player=seat_name(seat),
        lost=lost,
    )
