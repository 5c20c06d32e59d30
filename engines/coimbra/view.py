"""Coimbra's views: the only door out of the state (the contract is in docs/games/coimbra.md).

Everything on the table is public. Never shown: the character deck (only its
size), the monasteries and voyages left in the box, the generator, the
internal queues.
"""

from __future__ import annotations

from . import data, pilgrimage, player_order
from .city import next_die
from .effects import card_data
from .scoring import diplomas


def card(card_id: str) -> dict:
    """Returns a character card's face."""
    info = card_data(card_id)
    return {
        "id": card_id,
        "color": info["color"],
        "currency": info.get("currency"),
        "influence": info["influence"],
        "when": info["when"],
        "effect": dict(info["effect"]),
        "diplomas": info.get("diplomas", 0),
    }


def placed(entry: dict) -> dict:
    """Returns a die or die token in a location."""
    out = {"id": entry["id"], "color": entry["color"], "value": entry["value"], "seat": entry["seat"]}
    if entry["seat"] is None:
        out["used"] = bool(entry.get("used"))
    return out


def player(state: dict, seat: int) -> dict:
    """Returns a personal board as everyone sees it."""
    p = state["players"][seat]
    cards = []
    for c in p["cards"]:
        face = card(c)
        face["zone"] = face["when"] if face["when"] != "none" else "immediate"
        cards.append(face)
    return {
        "seat": seat,
        "flag": state["order"].index(seat) + 1,
        "coins": p["coins"],
        "guards": p["guards"],
        "vp": p["vp"],
        "influence": dict(p["influence"]),
        "pilgrim": p["pilgrim"],
        "visited": list(p["visited"]),
        "cards": cards,
        "diplomas": diplomas(state, seat),
        # A die stays in its holder from Phase B until its gains are taken in Phase E (seed).
        "holders": data.DICE_PER_PLAYER - len(p["placed"]) - len(p["board"]),
        "placed": list(p["placed"]),
        "board": [dict(d) for d in p["board"]],
        "crowns": player_order.crowns(state, seat),
        "extra_die": p["extra_die"],
        "extra_used": p["extra_used"],
        "voyages": list(p["voyages"]),
        "discount": p["discount"],
        "incomes": dict(p["taken"]),
    }


def pending_view(entry: dict) -> dict:
    """Returns an open step: who answers it, its kind and what it needs."""
    d = entry["data"]
    out = {"seat": entry["seat"], "kind": entry["kind"]}
    if entry["kind"] == "walk":
        out["steps"] = d["steps"]
    elif entry["kind"] == "track":
        out.update(n=d["n"], exclude=list(d["exclude"]))
    else:
        out["price"] = d["price"]
    return out


def next_view(state: dict) -> dict | None:
    """Returns the die acting now in Phase C."""
    if state["phase"] != "resolve" or state["resolving"] >= len(data.AREAS):
        return None
    at = next_die(state)
    if at is None:
        return None
    area, i = at
    return {"area": area, "index": i, "seat": state["city"][area][i]["seat"]}


def seat_view(state: dict, seat: int | None) -> dict:
    """Returns what ``seat`` may see (``None`` = spectator); everything here is public."""
    n = state["num_players"]
    side = "4" if n == 4 else "2-3"
    start = None
    if state["phase"] == "start" and state["start"]:
        st = state["start"]
        start = {
            "step": st["step"],
            "groups": [list(g) if g else None for g in st["groups"]],
            "spaces": dict(st["spaces"]),
        }
    visitors: dict[str, list[int]] = {s: [] for s in state["sites"]}
    for s, p in enumerate(state["players"]):
        for site in p["visited"]:
            visitors[site].append(s)
    return {
        "round": state["round"],
        "phase": state["phase"],
        "order": list(state["order"]),
        "flag_crowns": list(data.FLAG_CROWNS[:n]),
        "start": start,
        "dice": [
            {"id": d, "color": state["dice"][d]["color"], "value": state["dice"][d]["value"]} for d in state["area"]
        ],
        "castle": [placed(e) for e in state["city"]["castle"]],
        "cities": {c: [placed(e) for e in state["city"][c]] for c in data.CITIES},
        "rows": {c: [dict(card(x), crown=x in state["crowns"]) for x in state["rows"].get(c, [])] for c in data.CITIES},
        "tiles": [
            {
                "id": t,
                "crowns": data.TILES[t]["crowns"],
                "bonus": dict(data.TILES[t]["bonus"]),
                "extra_die": bool(data.TILES[t].get("extra_die")),
            }
            for t in state["tiles"]
        ],
        "next": next_view(state),
        "players": [player(state, s) for s in range(n)],
        "sites": {
            s: {
                "tier": data.SITES[s],
                "monastery": m,
                "reward": dict(data.MONASTERIES[m]["reward"]),
                "end": dict(data.MONASTERIES[m].get("end", {})),
                "visitors": visitors[s],
            }
            for s, m in state["sites"].items()
        },
        "map": pilgrimage.map_view(),
        "voyages": [
            {
                "id": v,
                "cost": data.VOYAGES[v]["cost"],
                "currency": data.VOYAGES[v]["currency"],
                "rule": dict(data.VOYAGES[v]["rule"]),
                "funders": list(state["funders"][v]),
            }
            for v in state["voyages"]
        ],
        "scoring_tiles": {
            t: {"id": tile, "side": side, "values": list(data.SCORING_TILES[tile][side])}
            for t, tile in state["scoring_tiles"].items()
        },
        "income": {"levels": [list(b) for b in data.INCOME_LEVELS], **{t: list(v) for t, v in data.INCOME.items()}},
        "deck": len(state["deck"]),
        "discard": [card(c) for c in state["discard"]],
        "pending": [pending_view(e) for e in state["pending"]],
    }
