"""The view contract of docs/games/coimbra.md: every documented field, for seats and spectators."""

from __future__ import annotations

from engines.coimbra import GAME
from engines.core.playout import play

TOP = {
    "round",
    "phase",
    "order",
    "flag_crowns",
    "start",
    "dice",
    "castle",
    "cities",
    "rows",
    "tiles",
    "next",
    "players",
    "sites",
    "map",
    "voyages",
    "scoring_tiles",
    "income",
    "deck",
    "discard",
    "pending",
    "to_act",
    "legal",
    "over",
}
PLAYER = {
    "seat",
    "flag",
    "coins",
    "guards",
    "vp",
    "influence",
    "pilgrim",
    "visited",
    "cards",
    "diplomas",
    "holders",
    "placed",
    "board",
    "crowns",
    "extra_die",
    "extra_used",
    "voyages",
    "discount",
    "incomes",
}
CARD = {"id", "color", "currency", "influence", "when", "effect", "diplomas"}


def check_view(before: dict, after: dict, seat: int, action: dict) -> None:
    mine = GAME.view(after, seat)
    spectator = GAME.view(after, None)
    assert set(mine) - {"outcome"} == TOP and set(spectator) - {"outcome"} == TOP
    assert spectator["legal"] == [] and {k: v for k, v in mine.items() if k != "legal"} == {
        k: v for k, v in spectator.items() if k != "legal"
    }
    for p in mine["players"]:
        assert set(p) == PLAYER
        assert all(set(c) == CARD | {"zone"} for c in p["cards"])
    for row in mine["rows"].values():
        assert all(set(c) == CARD | {"crown"} for c in row)
    if mine["phase"] == "resolve" and not mine["pending"]:
        assert mine["next"]["seat"] in mine["to_act"]
    if mine["over"]:
        assert set(mine["outcome"]["breakdown"][0]) == {
            "income_vp",
            "tracks",
            "voyages",
            "cards",
            "monasteries",
            "diplomas",
            "resources",
            "money",
        }


def test_every_documented_field_is_in_every_view_of_a_random_game():
    for players in (2, 3, 4):
        play(GAME, players, 31, check=check_view)


def test_the_start_field_shows_the_groups_and_spaces_only_during_the_starting_choice():
    state = GAME.setup(3, 2)
    view = GAME.view(state, None)
    assert view["phase"] == "start" and len(view["start"]["groups"]) == 3
    assert set(view["start"]["spaces"]) == {"C-NW", "C-NE", "C-SE", "C-SW"}
