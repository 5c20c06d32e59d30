"""Decisions that take several actions: one stack of pending steps kept in the state.

An entry is plain JSON, ``{"seat": int, "kind": str, "data": {...}}``: who must
answer, what kind of step it is (the game's word: ``"spice"``, ``"draft"``),
and what the step needs to remember. A sequential game asks only the
:func:`top` entry; a simultaneous step pushes one entry per seat and waits for
all of them (:func:`seats`). The stack is in ``state["pending"]``, so it
round-trips with the state; what other seats see of an entry is for the
game's view to decide (a secret draft stays secret there).

>>> s = {}
>>> push(s, 1, "spice", left=2)["data"]
{'left': 2}
>>> _ = push(s, 0, "drop", tile="A05"); top(s)["kind"], seats(s)
('drop', [0, 1])
>>> pop(s)["data"], top(s)["seat"], entry_of(s, 1, "spice") is top(s)
({'tile': 'A05'}, 1, True)
"""

from __future__ import annotations

from typing import TypedDict


class Pending(TypedDict):
    """One pending step: the seat that answers it, its kind and its data."""

    seat: int
    kind: str
    data: dict


def stack(state: dict) -> list[Pending]:
    """Returns the pending stack of a state (created empty on first use)."""
    return state.setdefault("pending", [])


def push(state: dict, seat: int, kind: str, **data) -> Pending:
    """Opens a step for ``seat`` on top of the stack and returns it."""
    entry: Pending = {"seat": seat, "kind": kind, "data": data}
    stack(state).append(entry)
    return entry


def top(state: dict) -> Pending | None:
    """Returns the step to answer first (the last pushed), or ``None``."""
    entries = state.get("pending")
    return entries[-1] if entries else None


def pop(state: dict) -> Pending:
    """Removes and returns the top step."""
    return stack(state).pop()


def remove(state: dict, entry: Pending) -> None:
    """Removes one step wherever it lies (a step closed from below the top)."""
    stack(state).remove(entry)


def entry_of(state: dict, seat: int, kind: str | None = None) -> Pending | None:
    """Returns the newest step of ``seat`` (of that ``kind`` when given), or ``None``."""
    for entry in reversed(state.get("pending") or ()):
        if entry["seat"] == seat and kind in (None, entry["kind"]):
            return entry
    return None


def seats(state: dict) -> list[int]:
    """Returns every seat with an open step, in seat order (who must still answer)."""
    return sorted({entry["seat"] for entry in state.get("pending") or ()})
