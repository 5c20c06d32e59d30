"""Seed "Local guides": crossed off before choosing dice, +1/-1 on one die, for that player only."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.gogoa import GAME
from tests.engines.gogoa.gogoa_helpers import act, ready, roles, straight


def guide(name, die, delta):
    return {"type": "use_guide", "guide": name, "die": die, "delta": delta}


def with_guides(players, dice, *names, seat=0):
    """Returns day 1 where ``seat`` has circled the named guides (as after visits)."""
    state = ready(players, dice=dice)
    state["players"][seat]["guides"] = list(names)
    return state


def test_guide_changes_one_die_by_one_for_that_player_alone():
    state = with_guides(2, [2, 3, 4], "colva")
    state = act(state, 0, guide("colva", 2, 1))
    assert GAME.view(state, 0)["me"]["draft"]["dice"] == [2, 3, 5]
    state = act(state, 0, *roles(0, 1, 2), {"type": "step", "count": 3}, {"type": "submit"})
    assert state["dice"] == [2, 3, 4]
    assert GAME.view(state, 1)["me"]["draft"]["dice"] == [2, 3, 4]


def test_guide_wraps_six_to_one_and_one_to_six():
    state = with_guides(1, [6, 1, 3], "colva", "palolem")
    state = act(state, 0, guide("colva", 0, 1), guide("palolem", 1, -1))
    assert GAME.view(state, 0)["me"]["draft"]["dice"] == [1, 6, 3]


def test_two_guides_may_change_the_same_die():
    state = with_guides(1, [2, 3, 4], "colva", "calangute")
    state = act(state, 0, guide("colva", 1, 1), guide("calangute", 1, 1))
    assert GAME.view(state, 0)["me"]["draft"]["dice"] == [2, 5, 4]


def test_guides_are_hired_before_choosing_dice():
    state = with_guides(1, [2, 3, 4], "colva")
    assert guide("colva", 0, 1) in GAME.legal_actions(state, 0)
    state = act(state, 0, {"type": "assign", "role": "direction", "die": 0})
    assert not any(a["type"] == "use_guide" for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="before choosing dice"):
        GAME.apply(state, 0, guide("colva", 0, 1))


def test_only_circled_unused_guides_can_be_hired():
    state = ready(1, dice=[2, 3, 4])
    assert not any(a["type"] == "use_guide" for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, guide("colva", 0, 1))
    state = with_guides(1, [2, 3, 4], "colva")
    state = act(state, 0, guide("colva", 0, 1))
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(state, 0, guide("colva", 1, 1))


def test_guide_is_crossed_off_for_the_rest_of_the_game():
    state = with_guides(1, [2, 3, 4], "colva")
    state = act(state, 0, guide("colva", 0, 1))
    state = straight(state, 0, 0, 1, 2)
    assert state["day"] == 2
    assert GAME.view(state, None)["players"][0]["guides_used"] == ["colva"]
    assert not any(a["type"] == "use_guide" for a in GAME.legal_actions(state, 0))


def test_guide_use_is_hidden_until_the_reveal():
    state = with_guides(2, [2, 3, 4], "colva", seat=1)
    state = straight(state, 0, 0, 1, 2)
    before = GAME.view(state, 0)
    state = act(state, 1, guide("colva", 1, -1))
    assert GAME.view(state, 0) == before
    state = straight(state, 1, 2, 1, 0)
    public = GAME.view(state, 0)
    assert public["players"][1]["guides_used"] == ["colva"]
    assert public["players"][1]["paths"][0]["guides"] == [{"guide": "colva", "die": 1, "delta": -1}]
    assert any(line.get("key") == "gg.guide_used" for line in GAME.log_lines(state, 0))


def test_undo_gives_back_a_guide_not_yet_submitted():
    state = with_guides(1, [2, 3, 4], "colva")
    state = act(state, 0, guide("colva", 0, 1), {"type": "undo"})
    assert GAME.view(state, 0)["me"]["draft"]["dice"] == [2, 3, 4]
    assert guide("colva", 0, 1) in GAME.legal_actions(state, 0)
