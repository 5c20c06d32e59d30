"""Compact fixtures for Coimbra rule tests: positions reached by play, then edited like a FEN.

Tests reach a phase through ``GAME.apply`` (``until``), then set a seat's
coins, cards, dice or rows directly (the state is plain data) and make every
move under test through ``GAME.apply``.
"""

from __future__ import annotations

from functools import partial

from engines.coimbra import GAME
from tests.engines import positions

seat_now = partial(positions.seat_now, GAME)
act = partial(positions.act, GAME)


def quiet(state: dict) -> dict:
    """Returns a calm default: stop walking, fund nothing, take the alternative, else the first legal action."""
    legal = GAME.legal_actions(state, seat_now(state))
    for kind in ("pass", "alternative"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[0]


def until(state: dict, done, policy=quiet, limit: int = 5000) -> dict:
    """Plays ``policy`` until ``done(state)`` holds."""
    return positions.until(GAME, state, done, policy, limit)


def at_phase(phase: str, players: int = 4, seed: int = 1) -> dict:
    """Returns round 1 at the start of ``phase`` with no step pending."""
    return until(GAME.setup(players, seed), lambda s: s["phase"] == phase and not s["pending"])


def types(state: dict) -> set[str]:
    """Returns the action types the acting seat may play."""
    return {a["type"] for a in GAME.legal_actions(state, seat_now(state))}


def put_die(state: dict, area: str, seat: int | None, value: int, die: str = "gray1") -> None:
    """Appends a die (or, with ``seat=None``, a die token) to a location's row as it stands."""
    color = None if seat is None else state["dice"][die]["color"]
    state["city"][area].append(
        {
            "id": die if seat is not None else "tokenX",
            "value": value,
            "seat": seat,
            "color": color,
            **({"used": False} if seat is None else {}),
        }
    )


def staged(
    players: int,
    dice: list[tuple[str, int, str, int]],
    seed: int = 1,
    tokens: bool = True,
    rows: dict[str, list[str]] | None = None,
    crowns: list[str] | None = None,
) -> dict:
    """Returns round 1 at Phase C with exactly ``dice`` placed: ``(area, seat, die id, value)`` each,
    in placement order (die tokens stay unless ``tokens`` is False). Every board is reset to the
    setup's: 7 coins, 7 guards, no cards, no influence, no VP. ``rows`` and ``crowns`` replace the
    city rows and the crown tokens before Phase C starts."""
    from engines.coimbra.city import place_in
    from engines.coimbra.game import settle

    state = at_phase("place", players, seed)
    for area, row in state["city"].items():
        state["city"][area] = [e for e in row if e["seat"] is None and tokens]
    for p in state["players"]:
        p.update(placed=[], cards=[], coins=7, guards=7, vp=0, influence=dict.fromkeys(p["influence"], 0))
    for area, seat, die, value in dice:
        state["dice"][die]["value"] = value
        state["area"].remove(die)
        state["players"][seat]["placed"].append(die)
        place_in(
            state["city"][area], area, {"id": die, "value": value, "seat": seat, "color": state["dice"][die]["color"]}
        )
    state["rows"].update(rows or {})
    if crowns is not None:
        state["crowns"] = list(crowns)
    state["queue"] = []
    settle(state)
    return state
