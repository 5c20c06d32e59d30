"""The Colony and Buildings fields: a ship and two workers per colony; 3/4/5 workers per building."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from tests.engines.navegador.nav_helpers import act, at_step, explore_region, kinds, legal, place


def colony_turn(**ships: int) -> dict:
    state = at_step(2, 0, "colony")
    for r in ("guine", "bahia"):
        explore_region(state, r)
    state["regions"]["guine"]["colonies"] = [50, 80, 120]
    state["regions"]["bahia"]["colonies"] = [60, 100]
    place(state, 0, ships)
    state["players"][0].update(money=1000, workers=9)
    return state


def test_colony_pays_the_printed_price_and_takes_the_token():
    state = colony_turn(guine=1)
    state = act(state, {"type": "found", "region": "guine", "price": 80})
    assert state["players"][0]["colonies"]["gold"] == [80] and state["players"][0]["money"] == 920
    assert state["regions"]["guine"]["colonies"] == [50, 120]


def test_colony_needs_a_ship_in_its_region_each_ship_once():
    state = colony_turn(guine=1, portugal=3)
    assert {a["region"] for a in legal(state, "found")} == {"guine"}, "no ship of the seat in Bahia"
    state = colony_turn(guine=1, bahia=1)
    state = act(state, {"type": "found", "region": "guine", "price": 50})
    assert {a["region"] for a in legal(state, "found")} == {"bahia"}, "the one ship in Guiné is used"
    with pytest.raises(IllegalAction, match="each ship once"):
        act(state, {"type": "found", "region": "guine", "price": 80})


def test_colony_several_in_one_region_with_as_many_ships_there():
    state = colony_turn(guine=2, bahia=1)
    state = act(
        state,
        {"type": "found", "region": "guine", "price": 50},
        {"type": "found", "region": "guine", "price": 80},
        {"type": "found", "region": "bahia", "price": 60},
    )
    assert state["players"][0]["colonies"] == {"sugar": [60], "gold": [50, 80], "spice": []}


def test_colony_needs_two_workers_in_lisboa_each_worker_once():
    state = colony_turn(guine=2, bahia=2)
    state["players"][0]["workers"] = 5
    state = act(
        state, {"type": "found", "region": "guine", "price": 50}, {"type": "found", "region": "bahia", "price": 60}
    )
    assert kinds(state) != ["colony"], "5 workers found 2 colonies: nothing is left to do"
    assert sum(map(len, state["players"][0]["colonies"].values())) == 2
    assert state["players"][0]["workers"] == 5, "workers are not spent"
    state = colony_turn(guine=2, bahia=2)
    state["players"][0]["workers"] = 5
    state = act(state, {"type": "found", "region": "guine", "price": 50})
    state["players"][0]["workers"] = 3  # as if the second pair had been counted already
    with pytest.raises(IllegalAction, match="two workers"):
        act(state, {"type": "found", "region": "bahia", "price": 60})


def test_colony_cannot_be_founded_without_money():
    state = colony_turn(guine=1)
    state["players"][0]["money"] = 60
    assert legal(state, "found") == [{"type": "found", "region": "guine", "price": 50}]


def building_turn(workers: int, money: int = 2000) -> dict:
    state = at_step(4, 0, "buildings")
    state["players"][0].update(workers=workers, money=money)
    return state


def test_buildings_take_the_cheapest_piece_of_a_row_and_pay_its_price():
    state = building_turn(9)
    state = act(state, {"type": "build", "building": "gold_factory"}, {"type": "build", "building": "gold_factory"})
    assert state["players"][0]["factories"]["gold"] == 2 and state["players"][0]["money"] == 2000 - 40 - 70
    assert state["buildings"]["gold_factory"] == [False, False, True, True, True, True]


def test_buildings_need_three_four_five_workers_summed_over_the_turn():
    # ref §1.4: with 7 workers a factory + a shipyard, not two shipyards; a church leaves no room.
    state = building_turn(7)
    state = act(state, {"type": "build", "building": "sugar_factory"})
    assert {a["building"] for a in legal(state, "build")} == {
        "sugar_factory",
        "gold_factory",
        "spice_factory",
        "shipyard",
    }, "4 workers left: no church"
    state = act(state, {"type": "build", "building": "shipyard"})
    assert legal(state, "build") == []
    state = building_turn(7)
    state = act(state, {"type": "build", "building": "shipyard"})
    with pytest.raises(IllegalAction, match="too few workers"):
        act(state, {"type": "build", "building": "shipyard"})
    state = building_turn(7)
    state = act(state, {"type": "build", "building": "church"})
    assert legal(state, "build") == []
    assert state["players"][0]["churches"] == 2 and state["players"][0]["workers"] == 7


def test_buildings_workers_are_checked_against_the_whole_turn_with_too_few_for_a_church():
    state = building_turn(4)
    assert {a["building"] for a in legal(state, "build")} == {
        "sugar_factory",
        "gold_factory",
        "spice_factory",
        "shipyard",
    }
