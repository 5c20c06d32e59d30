"""Goa's take-back: a step of your own action turn can be undone until something hidden is
revealed or the turn ends.

Each step is declared undoable or not (``UNDOABLE``): using a tile, a main action that
reveals no card, answering an open choice. Before such a step the state is kept (without
its log) in ``state["undo"]``; ``{"type": "undo"}`` puts the last one back and logs that it
did. The kept states are dropped as soon as a step reveals anything hidden (a card drawn or
revealed, a card played face up, a shuffle) or the turn passes: then nobody could take the
step back without un-telling what the others have seen. The kept states hold ducats and
hands, so ``view.py`` never shows them.
"""

from __future__ import annotations

from ..core import clone, log
from ..core import seat_name as who
from ..core.copying import LENT

#: The steps of a turn that may be taken back (if they reveal nothing; see ``secrets``).
UNDOABLE = frozenset({"use_tile", "choose", "progress", "ships", "harvest", "taxes"})


def turn_id(state: dict) -> list:
    """Returns what names the current turn: phase, round and the turn's index in its phase."""
    phase = state["phase"]
    index = state["actions"]["i"] if phase == "actions" else state["extra"]["i"] if phase == "extra" else None
    return [phase, state["round"], index, (state.get("turn") or {}).get("seat")]


def secrets(state: dict) -> list:
    """Returns a fingerprint of everything a step could reveal: the generator, deck, discards, hands."""
    return [state["rng"], len(state["deck"]), len(state["discard"]), [len(p["hand"]) for p in state["players"]]]


#: Where ``Goa.copy_for`` hands ``keep`` the state before an undoable step (taken out at once).
BEFORE = "before_step"


def undoable(state: dict, action: dict) -> bool:
    """Tells whether a step may be taken back (before knowing whether it reveals anything)."""
    return action["type"] in UNDOABLE and state["phase"] in ("actions", "extra")


def without_history(state: dict) -> dict:
    """Returns the parts of a state a kept state holds: all but its log and undo stack."""
    out = dict(state)
    for key in ("log", "undo", BEFORE, LENT):
        out.pop(key, None)
    return out


def keep(state: dict, action: dict) -> dict | None:
    """Returns the state as it is before an undoable step (``None`` for any other step).

    It is the state ``apply`` was given when ``Goa.copy_for`` handed it over (never
    changed, so it need not be copied again), else a copy of this one.
    """
    before = state.pop(BEFORE, None)
    if not undoable(state, action):
        return None
    return {
        "state": before if before is not None else clone(without_history(state)),
        "turn": turn_id(state),
        "secrets": secrets(state),
    }


def after(state: dict, seat: int, kept: dict | None) -> None:
    """Stacks the kept state when the step can be taken back; else forgets every kept state."""
    stack = state.get("undo") or []
    if (
        kept is None
        or turn_id(state) != kept["turn"]
        or secrets(state) != kept["secrets"]
        or (state.get("pending") and state["pending"][-1]["seat"] != seat)
    ):
        state["undo"] = []
        return
    state["undo"] = [*stack, kept["state"]]


def can_undo(state: dict, seat: int) -> bool:
    """Tells whether ``seat`` may take back its last step now."""
    stack = state.get("undo") or []
    return bool(stack) and (state.get("turn") or {}).get("seat") == seat


def take_back(state: dict, seat: int) -> None:
    """Puts back the state before the last undoable step, keeps the log, and says so."""
    stack = state["undo"]
    before = stack[-1]
    for key in list(without_history(state)):
        del state[key]
    # Shared, not copied: a kept state is never changed, and neither is this one once
    # ``apply`` returns it (the next action copies what it changes). The players' records
    # stay lent, so a change in this step would copy them (``state.player``).
    state.update(before)
    state["players"] = list(before["players"])
    state["undo"] = stack[:-1]
    log(state, key="goa.undo", who=who(seat))
