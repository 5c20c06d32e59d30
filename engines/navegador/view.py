"""Navegador's view: the only door out of the state.

Everything at the table is public, so every seat and a spectator see the same
view (only ``legal`` differs, added by the core). Never in a view: an unexplored
region's colony stack (only its printed size), the tokens removed unseen at
setup, the generator. The shape is documented in docs/games/navegador.md.
"""

from __future__ import annotations

from ..core import clone, pending
from . import data, purchases
from .card import usable
from .state import achievements, ships_on_board


def region_view(state: dict, region: str) -> dict:
    """Returns a region as the table sees it: the stack's size only, revealed tokens by price."""
    reg = state["regions"][region]
    return {
        "id": region,
        "good": data.REGIONS[region]["good"],
        "explored": reg["explored"],
        "double_loss": region in state["double_loss"],
        "stack": len(reg["stack"]),
        "colonies": sorted(reg["colonies"]),
        "ships": list(reg["ships"]),
    }


def player_view(state: dict, seat: int) -> dict:
    """Returns a player's public sheet and supplies (its stone is in ``rondel.stones``)."""
    p = state["players"][seat]
    return {
        "seat": seat,
        "money": p["money"],
        "workers": p["workers"],
        "supply": p["supply"],
        "ships": ships_on_board(state, seat),
        "colonies": {g: sorted(v) for g, v in p["colonies"].items()},
        "factories": dict(p["factories"]),
        "shipyards": p["shipyards"],
        "churches": p["churches"],
        "explorers": list(p["explorers"]),
        "privileges": dict(p["privileges"]),
        "king": p["king"],
        "counts": achievements(p),
    }


def step_view(state: dict, step: pending.Pending) -> dict:
    """Returns the awaited step with its data spread flat, plus what a client needs to offer it.

    A ``move`` brings no list of moves: the mover's ``legal`` has the fields, and the ship
    each costs follows from its stone and ``rondel.free``; listing them for every seat made
    a third of an ordinary patch.
    """
    seat, kind = step["seat"], step["kind"]
    out = {"kind": kind, "seat": seat, **clone(step["data"])}
    if kind in purchases.KINDS:
        out["offers"] = purchases.offers(state, seat, kind)
    return out


def seat_view(state: dict, seat: int | None) -> dict:
    """Returns what ``seat`` may see (``None`` = spectator): the same for everyone."""
    n, phase = state["num_players"], state["phase"]
    top = pending.top(state)
    market = state["market"]
    return {
        "num_players": n,
        "phase": phase,
        "phase_next": state["phase_next"],
        "turn": state["turn"],
        "round": state["turn"] // n + 1,
        "current": state["current"],
        "first_round": state["turn"] < n,
        "step": step_view(state, top) if top else None,
        "ending": dict(state["ending"]) if state["ending"] else None,
        "card": {**state["card"], "usable": not state["over"] and usable(state)},
        "rondel": {"fields": list(data.RONDEL), "stones": list(state["stones"]), "free": data.FREE_STEPS},
        "regions": [region_view(state, r) for r in data.REGIONS],
        "borders": [list(b) for b in data.BORDERS],
        # A good's price and revenue are its column and the revenue column at its row: the
        # client reads them off the table, so a trade patches one row number, not three figures.
        "market": {"row": dict(market), "table": {k: list(v) for k, v in data.MARKET.items()}},
        "buildings": {
            b: [{"price": price, "piece": here} for price, here in zip(slots, state["buildings"][b], strict=True)]
            for b, slots in data.BUILDING_SLOTS.items()
        },
        "gallery": dict(state["gallery"]),
        "refill": list(data.GALLERY_LEVEL[n]),
        "sheet": {
            "base": dict(data.BASE_VP),
            "privilege_vp": dict(data.PRIVILEGE_VP),
            "coins": {c: list(v) for c, v in data.PRIVILEGE_COINS.items()},
        },
        "prices": {
            "extra": data.EXTRA_PRICE * phase,
            "church_worker": data.CHEAP_PRICE,
            "shipyard_ship": data.CHEAP_PRICE,
            "sale": data.SALE_PRICE,
            "needs": dict(data.WORKERS_NEEDED),
        },
        "players": [player_view(state, s) for s in range(n)],
    }
