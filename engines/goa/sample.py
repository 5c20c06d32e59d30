"""Goa states a seat's view allows: what the strong bot searches over.

Hidden from a seat: the other seats' ducats and expedition hands, the deck's order,
the tiles boxed unseen and the B tiles before part B, and the flow's bookkeeping
(how far an auction or a round of turns has gone, the take-back stack).
:func:`sample_state` deals every expedition card the seat has not seen (not face up
in the discards or a revealed colony attempt, not in its own hand) at random into the
others' hands, by their public sizes, and the deck; gives each other seat ducats
within what is public (at least its standing bid, about what the seat itself holds,
as the same economy pays both); and reads the rest back from the view. Pure: no
clock, no I/O.
"""

from __future__ import annotations

import json
import random

from ..core.rng import seed_state
from . import data
from .turns import clockwise_from

#: How far another seat's ducats may lie from the seat's own, each way (designed for the bot).
DUCAT_SPREAD = 5


def unseen_cards(view: dict) -> list[str]:
    """Returns the expedition cards the seat has not seen: in the deck or in another hand, sorted.

    >>> from engines.goa import GAME
    >>> v = GAME.view(GAME.setup(2, 1), 0)
    >>> len(unseen_cards(v)) == v["deck"] + sum(p["hand"] for p in v["players"])
    True
    """
    seen = {c["id"] for c in view["discard"]} | {c["id"] for c in view["you"]["hand"]}
    seen |= {c["id"] for p in view["pending"] for c in p.get("cards", [])}
    return sorted(c for c in data.CARDS if c not in seen)


def ducats_floor(view: dict, seat: int) -> int:
    """Returns the fewest ducats ``seat`` may hold: its standing bid in the auction, if it leads one.

    >>> ducats_floor({"auction": {"done": False, "leader": 1, "high": 7}}, 1)
    7
    """
    a = view["auction"]
    return a["high"] if a and not a["done"] and a["leader"] == seat else 0


def ducats(view: dict, seat: int, rng: random.Random) -> int:
    """Returns ducats for another seat: about the viewing seat's own, never under the public floor."""
    mine = view["you"]["ducats"]
    low = ducats_floor(view, seat)
    return max(low, rng.randint(max(0, mine - DUCAT_SPREAD), mine + DUCAT_SPREAD))


def tile_ids(tiles: list[dict]) -> list[str]:
    """Returns the ids of tiles as the view shows them."""
    return [t["id"] for t in tiles]


def player(p: dict) -> dict:
    """Returns a player's record from its public view (ducats and hand are dealt after)."""
    return {
        "ducats": 0,
        "ships": p["ships"],
        "colonists": p["colonists"],
        "rows": dict(p["rows"]),
        "hand": [],
        "extra": p["extra"],
        "fields": [dict(f) for f in p["fields"]],
        "plantations": tile_ids(p["plantations"]),
        "dropped": tile_ids(p["dropped"]),
        "colonies": [dict(c) for c in p["colonies"]],
        "tiles": tile_ids(p["tiles"]),
        "used": [t["id"] for t in p["tiles"] if t["used"]],
        "done": tile_ids(p["done"]),
        "all_rows": list(p["all_rows"]),
    }


def auction(view: dict) -> dict | None:
    """Returns the auction with its count of words said and its item's id."""
    a = view["auction"]
    if a is None:
        return None
    out = {k: a[k] for k in ("marker", "auctioneer", "high", "leader", "done")}
    out.update(
        order=list(a["order"]),
        words=[dict(w) for w in a["words"]],
        i=len(a["words"]),
        item="flag" if a["item"] == "flag" else a["item"]["id"],
    )
    return out


def pending(view: dict) -> list[dict]:
    """Returns the open choices with their data as the state keeps it (revealed cards by id)."""
    out = []
    for p in view["pending"]:
        d = {k: v for k, v in p.items() if k not in ("kind", "seat", "options")}
        if "cards" in d:
            d["cards"] = [c["id"] for c in d["cards"]]
        out.append({"seat": p["seat"], "kind": p["kind"], "data": json.loads(json.dumps(d))})
    return out


def tiles(view: dict, rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """Returns the boxed tiles, the B tiles still to come and the tiles gone, as the view allows.

    Which tiles lie boxed is unseen (only how many); none of them is ever played.
    """
    part = view["part"]
    b_tiles = sorted(t for t in data.TILES if t.startswith("B")) if part == "A" else []
    in_sight = {t["id"] for row in view["grid"] for t in row if t}
    for p in view["players"]:
        for key in ("plantations", "dropped", "tiles", "done"):
            in_sight |= {t["id"] for t in p[key]}
    if view["auction"] and view["auction"]["item"] != "flag":
        in_sight.add(view["auction"]["item"]["id"])
    # The boxes keep part A's unseen tiles in part B too.
    rest = sorted(t for t in data.TILES if t not in in_sight and t not in b_tiles)
    rng.shuffle(rest)
    boxed_count = view["tiles_unseen"] - len(b_tiles)
    rng.shuffle(b_tiles)
    return rest[:boxed_count], b_tiles, rest[boxed_count:]


def same_view(one: dict, other: dict) -> bool:
    """Tells whether two views say the same (as JSON: a tuple and a list alike)."""
    return json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)


def sample_state(view: dict, seat: int, rng: random.Random) -> dict:
    """Returns a complete state whose view for ``seat`` is ``view`` (its ``legal`` included)."""
    from . import GAME

    n = len(view["players"])
    players = [player(p) for p in view["players"]]
    cards = unseen_cards(view)
    rng.shuffle(cards)
    for s, p in enumerate(view["players"]):
        if s == seat:
            players[s].update(ducats=view["you"]["ducats"], hand=[c["id"] for c in view["you"]["hand"]])
            continue
        players[s]["hand"], cards = cards[: p["hand"]], cards[p["hand"] :]
        players[s]["ducats"] = ducats(view, s, rng)
    boxed, b_tiles, gone = tiles(view, rng)
    phase, flag = view["phase"], view["flag"]
    actions = None
    if phase == "actions":
        left = list(view["actions_left"])
        taken = sum(data.ACTIONS_PER_ROUND - k for k in left)
        actions = {"order": clockwise_from({"num_players": n}, flag), "i": taken, "left": left}
    elif phase in ("extra", "round_end"):
        # The turns are all taken: the round's count stays until the round ends.
        order = clockwise_from({"num_players": n}, flag)
        actions = {"order": order, "i": n * data.ACTIONS_PER_ROUND, "left": [0] * n}
    extra = None
    if phase == "extra":
        order = clockwise_from({"num_players": n}, flag)
        turn_seat = (view["turn"] or {}).get("seat", flag)
        extra = {"order": order, "i": order.index(turn_seat), "passed": list(view["extra_passed"])}
    state = {
        "rng": seed_state(rng.getrandbits(64)),
        "log": [],
        "num_players": n,
        "format": 1,
        "round": view["round"],
        "part": view["part"],
        "phase": phase,
        "flag": flag,
        "flag_pos": view["flag_pos"],
        "markers": [dict(m) for m in view["markers"]],
        "placing": view["placing"],
        "auction": auction(view),
        "actions": actions,
        "turn": dict(view["turn"]) if view["turn"] else None,
        "extra": extra,
        "pending": pending(view),
        "deck": cards,
        "discard": [c["id"] for c in view["discard"]],
        "gone": gone,
        "boxed": boxed,
        "b_tiles": b_tiles,
        "milestones": dict(view["milestones"]),
        "extra_supply": view["extra_supply"],
        "colony_supply": {
            name: [{"fields": data.COLONY_TILES[name][0]["fields"], "allow": list(a)} for a in allows]
            for name, allows in view["colony_supply"].items()
        },
        "players": players,
        "grid": [[t["id"] if t else None for t in row] for row in view["grid"]],
        "auctioneer_may_match": False,
        "undo": [],
    }
    if view["over"]:
        state["over"] = True
    if {"type": "undo"} in view["legal"]:
        # A step may be taken back: the kept state before it is unseen; the bots never take one.
        state["undo"] = [{k: v for k, v in json.loads(json.dumps(state)).items() if k not in ("log", "undo")}]
    if state["auction"] and not state["auction"]["done"] and not same_view(GAME.view(state, seat), view):
        state["auctioneer_may_match"] = True  # the table's option shows only in the auctioneer's bids
    return state
