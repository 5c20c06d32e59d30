"""Pydantic models of every Navegador action (listed in the OpenAPI document).

These models check shape only; the rule modules check the rules. A turn is
built from small actions: an optional Navegador-card decision (the holder's),
the rondel move, ships handed back for a long move, then the field's action,
which for Sailing, Colony, Buildings, Market and Privilege is a run of steps
closed by ``done``.

>>> Move.model_validate({"type": "move", "field": 3}).model_dump()
{'type': 'move', 'field': 3}
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..core import ActionModel, plain_action

#: The 13 sea regions by id (``data.REGIONS`` holds their goods, stacks and borders).
Region = Literal[
    "portugal",
    "guine",
    "bahia",
    "rio",
    "angola",
    "cabo",
    "mocambique",
    "zanzibar",
    "goa",
    "malaca",
    "timor",
    "macau",
    "nagasaki",
]
Good = Literal["sugar", "gold", "spice"]
Building = Literal["sugar_factory", "gold_factory", "spice_factory", "shipyard", "church"]
#: The five columns of the player sheet, which are also the five kinds of privilege.
Column = Literal["colonies", "factories", "explorers", "shipyards", "churches"]

UseCard = plain_action("use_card", "Use the Navegador card: one extra Sailing action before this rondel turn.")
KeepCard = plain_action("keep_card", "Do not use the Navegador card before this rondel turn.")


class Move(ActionModel):
    """Move your stone to a rondel field (0 Sailing .. 7 Buildings, clockwise); the first turn anywhere."""

    type: Literal["move"] = "move"
    field: int = Field(ge=0, le=7)


class ReturnShip(ActionModel):
    """Take one of your ships from a region back to your supply, to pay a step beyond the third."""

    type: Literal["return_ship"] = "return_ship"
    region: Region


class Recruit(ActionModel):
    """Workers field: recruit ``count`` workers (church-priced first; 0 recruits nobody)."""

    type: Literal["recruit"] = "recruit"
    count: int = Field(ge=0, le=20)


class BuildShips(ActionModel):
    """Ships field: build ``count`` ships into Portugal (shipyard-priced first; 0 builds none)."""

    type: Literal["build_ships"] = "build_ships"
    count: int = Field(ge=0, le=20)


class Sail(ActionModel):
    """Sailing: move one ship that has not moved in this sailing to an explored region within range."""

    type: Literal["sail"] = "sail"
    origin: Region
    to: Region


class Explore(ActionModel):
    """Sailing: enter an unexplored region with 2 ships (3 in a double-loss region), one from each listed region."""

    type: Literal["explore"] = "explore"
    region: Region
    ships: list[Region] = Field(min_length=2, max_length=3)


class Found(ActionModel):
    """Colony: found a colony in a region, paying the price of the revealed token taken."""

    type: Literal["found"] = "found"
    region: Region
    price: int = Field(ge=0, le=1000)


class Build(ActionModel):
    """Buildings: build the cheapest remaining piece of a row of the building chart."""

    type: Literal["build"] = "build"
    building: Building


class Sell(ActionModel):
    """Market: sell ``units`` of a good (at most one per colony of it) at the current price."""

    type: Literal["sell"] = "sell"
    good: Good
    units: int = Field(ge=1, le=40)


class Process(ActionModel):
    """Market: process ``units`` of a good (one per factory of it, the orange one for any) at the revenue row."""

    type: Literal["process"] = "process"
    good: Good
    units: int = Field(ge=1, le=40)


class Privilege(ActionModel):
    """Privilege: give up a worker and take a privilege of this kind from the gallery."""

    type: Literal["privilege"] = "privilege"
    column: Column


Done = plain_action("done", "Finish the field's action (Sailing, Colony, Buildings, Market, or take no privilege).")

ACTION_MODELS = (
    UseCard,
    KeepCard,
    Move,
    ReturnShip,
    Recruit,
    BuildShips,
    Sail,
    Explore,
    Found,
    Build,
    Sell,
    Process,
    Privilege,
    Done,
)
