"""The pilgrimage: walking step by step, visiting monasteries, their rewards; and choice effects."""

from __future__ import annotations

import pytest

from engines.coimbra import GAME
from engines.coimbra.effects import gain
from engines.coimbra.pilgrimage import NEIGHBOURS
from engines.core import IllegalAction
from tests.engines.coimbra.co_helpers import act, seat_now, staged


def walking(steps: int, at: str = "C-NW", monasteries: dict | None = None) -> dict:
    """Returns a position where seat 0's pilgrim stands on ``at`` with ``steps`` to walk."""
    state = staged(4, [("upper", 0, "gray1", 1)])
    state["players"][0]["pilgrim"] = at
    state["sites"].update(monasteries or {})
    gain(state, 0, {"steps": steps})
    return state


def test_the_pilgrim_steps_only_to_neighbouring_spaces():
    state = walking(1)
    assert {a["to"] for a in GAME.legal_actions(state, 0) if a["type"] == "walk"} == set(NEIGHBOURS["C-NW"])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "walk", "to": "II1"})


def test_a_long_edge_has_plain_spaces_between_its_ends():
    state = walking(2, at="C-NE", monasteries={"I5": "I-5"})
    state = act(state, {"type": "walk", "to": "C-NE~I5~1"})
    assert state["players"][0]["pilgrim"] == "C-NE~I5~1" and state["players"][0]["visited"] == []
    state = act(state, {"type": "walk", "to": "I5"})
    assert state["players"][0]["visited"] == ["I5"] and not state["pending"]


def test_entering_a_new_monastery_visits_it_and_pays_its_reward_at_once():
    state = walking(1, monasteries={"I7": "I-5"})
    state = act(state, {"type": "walk", "to": "I7"})
    assert state["players"][0]["visited"] == ["I7"] and state["players"][0]["vp"] == 3


def test_a_monastery_already_visited_pays_nothing_again():
    state = walking(3, monasteries={"I7": "I-5"})
    state = act(state, {"type": "walk", "to": "I7"}, {"type": "walk", "to": "C-NW"}, {"type": "walk", "to": "I7"})
    assert state["players"][0]["vp"] == 3 and state["players"][0]["visited"] == ["I7"]


def test_several_players_may_visit_the_same_monastery():
    state = walking(1, monasteries={"I7": "I-5"})
    state["players"][1]["visited"] = ["I7"]
    state = act(state, {"type": "walk", "to": "I7"})
    assert state["players"][0]["vp"] == 3
    assert GAME.view(state, None)["sites"]["I7"]["visitors"] == [0, 1]


def test_a_monasterys_steps_extend_the_walk_it_was_reached_in():
    state = walking(1, monasteries={"I7": "I-10"})
    state = act(state, {"type": "walk", "to": "I7"})
    assert state["pending"][-1]["kind"] == "walk" and state["pending"][-1]["data"]["steps"] == 2


def test_stopping_a_walk_loses_the_steps_left():
    state = walking(3)
    state = act(state, {"type": "walk", "to": "I8"}, {"type": "pass"})
    assert not state["pending"] and state["players"][0]["pilgrim"] == "I8"


def test_a_track_of_your_choice_advances_the_chosen_track():
    state = walking(0, monasteries={})
    gain(state, 0, {"any": 2})
    assert {a["track"] for a in GAME.legal_actions(state, 0)} == {"gray", "orange", "purple", "green"}
    state = act(state, {"type": "choose_track", "track": "purple"})
    assert state["players"][0]["influence"]["purple"] == 2


def test_two_different_tracks_may_not_be_the_same_track():
    state = walking(0)
    gain(state, 0, {"two_tracks": 1})
    state = act(state, {"type": "choose_track", "track": "gray"})
    assert {a["track"] for a in GAME.legal_actions(state, 0)} == {"orange", "purple", "green"}
    state = act(state, {"type": "choose_track", "track": "green"})
    assert state["players"][0]["influence"]["gray"] == state["players"][0]["influence"]["green"] == 1


def test_the_tax_collector_takes_one_coin_from_each_other_player_able_to_pay():
    state = walking(0)
    state["players"][2]["coins"] = 0
    gain(state, 0, {"tax": 1})
    assert [p["coins"] for p in state["players"]] == [9, 6, 0, 6]


def test_the_broker_takes_a_discarded_card_for_three_of_its_currency_without_its_crown():
    state = walking(0)
    state["discard"] = ["O01", "S02"]
    state["crowns"] = ["O01"]
    gain(state, 0, {"broker": 3})
    assert {a.get("card") for a in GAME.legal_actions(state, 0)} == {"O01", "S02", None}
    state = act(state, {"type": "take_discard", "card": "O01"})
    me = state["players"][0]
    assert "O01" in me["cards"] and me["guards"] == 4 and me["coins"] == 10 and me["tokens"] == 0
    assert state["discard"] == ["S02"]


def test_the_broker_with_nothing_affordable_takes_nothing():
    state = walking(0)
    state["discard"] = ["O01"]
    state["players"][0]["guards"] = 2
    gain(state, 0, {"broker": 3})
    assert not state["pending"]


def test_an_open_step_is_answered_before_anything_else():
    state = walking(2)
    assert seat_now(state) == 0
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "alternative"})


def test_coins_and_guards_stop_at_twenty_and_influence_past_twenty_is_lost():
    state = walking(0)
    state["players"][0].update(coins=19, guards=20)
    state["players"][0]["influence"]["green"] = 19
    gain(state, 0, {"coins": 3, "guards": 2, "influence": {"green": 3}})
    me = state["players"][0]
    assert (me["coins"], me["guards"], me["influence"]["green"]) == (20, 20, 20)
