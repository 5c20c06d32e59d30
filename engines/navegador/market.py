"""The Market fields (seed "Market"): sell per colony, process per factory, one way per good.

Selling pays the current price for each unit (one per colony of the good), then
the marker falls a row per unit; processing pays the revenue row for each unit
(one per factory of the good, the orange factory for any one unit), then the
marker rises a row per unit. Markers stop at the ends of the track. Each good is
either sold or processed once in a Market action, never both.
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import data

ROWS = len(data.MARKET["revenue"])


def capacity(state: dict, seat: int, step: pending.Pending, kind: str, good: str) -> int:
    """Returns the units of ``good`` the seat may sell or process now (0 once the good is handled)."""
    d = step["data"]
    if good in d["sold"] or good in d["processed"]:
        return 0
    player = state["players"][seat]
    if kind == "sell":
        return len(player["colonies"][good])
    return player["factories"][good] + (0 if d["orange_used"] else player["factories"]["orange"])


def legal(state: dict, seat: int, step: pending.Pending) -> list[dict]:
    """Returns the ``sell`` and ``process`` actions open now, and ``done``."""
    out: list[dict] = []
    for kind in ("sell", "process"):
        for good in data.GOODS:
            units = capacity(state, seat, step, kind, good)
            out += [{"type": kind, "good": good, "units": u} for u in range(1, units + 1)]
    out.append({"type": "done"})
    return out


def trade(state: dict, seat: int, step: pending.Pending, kind: str, good: str, units: int) -> None:
    """Sells or processes ``units`` of ``good`` at the marker's row, then moves the marker."""
    if units > capacity(state, seat, step, kind, good):
        raise IllegalAction(
            "You cannot trade that many units of that good now.", "nav.err.market_units", {"good": good, "n": units}
        )
    player, d, row = state["players"][seat], step["data"], state["market"][good]
    who = seat_name(seat)
    if kind == "sell":
        price = data.MARKET[good][row]
        state["market"][good] = min(ROWS - 1, row + units)
        d["sold"][good] = units
        log(
            state,
            key="nav.sells",
            who=who,
            good=good,
            n=units,
            price=price,
            total=price * units,
        )
    else:
        price = data.MARKET["revenue"][row]
        state["market"][good] = max(0, row - units)
        d["processed"][good] = units
        if units > player["factories"][good]:
            d["orange_used"] = True
        log(
            state,
            key="nav.processes",
            who=who,
            good=good,
            n=units,
            revenue=price,
            total=price * units,
        )
    player["money"] += price * units


def act(state: dict, seat: int, step: pending.Pending, action: dict) -> bool:
    """Plays one step of a Market action; returns True when it is over."""
    if action["type"] in ("sell", "process"):
        trade(state, seat, step, action["type"], action["good"], action["units"])
        return False
    if action["type"] == "done":
        if not step["data"]["sold"] and not step["data"]["processed"]:
            log(state, key="nav.passes", who=seat_name(seat), field="market")
        return True
    raise IllegalAction("Sell, process, or finish.", "nav.err.market")
