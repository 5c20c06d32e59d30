"""The Privilege field (seed "Privilege"): a worker for a privilege and its cash bonus.

The seat gives up one worker in Lisboa and takes a privilege from the gallery
onto the highest free position of its column; the bank pays the coin value of
that position times the seat's achievements in the column. At most 3 per column.
The seed's "at least 2 workers" is read with "Minimum 2": 2 must remain, so a
privilege needs 3 workers (ref §1.4).
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import data
from .state import achievements


def bonus(player: dict, column: str) -> int:
    """Returns the cash the next privilege of ``column`` would pay this player.

    >>> from engines.navegador.state import new_player
    >>> bonus(new_player(), "shipyards")
    50
    """
    position = player["privileges"][column]
    return data.PRIVILEGE_COINS[column][position] * achievements(player)[column]


def allowed(state: dict, seat: int, column: str) -> bool:
    """Tells whether the seat may take a privilege of ``column`` now."""
    player = state["players"][seat]
    return (
        state["gallery"][column] > 0
        and player["privileges"][column] < data.PRIVILEGES_PER_COLUMN
        and player["workers"] - data.PRIVILEGE_WORKERS >= data.WORKERS_MIN
    )


def legal(state: dict, seat: int, step: pending.Pending) -> list[dict]:
    """Returns the ``privilege`` actions open now, and ``done`` (take none)."""
    out = [{"type": "privilege", "column": c} for c in data.COLUMNS if allowed(state, seat, c)]
    return [*out, {"type": "done"}]


def take(state: dict, seat: int, column: str) -> None:
    """Takes a privilege: one worker less, the token on the sheet, the bonus paid."""
    player = state["players"][seat]
    if state["gallery"][column] < 1:
        raise IllegalAction("The gallery has no privilege of that kind.", "nav.err.gallery_empty", {"column": column})
    if player["privileges"][column] >= data.PRIVILEGES_PER_COLUMN:
        raise IllegalAction(
            "You hold 3 privileges of that kind already.", "nav.err.privilege_limit", {"column": column}
        )
    if player["workers"] - data.PRIVILEGE_WORKERS < data.WORKERS_MIN:
        raise IllegalAction(
            "A privilege needs a worker to give up while 2 stay in Lisboa.", "nav.err.privilege_workers"
        )
    paid = bonus(player, column)
    state["gallery"][column] -= 1
    player["privileges"][column] += 1
    player["workers"] -= data.PRIVILEGE_WORKERS
    player["money"] += paid
    log(
        state,
        key="nav.privilege",
        who=seat_name(seat),
        column=column,
        bonus=paid,
    )


def act(state: dict, seat: int, step: pending.Pending, action: dict) -> bool:
    """Plays the Privilege field (one decision); returns True."""
    if action["type"] == "privilege":
        take(state, seat, action["column"])
    elif action["type"] == "done":
        log(state, key="nav.passes", who=seat_name(seat), field="privilege")
    else:
        raise IllegalAction("Take a privilege or none.", "nav.err.privilege")
    return True
