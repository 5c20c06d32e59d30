"""The rondel: first turn anywhere, then clockwise; three fields free, each further one a ship."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.navegador import GAME, data
from tests.engines.navegador.nav_helpers import act, at_step, kinds, legal, place


def test_rondel_first_turn_anywhere():
    state = GAME.setup(3, 1)
    assert [a["field"] for a in legal(state, "move")] == list(range(8))
    state = act(state, {"type": "move", "field": 5})
    assert state["stones"][0] == 5 and kinds(state) == ["ships"]


def test_rondel_has_seven_fields_with_market_twice():
    assert data.RONDEL == ("sailing", "workers", "market", "colony", "privilege", "ships", "market", "buildings")


def test_rondel_moves_clockwise_up_to_three_fields_free():
    state = at_step(2, 0, "move")
    state["stones"][0] = 6
    place(state, 0, {})  # no ship on the board: only the free fields
    assert [a["field"] for a in legal(state, "move")] == [7, 0, 1]
    state = act(state, {"type": "move", "field": 1})
    assert state["stones"][0] == 1 and kinds(state) == ["workers"]


def test_rondel_fourth_field_costs_a_ship():
    state = at_step(2, 0, "move")
    state["stones"][0] = 0
    place(state, 0, {"guine": 1, "portugal": 1})
    state = act(state, {"type": "move", "field": 4})
    assert kinds(state) == ["pay"]
    assert {a["region"] for a in legal(state)} == {"guine", "portugal"}
    state = act(state, {"type": "return_ship", "region": "guine"})
    assert state["regions"]["guine"]["ships"][0] == 0 and state["players"][0]["supply"] == 6
    assert kinds(state) == ["privilege"]


def test_rondel_each_further_field_costs_one_more_ship():
    state = at_step(2, 0, "move")
    state["stones"][0] = 0
    place(state, 0, {"portugal": 4})
    state = act(state, {"type": "move", "field": 7})
    assert state["pending"][-1]["data"]["left"] == 4
    for _ in range(4):
        state = act(state, {"type": "return_ship", "region": "portugal"})
    assert state["players"][0]["supply"] == 7 and kinds(state) == ["buildings"]


def test_rondel_cannot_pay_for_more_fields_than_ships_on_board():
    state = at_step(2, 0, "move")
    state["stones"][0] = 2
    place(state, 0, {"portugal": 2})
    assert [a["field"] for a in legal(state, "move")] == [3, 4, 5, 6, 7]
    with pytest.raises(IllegalAction):
        act(state, {"type": "move", "field": 0})


def test_rondel_never_the_same_field_twice_in_a_row():
    state = at_step(2, 0, "move")
    state["stones"][0] = 3
    place(state, 0, {"portugal": 7})
    assert 3 not in [a["field"] for a in legal(state, "move")]
    with pytest.raises(IllegalAction):
        act(state, {"type": "move", "field": 3})


def test_rondel_market_twice_lets_a_stone_go_from_market_to_market():
    state = at_step(2, 0, "move")
    state["stones"][0] = 2
    place(state, 0, {"portugal": 1})
    state = act(state, {"type": "move", "field": 6})
    state = act(state, {"type": "return_ship", "region": "portugal"})
    assert kinds(state) == ["market"]
