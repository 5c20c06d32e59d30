"""The Market: sell per colony at the price (marker falls), process per factory at the revenue (rises)."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from tests.engines.navegador.nav_helpers import act, at_step, legal


def market_turn(**rows: int) -> dict:
    state = at_step(2, 0, "market")
    state["market"].update(rows)
    return state


def test_market_sell_one_unit_per_colony_at_the_current_price_then_the_price_falls():
    # ref §2.1: gold at 50 (row 5), 3 units sold -> marker lands on the upper 30 (row 8).
    state = market_turn(gold=5)
    state["players"][0]["colonies"]["gold"] = [50, 60, 70]
    assert max(a["units"] for a in legal(state, "sell") if a["good"] == "gold") == 3
    state = act(state, {"type": "sell", "good": "gold", "units": 3})
    assert state["players"][0]["money"] == 200 + 3 * 50 and state["market"]["gold"] == 8


def test_market_process_one_unit_per_factory_at_the_revenue_row_then_the_price_rises():
    # ref §2.1: spice price 60 -> processing pays 40.
    state = market_turn(spice=4)
    state["players"][0]["factories"].update(spice=2, orange=0)
    state = act(state, {"type": "process", "good": "spice", "units": 2})
    assert state["players"][0]["money"] == 200 + 2 * 40 and state["market"]["spice"] == 2


def test_market_orange_factory_processes_one_unit_of_any_good():
    state = market_turn()
    state["players"][0]["factories"]["sugar"] = 1
    assert [a["units"] for a in legal(state, "process") if a["good"] == "sugar"] == [1, 2]
    assert [a["units"] for a in legal(state, "process") if a["good"] == "gold"] == [1]
    state = act(state, {"type": "process", "good": "sugar", "units": 2})
    assert legal(state, "process") == [], "the orange factory is used up"


def test_market_cannot_sell_and_process_the_same_good():
    state = market_turn()
    state["players"][0]["colonies"]["sugar"] = [40]
    state = act(state, {"type": "sell", "good": "sugar", "units": 1})
    assert not [a for a in legal(state) if a.get("good") == "sugar"]
    with pytest.raises(IllegalAction):
        act(state, {"type": "process", "good": "sugar", "units": 1})
    state = act(state, {"type": "process", "good": "gold", "units": 1})
    assert state["players"][0]["money"] == 200 + 50 + 30


def test_market_markers_stop_at_the_ends_of_the_track():
    state = market_turn(sugar=8, gold=1)
    state["players"][0]["colonies"]["sugar"] = [40, 50, 60]
    state["players"][0]["factories"]["gold"] = 2
    state = act(state, {"type": "sell", "good": "sugar", "units": 3}, {"type": "process", "good": "gold", "units": 3})
    assert state["market"] == {"sugar": 9, "gold": 0, "spice": 3}
    assert state["players"][0]["money"] == 200 + 3 * 20 + 3 * 20, "sugar sold at 20, gold processed at 20"


def test_market_may_trade_nothing():
    state = act(market_turn(), {"type": "done"})
    assert state["players"][0]["money"] == 200 and state["turn"] == 3
