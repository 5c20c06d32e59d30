"""Phase D: the new player order, by the crowns each player has this round.

A player's crowns are those on the crown tokens and benefit tiles received
this round plus those printed beside the flag their lion stands on (seed
Phase D). Most crowns take flag 1, and so on; tied players reverse their
previous order.
"""

from __future__ import annotations

from ..core import log, seat_name
from . import data


def crowns(state: dict, seat: int) -> dict:
    """Returns a seat's crowns this round: tokens, benefit tiles and its lion's flag (seed Phase D)."""
    me = state["players"][seat]
    tiles = sum(data.TILES[t]["crowns"] for t in me["tiles"])
    flag = data.FLAG_CROWNS[state["order"].index(seat)]
    tokens = me["tokens"] * data.TOKEN_CROWNS
    return {"tokens": tokens, "tiles": list(me["tiles"]), "flag": flag, "total": tokens + tiles + flag}


def new_order(state: dict) -> None:
    """Phase D: most crowns to flag 1, and so on; tied players reverse their previous order.

    >>> s = {"log": [], "order": [0, 1, 2], "players": [{"tiles": ["chancery"], "tokens": 0},
    ...      {"tiles": [], "tokens": 1}, {"tiles": [], "tokens": 0}]}
    >>> [crowns(s, seat)["total"] for seat in s["order"]]  # flags 1-3 carry 0, 1 and 2 crowns
    [2, 2, 2]
    >>> new_order(s); s["order"]
    [2, 1, 0]
    """
    before = state["order"]
    total = {s: crowns(state, s)["total"] for s in before}
    # Among equals, the one later in the old order comes first (seed: "the order ... is reversed").
    state["order"] = sorted(before, key=lambda s: (-total[s], -before.index(s)))
    names = ", ".join(seat_name(s) for s in state["order"])
    counts = ", ".join(str(total[s]) for s in state["order"])
    log(state, key="co.new_order", order=names, crowns=counts)
