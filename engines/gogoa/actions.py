"""Pydantic models of every Go Goa action (listed in the OpenAPI document).

A day is built from small actions on a secret draft: ``use_guide``, ``assign``,
``step``, ``deviate``, ``undo``, then ``submit``. Setup has one: ``keep_plans``.
These models check shape only; ``game.py`` and ``path.py`` check the rules.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ..core import ActionModel, plain_action


class KeepPlans(ActionModel):
    """Keep two of the four dealt tour plans (secret until everyone has chosen)."""

    type: Literal["keep_plans"] = "keep_plans"
    plans: list[str] = Field(min_length=2, max_length=2)

    @field_validator("plans")
    @classmethod
    def in_order(cls, plans: list[str]) -> list[str]:
        """Returns the plans sorted: the order they were clicked in is not part of the move."""
        return sorted(plans)


class UseGuide(ActionModel):
    """Cross off a circled local guide to change one die by +1 or -1 for yourself (before choosing dice)."""

    type: Literal["use_guide"] = "use_guide"
    guide: Literal["calangute", "colva", "palolem"]
    die: int = Field(ge=0, le=2)
    delta: Literal[-1, 1]


class Assign(ActionModel):
    """Give one die a role; ``value`` only when any die may take any value for direction."""

    type: Literal["assign"] = "assign"
    role: Literal["direction", "distance", "deviation"]
    die: int = Field(ge=0, le=2)
    value: int | None = Field(default=None, ge=1, le=6)


class Step(ActionModel):
    """Draw ``count`` hexes along the current heading (bouncing off the edge)."""

    type: Literal["step"] = "step"
    count: int = Field(default=1, ge=1, le=6)


class Deviate(ActionModel):
    """Use one deviation: continue the path towards a new compass heading."""

    type: Literal["deviate"] = "deviate"
    heading: int = Field(ge=1, le=6)


Undo = plain_action("undo", "Take back the last draft action (a step, a deviation, a die role or a guide).")
Submit = plain_action("submit", "Hand in the finished path for the day (it stays secret until the day is revealed).")

ACTION_MODELS = (KeepPlans, UseGuide, Assign, Step, Deviate, Undo, Submit)
