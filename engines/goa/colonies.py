"""Goa's colonies: an attempt to found one, the choices when it falls short, the colony tile.

An attempt is a ``colony`` step on the pending stack (its revealed cards lie
face up in its data) until it is won or given up (seed "Found a Colony").
"""

from __future__ import annotations

from ..core import log, pending
from ..core import seat_name as who
from ..core.pending import Pending
from . import data
from .state import player, reveal
from .tiles import spend_card


def attempt(state: dict, seat: int, name: str, board: int) -> None:
    """Tries to found a colony: the board's colonists plus two revealed expedition cards."""
    cards = reveal(state, 2)
    have = board + sum(data.CARDS[c]["colonists"] for c in cards)
    need = data.COLONY_NEED[name]
    shown = ", ".join(cards)
    log(
        state,
        key="goa.tries_colony" if cards else "goa.tries_colony_no_cards",
        who=who(seat),
        colony=name,
        need=need,
        board=board,
        have=have,
        cards=shown,
    )
    pend = pending.push(state, seat, "colony", name=name, have=have, need=need, cards=cards)
    if have >= need:
        colony_won(state, seat, pend)


def colony_options(state: dict, pend: Pending) -> list[str]:
    """Returns pay (colonist cards make up the difference), a third card, or give up."""
    p, d = player(state, pend["seat"]), pend["data"]
    out = []
    if p["colonists"] >= d["need"] - d["have"]:
        out.append("pay")
    if not state["turn"]["card"] and state["deck"] + state["discard"]:
        out += [f"third:{c}" for c in p["hand"] if data.CARDS[c]["effect"] == "colony3"]
    return [*out, "give_up"]


def resolve_colony(state: dict, seat: int, pend: Pending, option: str) -> None:
    """Settles a colony attempt that fell short of the colonists needed."""
    p, d = player(state, seat), pend["data"]
    if option == "pay":
        paid = d["need"] - d["have"]
        p["colonists"] -= paid
        log(
            state,
            key="goa.adds_colonists",
            who=who(seat),
            n=paid,
        )
        colony_won(state, seat, pend)
    elif option.startswith("third:"):
        spend_card(state, seat, option[len("third:") :])
        more = reveal(state, 1)
        d["cards"] += more
        d["have"] += sum(data.CARDS[c]["colonists"] for c in more)
        log(
            state,
            key="goa.reveals_colonists",
            who=who(seat),
            cards=", ".join(more),
            n=d["have"],
        )
        if d["have"] >= d["need"]:
            colony_won(state, seat, pend)
    else:
        pending.remove(state, pend)
        state["discard"].extend(d["cards"])
        p["colonists"] += 1
        log(
            state,
            key="goa.colony_failed",
            who=who(seat),
            colony=d["name"],
        )


def colony_won(state: dict, seat: int, pend: Pending) -> None:
    """Founds the colony: the revealed cards are discarded, then the tile is chosen and filled."""
    d = pend["data"]
    pending.remove(state, pend)
    state["discard"].extend(d["cards"])
    kinds = {tuple(t["allow"]) for t in state["colony_supply"][d["name"]]}
    if len(kinds) > 1:
        pending.push(state, seat, "colony_tile", name=d["name"])
    else:
        settle_colony(state, seat, d["name"], list(kinds.pop()))


def settle_colony(state: dict, seat: int, name: str, allow: list[str]) -> None:
    """Takes a colony tile and opens the choice of spices that fill its fields (seed step 3)."""
    supply = state["colony_supply"][name]
    tile = next(t for t in supply if t["allow"] == allow)
    # A new supply: the state before keeps its own (``Goa.replaced``).
    state["colony_supply"] = {**state["colony_supply"], name: [t for t in supply if t is not tile]}
    p = player(state, seat)
    p["colonies"].append({"name": name, "allow": allow})
    start = len(p["fields"])
    p["fields"].extend({"src": name, "allow": list(allow), "spice": None} for _ in range(tile["fields"]))
    log(state, key="goa.founds", who=who(seat), colony=name)
    pending.push(state, seat, "spice", left=tile["fields"], scope=list(range(start, start + tile["fields"])), mix=False)
