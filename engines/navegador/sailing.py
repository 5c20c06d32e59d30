"""Sailing and exploring (seed "Sailing", "Exploring Unknown Waters").

A sailing is a run of steps: ``sail`` moves one ship, ``explore`` sends 2 ships
(3 into a double-loss region) into an unexplored region together, ``done`` ends
it. Each ship moves once per sailing, up to the phase's number of borders; its
path crosses only explored regions, so an unexplored region can only be the end
of a path (ref §3.1). At most one region is explored per sailing.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..core import IllegalAction, log, pending, seat_name
from . import data, ending

ORDER = {r: i for i, r in enumerate(data.REGIONS)}


def in_map_order(regions) -> list[str]:
    """Returns regions sorted in map order."""
    return sorted(regions, key=lambda r: ORDER[r])


NEIGHBOURS: dict[str, tuple[str, ...]] = {
    r: tuple(in_map_order({b for a, b in data.BORDERS if a == r} | {a for a, b in data.BORDERS if b == r}))
    for r in data.REGIONS
}


def reach(state: dict, origin: str, borders: int) -> list[str]:
    """Returns the regions a ship in ``origin`` may end in: explored ones, or an unexplored one next to its path.

    >>> from engines.navegador import GAME
    >>> s = GAME.setup(2, 1)
    >>> reach(s, "portugal", 2)
    ['guine', 'bahia']
    """
    regions = state["regions"]
    seen, frontier = {origin}, [origin]
    for _ in range(borders):
        nxt = []
        for r in frontier:
            for n in NEIGHBOURS[r]:
                if n not in seen:
                    seen.add(n)
                    if regions[n]["explored"]:
                        nxt.append(n)  # only explored regions are sailed through
        frontier = nxt
    seen.discard(origin)
    return in_map_order(seen)


def movable(state: dict, seat: int, step: pending.Pending) -> dict[str, int]:
    """Returns the seat's ships per region that have not moved in this sailing."""
    moved = step["data"]["moved"]
    out = {}
    for r, reg in state["regions"].items():
        free = reg["ships"][seat] - moved.get(r, 0)
        if free > 0:
            out[r] = free
    return out


def need(state: dict, region: str) -> int:
    """Returns how many ships must enter an unexplored region together."""
    return data.EXPLORE_NEED[region in state["double_loss"]]


def legal(state: dict, seat: int, step: pending.Pending) -> list[dict]:
    """Returns the ``sail`` and ``explore`` actions open now, and ``done``."""
    regions, borders = state["regions"], step["data"]["range"]
    free = movable(state, seat, step)
    out: list[dict] = []
    sources: dict[str, list[str]] = {}
    for origin in free:
        for to in reach(state, origin, borders):
            if regions[to]["explored"]:
                out.append({"type": "sail", "origin": origin, "to": to})
            else:
                sources.setdefault(to, []).append(origin)
    if step["data"]["explored"] is None:
        for region in in_map_order(sources):
            for group in combinations_with_replacement(sources[region], need(state, region)):
                if all(group.count(r) <= free[r] for r in set(group)):
                    out.append({"type": "explore", "region": region, "ships": list(group)})
    out.append({"type": "done"})
    return out


def sail(state: dict, seat: int, step: pending.Pending, origin: str, to: str) -> None:
    """Moves one ship that has not moved yet from ``origin`` to the explored region ``to``."""
    if movable(state, seat, step).get(origin, 0) < 1:
        raise IllegalAction("No ship of yours there may still move.", "nav.err.no_free_ship", {"region": origin})
    if not state["regions"][to]["explored"]:
        raise IllegalAction("Unknown waters are entered only by exploring.", "nav.err.unexplored")
    if to not in reach(state, origin, step["data"]["range"]):
        raise IllegalAction(
            "That region is out of range this phase.", "nav.err.out_of_range", {"origin": origin, "to": to}
        )
    state["regions"][origin]["ships"][seat] -= 1
    state["regions"][to]["ships"][seat] += 1
    step["data"]["moved"][to] = step["data"]["moved"].get(to, 0) + 1
    log(
        state,
        key="nav.sails",
        who=seat_name(seat),
        origin=origin,
        dest=to,
    )


def explore(state: dict, seat: int, step: pending.Pending, region: str, ships: list[str]) -> None:
    """Explores ``region``: ships enter together, some are lost, the explorer and the bonus are taken."""
    reg = state["regions"][region]
    if reg["explored"]:
        raise IllegalAction("That region is already explored.", "nav.err.explored", {"region": region})
    if step["data"]["explored"] is not None:
        raise IllegalAction("Only one new region may be explored per sailing.", "nav.err.one_exploration")
    if len(ships) != need(state, region):
        raise IllegalAction(
            f"Exploring there needs exactly {need(state, region)} ships entering together.",
            "nav.err.explore_ships",
            {"n": need(state, region)},
        )
    free = movable(state, seat, step)
    for origin in set(ships):
        if ships.count(origin) > free.get(origin, 0):
            raise IllegalAction("No ship of yours there may still move.", "nav.err.no_free_ship", {"region": origin})
        if region not in reach(state, origin, step["data"]["range"]):
            raise IllegalAction(
                "That region is out of range this phase.", "nav.err.out_of_range", {"origin": origin, "to": region}
            )
    lost = data.EXPLORE_LOSS[region in state["double_loss"]]
    player = state["players"][seat]
    for origin in ships:
        state["regions"][origin]["ships"][seat] -= 1
    reg["ships"][seat] += len(ships) - lost
    player["supply"] += lost
    step["data"]["moved"][region] = step["data"]["moved"].get(region, 0) + len(ships) - lost
    step["data"]["explored"] = region
    reg["explored"] = True
    reg["colonies"] = sorted(reg["stack"])
    reg["stack"] = []
    bonus = reg["colonies"][0] if reg["colonies"] else 0
    player["money"] += bonus
    player["explorers"].append(region)
    who = seat_name(seat)
    log(
        state,
        key="nav.explores",
        who=who,
        region=region,
        lost=lost,
        bonus=bonus,
    )
    log(
        state,
        key="nav.reveals",
        region=region,
        prices=list(reg["colonies"]),
    )
    ending.explored(state, region)


def act(state: dict, seat: int, step: pending.Pending, action: dict) -> bool:
    """Plays one step of a sailing; returns True when the sailing is over."""
    kind = action["type"]
    if kind == "sail":
        sail(state, seat, step, action["origin"], action["to"])
    elif kind == "explore":
        explore(state, seat, step, action["region"], list(action["ships"]))
    elif kind == "done":
        return True
    else:
        raise IllegalAction("You are sailing: move ships, explore, or finish.", "nav.err.sailing")
    return False
