"""The rondel (seed "Action Selection on the Rondel"): where a stone may go, and what it costs.

The first turn goes anywhere. Later, a stone moves clockwise 1 to 7 fields (never
staying, nor coming full circle back to its field); up to three are free, each
further field costs one ship taken from anywhere on the board to the supply.
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import card, data
from .state import ships_on_board


def steps_cost(steps: int) -> int:
    """Returns the ships a move of ``steps`` fields hands back: the first three are free.

    >>> [steps_cost(n) for n in range(1, 8)]
    [0, 0, 0, 1, 2, 3, 4]
    """
    return max(0, steps - data.FREE_STEPS)


def cost(stone: int | None, field: int) -> int:
    """Returns the ships a stone on ``stone`` hands back to move clockwise to ``field``
    (nothing on the first turn, ``stone`` None).

    >>> cost(0, 3), cost(0, 5), cost(6, 1), cost(None, 4)
    (0, 2, 0, 0)
    """
    return 0 if stone is None else steps_cost((field - stone - 1) % len(data.RONDEL) + 1)


def moves(state: dict, seat: int) -> list[dict]:
    """Returns every field the seat's stone may move to: ``{"field", "steps", "cost"}``.

    ``cost`` is the number of ships to hand back; moves the seat cannot pay are left out.
    """
    stone = state["stones"][seat]
    if stone is None:
        return [{"field": f, "steps": 0, "cost": 0} for f in range(len(data.RONDEL))]
    on_board = ships_on_board(state, seat)
    out = []
    for steps in range(1, data.MAX_STEPS + 1):
        ships = steps_cost(steps)
        if ships <= on_board:
            out.append({"field": (stone + steps) % len(data.RONDEL), "steps": steps, "cost": ships})
    return out


def legal_move(state: dict, seat: int) -> list[dict]:
    """Returns the ``move`` actions open to the seat."""
    return [{"type": "move", "field": m["field"]} for m in moves(state, seat)]


def move(state: dict, seat: int, field: int) -> int:
    """Moves the seat's stone to ``field``; returns the ships it must hand back."""
    chosen = next((m for m in moves(state, seat) if m["field"] == field), None)
    if chosen is None:
        raise IllegalAction("Your stone cannot reach that field now.", "nav.err.field_out_of_reach", {"field": field})
    state["stones"][seat] = field
    who, name = seat_name(seat), data.RONDEL[field]
    if chosen["cost"]:
        log(
            state,
            key="nav.moves_paid",
            who=who,
            field=field,
            action=name,
            steps=chosen["steps"],
            n=chosen["cost"],
        )
    else:
        log(state, key="nav.moves", who=who, field=field, action=name, steps=chosen["steps"])
    card.stone_moved(state, seat, chosen["steps"], field)
    return chosen["cost"]


def legal_pay(state: dict, seat: int) -> list[dict]:
    """Returns the ``return_ship`` actions: any region holding one of the seat's ships."""
    return [{"type": "return_ship", "region": r} for r, reg in state["regions"].items() if reg["ships"][seat]]


def pay(state: dict, seat: int, step: pending.Pending, region: str) -> bool:
    """Takes one ship from ``region`` back to the supply; returns True once the move is paid."""
    ships = state["regions"][region]["ships"]
    if not ships[seat]:
        raise IllegalAction("You have no ship there.", "nav.err.no_ship_there", {"region": region})
    ships[seat] -= 1
    state["players"][seat]["supply"] += 1
    step["data"]["left"] -= 1
    log(
        state,
        key="nav.returns_ship",
        who=seat_name(seat),
        region=region,
    )
    return step["data"]["left"] == 0
