"""The Navegador card (seed "The Navegador Card"): an extra Sailing before a rondel turn.

Read as the seed says it: the holder may use it "immediately before any player's
turn on the rondel" (not in the first round, ref §1.6), then it passes to the
right. Expiry follows ref §1.6: the orange ship marks the field of the holder's
stone when he received it; once his stone has come round to that field again (8
fields travelled) without using the card, it passes to the right.
"""

from __future__ import annotations

from ..core import log, seat_name
from . import data
from .state import right_of, ships_on_board


def usable(state: dict) -> bool:
    """Tells whether the holder may use the card before the coming rondel turn."""
    if state["turn"] < state["num_players"]:
        return False  # not in the first round (ref §1.6)
    return ships_on_board(state, state["card"]["holder"]) > 0


def pass_right(state: dict, *, expired: bool) -> None:
    """Gives the card to the holder's right-hand neighbour; the orange ship goes to his stone."""
    c = state["card"]
    old, new = c["holder"], right_of(state, c["holder"])
    state["card"] = {"holder": new, "marker": state["stones"][new], "travelled": 0}
    if expired:
        log(
            state,
            key="nav.card_expires",
            who=seat_name(old),
            receiver=seat_name(new),
        )
    else:
        log(
            state,
            key="nav.card_passes",
            who=seat_name(old),
            receiver=seat_name(new),
        )


def stone_moved(state: dict, seat: int, steps: int, field: int) -> None:
    """Counts the holder's move towards expiry (a first placement sets the marker)."""
    c = state["card"]
    if c["holder"] != seat:
        return
    if c["marker"] is None:
        c["marker"] = field
        return
    c["travelled"] += steps
    if c["travelled"] >= len(data.RONDEL):
        pass_right(state, expired=True)
