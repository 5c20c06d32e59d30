"""The Colony field (seed "Colony"): found colonies from revealed tokens, paying their prices.

Each new colony needs one of the seat's ships in its region and two workers in
Lisboa; ships and workers are not spent, but each counts for one colony per turn.
The founder chooses the token (any revealed price there).
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import data

WORKERS_PER_COLONY = 2


def legal(state: dict, seat: int, step: pending.Pending) -> list[dict]:
    """Returns the ``found`` actions open now, and ``done``."""
    player, d = state["players"][seat], step["data"]
    out: list[dict] = []
    if player["workers"] - d["workers_used"] >= WORKERS_PER_COLONY:
        for region, reg in state["regions"].items():
            if reg["colonies"] and reg["ships"][seat] > d["ships_used"].get(region, 0):
                for price in sorted(set(reg["colonies"])):
                    if price <= player["money"]:
                        out.append({"type": "found", "region": region, "price": price})
    out.append({"type": "done"})
    return out


def found(state: dict, seat: int, step: pending.Pending, region: str, price: int) -> None:
    """Founds one colony: pays ``price`` and takes that token."""
    player, d, reg = state["players"][seat], step["data"], state["regions"][region]
    if price not in reg["colonies"]:
        raise IllegalAction("There is no such colony there.", "nav.err.no_colony", {"region": region, "price": price})
    if reg["ships"][seat] <= d["ships_used"].get(region, 0):
        raise IllegalAction(
            "Each colony needs a ship of yours in its region, each ship once.",
            "nav.err.colony_ship",
            {"region": region},
        )
    if player["workers"] - d["workers_used"] < WORKERS_PER_COLONY:
        raise IllegalAction("Each colony needs two workers in Lisboa, each worker once.", "nav.err.colony_workers")
    if price > player["money"]:
        raise IllegalAction("You cannot afford that.", "nav.err.money", {"n": price})
    reg["colonies"].remove(price)
    good = data.REGIONS[region]["good"]
    assert good is not None
    player["colonies"][good].append(price)
    player["money"] -= price
    d["ships_used"][region] = d["ships_used"].get(region, 0) + 1
    d["workers_used"] += WORKERS_PER_COLONY
    d["founded"].append({"region": region, "price": price})
    log(
        state,
        key="nav.founds",
        who=seat_name(seat),
        region=region,
        good=good,
        price=price,
    )


def act(state: dict, seat: int, step: pending.Pending, action: dict) -> bool:
    """Plays one step of the Colony field; returns True when it is over."""
    if action["type"] == "found":
        found(state, seat, step, action["region"], action["price"])
        return False
    if action["type"] == "done":
        if not step["data"]["founded"]:
            log(state, key="nav.passes", who=seat_name(seat), field="colony")
        return True
    raise IllegalAction("Found colonies or finish.", "nav.err.colony")
