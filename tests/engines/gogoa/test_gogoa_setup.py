"""Seed "Setup": player count, dealing tour plans, the secret simultaneous choice, Start."""

from __future__ import annotations

import json

import pytest

from engines import IllegalAction
from engines.gogoa import GAME, data
from tests.engines.gogoa.gogoa_helpers import act, ready


@pytest.mark.parametrize("players", range(1, 7))
def test_one_to_six_players_can_play(players):
    state = GAME.setup(players, 3)
    assert GAME.to_act(state) == set(range(players))


@pytest.mark.parametrize("players", [0, 7])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError):
        GAME.setup(players, 3)


def test_each_player_is_dealt_two_easy_and_two_hard_plans():
    state = GAME.setup(6, 9)
    dealt = [p["dealt"] for p in state["players"]]
    for hand in dealt:
        assert sorted(data.PLANS[x][0] == 40 for x in hand) == [False, False, True, True]
    every = [x for hand in dealt for x in hand]
    assert len(every) == len(set(every)), "a card is dealt once"


def test_plans_are_chosen_simultaneously_by_every_seat():
    state = GAME.setup(3, 1)
    state = act(state, 1, {"type": "keep_plans", "plans": state["players"][1]["dealt"][1:3]})
    assert GAME.to_act(state) == {0, 2}
    assert state["phase"] == "plans"


def test_any_two_of_the_four_plans_may_be_kept():
    state = GAME.setup(1, 4)
    kept = [tuple(a["plans"]) for a in GAME.legal_actions(state, 0)]
    assert len(set(kept)) == 6  # all pairs, shared destinations allowed


def test_keeping_plans_not_dealt_or_twice_is_rejected():
    state = GAME.setup(2, 1)
    mine, theirs = state["players"][0]["dealt"], state["players"][1]["dealt"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "keep_plans", "plans": [mine[0], theirs[0]]})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "keep_plans", "plans": [mine[0], mine[0]]})


def test_others_see_only_that_a_seat_has_chosen_plans():
    state = GAME.setup(2, 1)
    mine = state["players"][0]["dealt"]
    state = act(state, 0, {"type": "keep_plans", "plans": [mine[0], mine[3]]})
    other = GAME.view(state, 1)
    assert other["players"][0]["chose_plans"] is True
    assert other["players"][0]["plans"] is None
    text = json.dumps(other)
    assert not any(code in text for code in mine)
    own = GAME.view(state, 0)
    assert own["me"]["kept"] == sorted([mine[0], mine[3]])


def test_kept_plans_are_shown_to_all_after_everyone_chose():
    state = ready(3)
    for seat in range(3):
        shown = [p["id"] for p in GAME.view(state, None)["players"][seat]["plans"]]
        assert shown == sorted(state["players"][seat]["dealt"][:2])
    assert any(line.get("key") == "gg.kept" for line in GAME.log_lines(state, None))


def test_unkept_dealt_plans_stay_private():
    state = ready(2)
    unkept = state["players"][0]["dealt"][2:]
    assert not any(code in json.dumps(GAME.view(state, 1)) for code in unkept)
    assert all(code in json.dumps(GAME.view(state, 0)) for code in unkept)


def test_everyone_starts_on_the_start_hex():
    state = ready(4)
    start = list(GAME.board.start)
    assert [p["position"] for p in GAME.view(state, None)["players"]] == [start] * 4
