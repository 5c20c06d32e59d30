"""Navegador states a seat's view allows: what the strong bot searches over.

Everything at the table is public but the colony tokens no one has seen: the stacks of
unexplored regions and the token of each good removed at setup. :func:`sample_state`
shuffles each good's unseen tokens (its printed prices less every token in sight, on the
map or on a sheet) and deals them as setup does: the removed one first, then each
region's stack in the map's order. The rest of the state is read off the view; the
privilege tokens left in the box are those neither in the gallery nor on a sheet.
Pure: no clock, no I/O.
"""

from __future__ import annotations

import random
from collections import Counter

from ..core.rng import seed_state
from . import data


def unseen_tokens(view: dict) -> dict[str, list[int]]:
    """Returns, per good, the colony tokens nobody has seen (in the stacks or removed), lowest first."""
    seen: Counter = Counter()
    for region in view["regions"]:
        if region["good"]:
            seen.update((region["good"], price) for price in region["colonies"])
    for p in view["players"]:
        for good, prices in p["colonies"].items():
            seen.update((good, price) for price in prices)
    out = {}
    for good, prices in data.COLONY_PRICES.items():
        left = Counter((good, price) for price in prices) - seen
        out[good] = sorted(price for (_, price), k in left.items() for _ in range(k))
    return out


def sample_state(view: dict, seat: int, rng: random.Random) -> dict:
    """Returns a complete state whose view for ``seat`` is ``view`` (its ``legal`` included)."""
    n = view["num_players"]
    removed, stacks = {}, {}
    for good, tokens in unseen_tokens(view).items():
        rng.shuffle(tokens)
        removed[good], tokens = tokens[: data.COLONIES_REMOVED], tokens[data.COLONIES_REMOVED :]
        for region in view["regions"]:
            if region["good"] == good:
                stacks[region["id"]], tokens = tokens[: region["stack"]], tokens[region["stack"] :]
    players = [
        {
            "money": p["money"],
            "workers": p["workers"],
            "supply": p["supply"],
            "colonies": {g: list(v) for g, v in p["colonies"].items()},
            "factories": dict(p["factories"]),
            "shipyards": p["shipyards"],
            "churches": p["churches"],
            "explorers": list(p["explorers"]),
            "privileges": dict(p["privileges"]),
            "king": p["king"],
        }
        for p in view["players"]
    ]
    step = view["step"]
    pending = []
    if step is not None:
        fields = {k: v for k, v in step.items() if k not in ("kind", "seat", "offers")}
        pending.append({"seat": step["seat"], "kind": step["kind"], "data": fields})
    gallery = dict(view["gallery"])
    return {
        "rng": seed_state(rng.getrandbits(64)),
        "log": [],
        "num_players": n,
        "format": 1,
        "phase": view["phase"],
        "phase_next": view["phase_next"],
        "turn": view["turn"],
        "current": view["current"],
        "ending": dict(view["ending"]) if view["ending"] else None,
        "over": False,
        "card": {k: v for k, v in view["card"].items() if k != "usable"},
        "stones": list(view["rondel"]["stones"]),
        "regions": {
            r["id"]: {
                "explored": r["explored"],
                "stack": stacks.get(r["id"], []),
                "colonies": list(r["colonies"]),
                "ships": list(r["ships"]),
            }
            for r in view["regions"]
        },
        "double_loss": [r["id"] for r in view["regions"] if r["double_loss"]],
        "removed": removed,
        "market": dict(view["market"]["row"]),
        "buildings": {b: [slot["piece"] for slot in slots] for b, slots in view["buildings"].items()},
        "gallery": gallery,
        "reserve": {
            c: data.PRIVILEGE_TOKENS - gallery[c] - sum(p["privileges"][c] for p in players) for c in data.COLUMNS
        },
        "players": players,
        "pending": pending,
    }
