"""Seed "Tiles' own powers as their data says" and expedition cards played in a turn."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.goa import GAME, data
from tests.engines.goa.goa_helpers import act, at_actions, give_fields, seat_now
from tests.engines.words import read


def tile_named(name: str, part: str = "A") -> str:
    return next(t for t, info in data.TILES.items() if info["name"] == name and t[0] == part)


def card_with(effect: str) -> str:
    return next(c for c, info in data.CARDS.items() if info["effect"] == effect)


def hand(state: dict, seat: int, card: str) -> None:
    """Moves a card into a seat's hand from wherever it lies."""
    for pile in (state["deck"], state["discard"]):
        if card in pile:
            pile.remove(card)
    state["players"][seat]["hand"].append(card)


def test_red_tile_is_usable_once_per_round_and_is_not_an_action():
    state = at_actions(3)
    s = seat_now(state)
    tile = tile_named("Ducats")
    state["players"][s]["tiles"].append(tile)
    for row in state["grid"]:
        row[:] = [None if t == tile else t for t in row]
    state["boxed"] = [t for t in state["boxed"] if t != tile]
    before = state["players"][s]["ducats"]
    state = act(state, {"type": "use_tile", "tile": tile})
    assert state["players"][s]["ducats"] == before + 4 and seat_now(state) == s  # still this turn
    assert {"type": "use_tile", "tile": tile, "target": None} not in GAME.legal_actions(state, s)
    with pytest.raises(IllegalAction):
        act(state, {"type": "use_tile", "tile": tile})


def test_immediate_tile_resolves_when_won_and_is_discarded():
    state = GAME.setup(3, 1)
    from engines.goa.tiles import gain_tile

    tile = tile_named("Settlement")
    p = state["players"][0]
    gain_tile(state, 0, tile)
    assert (p["ships"], p["colonists"], p["extra"]) == (5, 3, 1) and tile in state["gone"]


def test_ships_or_colonists_tile_offers_three_of_one_kind():
    state = GAME.setup(3, 1)
    from engines.goa.tiles import gain_tile

    gain_tile(state, state["flag"], tile_named("Ships/Colonists"))
    options = [a["option"] for a in GAME.legal_actions(state, state["flag"])]
    assert options == ["ships", "colonists"]
    state = act(state, {"type": "choose", "option": "colonists"})
    assert state["players"][state["flag"]]["colonists"] == 5


def test_plantation_is_filled_when_won_and_a_fifth_replaces_one():
    state = GAME.setup(3, 1)
    from engines.goa.tiles import gain_tile

    s = state["flag"]
    plantations = [t for t, i in data.TILES.items() if i["kind"] == "plantation"][:5]
    for t in plantations[:4]:
        gain_tile(state, s, t)
    assert all(f["spice"] for f in state["players"][s]["fields"])
    gain_tile(state, s, plantations[4])
    options = [a["option"] for a in GAME.legal_actions(state, s) if a["type"] == "choose"]
    assert options == [f"drop:{t}" for t in plantations[:4]]
    state = act(state, {"type": "choose", "option": f"drop:{plantations[0]}"})
    p = state["players"][s]
    assert p["plantations"] == plantations[1:5] and p["dropped"] == [plantations[0]]


def test_duty_returns_six_spices_for_four_points():
    state = at_actions(3)
    s = seat_now(state)
    duty = tile_named("Duty")
    state["players"][s]["tiles"].append(duty)
    for row in state["grid"]:
        row[:] = [None if t == duty else t for t in row]
    state["boxed"] = [t for t in state["boxed"] if t != duty]
    give_fields(state, s, ["ginger"] * 5)
    assert {"type": "use_tile", "tile": duty, "target": None} not in GAME.legal_actions(state, s)  # only 5 spices
    give_fields(state, s, ["pepper"])
    state = act(state, {"type": "use_tile", "tile": duty})
    for _ in range(6):
        state = act(state, GAME.legal_actions(state, s)[0])
    p = state["players"][s]
    assert all(f["spice"] is None for f in p["fields"]) and p["done"] == [duty]


def test_played_expedition_card_becomes_public_and_is_discarded():
    state = at_actions(3)
    s = seat_now(state)
    card = card_with("ducats")
    hand(state, s, card)
    other = (s + 1) % 3
    assert card not in str(GAME.view(state, other)["players"])
    state = act(state, {"type": "play_card", "card": card})
    assert card in state["discard"] and card not in state["players"][s]["hand"]
    assert any(card in text for text in read(GAME, GAME.log_lines(state, other)))


def test_only_one_expedition_card_per_action():
    state = at_actions(3)
    s = seat_now(state)
    a, b = [c for c, i in data.CARDS.items() if i["effect"] in ("ships", "colonists")][:2]
    hand(state, s, a)
    hand(state, s, b)
    state = act(state, {"type": "play_card", "card": a})
    assert not [x for x in GAME.legal_actions(state, s) if x["type"] == "play_card"]
    with pytest.raises(IllegalAction):
        act(state, {"type": "play_card", "card": b})


def test_progress_card_lets_a_player_pay_ships_only():
    state = at_actions(3)
    s = seat_now(state)
    card = card_with("ships_only")
    hand(state, s, card)
    legal = GAME.legal_actions(state, s)
    assert {"type": "progress", "column": "taxes", "card": None} not in legal  # no spices
    ships = state["players"][s]["ships"]
    state = act(state, {"type": "progress", "column": "taxes", "card": card})
    assert state["players"][s]["rows"]["taxes"] == 2 and state["players"][s]["ships"] == ships - 1
