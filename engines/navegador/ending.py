"""Phases and the end (seed "Game Phases", "End of Game"): triggers now, effects from the next turn.

Exploring Cabo da Boa Esperança or Malaca announces phase II or III; the phase
begins with the next turn (``begin_phase``), when the gallery is refilled.
Exploring Nagasaki or taking the last building triggers the end: the current
turn finishes, then every player, the trigger included, has one final turn.
"""

from __future__ import annotations

from ..core import log
from . import data


def explored(state: dict, region: str) -> None:
    """Records what exploring ``region`` sets off: a coming phase, or the end."""
    phase = data.PHASE_REGIONS.get(region)
    if phase and phase > max(state["phase"], state["phase_next"] or 0):
        state["phase_next"] = phase
        log(state, key="nav.phase_next", phase=phase)
    if region == data.END_REGION:
        trigger(state, "nagasaki")


def buildings_gone(state: dict) -> bool:
    """Tells whether the building chart is empty."""
    return not any(any(row) for row in state["buildings"].values())


def trigger(state: dict, cause: str) -> None:
    """Starts the end (once): the final round follows the current turn."""
    if state["ending"] is None:
        state["ending"] = {"cause": cause, "turns_left": None}
        log(state, key="nav.end", cause=cause)


def begin_phase(state: dict) -> None:
    """Starts an announced phase: new range and prices, the gallery refilled to its level."""
    target = state["phase_next"]
    if target is None:
        return
    state["phase_next"] = None
    while state["phase"] < target:
        state["phase"] += 1
        level = data.GALLERY_LEVEL[state["num_players"]][state["phase"] - 1]
        for column in data.COLUMNS:
            add = min(max(0, level - state["gallery"][column]), state["reserve"][column])
            state["gallery"][column] += add
            state["reserve"][column] -= add
        log(state, key="nav.phase", phase=state["phase"])


def turn_ended(state: dict) -> bool:
    """Counts down the final round after a turn; returns True when the game is over."""
    end = state["ending"]
    if end is None:
        return False
    if end["turns_left"] is None:
        end["turns_left"] = state["num_players"]
        return False
    end["turns_left"] -= 1
    return end["turns_left"] == 0
