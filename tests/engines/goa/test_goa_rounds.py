"""Seed "Bonus", "Additional Action Cards and End of Round" and the two parts of the game."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.goa import GAME, data
from tests.engines.goa.goa_helpers import act, at_actions, give_fields, seat_now, until


def ready_to_progress(state: dict, seat: int, column: str, row: int) -> None:
    """Puts a seat's marker at ``row`` with the spices and ships for its next step."""
    p = state["players"][seat]
    p["rows"][column] = row
    give_fields(state, seat, list(data.PROGRESS_COST[column][row - 1]))
    p["ships"] = 10


def test_first_player_to_reach_the_penultimate_row_draws_an_expedition_card():
    state = at_actions(3)
    s = seat_now(state)
    ready_to_progress(state, s, "harvest", 3)
    state = act(state, {"type": "progress", "column": "harvest"})
    assert len(state["players"][s]["hand"]) == 1 and state["milestones"] == {"harvest4": s}
    t = seat_now(state)
    ready_to_progress(state, t, "harvest", 3)
    state = act(state, {"type": "progress", "column": "harvest"})
    assert state["players"][t]["hand"] == []  # only the first to arrive


def test_first_player_to_reach_the_last_row_draws_an_expedition_card():
    state = at_actions(3)
    s = seat_now(state)
    ready_to_progress(state, s, "ships", 4)
    state["milestones"]["ships4"] = (s + 1) % 3
    state = act(state, {"type": "progress", "column": "ships"})
    assert len(state["players"][s]["hand"]) == 1 and state["milestones"]["ships5"] == s


def test_milestone_card_stops_at_the_hand_limit_with_a_log_line():
    state = at_actions(3)
    s = seat_now(state)
    ready_to_progress(state, s, "harvest", 3)
    state["players"][s]["hand"] = [state["deck"].pop()]  # expedition row 1: limit 1
    deck = len(state["deck"])
    state = act(state, {"type": "progress", "column": "harvest"})
    assert len(state["players"][s]["hand"]) == 1 and len(state["deck"]) == deck
    assert state["milestones"] == {"harvest4": s}  # the first to arrive all the same
    line = next(e for e in state["log"] if e["key"] == "goa.hand_limit")
    assert line["to"] is None and line["args"]["n"] == 1


@pytest.mark.parametrize("row", [2, 3, 4, 5])
def test_all_five_markers_in_a_row_give_one_additional_action_card(row):
    state = at_actions(3)
    s = seat_now(state)
    p = state["players"][s]
    p["rows"] = {c: row for c in data.COLUMNS}
    p["rows"]["taxes"] = row - 1
    p["all_rows"] = list(range(2, row))
    extra = p["extra"]
    ready_to_progress(state, s, "taxes", row - 1)
    state = act(state, {"type": "progress", "column": "taxes"})
    assert state["players"][s]["extra"] == extra + 1 and row in state["players"][s]["all_rows"]


def finish_actions(state: dict) -> dict:
    return until(state, lambda s: s["phase"] != "actions" or s["pending"], policy=lambda s: {"type": "taxes"})


def test_additional_action_cards_are_played_one_at_a_time_clockwise_until_all_pass():
    state = at_actions(3)
    flag = state["flag"]
    for p in state["players"]:
        p["extra"] = 2
    state["extra_supply"] = data.EXTRA_CARDS - 6
    state = finish_actions(state)
    assert state["phase"] == "extra"
    order = []
    while state["phase"] == "extra":
        order.append(seat_now(state))
        legal = GAME.legal_actions(state, seat_now(state))
        state = act(state, {"type": "pass"} if {"type": "pass"} in legal else {"type": "taxes"})
    # Each plays one card (2 -> 1), then each passes keeping one.
    assert order == [(flag + i) % 3 for i in range(3)] * 2
    assert [p["extra"] for p in state["players"]] == [1, 1, 1]
    assert state["phase"] == "place" and state["round"] == 2


def test_a_player_keeps_at_most_one_additional_action_card():
    state = at_actions(2)
    s = state["flag"]
    state["players"][s]["extra"] = 3
    state["extra_supply"] -= 3
    state = finish_actions(state)
    assert seat_now(state) == s
    assert {"type": "pass"} not in GAME.legal_actions(state, s)
    with pytest.raises(IllegalAction):
        act(state, {"type": "pass"})
    state = act(state, {"type": "taxes"})
    if seat_now(state) != s:
        state = act(state, GAME.legal_actions(state, seat_now(state))[0])
    state = act(state, {"type": "taxes"})  # 1 card left: now passing is allowed
    assert {"type": "pass"} in GAME.legal_actions(state, s)


def test_additional_actions_are_only_after_the_three_turns():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["extra"] = 1
    with pytest.raises(IllegalAction):
        act(state, {"type": "pass"})


def test_game_has_two_parts_of_four_rounds():
    state = GAME.setup(2, 3)
    rounds = []
    while GAME.to_act(state):
        if not rounds or rounds[-1] != (state["part"], state["round"]):
            rounds.append((state["part"], state["round"]))
        state = act(
            state,
            {"type": "pass"}
            if {"type": "pass"} in GAME.legal_actions(state, seat_now(state))
            else GAME.legal_actions(state, seat_now(state))[0],
        )
    assert rounds == [("A", r) for r in range(1, 5)] + [("B", r) for r in range(5, 9)]
    assert state["over"] and GAME.outcome(state) is not None


def test_end_of_part_a_replaces_the_remaining_tiles_with_b_tiles():
    state = GAME.setup(3, 4)
    state = until(state, lambda s: (s["round"] == 4 and s["phase"] == "extra") or s["round"] == 5)
    state = until(state, lambda s: s["round"] == 5)
    left = [t for t in state["gone"] if t[0] == "A"]
    laid = [t for row in state["grid"] for t in row]
    assert len(laid) == 25 and all(t and t[0] == "B" for t in laid)
    assert state["b_tiles"] == [] and len([t for t in state["boxed"] if t[0] == "B"]) == 2
    assert left  # the A tiles still on the grid left the game
