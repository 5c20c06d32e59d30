"""The only door out of a Go Goa state: what one seat (or a spectator) may see.

Public: the dice, the day, who starts, the reserved die once the starter has
submitted, who has chosen or submitted, revealed paths, visits, guides and kept
plans (after everyone chose). Private to the seat: its dealt plans, its plan
choice before the reveal and today's draft. Never: the generator state.
"""

from __future__ import annotations

from ..core import clone
from . import data, scoring
from .hexmap import COMPASS


def land_runs(board) -> list[list[int]]:
    """Returns the land as [q, first r, last r] runs down each column (a compact form)."""
    runs: list[list[int]] = []
    for q, r in board.hexes:  # sorted by q, then r
        if runs and runs[-1][0] == q and runs[-1][2] == r - 1:
            runs[-1][2] = r
        else:
            runs.append([q, r, r])
    return runs


def sheet(board) -> dict:
    """Returns the static sheet the client draws: land hexes, Start, destinations, compass."""
    return {
        "land": land_runs(board),
        "start": list(board.start),
        "destinations": [
            {
                "code": code,
                "name": name,
                "type": kind,
                "hex": list(h),
                "guide": next((g for g, c in data.GUIDES.items() if c == code), None),
            }
            for code, (name, kind, h) in board.destinations.items()
        ],
        "compass": {str(k): list(v) for k, v in COMPASS.items()},
        "types": list(data.TYPES),
        "dudhsagar": data.DUDHSAGAR,
        "days": data.DAYS,
    }


def plan_card(plan: str, visited) -> dict:
    """Returns a tour plan with the destinations already ticked off."""
    points, codes = data.PLANS[plan]
    return {
        "id": plan,
        "points": points,
        "destinations": list(codes),
        "done": [c for c in codes if c in visited],
        "complete": scoring.plan_done(plan, visited),
    }


def public_player(state: dict, seat: int) -> dict:
    """Returns what everyone may see of one seat."""
    p = state["players"][seat]
    shown = state["phase"] != "plans"  # kept plans are shown once all have chosen
    plans = p["plans"] if shown else []
    score = scoring.sheet(p["visited"], plans)
    return {
        "position": list(p["pos"]),
        "visited": list(p["visited"]),
        "plans": [plan_card(x, p["visited"]) for x in plans] if shown else None,
        "chose_plans": p["plans"] is not None,
        "submitted": state["phase"] == "day" and state["handed_in"][seat] is not None,
        "guides": list(p["guides"]),
        "guides_used": list(p["guides_used"]),
        "paths": clone(p["paths"]),  # revealed paths, a copy so views share nothing with state
        "score": score,
    }


def own_part(game, state: dict, seat: int) -> dict:
    """Returns the seat's private part: dealt plans, its choice and today's draft."""
    p = state["players"][seat]
    me = {
        "seat": seat,
        "dealt": [plan_card(x, p["visited"]) for x in p["dealt"]],
        "kept": list(p["plans"]) if p["plans"] is not None else None,
        "draft": None,
        "waiting": False,
    }
    if state["phase"] == "day":
        if seat == state["starter"] or state["step"] == "others":
            draft = game.draft(state, seat).summary()
            draft["submitted"] = state["handed_in"][seat] is not None
            draft["reserved"] = None if seat == state["starter"] else state["reserved"]
            me["draft"] = draft
        else:
            me["waiting"] = True  # the starting player drafts first
    return me


def seat_view(game, state: dict, seat: int | None) -> dict:
    """Returns the whole view of ``seat`` (``None`` = spectator), JSON-ready."""
    return {
        "phase": state["phase"],
        "day": state["day"],
        "days": data.DAYS,
        "dice": list(state["dice"]),
        "starter": state["starter"],
        "step": state["step"],
        # Public only after the starter submits (seed: "only which die ... direction").
        "reserved": state["reserved"],
        "sheet": clone(game.sheet),
        "players": [public_player(state, s) for s in range(state["num_players"])],
        "me": own_part(game, state, seat) if seat is not None else None,
    }
