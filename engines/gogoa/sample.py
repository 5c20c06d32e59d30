"""Go Goa states a seat's view allows: what the strong bot searches over.

Hidden from a seat are the other seats' dealt tour plans (and their choice until all
have chosen), their drafts of today, and the dice to come. :func:`sample_state` deals
the plans others may hold from the decks as setup deals them (two easy, two hard, the
known ones kept), draws a path for every draft handed in secretly (the starter's uses
the die everybody saw reserved for direction), leaves drafts still being drawn empty,
and gives the state a generator of its own for the days to come. The seat's own draft
is rebuilt move by move from what its view shows of it. Pure: no clock, no I/O.
"""

from __future__ import annotations

import random

from ..core.rng import seed_state
from . import data
from .hexmap import HEADINGS, Board, board_of
from .path import ROLES, Draft


def sample_state(view: dict, seat: int, rng: random.Random) -> dict:
    """Returns a complete state whose view for ``seat`` is ``view`` (its ``legal`` included)."""
    board = board_of(view)
    n = len(view["players"])
    me = view["me"]
    plans = dealt_plans(view, seat, rng)
    players = []
    for s, pub in enumerate(view["players"]):
        if s == seat:
            kept = me["kept"]
        elif pub["plans"] is not None:
            kept = sorted(p["id"] for p in pub["plans"])
        else:
            kept = sorted(rng.sample(plans[s], 2)) if pub["chose_plans"] else None
        players.append(
            {
                "dealt": plans[s],
                "plans": kept,
                "pos": list(pub["position"]),
                "visited": list(pub["visited"]),
                "guides": list(pub["guides"]),
                "guides_used": list(pub["guides_used"]),
                "paths": [dict(p) for p in pub["paths"]],
            }
        )
    state = {
        "rng": seed_state(rng.getrandbits(64)),
        "log": [],
        "num_players": n,
        "format": 1,
        "phase": view["phase"],
        "day": view["day"],
        "dice": list(view["dice"]),
        "starter": view["starter"],
        "step": view["step"],
        "reserved": view["reserved"],
        "players": players,
        "handed_in": [None] * n,
        "pending": [],
    }
    if view["phase"] == "plans":
        state["pending"] = [{"seat": s, "kind": "plans", "data": {}} for s in range(n) if not players[s]["plans"]]
        return state
    mine = own_moves(board, view, seat, players[seat])
    starter = view["starter"]
    drafting = [starter] if view["step"] == "starter" else [s for s in range(n) if s != starter]
    for s in range(n):
        if s == seat:
            submitted = bool(me["draft"] and me["draft"]["submitted"])
        else:
            submitted = view["players"][s]["submitted"] or (s == starter and view["step"] == "others")
        if submitted:
            state["handed_in"][s] = mine if s == seat else any_path(board, state, s, rng)
        elif s in drafting:
            state["pending"].append({"seat": s, "kind": "draft", "data": {"moves": mine if s == seat else []}})
    return state


def dealt_plans(view: dict, seat: int, rng: random.Random) -> list[list[str]]:
    """Returns the four plans dealt to each seat: the seat's own, others' known ones topped up from the decks."""
    known = [[p["id"] for p in pub["plans"] or []] for pub in view["players"]]
    known[seat] = [p["id"] for p in view["me"]["dealt"]]
    seen = {p for plans in known for p in plans}
    unseen = {deck: [p for p in deck if p not in seen] for deck in (data.EASY_DECK, data.HARD_DECK)}
    for pile in unseen.values():
        rng.shuffle(pile)
    out = []
    for s, plans in enumerate(known):
        if s == seat:
            out.append(list(plans))
            continue
        hand = []
        for deck, pile in unseen.items():
            mine = [p for p in plans if p in deck]
            hand += mine + [pile.pop() for _ in range(2 - len(mine))]
        out.append(hand)
    return out


def any_path(board: Board, state: dict, s: int, rng: random.Random) -> list[dict]:
    """Returns the recorded moves of a random finished draft of seat ``s`` today (no guide hired)."""
    p = state["players"][s]
    reserved = None if s == state["starter"] else state["reserved"]
    draft = Draft(board, state["dice"], p["pos"], reserved, [])
    moves: list[dict] = []
    forced = state["reserved"] if s == state["starter"] else None
    while not draft.finished():
        legal = [a for a in draft.legal() if a["type"] not in ("undo", "use_guide", "submit")]
        if forced is not None:
            # The starter's hidden draft gave direction to the die everybody saw reserved.
            legal = [a for a in legal if a["type"] != "assign" or (a["role"] == "direction") == (a["die"] == forced)]
        moves += draft.play(rng.choice(legal))
    return moves


def own_moves(board: Board, view: dict, seat: int, p: dict) -> list[dict]:
    """Returns moves that rebuild the seat's own draft exactly as its view shows it."""
    shown = view["me"]["draft"]
    if shown is None:
        return []
    value = shown["direction_value"]
    moves: list[dict] = [{"type": "use_guide", **g} for g in shown["guides_used"]]
    moves += [
        {"type": "assign", "role": r, "die": shown["roles"][r], "value": value if r == "direction" else None}
        for r in ROLES
        if shown["roles"][r] is not None
    ]
    if not shown["drawing"] or not shown["path"]:
        if shown["drawing"] and shown["just_deviated"]:
            moves.append({"type": "deviate", "heading": shown["heading"]})
        return moves
    guides = [g for g in p["guides"] if g not in p["guides_used"]]
    reserved = None if seat == view["starter"] else view["reserved"]
    target = {k: v for k, v in shown.items() if k not in ("submitted", "reserved")}
    for path in paths_to(board, Draft(board, view["dice"], p["pos"], reserved, guides, moves), shown):
        if Draft(board, view["dice"], p["pos"], reserved, guides, moves + path).summary() == target:
            return moves + path
    raise ValueError("no moves rebuild this draft")


def paths_to(board: Board, draft: Draft, shown: dict):
    """Yields the step and deviation moves that draw the shown path (deviations tried where they fit)."""
    goal = [tuple(h) for h in shown["path"]]

    def walk(pos, heading, i: int, devs: int, moves: list[dict]):
        if i == len(goal):
            yield moves
            if devs and shown["just_deviated"]:
                for h in HEADINGS:
                    if h != heading:
                        yield [*moves, {"type": "deviate", "heading": h}]
            return
        for h in [heading, *[h for h in HEADINGS if h != heading and devs]]:
            moved = board.advance(pos, h)
            if moved is None or tuple(moved[0]) != goal[i]:
                continue
            turn = [] if h == heading else [{"type": "deviate", "heading": h}]
            yield from walk(moved[0], moved[1], i + 1, devs - len(turn), [*moves, *turn, {"type": "step"}])

    return walk(tuple(draft.pos), draft.heading, 0, draft.deviations_left, [])
