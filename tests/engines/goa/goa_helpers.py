"""Compact fixtures for Goa rule tests: positions reached by play, then edited like a FEN.

Tests reach a phase through ``GAME.apply`` (``until``), then set a seat's
fields, ships or rows directly (the state is plain data) and make every move
under test through ``GAME.apply``.
"""

from __future__ import annotations

import json
from functools import partial

from engines.core.playout import play
from engines.goa import GAME, data
from tests.engines import positions

seat_now = partial(positions.seat_now, GAME)
act = partial(positions.act, GAME)


def quiet(state: dict) -> dict:
    """Returns a calm default action: pass in auctions, else the first legal action."""
    legal = GAME.legal_actions(state, seat_now(state))
    for a in legal:
        if a["type"] == "pass":
            return a
    return legal[0]


def until(state: dict, done, policy=quiet, limit: int = 5000) -> dict:
    """Plays ``policy`` until ``done(state)`` holds."""
    return positions.until(GAME, state, done, policy, limit)


def at_actions(players: int = 3, seed: int = 4) -> dict:
    """Returns round 1 at the first action turn, every auction passed (auctioneers took their items).

    The default seed deals a first seat to act with no plantation of its own, which the rule
    tests build on (seed 1 did so under the first seed mixing).
    """
    state = GAME.setup(players, seed)
    return until(state, lambda s: s["phase"] == "actions" and not s["pending"])


def give_fields(state: dict, seat: int, spices: list[str], empty: list[str] = ()) -> None:
    """Gives a seat one full field per spice in ``spices`` and an empty field per spice in ``empty``."""
    p = state["players"][seat]
    for i, s in enumerate(list(spices) + list(empty)):
        p["fields"].append({"src": f"T{i}{s}", "allow": [s], "spice": s if i < len(spices) else None})


def all_tiles(state: dict) -> list[str]:
    """Returns every tile id wherever it lies (grid, box, B pile, discards, players)."""
    out = [t for row in state["grid"] for t in row if t] + state["boxed"] + state["b_tiles"] + state["gone"]
    out += [pend["data"]["tile"] for pend in state["pending"] if pend["kind"] == "drop"]  # a 5th plantation in hand
    for p in state["players"]:
        out += p["plantations"] + p["dropped"] + p["tiles"] + p["done"]
    return out


def all_cards(state: dict) -> list[str]:
    """Returns every expedition card id wherever it lies (deck, discards, hands, revealed)."""
    out = state["deck"] + state["discard"]
    for p in state["players"]:
        out += p["hand"]
    for pend in state["pending"]:
        out += pend["data"].get("cards", [])
    return out


def round_trips(state: dict, before: dict | None = None) -> None:
    """Asserts ``json.loads(json.dumps(state)) == state``.

    With ``before`` (the state one action earlier, already checked) the append-only log is
    checked by its new lines plus an unchanged prefix: the same guarantee at a fraction of
    the cost, so every action of many games can be checked.
    """
    if before is None or state.get("over"):
        assert json.loads(json.dumps(state)) == state
        return
    rest = {k: v for k, v in state.items() if k != "log"}
    assert json.loads(json.dumps(rest)) == rest
    n = len(before["log"])
    assert state["log"][:n] == before["log"]
    assert json.loads(json.dumps(state["log"][n:])) == state["log"][n:]


def check_invariants(state: dict, before: dict | None = None) -> None:
    """Asserts nothing is negative, tiles/cards/extra action cards are conserved, JSON round-trips."""
    round_trips(state, before)
    for p in state["players"]:
        assert min(p["ducats"], p["ships"], p["colonists"], p["extra"]) >= 0
        assert all(1 <= r <= 5 for r in p["rows"].values())
        assert len(p["plantations"]) <= data.PLANTATION_LIMIT
    assert sorted(all_tiles(state)) == sorted(data.TILES)
    assert sorted(all_cards(state)) == sorted(data.CARDS)
    assert state["extra_supply"] + sum(p["extra"] for p in state["players"]) == data.EXTRA_CARDS
    assert state["extra_supply"] >= 0


def play_random(players: int, seed: int, check=None) -> tuple[dict, list]:
    """Plays a whole random game with the core driver; returns the final state and the (seat, action) list."""
    game = play(GAME, players, seed, check=check)
    return game.state, game.actions
