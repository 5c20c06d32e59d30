"""The Workers and Ships fields (seed "Workers", "Ships"): cheap by churches/shipyards, then dear.

Both read one table of offers. The first pieces, one per church (shipyard), cost
50; further ones 100 × phase. Workers stop at 9 on the Lisboa chart and ships at
7: church-priced workers (shipyard-priced ships) beyond that are sold to the bank
at once for 100 each after paying 50, while dear ones are only bought while there
is room (ref §3.5).
"""

from __future__ import annotations

from ..core import IllegalAction, log, seat_name
from . import data

#: For each field: the player's count that makes pieces cheap, and how to read the room left.
KINDS = {"workers": "churches", "ships": "shipyards"}


def room(player: dict, kind: str) -> int:
    """Returns how many pieces still fit: workers up to 9, ships from the supply."""
    return data.WORKERS_MAX - player["workers"] if kind == "workers" else player["supply"]


def offers(state: dict, seat: int, kind: str) -> list[dict]:
    """Returns every count the seat may buy: ``{"count", "cost", "sold", "gain"}`` (count 0 first).

    >>> from engines.navegador.state import new_player
    >>> s = {"phase": 1, "players": [dict(new_player(), workers=8, churches=3, money=500)]}
    >>> offers(s, 0, "workers")[-1]
    {'count': 3, 'cost': 150, 'sold': 2, 'gain': 200}
    """
    player = state["players"][seat]
    cheap, space = player[KINDS[kind]], room(player, kind)
    dear_price = data.EXTRA_PRICE * state["phase"]
    out = []
    for count in range(max(cheap, space) + 1):
        dear = max(0, count - cheap)
        if dear and count > space:
            break  # dear pieces are bought only while there is room
        cost = data.CHEAP_PRICE * (count - dear) + dear_price * dear
        if cost > player["money"]:
            break
        sold = max(0, count - space)
        out.append({"count": count, "cost": cost, "sold": sold, "gain": sold * data.SALE_PRICE})
    return out


def legal(state: dict, seat: int, kind: str) -> list[dict]:
    """Returns the ``recruit`` (workers) or ``build_ships`` (ships) actions."""
    action = "recruit" if kind == "workers" else "build_ships"
    return [{"type": action, "count": o["count"]} for o in offers(state, seat, kind)]


def buy(state: dict, seat: int, kind: str, count: int) -> None:
    """Buys ``count`` workers or ships, selling any beyond the chart or the supply to the bank."""
    offer = next((o for o in offers(state, seat, kind) if o["count"] == count), None)
    if offer is None:
        raise IllegalAction("You cannot buy that many.", "nav.err.too_many", {"n": count})
    player, who = state["players"][seat], seat_name(seat)
    kept = count - offer["sold"]
    player["money"] += offer["gain"] - offer["cost"]
    if kind == "workers":
        player["workers"] += kept
        if count:
            log(
                state,
                key="nav.recruits",
                who=who,
                n=count,
                cost=offer["cost"],
            )
        if offer["sold"]:
            log(
                state,
                key="nav.virtual",
                who=who,
                n=offer["sold"],
                gain=offer["gain"],
            )
    else:
        player["supply"] -= kept
        state["regions"][data.HOME]["ships"][seat] += kept
        if count:
            log(
                state,
                key="nav.builds_ships",
                who=who,
                n=count,
                cost=offer["cost"],
            )
        if offer["sold"]:
            log(
                state,
                key="nav.sells_ships",
                who=who,
                n=offer["sold"],
                gain=offer["gain"],
            )
    if not count:
        log(state, key="nav.passes", who=who, field=kind)
