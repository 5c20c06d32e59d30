"""The Buildings field (seed "Buildings"): factories, shipyards and churches from the chart.

Each piece taken is the cheapest one left in its row (pieces lie cheapest first,
ref §1.4). The workers needed (3 per factory, 4 per shipyard, 5 per church) are
not spent but add up over everything built in the turn. Taking the last piece of
the chart triggers the end.
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import data, ending


def cheapest(state: dict, building: str) -> int | None:
    """Returns the slot of the cheapest piece left in a row, or None."""
    row = state["buildings"][building]
    return next((i for i, here in enumerate(row) if here), None)


def legal(state: dict, seat: int, step: pending.Pending) -> list[dict]:
    """Returns the ``build`` actions open now, and ``done``."""
    player, used = state["players"][seat], step["data"]["workers_used"]
    out: list[dict] = []
    for building, prices in data.BUILDING_SLOTS.items():
        slot = cheapest(state, building)
        if (
            slot is not None
            and prices[slot] <= player["money"]
            and used + data.WORKERS_NEEDED[building] <= player["workers"]
        ):
            out.append({"type": "build", "building": building})
    out.append({"type": "done"})
    return out


def build(state: dict, seat: int, step: pending.Pending, building: str) -> None:
    """Takes the cheapest piece of a row onto the seat's sheet, paying its price."""
    player, d = state["players"][seat], step["data"]
    slot = cheapest(state, building)
    if slot is None:
        raise IllegalAction("That row of the chart is empty.", "nav.err.row_empty", {"building": building})
    price = data.BUILDING_SLOTS[building][slot]
    if d["workers_used"] + data.WORKERS_NEEDED[building] > player["workers"]:
        raise IllegalAction(
            "You have too few workers for all you build this turn.",
            "nav.err.build_workers",
            {"n": d["workers_used"] + data.WORKERS_NEEDED[building]},
        )
    if price > player["money"]:
        raise IllegalAction("You cannot afford that.", "nav.err.money", {"n": price})
    state["buildings"][building][slot] = False
    player["money"] -= price
    if building in data.FACTORY_GOOD:
        player["factories"][data.FACTORY_GOOD[building]] += 1
    else:
        player[data.BUILDING_COLUMN[building]] += 1
    d["workers_used"] += data.WORKERS_NEEDED[building]
    d["built"].append(building)
    log(
        state,
        key="nav.builds",
        who=seat_name(seat),
        building=building,
        price=price,
    )
    if ending.buildings_gone(state):
        ending.trigger(state, "buildings")


def act(state: dict, seat: int, step: pending.Pending, action: dict) -> bool:
    """Plays one step of the Buildings field; returns True when it is over."""
    if action["type"] == "build":
        build(state, seat, step, action["building"])
        return False
    if action["type"] == "done":
        if not step["data"]["built"]:
            log(state, key="nav.passes", who=seat_name(seat), field="buildings")
        return True
    raise IllegalAction("Build or finish.", "nav.err.buildings")
