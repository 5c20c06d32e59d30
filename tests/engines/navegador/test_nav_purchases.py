"""The Workers and Ships fields: cheap by churches and shipyards, then 100 per phase; sales to the bank."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from tests.engines.navegador.nav_helpers import act, at_step, legal, place


def recruit(state: dict, count: int) -> dict:
    return act(state, {"type": "recruit", "count": count})


def test_workers_one_per_church_for_50_each():
    state = at_step(2, 0, "workers")
    state["players"][0].update(churches=2, money=100)
    state = recruit(state, 2)
    assert state["players"][0]["workers"] == 5 and state["players"][0]["money"] == 0


def test_workers_beyond_the_churches_cost_100_per_phase():
    for phase, price in ((1, 100), (2, 200), (3, 300)):
        state = at_step(2, 0, "workers")
        state["phase"] = phase
        state["players"][0]["money"] = 1000
        state = recruit(state, 3)  # one church: 50, then two extra
        assert state["players"][0]["money"] == 1000 - 50 - 2 * price
    state = at_step(2, 0, "workers")
    state["phase"] = 3
    assert [a["count"] for a in legal(state)] == [0, 1], "300 + 50 is more than 200"


def test_workers_stop_at_nine():
    state = at_step(2, 0, "workers")
    state["players"][0].update(workers=8, churches=1, money=1000)
    assert [a["count"] for a in legal(state)] == [0, 1]


def test_workers_virtual_workers_beyond_nine_are_sold_to_the_bank_for_100():
    # ref §1.4: 8 workers, 3 churches: pay 150, move to 9, receive 200 for the 2 surplus.
    state = at_step(2, 0, "workers")
    state["players"][0].update(workers=8, churches=3, money=150)
    state = recruit(state, 3)
    assert state["players"][0]["workers"] == 9 and state["players"][0]["money"] == 200


def test_workers_cannot_buy_more_than_money_allows():
    state = at_step(2, 0, "workers")
    state["players"][0].update(money=40)
    with pytest.raises(IllegalAction):
        recruit(state, 1)


def test_ships_one_per_shipyard_for_50_each_placed_in_portugal():
    state = at_step(2, 0, "ships")
    state["players"][0].update(shipyards=2)
    state = act(state, {"type": "build_ships", "count": 2})
    assert state["regions"]["portugal"]["ships"][0] == 4
    assert state["players"][0]["supply"] == 3 and state["players"][0]["money"] == 100


def test_ships_beyond_the_shipyards_cost_100_per_phase():
    state = at_step(2, 0, "ships")
    state["phase"] = 2
    state["players"][0]["money"] = 250
    state = act(state, {"type": "build_ships", "count": 2})
    assert state["players"][0]["money"] == 0 and state["regions"]["portugal"]["ships"][0] == 4


def test_ships_from_shipyards_sold_to_the_bank_when_all_seven_are_on_the_board():
    state = at_step(2, 0, "ships")
    place(state, 0, {"portugal": 7})
    state["players"][0].update(shipyards=3, money=150)
    assert [a["count"] for a in legal(state)] == [0, 1, 2, 3], "no extra ship without one in the supply"
    state = act(state, {"type": "build_ships", "count": 3})
    assert state["players"][0]["money"] == 300 and state["regions"]["portugal"]["ships"][0] == 7


def test_workers_and_ships_may_buy_none():
    state = at_step(2, 0, "ships")
    before = dict(state["players"][0])
    state = act(state, {"type": "build_ships", "count": 0})
    assert {k: state["players"][0][k] for k in ("money", "supply")} == {k: before[k] for k in ("money", "supply")}
