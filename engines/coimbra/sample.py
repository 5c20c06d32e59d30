"""Coimbra states a seat's view allows: what the strong bot searches over.

Everything on the table is public; hidden are the order of the character deck (only
its size shows) and the flow's own bookkeeping (whose turn comes next in a phase,
which location Phase C is resolving, whether a track choice asks for a second one).
:func:`sample_state` deals the deck as setup stacks it: the unseen back-III cards
shuffled below the unseen back-II ones (pile II lies on top), each card no one has
seen (not in a row, the discard or a hand) equally likely anywhere within its back.
The bookkeeping is read back from the view: where the view leaves a choice, each
reading is tried until one gives back the view. Pure: no clock, no I/O.
"""

from __future__ import annotations

import json
import random

from ..core.rng import seed_state
from . import data

#: The monastery whose reward is "one step on two different tracks" (the only ``again`` track step).
TWO_TRACKS = next(m for m, info in data.MONASTERIES.items() if "two_tracks" in info["reward"])


def unseen_cards(view: dict) -> dict[str, list[str]]:
    """Returns, per back, the regular characters nobody has seen (those in the deck), sorted.

    >>> from engines.coimbra import GAME
    >>> v = GAME.view(GAME.setup(2, 1), 0)
    >>> len(unseen_cards(v)["II"]), len(unseen_cards(v)["III"]), v["deck"]
    (12, 24, 36)
    """
    seen = {c["id"] for c in view["discard"]}
    seen |= {c["id"] for row in view["rows"].values() for c in row}
    seen |= {c["id"] for p in view["players"] for c in p["cards"]}
    return {b: sorted(c for c, d in data.CARDS.items() if d["back"] == b and c not in seen) for b in ("II", "III")}


def player(p: dict) -> dict:
    """Returns a personal board from its view."""
    return {
        "coins": p["coins"],
        "guards": p["guards"],
        "vp": p["vp"],
        "influence": dict(p["influence"]),
        "pilgrim": p["pilgrim"],
        "visited": list(p["visited"]),
        "cards": [c["id"] for c in p["cards"]],
        "placed": list(p["placed"]),
        "board": [dict(d) for d in p["board"]],
        "tokens": p["crowns"]["tokens"] // data.TOKEN_CROWNS,
        "tiles": list(p["crowns"]["tiles"]),
        "extra_die": p["extra_die"],
        "extra_used": p["extra_used"],
        "voyages": list(p["voyages"]),
        "discount": p["discount"],
        "taken": dict(p["incomes"]),
    }


def start(view: dict) -> dict | None:
    """Returns the starting choice with its queue: reverse order for the first step, order for the second."""
    st = view["start"]
    if view["phase"] != "start" or st is None:
        return None
    did: list[str | None] = []
    for p in view["players"]:
        took_pair, on_space = bool(p["cards"]), p["pilgrim"] is not None
        did.append("pair" if took_pair and not on_space else "space" if on_space and not took_pair else None)
        if took_pair and on_space:
            did[-1] = "space"  # both done: the seat is out of the queue, whichever came last
    if st["step"] == 1:
        queue = [s for s in reversed(view["order"]) if did[s] is None]
    else:
        queue = [s for s in view["order"] if not (view["players"][s]["cards"] and view["players"][s]["pilgrim"])]
    return {
        "step": st["step"],
        "groups": [list(g) if g else None for g in st["groups"]],
        "spaces": dict(st["spaces"]),
        "queue": queue,
        "did": did,
    }


def queues(view: dict) -> list[list[int]]:
    """Returns the readings of the phase's queue the view allows, the likeliest first."""
    order, phase = view["order"], view["phase"]
    if phase == "place":
        placed = sum(len(p["placed"]) for p in view["players"])
        return [[s for _ in range(data.DICE_PER_PLAYER) for s in order][placed:]]
    if phase not in ("income", "voyage"):
        return [[]]
    acting = view["to_act"][0] if view["to_act"] else order[-1]
    at = order.index(acting)
    # A step opened in a seat's turn is answered while the turn lasts, or once it is over:
    # a voyage's turn ends on funding, an income's when the dice go back (Phase E cards pay then).
    over = bool(view["pending"]) and (phase == "voyage" or not view["players"][acting]["board"])
    return [order[at + 1 :], order[at:]] if over else [order[at:], order[at + 1 :]]


def pending(view: dict) -> list[dict]:
    """Returns the pending stack: a track step with nothing excluded asks again after the two-track monastery."""
    out = []
    for e in view["pending"]:
        d: dict = {}
        if e["kind"] == "walk":
            d["steps"] = e["steps"]
        elif e["kind"] == "track":
            p = view["players"][e["seat"]]
            here = view["sites"].get(p["pilgrim"] or "")
            again = not e["exclude"] and here is not None and here["monastery"] == TWO_TRACKS
            d.update(n=e["n"], exclude=list(e["exclude"]), again=again)
        else:
            d["price"] = e["price"]
        out.append({"seat": e["seat"], "kind": e["kind"], "data": d})
    return out


def resolvings(view: dict) -> list[int]:
    """Returns the readings of the location Phase C is resolving, the likeliest first.

    With no die to act (a step still open after a location's last die), the location
    in progress is the one whose tokens are flipped; failing that, the last one such
    that no die waits up to it and the rows before it are cleared (finishing an empty
    location changes nothing, so a later reading of equals is as good).
    """
    phase, n = view["phase"], len(data.AREAS)
    if phase != "resolve":
        return [n if phase in ("income", "voyage") or (phase == "place" and view["round"] > 1) else 0]
    if view["next"]:
        return [data.AREAS.index(view["next"]["area"])]
    rows = [view["castle"], *(view["cities"][c] for c in data.CITIES)]
    flipped = [i for i, row in enumerate(rows) if any(e["seat"] is None and e["used"] for e in row)]
    cleared = [
        i
        for i in range(n + 1)
        if all(e["seat"] is None for row in rows[: i + 1] for e in row)
        and not any(view["rows"][c] for c in data.CITIES[: max(0, i - 1)])
    ]
    likeliest = flipped[0] if flipped else max(cleared, default=0)
    return [likeliest, *(i for i in range(n + 1) if i != likeliest)]


def sample_state(view: dict, seat: int, rng: random.Random) -> dict:
    """Returns a complete state whose view for ``seat`` is ``view`` (its ``legal`` included)."""
    from . import GAME

    unseen = unseen_cards(view)
    for cards in unseen.values():
        rng.shuffle(cards)
    base = {
        "rng": seed_state(rng.getrandbits(64)),
        "log": [],
        "num_players": len(view["players"]),
        "format": 1,
        "sites": {s: info["monastery"] for s, info in view["sites"].items()},
        "scoring_tiles": {t: info["id"] for t, info in view["scoring_tiles"].items()},
        "city": {
            "castle": [entry(e) for e in view["castle"]],
            **{c: [entry(e) for e in view["cities"][c]] for c in data.CITIES},
        },
        "voyages": [v["id"] for v in view["voyages"]],
        "funders": {v["id"]: list(v["funders"]) for v in view["voyages"]},
        "dice": dice(view),
        "area": [d["id"] for d in view["dice"]],
        "players": [player(p) for p in view["players"]],
        "order": list(view["order"]),
        "deck": unseen["III"] + unseen["II"],  # drawn from the end: pile II lies on top
        "discard": [c["id"] for c in view["discard"]],
        "tiles": [t["id"] for t in view["tiles"]],
        "rows": {c: [x["id"] for x in row] for c, row in view["rows"].items()},
        "crowns": [x["id"] for row in view["rows"].values() for x in row if x["crown"]],
        "start": start(view),
        "round": view["round"],
        "phase": view["phase"],
        "pending": pending(view),
    }
    if view["over"]:
        base["over"] = True
    wanted = json.dumps(view, sort_keys=True)
    first = None
    for queue in queues(view):
        for resolving in resolvings(view):
            state = {**json.loads(json.dumps(base)), "queue": list(queue), "resolving": resolving}
            first = first or state
            if len(queues(view)) * len(resolvings(view)) == 1:
                return state
            try:
                if json.dumps(GAME.view(state, seat), sort_keys=True) == wanted:
                    return state
            except (IndexError, KeyError, ValueError):
                continue  # a reading the flow cannot even run: not the one
    assert first is not None
    return first


def entry(e: dict) -> dict:
    """Returns a die (or die token) in a location from its view."""
    out = {"id": e["id"], "value": e["value"], "seat": e["seat"], "color": e["color"]}
    if e["seat"] is None:
        out["used"] = e["used"]
    return out


def dice(view: dict) -> dict:
    """Returns every die with its colour and value: in the area, in the city, on a board."""
    out = {}
    for p in view["players"]:
        for d in p["board"]:
            out[d["id"]] = {"color": d["color"], "value": d["value"]}
    for e in [*view["castle"], *(e for c in data.CITIES for e in view["cities"][c])]:
        if e["seat"] is not None:
            out[e["id"]] = {"color": e["color"], "value": e["value"]}
    for d in view["dice"]:
        out[d["id"]] = {"color": d["color"], "value": d["value"]}
    counts = data.DICE[len(view["players"])]
    ids = [c if c == "white" else f"{c}{i}" for c, k in counts.items() for i in range(1, k + 1)]
    # Setup's order (the next roll draws in it); before the first roll no die is out yet.
    return {d: out.get(d, {"color": d.rstrip("0123456789"), "value": 0}) for d in ids}
