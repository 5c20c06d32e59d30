"""The flow of a turn: the card's window, the rondel move, paying for it, the field's action.

Every decision is one step on the core pending stack (``{"seat", "kind", "data"}``,
one step at a time); ``after`` opens the next step when one closes. A turn:

1. ``card`` (only when the holder may use the card): the holder uses it or not;
   using it opens a ``sailing`` with ``card`` set, after which the card passes.
2. ``move``: the current seat moves its stone; a long move opens ``pay``.
3. the field's step: ``workers``, ``ships``, ``sailing``, ``colony``,
   ``buildings``, ``market`` or ``privilege``.
"""

from __future__ import annotations

from ..core import log, pending, seat_name
from . import card, data, ending, scoring
from .state import left_of

#: The pending step each rondel field opens, with its starting data.
FIELD_STEP: dict[str, dict] = {
    "workers": {},
    "ships": {},
    "sailing": {"moved": {}, "explored": None, "card": False},
    "colony": {"founded": [], "ships_used": {}, "workers_used": 0},
    "buildings": {"built": [], "workers_used": 0},
    "market": {"sold": {}, "processed": {}, "orange_used": False},
    "privilege": {},
}


def open_step(state: dict, seat: int, kind: str, **extra) -> None:
    """Opens a step with fresh data (sailing steps get the phase's range)."""
    fresh = {k: (type(v)() if isinstance(v, (dict, list)) else v) for k, v in FIELD_STEP.get(kind, {}).items()}
    if kind == "sailing":
        fresh["range"] = data.SAIL_RANGE[state["phase"]]
    pending.push(state, seat, kind, **{**fresh, **extra})


def begin_turn(state: dict) -> None:
    """Starts the current seat's turn: a due phase begins, then the card's window or the move."""
    ending.begin_phase(state)
    seat = state["current"]
    if state["ending"] is not None:
        log(state, key="nav.final_turn", who=seat_name(seat))
    if card.usable(state):
        pending.push(state, state["card"]["holder"], "card", before=seat)
    else:
        pending.push(state, seat, "move")


def after(state: dict, step: pending.Pending, action: dict) -> None:
    """Opens what follows a closed step (the step is already off the stack)."""
    kind, seat = step["kind"], step["seat"]
    if kind == "card":
        if action["type"] == "use_card":
            log(state, key="nav.card_used", who=seat_name(seat))
            open_step(state, seat, "sailing", card=True)
        else:
            pending.push(state, state["current"], "move")
    elif kind == "sailing" and step["data"]["card"]:
        card.pass_right(state, expired=False)
        ending.begin_phase(state)  # a phase the card reached applies to this rondel turn (ref §1.6)
        pending.push(state, state["current"], "move")
    elif kind == "move" and step["data"].get("cost"):
        pending.push(state, seat, "pay", field=step["data"]["field"], left=step["data"]["cost"])
    elif kind in ("move", "pay"):
        open_step(state, seat, data.RONDEL[state["stones"][seat]])
    else:
        end_turn(state)


def end_turn(state: dict) -> None:
    """Ends the current turn: the final round counts down, else the next seat begins."""
    if ending.turn_ended(state):
        game_over(state)
        return
    state["turn"] += 1
    state["current"] = left_of(state, state["current"])
    begin_turn(state)


def game_over(state: dict) -> None:
    """Ends the game: every King's privilege is placed, the game is over."""
    for seat, player in enumerate(state["players"]):
        column = scoring.king_column(player)
        player["king"] = False
        player["king_column"] = column
        if column is not None:
            log(
                state,
                key="nav.king",
                who=seat_name(seat),
                column=column,
            )
    state["over"] = True
    state["current"] = None
    state["pending"] = []
    log(state, key="nav.over")
