"""Pydantic models of every Coimbra action (listed in the OpenAPI document).

These models check shape only; the rule modules check the rules. One word per
thing the table does: take a starting pair, put the pilgrim on a start space,
place a die, take a benefit tile, buy a character, take the alternative, take
an income, walk the pilgrim, choose a track, buy from the discard (Broker),
fund a voyage, or pass (decline what is optional, stop walking).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..core import ActionModel, plain_action
from .data import ALTERNATIVE

Track = Literal["gray", "orange", "purple", "green"]
Area = Literal["castle", "upper", "central", "lower"]
Tile = Literal["treasury", "armoury", "chancery", "chapel"]
Start = Literal["C-NW", "C-NE", "C-SE", "C-SW"]


class TakePair(ActionModel):
    """Starting choice: take the two starting characters of one group."""

    type: Literal["take_pair"] = "take_pair"
    group: int = Field(ge=0, le=3)


class StartSpace(ActionModel):
    """Starting choice: put your pilgrim on a free start space of the pilgrimage map."""

    type: Literal["start_space"] = "start_space"
    space: Start


class Place(ActionModel):
    """Phase B: take a die from the dice area and place it in one of the four city locations."""

    type: Literal["place"] = "place"
    die: str = Field(pattern=r"^(gray|orange|purple|green)[1-3]$|^white$")
    area: Area


class TakeTile(ActionModel):
    """Phase C, castle: take one of the benefit tiles still there (free)."""

    type: Literal["take_tile"] = "take_tile"
    tile: Tile


class Buy(ActionModel):
    """Phase C, a city: buy a character of the row next to it for your die's value."""

    type: Literal["buy"] = "buy"
    card: str = Field(pattern=r"^[GOPS]\d\d$")


class Alternative(ActionModel):
    """Phase C: instead of the location's action, gain up to 2 coins and up to 2 guards (seed).

    Each amount is the player's choice, 0 to 2; left out, it is the full 2.
    """

    type: Literal["alternative"] = "alternative"
    coins: int = Field(ALTERNATIVE["coins"], ge=0, le=ALTERNATIVE["coins"])
    guards: int = Field(ALTERNATIVE["guards"], ge=0, le=ALTERNATIVE["guards"])


class Income(ActionModel):
    """Phase E: activate one of your dice (or the extra die tile) for its track's reward.

    ``die`` is a die id from your board, or ``"extra"`` for the extra die tile;
    ``track`` is required for the white die and the extra die tile, else left out.
    """

    type: Literal["income"] = "income"
    die: str = Field(pattern=r"^(gray|orange|purple|green)[1-3]$|^white$|^extra$")
    track: Track | None = None


class Walk(ActionModel):
    """Move your pilgrim one step to a neighbouring space of the pilgrimage map."""

    type: Literal["walk"] = "walk"
    to: str = Field(max_length=24)


class ChooseTrack(ActionModel):
    """Answer "a track of your choice" (a card's or a monastery's influence step)."""

    type: Literal["choose_track"] = "choose_track"
    track: Track


class TakeDiscard(ActionModel):
    """Broker: take a discarded character, paying 3 of its currency."""

    type: Literal["take_discard"] = "take_discard"
    card: str = Field(pattern=r"^[GOPS]\d\d$")


class Fund(ActionModel):
    """Phase F: fund one voyage you have not funded, paying its cost."""

    type: Literal["fund"] = "fund"
    voyage: str = Field(pattern=r"^V\d\d?$")


Pass = plain_action("pass", "Decline: fund no voyage this round, take no discarded card, or stop walking.")

ACTION_MODELS = (
    TakePair,
    StartSpace,
    Place,
    TakeTile,
    Buy,
    Alternative,
    Income,
    Walk,
    ChooseTrack,
    TakeDiscard,
    Fund,
    Pass,
)
