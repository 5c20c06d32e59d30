"""Seed "Gameplay": 12 days, shared dice, the rotating starting player and the reserved die."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.gogoa import GAME
from tests.engines.gogoa.gogoa_helpers import act, corridor, ready, roles, straight


def direction_dice(state, seat, game=GAME):
    """Returns the (die, value) pairs the seat may give direction now."""
    return sorted(
        (a["die"], a["value"])
        for a in game.legal_actions(state, seat)
        if a["type"] == "assign" and a["role"] == "direction"
    )


def finish_day(state, game=GAME):
    """Returns the state after every seat draws a straight path with the first usable die."""
    day = state["day"]
    while state["day"] == day and game.to_act(state):
        seat = min(game.to_act(state))
        die = direction_dice(state, seat, game)[0][0]
        rest = [d for d in range(3) if d != die]
        state = straight(state, seat, die, rest[0], rest[1], game=game)
    return state


def test_game_lasts_twelve_days():
    state = ready(1)
    for day in range(1, 13):
        assert state["day"] == day and not state.get("over")
        state = finish_day(state)
    assert state["over"] and GAME.to_act(state) == set()
    assert len(state["players"][0]["paths"]) == 12


def test_three_dice_are_rolled_each_day_from_the_seeded_rng_and_shown_to_all():
    rolls = []
    for _ in range(2):
        state, seen = ready(3, seed=42), []
        for _ in range(4):
            views = [GAME.view(state, s)["dice"] for s in (0, 1, 2, None)]
            assert all(v == state["dice"] for v in views)
            assert len(state["dice"]) == 3 and all(1 <= d <= 6 for d in state["dice"])
            seen.append(list(state["dice"]))
            state = finish_day(state)
        rolls.append(seen)
    assert rolls[0] == rolls[1]
    assert len({tuple(r) for r in rolls[0]}) > 1


def test_starting_player_rotates_to_the_left_every_day():
    state = ready(3)
    starters = []
    for _ in range(5):
        starters.append(state["starter"])
        state = finish_day(state)
    assert starters == [0, 1, 2, 0, 1]


def test_starting_player_drafts_before_the_others():
    state = ready(3, dice=[2, 3, 4])
    assert GAME.to_act(state) == {0}
    assert GAME.view(state, 1)["me"]["waiting"] is True
    assert GAME.legal_actions(state, 1) == []
    state = straight(state, 0, 0, 1, 2)
    assert GAME.to_act(state) == {1, 2}


def test_only_the_direction_die_of_the_starter_becomes_public():
    state = ready(2, dice=[2, 3, 4])
    state = act(state, 0, *roles(1, 0, 2), {"type": "step", "count": 2})
    before = GAME.view(state, 1)
    assert before["reserved"] is None and before["players"][0]["paths"] == []
    state = act(state, 0, {"type": "submit"})
    after = GAME.view(state, 1)
    assert after["reserved"] == 1
    assert after["players"][0]["paths"] == [] and after["players"][0]["position"] == before["players"][0]["position"]
    assert GAME.log_lines(state, 1)[-1]["key"] == "gg.reserved"


def test_reserved_die_cannot_be_direction_for_others():
    state = ready(2, dice=[2, 3, 4])
    state = straight(state, 0, 1, 0, 2)
    assert [d for d, _ in direction_dice(state, 1)] == [0, 2]
    with pytest.raises(IllegalAction, match="reserved"):
        GAME.apply(state, 1, {"type": "assign", "role": "direction", "die": 1})


def test_reserved_die_may_be_distance_or_deviation_for_others():
    state = ready(2, dice=[2, 3, 4])
    state = straight(state, 0, 1, 0, 2)
    legal = GAME.legal_actions(state, 1)
    assert {"type": "assign", "role": "distance", "die": 1, "value": None} in legal
    assert {"type": "assign", "role": "deviation", "die": 1, "value": None} in legal


def test_another_die_showing_the_reserved_value_may_give_direction():
    state = ready(2, dice=[3, 3, 5])
    state = straight(state, 0, 0, 1, 2)
    assert (1, None) in direction_dice(state, 1)


def test_reserved_die_may_be_direction_when_every_other_die_bumps_both_edges():
    game = corridor()  # only headings 1 and 4 move on this strip
    state = ready(2, dice=[1, 3, 5], game=game)
    assert direction_dice(state, 0, game) == [(0, None)]
    state = straight(state, 0, 0, 1, 2, game=game)
    assert direction_dice(state, 1, game) == [(0, None)]
    state = straight(state, 1, 0, 1, 2, game=game)
    assert state["day"] == 2


def test_any_die_with_any_value_when_even_the_reserved_die_bumps_both_edges():
    game = corridor()
    state = ready(2, dice=[2, 3, 5], game=game)
    assert direction_dice(state, 0, game) == [(d, v) for d in range(3) for v in (1, 4)]
    state = act(state, 0, *roles(2, 1, 0, value=4), {"type": "step", "count": 3}, {"type": "submit"}, game=game)
    assert direction_dice(state, 1, game) == [(d, v) for d in range(3) for v in (1, 4)]
    with pytest.raises(IllegalAction):
        game.apply(state, 1, {"type": "assign", "role": "direction", "die": 0, "value": 3})
    state = act(state, 1, *roles(0, 1, 2, value=1), game=game)
    assert game.view(state, 1)["me"]["draft"]["heading"] == 1


def test_a_chosen_direction_value_is_refused_when_a_die_can_give_direction():
    state = ready(1, dice=[2, 3, 4])
    with pytest.raises(IllegalAction, match="value"):
        GAME.apply(state, 0, {"type": "assign", "role": "direction", "die": 0, "value": 5})


def test_solo_player_has_no_reserved_die():
    state = finish_day(ready(1))
    assert [d for d, _ in direction_dice(state, 0)] == [0, 1, 2]
    assert GAME.view(state, 0)["me"]["draft"]["reserved"] is None


def test_each_die_takes_one_role():
    state = ready(1, dice=[2, 3, 4])
    state = act(state, 0, {"type": "assign", "role": "direction", "die": 0})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "assign", "role": "distance", "die": 0})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "assign", "role": "direction", "die": 1})


def test_who_must_answer_is_one_pending_draft_step_per_seat_still_drawing():
    state = ready(3, dice=[2, 3, 4])
    assert [(e["seat"], e["kind"]) for e in state["pending"]] == [(0, "draft")]
    state = straight(state, 0, 0, 1, 2)
    assert sorted(e["seat"] for e in state["pending"]) == [1, 2] and GAME.to_act(state) == {1, 2}
    state = straight(state, 1, 2, 1, 0)
    assert GAME.to_act(state) == {2} and state["handed_in"][1]
