"""The Privilege field: a worker for a privilege; bonus = covered value x achievements; 3 per type."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from tests.engines.navegador.nav_helpers import act, at_step, legal


def privilege_turn(workers: int = 5) -> dict:
    state = at_step(2, 0, "privilege")
    state["players"][0]["workers"] = workers
    return state


def test_privilege_costs_a_worker_and_pays_the_covered_value_times_achievements():
    state = privilege_turn()
    state["players"][0]["explorers"] = ["guine", "bahia", "rio"]
    state = act(state, {"type": "privilege", "column": "explorers"})
    me = state["players"][0]
    assert me["workers"] == 4 and me["privileges"]["explorers"] == 1 and me["money"] == 200 + 3 * 30
    assert state["gallery"]["explorers"] == 0


def test_privilege_goes_to_the_highest_free_position_of_its_column():
    # ref §1.4: the 2nd church position shows 40; 2 churches -> 80.
    state = privilege_turn()
    state["players"][0].update(churches=2)
    state["players"][0]["privileges"]["churches"] = 1
    state = act(state, {"type": "privilege", "column": "churches"})
    assert state["players"][0]["money"] == 280 and state["players"][0]["privileges"]["churches"] == 2


def test_privilege_at_most_three_of_each_type():
    state = privilege_turn()
    state["players"][0]["privileges"]["shipyards"] = 3
    assert {"type": "privilege", "column": "shipyards"} not in legal(state)
    with pytest.raises(IllegalAction):
        act(state, {"type": "privilege", "column": "shipyards"})


def test_privilege_needs_two_workers_left_in_lisboa():
    state = privilege_turn(workers=2)
    assert legal(state) == [{"type": "done"}]
    with pytest.raises(IllegalAction):
        act(state, {"type": "privilege", "column": "colonies"})
    state = act(privilege_turn(workers=3), {"type": "privilege", "column": "colonies"})
    assert state["players"][0]["workers"] == 2


def test_privilege_only_while_the_gallery_holds_one():
    state = privilege_turn()
    state["gallery"]["factories"] = 0
    assert {"type": "privilege", "column": "factories"} not in legal(state)


def test_privilege_pays_nothing_without_achievements_but_may_be_taken():
    state = act(privilege_turn(), {"type": "privilege", "column": "colonies"})
    assert state["players"][0]["money"] == 200 and state["players"][0]["privileges"]["colonies"] == 1
