"""Goa's views: the only door out of the state.

Public: the grid, markers, auction bids, boards, fields, ships, colonists, tiles
and the face-up discards. Private to the seat: its ducats and expedition hand
(others see the hand's size). Never: the deck, boxed tiles, the B tiles before
part B, the generator.
"""

from __future__ import annotations

from ..core.pending import Pending
from . import data
from .choices import options


def tile_info(tile: str) -> dict:
    """Returns a tile's public face."""
    info = data.TILES[tile]
    out = {"id": tile, "name": info["name"], "kind": info["kind"], "text": info["text"]}
    if info["kind"] == "plantation":
        out.update(spice=info["spice"], fields=info["fields"])
    return out


def card_info(card: str) -> dict:
    """Returns an expedition card's face."""
    c = data.CARDS[card]
    return {"id": card, **{k: c[k] for k in ("effect", "text", "colonists", "symbol")}}


def public_player(state: dict, seat: int) -> dict:
    """Returns what everyone sees of a player: never ducats or hand values."""
    p = state["players"][seat]
    return {
        "seat": seat,
        "ships": p["ships"],
        "colonists": p["colonists"],
        "rows": dict(p["rows"]),
        "hand": len(p["hand"]),
        "extra": p["extra"],
        "fields": [dict(f) for f in p["fields"]],
        "plantations": [tile_info(t) for t in p["plantations"]],
        "dropped": [tile_info(t) for t in p["dropped"]],
        "colonies": [dict(c) for c in p["colonies"]],
        "tiles": [dict(tile_info(t), used=t in p["used"]) for t in p["tiles"]],
        "done": [tile_info(t) for t in p["done"]],
        "all_rows": list(p["all_rows"]),
    }


def public_pending(state: dict, pend: Pending, seat: int | None) -> dict:
    """Returns an open choice as everyone sees it, its data spread flat (options only for its owner)."""
    out = {"kind": pend["kind"], "seat": pend["seat"], **{k: v for k, v in pend["data"].items() if k != "cards"}}
    if "cards" in pend["data"]:
        out["cards"] = [card_info(c) for c in pend["data"]["cards"]]  # revealed face up
    if seat == pend["seat"]:
        out["options"] = options(state, pend)
    return out


def board() -> dict:
    """Returns the printed development board (values, costs, points)."""
    return {
        "columns": list(data.COLUMNS),
        "values": {
            **{c: list(v) for c, v in data.ACTION_VALUE.items()},
            "expedition": [f"{d}/{lim}" for d, lim in data.EXPEDITION],
        },
        "costs": {c: [list(x) for x in v] for c, v in data.PROGRESS_COST.items()},
        "vp": list(data.ROW_VP),
    }


def seat_view(state: dict, seat: int | None) -> dict:
    """Returns what ``seat`` may see (``None`` = spectator)."""
    grid = [[tile_info(t) if t else None for t in row] for row in state["grid"]]
    auction = None
    if state["auction"]:
        a = state["auction"]
        auction = {k: a[k] for k in ("marker", "auctioneer", "high", "leader", "order", "done")}
        auction["words"] = [dict(w) for w in a["words"]]
        auction["item"] = "flag" if a["item"] == "flag" else tile_info(a["item"])
        auction["speaker"] = a["order"][a["i"]] if a["i"] < len(a["order"]) else None
    out = {
        "round": state["round"],
        "part": state["part"],
        "phase": state["phase"],
        "flag": state["flag"],
        "flag_pos": state["flag_pos"],
        "placing": state["placing"],
        "grid": grid,
        "markers": [dict(m) for m in state["markers"]],
        "auction": auction,
        "turn": dict(state["turn"]) if state["turn"] else None,
        "actions_left": list(state["actions"]["left"]) if state["phase"] == "actions" else None,
        "extra_passed": list(state["extra"]["passed"]) if state["extra"] and state["phase"] == "extra" else None,
        "pending": [public_pending(state, p, seat) for p in state["pending"]],
        "players": [public_player(state, s) for s in range(state["num_players"])],
        "deck": len(state["deck"]),
        "discard": [card_info(c) for c in state["discard"]],
        "milestones": dict(state["milestones"]),
        "extra_supply": state["extra_supply"],
        "colony_supply": {n: [t["allow"] for t in ts] for n, ts in state["colony_supply"].items()},
        "colony_need": dict(data.COLONY_NEED),
        "board": board(),
        "tiles_unseen": len(state["boxed"]) + (len(state["b_tiles"]) if state["part"] == "A" else 0),
    }
    if seat is not None:
        me = state["players"][seat]
        # What a colony attempt may reveal, as this seat can know it: every card it has not
        # seen (not face up in the discards, not in its hand), never the deck's order.
        seen = set(state["discard"]) | set(me["hand"])
        unseen = sorted(data.CARDS[c]["colonists"] for c in data.CARDS if c not in seen)
        out["you"] = {
            "seat": seat,
            "ducats": me["ducats"],
            "hand": [card_info(c) for c in me["hand"]],
            "unseen_colonists": unseen,
        }
    return out
