"""A Goa bot that reads only its seat's view: values tiles, bids below that value, then
progresses evenly, keeps spices and ships flowing and founds colonies when they are likely.

``choose(view, seat, rnd)`` returns one action from ``view["legal"]``.
"""

from __future__ import annotations

import random

from ..bots import with_slips

# Rough worth of a tile in ducats to a trader (designed for this bot, not rules data).
KIND_WORTH = {"mission": 9, "duty": 7, "special": 6}
NAME_WORTH = {
    "Ship": 6,
    "Ducats": 9,
    "Colonist": 5,
    "Spice": 6,
    "Expedition": 5,
    "Trade": 5,
    "Additional actions": 9,
    "Expeditions": 6,
    "Ships": 5,
    "Colonists": 6,
    "Settlement": 7,
    "Ships/Colonists": 5,
}
COLUMN_TASTE = ("harvest", "ships", "colonists", "taxes", "expedition")  # tie-break when rows are level
PENDING_FIRST = ("pay", "ships", "colonists")


def me(view: dict, seat: int) -> dict:
    """Returns this seat's public record."""
    return view["players"][seat]


def held(p: dict) -> dict:
    """Returns sacks held per spice."""
    out: dict[str, int] = {}
    for f in p["fields"]:
        if f["spice"]:
            out[f["spice"]] = out.get(f["spice"], 0) + 1
    return out


def wanted_spices(view: dict, p: dict) -> set[str]:
    """Returns the spices the next progress steps call for."""
    out = set()
    for col, row in p["rows"].items():
        if row < 5:
            out.update(view["board"]["costs"][col][row - 1])
    return out


def tile_worth(view: dict, seat: int, tile) -> float:
    """Returns what a tile (or the flag) is worth to this seat, in ducats."""
    rounds_left = 9 - view["round"]
    if tile == "flag":
        return 6.0
    if tile["kind"] == "plantation":
        p = me(view, seat)
        base = 3 + 2 * tile["fields"] + (2 if tile["fields"] == 1 else 0)
        return base + (3 if len(p["plantations"]) < 3 else -2 if len(p["plantations"]) >= 4 else 0)
    if tile["kind"] == "red":
        return NAME_WORTH.get(tile["name"], 5) * min(1.0, rounds_left / 5 + 0.3)
    return KIND_WORTH.get(tile["kind"], NAME_WORTH.get(tile["name"], 5))


def choose(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns the bot's action for ``seat`` (one of ``view["legal"]``)."""
    legal = [a for a in view["legal"] if a["type"] != "undo"]  # the bot never takes a step back
    if len(legal) == 1:
        return legal[0]
    kinds = {a["type"] for a in legal}
    if "choose" in kinds:
        return choose_option(view, seat, legal)
    if kinds & {"place_flag", "place_marker"}:
        return place(view, seat, legal)
    if "bid" in kinds or view["phase"] == "auction":
        return bid(view, seat, legal, rnd)
    return turn(view, seat, legal)


def choose_option(view: dict, seat: int, legal: list[dict]) -> dict:
    """Answers an open choice: useful spices first, pay for colonies, keep the big plantations."""
    opts = [a["option"] for a in legal]
    p = me(view, seat)
    want = wanted_spices(view, p)
    have = held(p)
    for first in PENDING_FIRST:
        if first in opts and not (first == "ships" and p["ships"] > 8 and "colonists" in opts):
            return {"type": "choose", "option": first}
    thirds = [o for o in opts if o.startswith("third:")]
    if thirds:
        return {"type": "choose", "option": thirds[0]}
    spice = [o for o in opts if o.startswith("f")]
    if spice:
        spice.sort(key=lambda o: (o.split(":")[1] not in want, have.get(o.split(":")[1], 0)))
        return {"type": "choose", "option": spice[0]}
    drops = [o for o in opts if o.startswith("drop:")]
    if drops:
        size = {t["id"]: t["fields"] for t in p["plantations"]}
        return {"type": "choose", "option": min(drops, key=lambda o: size.get(o[5:], 0))}
    gives = [o for o in opts if o.startswith(("give:", "sell:"))]
    if gives and "stop" not in opts:
        return {"type": "choose", "option": max(gives, key=lambda o: have.get(o.split(":")[1], 0))}
    useful = [o for o in opts if o not in ("stop", "give_up")]
    if "spices" in opts:
        return {"type": "choose", "option": "spices"}
    if useful and not gives:
        return {"type": "choose", "option": useful[0]}
    return {"type": "choose", "option": "stop" if "stop" in opts else opts[0]}


def place(view: dict, seat: int, legal: list[dict]) -> dict:
    """Puts a marker on the tile it values most (the flag next to the richest tiles)."""
    grid = view["grid"]

    def around(r: int, c: int) -> float:
        return sum(
            tile_worth(view, seat, grid[r + dr][c + dc])
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= r + dr < 5 and 0 <= c + dc < 5 and grid[r + dr][c + dc]
        )

    if legal[0]["type"] == "place_flag":
        return max(legal, key=lambda a: around(a["row"], a["col"]))
    return max(legal, key=lambda a: tile_worth(view, seat, grid[a["row"]][a["col"]]))


def bid(view: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """Bids up to about the item's worth; as auctioneer keeps it only when that clearly pays."""
    a = view["auction"]
    worth = tile_worth(view, seat, a["item"])
    ducats = view["you"]["ducats"]
    amounts = [x["amount"] for x in legal if x["type"] == "bid"]
    if seat == a["auctioneer"]:
        # Keeping costs the bid to the bank plus the bid not earned: twice the bid.
        keep = amounts and amounts[0] * 2 <= worth
        return {"type": "bid", "amount": amounts[0]} if keep else {"type": "pass"}
    target = min(int(worth * rnd.uniform(0.6, 0.9)), ducats - 2)
    choice = [x for x in amounts if x <= target]
    return {"type": "bid", "amount": max(choice)} if choice else {"type": "pass"}


def turn(view: dict, seat: int, legal: list[dict]) -> dict:
    """Plays a turn: free gains first, then the most useful main action."""
    p = me(view, seat)
    last_round = view["round"] == 8
    by: dict[str, list[dict]] = {}
    for a in legal:
        by.setdefault(a["type"], []).append(a)
    for a in by.get("use_tile", []):
        if a.get("target") is None:
            return a
    for a in by.get("play_card", []):
        if not last_round and a.get("column") is None:
            return a
    progress = by.get("progress", [])
    if progress:
        plain = [a for a in progress if "card" not in a] or progress
        return min(plain, key=lambda a: (p["rows"][a["column"]], COLUMN_TASTE.index(a["column"])))
    colonists = view["board"]["values"]["colonists"][p["rows"]["colonists"] - 1]
    for a in by.get("found", []):
        need = view["colony_need"][a["colony"]]
        if colonists + p["colonists"] + 4 >= need:
            return a
    want = wanted_spices(view, p)
    have = held(p)
    empty = [f for f in p["fields"] if f["spice"] is None]
    lacking = [s for s in want if not have.get(s)]
    if empty and any(set(f["allow"]) & set(lacking) for f in empty):
        return by["harvest"][0]
    need_ships = min((len(view["board"]["costs"][c][r - 1]) for c, r in p["rows"].items() if r < 5), default=0)
    if p["ships"] < need_ships + 1:
        return by["ships"][0]
    if view["you"]["ducats"] < 12:
        return by["taxes"][0]
    if last_round and by.get("expedition"):
        return by["expedition"][-1]
    if empty:
        return by["harvest"][0]
    if "pass" in by:
        return by["pass"][0]
    return by["taxes"][0]


def choose_normal(view: dict, seat: int, rnd: random.Random) -> dict:
    """The normal level: the bot above."""
    return choose(view, seat, rnd)


#: The easy level: the normal bot, slipping now and then into any legal move.
choose_easy = with_slips(choose)


#: How many moves the strong bot weighs (the normal bot's first), rounds of samples it needs
#: before overruling the normal bot, and the mean lead a move needs then (tuned by ladder).
STRONG_WIDTH = 4
STRONG_TRUST = 3
STRONG_LEAD = 0.05


def strong_moves(view: dict, seat: int, first: dict, rnd: random.Random) -> list[dict]:
    """Returns the moves the strong bot weighs: the normal bot's, then the likeliest rivals.

    A bid is weighed against passing and a bid a step either side; a marker against the
    next best tiles, the flag against spots drawn at random; a turn against one move of
    each other kind; an open choice against its other options.
    """
    legal = [a for a in view["legal"] if a["type"] != "undo" and a != first]
    if first["type"] in ("bid", "pass") and view["phase"] == "auction":
        amounts = {a.get("amount") for a in legal}
        near = [first.get("amount", 0) + d for d in (2, -2, 1)]
        others = [{"type": "pass"}] * (first["type"] != "pass") + [
            {"type": "bid", "amount": x} for x in near if x in amounts
        ]
    elif first["type"] == "place_marker":
        others = sorted(legal, key=lambda a: -tile_worth(view, seat, view["grid"][a["row"]][a["col"]]))
    elif first["type"] == "place_flag":
        others = rnd.sample(legal, min(len(legal), STRONG_WIDTH - 1))  # spots around the grid, none preferred
    elif first["type"] == "choose":
        others = legal
    else:
        kinds: dict[str, dict] = {}
        for a in legal:
            kinds.setdefault(a["type"], a)
        others = [a for k, a in kinds.items() if k != first["type"]]
    return [first, *others[: STRONG_WIDTH - 1]]


def choose_strong(view: dict, seat: int, rnd: random.Random) -> dict:
    """The strong level: weighs the normal bot's move against a few rivals by playing each out.

    Each candidate is played to the end with the normal bot in every seat, over hands,
    decks and ducats dealt as the view allows; the normal bot's move stands unless a rival
    clearly leads.
    """
    from ..search import search
    from . import GAME
    from .sample import sample_state

    first = choose(view, seat, random.Random(rnd.getrandbits(64)))
    moves = strong_moves(view, seat, first, rnd)
    if len(moves) < 2:
        return first
    return search(
        GAME, view, seat, rnd, sample=sample_state, policy=choose, moves=moves, trust=STRONG_TRUST, lead=STRONG_LEAD
    )
