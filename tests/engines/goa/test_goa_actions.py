"""Seed phase 3, "Player Actions": turn order and the six actions."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.goa import GAME, data
from engines.goa.tiles import gain_tile
from tests.engines.goa.goa_helpers import act, at_actions, give_fields, seat_now


def test_three_action_turns_each_one_at_a_time_flag_holder_first():
    state = at_actions(3)
    flag = state["flag"]
    seats = []
    while state["phase"] == "actions":
        seats.append(seat_now(state))
        state = act(state, {"type": "taxes"})
    assert seats == [(flag + i) % 3 for i in range(3)] * 3


def test_progress_pays_its_spices_plus_one_ship_per_spice():
    state = at_actions(3)
    s = seat_now(state)
    p = state["players"][s]
    p["rows"]["ships"] = 2  # next step costs ginger + cinnamon and 2 ships
    give_fields(state, s, ["ginger", "cinnamon", "pepper"])
    ships = p["ships"]
    state = act(state, {"type": "progress", "column": "ships"})
    p = state["players"][s]
    assert p["rows"]["ships"] == 3 and p["ships"] == ships - 2
    assert [f["spice"] for f in p["fields"]] == [None, None, "pepper"]


def test_progress_without_the_spices_or_ships_is_rejected():
    state = at_actions(3)
    s = seat_now(state)
    give_fields(state, s, ["pepper"])
    assert {"type": "progress", "column": "ships", "card": None} not in GAME.legal_actions(state, s)
    with pytest.raises(IllegalAction):
        act(state, {"type": "progress", "column": "ships"})
    state["players"][s]["ships"] = 0
    assert {"type": "progress", "column": "taxes", "card": None} not in GAME.legal_actions(state, s)


def test_build_ships_takes_the_ships_column_value():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["ships"] = 3
    before = state["players"][s]["ships"]
    state = act(state, {"type": "ships"})
    assert state["players"][s]["ships"] == before + data.ACTION_VALUE["ships"][2]


def test_harvest_fills_only_empty_matching_fields():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["harvest"] = 1  # 1 sack for 2 empty fields: a real choice
    give_fields(state, s, ["pepper"], empty=["ginger", "clove"])
    state = act(state, {"type": "harvest"})
    options = [a["option"] for a in GAME.legal_actions(state, s) if a["type"] == "choose"]
    assert sorted(o.split(":")[1] for o in options) == ["clove", "ginger"]  # never onto the full pepper field
    with pytest.raises(IllegalAction):
        act(state, {"type": "choose", "option": "f0:pepper"})


def test_harvest_greater_than_the_empty_fields_takes_only_what_fits_with_no_click():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["harvest"] = 5  # 8 sacks, 2 empty fields
    give_fields(state, s, [], empty=["ginger", "clove"])
    state = act(state, {"type": "harvest"})
    # Forced: every empty field is filled whatever the order, so nobody is asked.
    assert not state["pending"] and seat_now(state) != s
    assert [f["spice"] for f in state["players"][s]["fields"]] == ["ginger", "clove"]
    line = next(e for e in state["log"] if e["key"] == "goa.auto_fill")
    assert line["to"] is None and line["args"]["n"] == 2


def test_a_choice_with_one_option_resolves_itself_with_a_log_line():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["harvest"] = 1  # 1 sack, 1 empty field: one option
    give_fields(state, s, ["pepper"], empty=["ginger"])
    state = act(state, {"type": "harvest"})
    assert not state["pending"] and seat_now(state) != s
    assert [f["spice"] for f in state["players"][s]["fields"]] == ["pepper", "ginger"]
    assert any(e["key"] == "goa.auto_choice" and e["to"] is None for e in state["log"])


def test_a_colony_choice_is_asked_even_with_one_option_since_options_tell_of_the_hand():
    state = at_actions(3)
    s = seat_now(state)
    rig_deck(state, [1, 1])
    state = act(state, {"type": "found", "colony": "Calicut"})  # 10 short, no colony card in hand
    assert GAME.legal_actions(state, s) == [{"type": "choose", "option": "give_up"}]
    assert state["pending"] and not any(e["key"] == "goa.auto_choice" for e in state["log"])


def test_taxes_take_the_taxes_column_value():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["taxes"] = 4
    before = state["players"][s]["ducats"]
    state = act(state, {"type": "taxes"})
    assert state["players"][s]["ducats"] == before + 8


def test_expedition_draws_up_to_the_column_number_never_above_the_hand_limit():
    state = at_actions(3)
    s = seat_now(state)
    p = state["players"][s]
    p["rows"]["expedition"] = 4  # draw 2, limit 4
    p["hand"] = [state["deck"].pop(), state["deck"].pop(), state["deck"].pop()]
    counts = [a["count"] for a in GAME.legal_actions(state, s) if a["type"] == "expedition"]
    assert counts == [1]  # 3 in hand, limit 4
    with pytest.raises(IllegalAction):
        act(state, {"type": "expedition", "count": 2})
    p["hand"] = []
    counts = [a["count"] for a in GAME.legal_actions(state, s) if a["type"] == "expedition"]
    assert counts == [1, 2]
    state = act(state, {"type": "expedition", "count": 2})
    assert len(state["players"][s]["hand"]) == 2


@pytest.mark.parametrize(("hand", "drawn"), [(0, 2), (3, 1), (4, 0)])
def test_expeditions_tile_draws_only_up_to_the_hand_limit(hand, drawn):
    state = at_actions(3)
    s = seat_now(state)
    p = state["players"][s]
    p["rows"]["expedition"] = 4  # limit 4
    p["hand"] = [state["deck"].pop() for _ in range(hand)]
    gain_tile(state, s, next(t for t, info in data.TILES.items() if info is data.EXPEDITIONS_A))
    assert len(p["hand"]) == hand + drawn
    cut = [e for e in state["log"] if e["key"] == "goa.hand_limit"]
    assert [e["args"]["n"] for e in cut] == ([2 - drawn] if drawn < 2 else [])


def rig_deck(state: dict, colonists: list[int]) -> None:
    """Puts cards with these colonist values on top of the deck (the last drawn first)."""
    for n in colonists:
        card = next(c for c in state["deck"] if data.CARDS[c]["colonists"] == n)
        state["deck"].remove(card)
        state["deck"].append(card)


def test_found_colony_counts_the_board_and_two_flipped_cards_and_fills_its_fields():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["colonists"] = 3  # 2 on the board
    rig_deck(state, [3, 1])  # 2 on the board + 1 + 3 = 6, what Quilon needs
    state = act(state, {"type": "found", "colony": "Quilon"})
    options = [a["option"] for a in GAME.legal_actions(state, s) if a["type"] == "choose"]
    assert len(options) > 1 and all(o.startswith("tile:") for o in options)  # which Quilon tile
    state = act(state, {"type": "choose", "option": "tile:ginger/cinnamon"})
    state = act(state, {"type": "choose", "option": GAME.legal_actions(state, s)[0]["option"]})
    p = state["players"][s]
    assert [c["name"] for c in p["colonies"]] == ["Quilon"]
    assert p["fields"][-1]["src"] == "Quilon" and p["fields"][-1]["spice"] in ("ginger", "cinnamon")
    assert len(state["colony_supply"]["Quilon"]) == 4


def test_found_colony_may_make_up_the_difference_with_colonist_cards():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["colonists"] = 5
    rig_deck(state, [2, 1])  # 0 + 3 of 8 for Cochin: 5 short
    state = act(state, {"type": "found", "colony": "Cochin"})
    assert {"type": "choose", "option": "pay"} in GAME.legal_actions(state, s)
    state = act(state, {"type": "choose", "option": "pay"})
    assert state["players"][s]["colonists"] == 0
    assert [c["name"] for c in state["players"][s]["colonies"]] == ["Cochin"]


def test_failed_colony_gives_one_colonist_card_and_discards_the_flipped_cards():
    state = at_actions(3)
    s = seat_now(state)
    rig_deck(state, [1, 1])
    top = state["deck"][-2:]
    state = act(state, {"type": "found", "colony": "Calicut"})
    assert {"type": "choose", "option": "pay"} not in GAME.legal_actions(state, s)  # 2 colonists, 10 short
    state = act(state, {"type": "choose", "option": "give_up"})
    p = state["players"][s]
    assert p["colonists"] == 3 and p["colonies"] == []
    assert set(top) <= set(state["discard"])


def test_a_colony_already_owned_cannot_be_founded_again():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["colonies"].append({"name": "Quilon", "allow": ["ginger", "cinnamon"]})
    assert {"type": "found", "colony": "Quilon"} not in GAME.legal_actions(state, s)
    with pytest.raises(IllegalAction):
        act(state, {"type": "found", "colony": "Quilon"})
