"""Pydantic models of every Goa action (listed in the OpenAPI document).

These models check shape only; ``auction.py``, ``turns.py`` and ``tiles.py``
check the rules. Choices left open by an action (which field gets a spice,
ships or colonists) are answered with ``choose`` and one listed option.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Strict = {"extra": "forbid"}
Column = Literal["ships", "harvest", "taxes", "expedition", "colonists"]
CardId = str


class PlaceFlag(BaseModel):
    """Put the flag (with marker 1) on an empty space or the edge next to a tile."""

    model_config = Strict
    type: Literal["place_flag"] = "place_flag"
    row: int = Field(ge=-1, le=5)
    col: int = Field(ge=-1, le=5)


class PlaceMarker(BaseModel):
    """Put your next auction marker on a free tile next to the previous marker."""

    model_config = Strict
    type: Literal["place_marker"] = "place_marker"
    row: int = Field(ge=0, le=4)
    col: int = Field(ge=0, le=4)


class Bid(BaseModel):
    """Bid ducats for the item on auction (the auctioneer bids the high bid to keep it)."""

    model_config = Strict
    type: Literal["bid"] = "bid"
    amount: int = Field(ge=0, le=10_000)


class Pass(BaseModel):
    """Pass in an auction, or stop playing additional action cards this round."""

    model_config = Strict
    type: Literal["pass"] = "pass"


class Progress(BaseModel):
    """Move a success marker one row down, paying spices and ships (or as an "A" card says)."""

    model_config = Strict
    type: Literal["progress"] = "progress"
    column: Column
    card: CardId | None = None


class Ships(BaseModel):
    """Build ships as your ships column shows."""

    model_config = Strict
    type: Literal["ships"] = "ships"


class Harvest(BaseModel):
    """Harvest spices onto empty matching fields (with a mix card: ships and colonists too)."""

    model_config = Strict
    type: Literal["harvest"] = "harvest"
    card: CardId | None = None


class Taxes(BaseModel):
    """Collect ducats as your taxes column shows."""

    model_config = Strict
    type: Literal["taxes"] = "taxes"


class Expedition(BaseModel):
    """Draw expedition cards, never above your hand limit."""

    model_config = Strict
    type: Literal["expedition"] = "expedition"
    count: int = Field(ge=1, le=5)


class Found(BaseModel):
    """Try to found a colony you do not own yet."""

    model_config = Strict
    type: Literal["found"] = "found"
    colony: Literal["Quilon", "Cochin", "Madras", "Calicut"]


class UseTile(BaseModel):
    """Use one of your tiles (Espionage names the player whose row you use)."""

    model_config = Strict
    type: Literal["use_tile"] = "use_tile"
    tile: str = Field(pattern=r"^[AB]\d\d$")
    target: int | None = Field(default=None, ge=0, le=3)


class PlayCard(BaseModel):
    """Play a bonus expedition card (the pay-to-progress card names a column)."""

    model_config = Strict
    type: Literal["play_card"] = "play_card"
    card: CardId = Field(pattern=r"^E\d\d$")
    column: Column | None = None


class DiscardCard(BaseModel):
    """Discard an expedition card from your hand (face up)."""

    model_config = Strict
    type: Literal["discard_card"] = "discard_card"
    card: CardId = Field(pattern=r"^E\d\d$")


class Choose(BaseModel):
    """Answer an open choice with one of the listed options."""

    model_config = Strict
    type: Literal["choose"] = "choose"
    option: str = Field(max_length=40)


ACTION_MODELS = (PlaceFlag, PlaceMarker, Bid, Pass, Progress, Ships, Harvest, Taxes, Expedition, Found,
                 UseTile, PlayCard, DiscardCard, Choose)
