"""Pydantic models of every Goa action (listed in the OpenAPI document).

These models check shape only; ``auction.py``, ``turns.py`` and ``tiles.py``
check the rules. Choices left open by an action (which field gets a spice,
ships or colonists) are answered with ``choose`` and one listed option.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ..core import ActionModel, plain_action

Column = Literal["ships", "harvest", "taxes", "expedition", "colonists"]
CardId = str


class PlaceFlag(ActionModel):
    """Put the flag (with marker 1) on an empty space or the edge next to a tile."""

    type: Literal["place_flag"] = "place_flag"
    row: int = Field(ge=-1, le=5)
    col: int = Field(ge=-1, le=5)


class PlaceMarker(ActionModel):
    """Put your next auction marker on a free tile next to the previous marker."""

    type: Literal["place_marker"] = "place_marker"
    row: int = Field(ge=0, le=4)
    col: int = Field(ge=0, le=4)


class GoaOptions(BaseModel):
    """The match options of Goa (the lobby shows each with its title)."""

    model_config = {"extra": "forbid"}

    #: The seed: the auctioneer outbids like everyone. On: the first-edition reading of
    #: ref §2.3, where the auctioneer keeps the item by matching the high bid.
    auctioneer_may_match: bool = Field(False, title="Auctioneer may match the high bid")


class Bid(ActionModel):
    """Bid ducats for the item on auction (the auctioneer outbids, or matches if the match allows it)."""

    type: Literal["bid"] = "bid"
    amount: int = Field(ge=0, le=10_000)


Pass = plain_action("pass", "Pass in an auction, or stop playing additional action cards this round.")


class Progress(ActionModel):
    """Move a success marker one row down, paying spices and ships (or as an "A" card says)."""

    type: Literal["progress"] = "progress"
    column: Column
    card: CardId | None = None


Ships = plain_action("ships", "Build ships as your ships column shows.")


class Harvest(ActionModel):
    """Harvest spices onto empty matching fields (with a mix card: ships and colonists too)."""

    type: Literal["harvest"] = "harvest"
    card: CardId | None = None


Taxes = plain_action("taxes", "Collect ducats as your taxes column shows.")


class Expedition(ActionModel):
    """Draw expedition cards, never above your hand limit."""

    type: Literal["expedition"] = "expedition"
    count: int = Field(ge=1, le=5)


class Found(ActionModel):
    """Try to found a colony you do not own yet."""

    type: Literal["found"] = "found"
    colony: Literal["Quilon", "Cochin", "Madras", "Calicut"]


class UseTile(ActionModel):
    """Use one of your tiles (Espionage names the player whose row you use)."""

    type: Literal["use_tile"] = "use_tile"
    tile: str = Field(pattern=r"^[AB]\d\d$")
    target: int | None = Field(default=None, ge=0, le=3)


class PlayCard(ActionModel):
    """Play a bonus expedition card (the pay-to-progress card names a column)."""

    type: Literal["play_card"] = "play_card"
    card: CardId = Field(pattern=r"^E\d\d$")
    column: Column | None = None


class DiscardCard(ActionModel):
    """Discard an expedition card from your hand (face up)."""

    type: Literal["discard_card"] = "discard_card"
    card: CardId = Field(pattern=r"^E\d\d$")


class Choose(ActionModel):
    """Answer an open choice with one of the listed options."""

    type: Literal["choose"] = "choose"
    option: str = Field(max_length=40)


Undo = plain_action("undo", "Take back your last step of this turn (before anything hidden is revealed).")

ACTION_MODELS = (
    PlaceFlag,
    PlaceMarker,
    Bid,
    Pass,
    Progress,
    Ships,
    Harvest,
    Taxes,
    Expedition,
    Found,
    UseTile,
    PlayCard,
    DiscardCard,
    Choose,
    Undo,
)
