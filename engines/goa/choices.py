"""Goa's open choices: the small decisions a tile, card or action leaves to its owner.

A choice that must be made before play goes on (which field gets a spice, ships
or colonists, which plantation to give up) is a step on the core pending stack
(``engines.core.pending``) with its own ``kind`` and ``data``; its owner answers
with ``{"type": "choose", "option": ...}`` from the options listed here.
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending
from ..core import seat_name as who
from ..core.pending import Pending
from . import data
from .colonies import colony_options, resolve_colony, settle_colony
from .state import add_plantation, advance, drop_plantation, empty_fields, player, spices_held, take_spice

SELL_PRICE = 3  # ducats per spice for the sell card and the Trade tile (ref §1.13, §3.2)


def tidy(state: dict) -> None:
    """Drops finished choices (nothing left to place, nowhere to place it)."""
    while (top := pending.top(state)) and not options(state, top):
        pending.pop(state)


# Choices whose options depend on the hand: answering them for the seat would tell the
# others it had no card to play, so they are always asked.
ASKED = ("colony",)


def forced(state: dict) -> bool:
    """Answers the top choice when its owner has nothing to decide; returns whether it did.

    Nothing to decide: a single option, or a harvest of at least as many sacks as there
    are empty fields, each taking one spice (every field is filled whatever the order).
    A public line says the choice was made for the seat.
    """
    top = pending.top(state)
    if top is None or top["kind"] in ASKED:
        return False
    seat, d = top["seat"], top["data"]
    p = player(state, seat)
    if top["kind"] == "spice" and not d["mix"]:
        empty = empty_fields(p, d["scope"])
        if 1 < len(empty) <= d["left"] and all(len(p["fields"][i]["allow"]) == 1 for i in empty):
            for i in empty:
                answer(state, seat, top, f"f{i}:{p['fields'][i]['allow'][0]}")
            log(
                state,
                key="goa.auto_fill",
                who=who(seat),
                n=len(empty),
            )
            return True
    opts = options(state, top)
    if len(opts) != 1:
        return False
    log(state, key="goa.auto_choice", who=who(seat))
    answer(state, seat, top, opts[0])
    return True


def spice_options(p: dict, scope: list[int] | None) -> list[str]:
    """Returns one "f<field>:<spice>" option per source and spice that has an empty field."""
    seen, out = set(), []
    for i in empty_fields(p, scope):
        f = p["fields"][i]
        for spice in f["allow"]:
            if (f["src"], spice) not in seen:
                seen.add((f["src"], spice))
                out.append(f"f{i}:{spice}")
    return out


def harvest3_options(p: dict) -> list[str]:
    """Returns the plantations/colonies Extra harvest may fill (any-spice fields name a spice)."""
    out, seen = [], set()
    for i in empty_fields(p):
        f = p["fields"][i]
        if f["src"] in seen:
            continue
        seen.add(f["src"])
        out += [f"fill:{f['src']}"] if len(f["allow"]) == 1 else [f"fill:{f['src']}:{s}" for s in f["allow"]]
    return out


def options(state: dict, pend: Pending) -> list[str]:
    """Returns the answers open to the owner of a pending choice."""
    p, kind, d = state["players"][pend["seat"]], pend["kind"], pend["data"]  # read only
    if kind == "spice":
        if d["left"] <= 0:
            return []
        return spice_options(p, d["scope"]) + (["ship", "colonist"] if d["mix"] else [])
    if kind in ("sell", "duty"):
        held = [s for s, n in spices_held(p).items() if n]
        if kind == "sell":
            return [f"sell:{s}" for s in held] + ["stop"] if d["left"] > 0 and held else []
        return [f"give:{s}" for s in held] if d["left"] > 0 else []
    if kind == "drop":
        return [f"drop:{t}" for t in p["plantations"]]
    if kind in ("either", "resupply"):
        return ["ships", "colonists"] + (["spices"] if kind == "resupply" and d["n"] else [])
    if kind == "vice_king":
        low = min(p["rows"].values())
        return [f"column:{c}" for c in data.COLUMNS if p["rows"][c] == low]
    if kind == "harvest3":
        return [*harvest3_options(p), "stop"] if d["left"] > 0 and harvest3_options(p) else []
    if kind == "colony":
        return colony_options(state, pend)
    if kind == "colony_tile":
        tiles = state["colony_supply"][d["name"]]
        return sorted({f"tile:{'/'.join(t['allow'])}" for t in tiles})
    raise ValueError(f"unknown pending kind {kind}")


def resolve(state: dict, seat: int, option: str) -> None:
    """Answers the top pending choice with one of its options."""
    pend = pending.top(state)
    if pend is None or option not in options(state, pend):
        raise IllegalAction(f"'{option}' is not one of the choices.", "goa.err.not_a_choice", {"option": option})
    answer(state, seat, pend, option)


def answer(state: dict, seat: int, pend: Pending, option: str) -> None:
    """Answers the top pending choice ``pend`` with an option known to be one of its options."""
    p, kind, d = player(state, seat), pend["kind"], pend["data"]
    head, _, rest = option.partition(":")
    if kind == "spice":
        d["left"] -= 1
        if option in ("ship", "colonist"):
            p[option + "s"] += 1
        else:
            p["fields"][int(head[1:])]["spice"] = rest
    elif kind == "sell":
        if option == "stop":
            pending.pop(state)
            return
        take_spice(p, rest)
        p["ducats"] += SELL_PRICE
        d["left"] -= 1
        log(
            state,
            key="goa.sells",
            who=who(seat),
            spice=rest,
            n=SELL_PRICE,
        )
    elif kind == "duty":
        take_spice(p, rest)
        d["left"] -= 1
        if d["left"] == 0:
            log(state, key="goa.duty_done", who=who(seat))
    elif kind == "drop":
        pending.pop(state)
        drop_plantation(p, rest)
        add_plantation(p, d["tile"])
        name, kept = data.TILES[rest]["name"], data.TILES[d["tile"]]["name"]
        log(
            state,
            key="goa.gives_up",
            who=who(seat),
            tile=rest,
            name=name,
            new_tile=d["tile"],
            new_name=kept,
        )
    elif kind in ("either", "resupply"):
        pending.pop(state)
        log(state, key=f"goa.takes_{option}", who=who(seat), n=d["n"])
        if option == "spices":
            pending.push(state, seat, "spice", left=d["n"], scope=None, mix=False)
        else:
            p[option] += d["n"]
    elif kind == "vice_king":
        pending.pop(state)
        advance(state, seat, rest)
    elif kind == "harvest3":
        if option == "stop":
            pending.pop(state)
            return
        d["left"] -= 1
        src, _, spice = rest.partition(":")
        for f in p["fields"]:
            if f["src"] == src and f["spice"] is None:
                f["spice"] = spice or f["allow"][0]
    elif kind == "colony":
        resolve_colony(state, seat, pend, option)
    elif kind == "colony_tile":
        pending.pop(state)
        settle_colony(state, seat, d["name"], rest.split("/"))
