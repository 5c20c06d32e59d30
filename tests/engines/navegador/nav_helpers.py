"""Compact fixtures for Navegador rule tests: a set-up game, then a position edited like a FEN.

Tests set up a game, put the step under test on the pending stack and edit
ships, money or sheets directly (the state is plain data); every move under test
goes through ``GAME.apply``.
"""

from __future__ import annotations

from functools import partial

from engines.navegador import GAME, data
from engines.navegador.turns import open_step
from tests.engines import positions

seat_now = partial(positions.seat_now, GAME)
act = partial(positions.act, GAME)


def kinds(state: dict) -> list[str]:
    """Returns the kinds of the pending steps, bottom first."""
    return [p["kind"] for p in state["pending"]]


def at_step(players: int, seat: int, kind: str, *, turn: int | None = None, seed: int = 1, **data) -> dict:
    """Returns a new game where ``seat``'s turn waits on a field step (``sailing``, ``market`` ...).

    ``turn`` (default: past the first round) sets how far the game is; stones are left unset.
    """
    state = GAME.setup(players, seed)
    state["turn"] = players if turn is None else turn
    state["current"] = seat
    state["pending"] = []
    if kind == "move":
        state["pending"].append({"seat": seat, "kind": "move", "data": {}})
    else:
        open_step(state, seat, kind, **data)
    return state


def legal(state: dict, kind: str | None = None) -> list[dict]:
    """Returns the acting seat's legal actions (of one type when given)."""
    return [a for a in GAME.legal_actions(state, seat_now(state)) if kind is None or a["type"] == kind]


def explore_region(state: dict, region: str) -> None:
    """Marks a region explored and its stack revealed, as if someone had explored it."""
    reg = state["regions"][region]
    reg["explored"], reg["colonies"], reg["stack"] = True, sorted(reg["stack"]), []


def place(state: dict, seat: int, ships: dict[str, int]) -> None:
    """Puts exactly these ships of a seat on the board (the rest in its supply)."""
    for reg in state["regions"].values():
        reg["ships"][seat] = 0
    for region, n in ships.items():
        state["regions"][region]["ships"][seat] = n
    state["players"][seat]["supply"] = data.SHIPS_PER_PLAYER - sum(ships.values())


def finish_turn(state: dict) -> dict:
    """Plays the calmest answer to each step of the current turn until the next turn starts."""
    turn = state["turn"]
    while state["turn"] == turn and not state["over"]:
        options = legal(state)
        calm = [
            a
            for a in options
            if a["type"] in ("done", "keep_card") or (a["type"] in ("recruit", "build_ships") and a["count"] == 0)
        ]
        state = act(state, calm[0] if calm else options[0])
    return state
