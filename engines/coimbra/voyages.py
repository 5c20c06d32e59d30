"""Phase F: in player order, each player may fund one voyage a round (ref §1.4, §3.8).

A voyage is funded once per player, paying its cost in its currency less the
player's voyage discount (Shipowner, Cartographer), which that voyage uses up
and which never makes a cost negative (ref §3.12). Voyages score at the end.
"""

from __future__ import annotations

from ..core import IllegalAction, log, seat_name
from . import data
from .effects import cannot_pay


def cost(state: dict, seat: int, voyage: str) -> int:
    """Returns what ``seat`` pays for ``voyage`` now."""
    return max(0, data.VOYAGES[voyage]["cost"] - state["players"][seat]["discount"])


def fund_options(state: dict, seat: int) -> list[dict]:
    """Returns the voyages ``seat`` may fund now, then ``pass``."""
    me = state["players"][seat]
    out = [
        {"type": "fund", "voyage": v}
        for v in state["voyages"]
        if seat not in state["funders"][v] and me[data.VOYAGES[v]["currency"]] >= cost(state, seat, v)
    ]
    return [*out, {"type": "pass"}]


def fund(state: dict, seat: int, voyage: str) -> None:
    """Funds a voyage: pays, uses up the discount, puts a disc on the card."""
    if voyage not in state["voyages"] or seat in state["funders"][voyage]:
        raise IllegalAction("You cannot fund that voyage.", "co.err.voyage_taken", {"voyage": voyage})
    me, currency = state["players"][seat], data.VOYAGES[voyage]["currency"]
    price = cost(state, seat, voyage)
    if me[currency] < price:
        raise cannot_pay(currency, price)
    me[currency] -= price
    me["discount"] = 0
    me["voyages"].append(voyage)
    state["funders"][voyage].append(seat)
    log(
        state,
        key="co.fund",
        player=seat_name(seat),
        voyage=voyage,
        cost=price,
        currency=currency,
        c=data.CURRENCIES.index(currency),
    )


def decline(state: dict, seat: int) -> None:
    """Funds nothing this round."""
    log(state, key="co.no_fund", player=seat_name(seat))
