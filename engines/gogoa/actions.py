"""Pydantic models of every Go Goa action (listed in the OpenAPI document).

A day is built from small actions on a secret draft: ``use_guide``, ``assign``,
``step``, ``deviate``, ``undo``, then ``submit``. Setup has one: ``keep_plans``.
These models check shape only; ``game.py`` and ``path.py`` check the rules.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Strict = {"extra": "forbid"}


class KeepPlans(BaseModel):
    """Keep two of the four dealt tour plans (secret until everyone has chosen)."""

    model_config = Strict
    type: Literal["keep_plans"] = "keep_plans"
    plans: list[str] = Field(min_length=2, max_length=2)


class UseGuide(BaseModel):
    """Cross off a circled local guide to change one die by +1 or -1 for yourself (before choosing dice)."""

    model_config = Strict
    type: Literal["use_guide"] = "use_guide"
    guide: Literal["calangute", "colva", "palolem"]
    die: int = Field(ge=0, le=2)
    delta: Literal[-1, 1]


class Assign(BaseModel):
    """Give one die a role; ``value`` only when any die may take any value for direction."""

    model_config = Strict
    type: Literal["assign"] = "assign"
    role: Literal["direction", "distance", "deviation"]
    die: int = Field(ge=0, le=2)
    value: int | None = Field(default=None, ge=1, le=6)


class Step(BaseModel):
    """Draw ``count`` hexes along the current heading (bouncing off the edge)."""

    model_config = Strict
    type: Literal["step"] = "step"
    count: int = Field(default=1, ge=1, le=6)


class Deviate(BaseModel):
    """Use one deviation: continue the path towards a new compass heading."""

    model_config = Strict
    type: Literal["deviate"] = "deviate"
    heading: int = Field(ge=1, le=6)


class Undo(BaseModel):
    """Take back the last draft action (a step, a deviation, a die role or a guide)."""

    model_config = Strict
    type: Literal["undo"] = "undo"


class Submit(BaseModel):
    """Hand in the finished path for the day (it stays secret until the day is revealed)."""

    model_config = Strict
    type: Literal["submit"] = "submit"


ACTION_MODELS = (KeepPlans, UseGuide, Assign, Step, Deviate, Undo, Submit)
