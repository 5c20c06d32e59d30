"""Seed "Drawing paths" and "Special cases": exact length, direction, deviations, bounce, undo."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.gogoa import GAME
from engines.gogoa.hexmap import neighbour, opposite
from tests.engines.gogoa.gogoa_helpers import act, ready, roles, straight

START = tuple(GAME.board.start)


def draft(state, seat=0):
    return GAME.view(state, seat)["me"]["draft"]


def test_path_is_exactly_the_distance_die_long():
    state = ready(1, dice=[1, 3, 2])
    state = act(state, 0, *roles(0, 1, 2), {"type": "step", "count": 2})
    with pytest.raises(IllegalAction, match="1 hex is left"):
        GAME.apply(state, 0, {"type": "submit"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "step", "count": 2})
    state = act(state, 0, {"type": "step"}, {"type": "submit"})
    assert len(state["players"][0]["paths"][0]["hexes"]) == 3


def test_path_starts_from_where_the_last_path_ended():
    state = straight(ready(1, dice=[1, 3, 2]), 0, 0, 1, 2)
    end = state["players"][0]["pos"]
    assert draft(state)["position"] == end
    state = straight(state, 0, 0, 1, 2)
    assert state["players"][0]["paths"][1]["from"] == end


def test_path_starts_in_the_direction_die_direction():
    state = act(ready(1, dice=[2, 3, 1]), 0, *roles(0, 1, 2), {"type": "step"})
    assert tuple(draft(state)["path"][0]) == neighbour(START, 2)


def test_deviation_before_the_first_step_changes_the_start_direction():
    state = act(ready(1, dice=[2, 3, 1]), 0, *roles(0, 1, 2), {"type": "deviate", "heading": 5}, {"type": "step"})
    assert tuple(draft(state)["path"][0]) == neighbour(START, 5)


def test_deviation_die_one_to_three_allows_one_turn():
    state = act(ready(1, dice=[1, 4, 3]), 0, *roles(0, 1, 2), {"type": "deviate", "heading": 3}, {"type": "step"})
    assert draft(state)["deviations"] == 1 and draft(state)["deviations_left"] == 0
    assert not any(a["type"] == "deviate" for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="No deviation"):
        GAME.apply(state, 0, {"type": "deviate", "heading": 5})


def test_deviation_die_four_to_six_allows_two_turns():
    state = act(
        ready(1, dice=[1, 4, 4]),
        0,
        *roles(0, 1, 2),
        {"type": "step"},
        {"type": "deviate", "heading": 3},
        {"type": "step"},
        {"type": "deviate", "heading": 5},
        {"type": "step", "count": 2},
    )
    d = draft(state)
    assert d["deviations"] == 2 and d["deviations_left"] == 0 and d["finished"]
    a = neighbour(START, 1)
    b = neighbour(a, 3)
    assert [tuple(h) for h in d["path"]] == [a, b, neighbour(b, 5), neighbour(neighbour(b, 5), 5)]


def test_deviations_are_optional():
    state = straight(ready(1, dice=[1, 4, 6]), 0, 0, 1, 2)
    assert len(state["players"][0]["paths"][0]["hexes"]) == 4


def test_deviation_may_turn_to_any_new_direction():
    state = act(ready(1, dice=[1, 4, 4]), 0, *roles(0, 1, 2))
    headings = sorted(a["heading"] for a in GAME.legal_actions(state, 0) if a["type"] == "deviate")
    assert headings == [2, 3, 4, 5, 6]
    with pytest.raises(IllegalAction, match="new direction"):
        GAME.apply(state, 0, {"type": "deviate", "heading": 1})


def test_path_bounces_off_the_edge_in_the_opposite_direction():
    board = GAME.board
    edge = next(h for h in board.hexes if neighbour(h, 1) not in board.land)
    state = ready(1, dice=[1, 2, 3])
    state["players"][0]["pos"] = list(edge)
    state = act(state, 0, *roles(0, 1, 2), {"type": "step", "count": 2})
    d = draft(state)
    south = neighbour(edge, 4)
    assert [tuple(h) for h in d["path"]] == [south, neighbour(south, 4)]
    assert d["heading"] == opposite(1) and d["deviations_left"] == 1  # a bounce is not a deviation


def test_undo_takes_back_the_last_step():
    state = act(
        ready(1, dice=[1, 4, 4]), 0, *roles(0, 1, 2), {"type": "step", "count": 2}, {"type": "deviate", "heading": 3}
    )
    state = act(state, 0, {"type": "undo"})
    assert draft(state)["deviations_left"] == 2 and len(draft(state)["path"]) == 2
    state = act(state, 0, {"type": "undo"})
    assert len(draft(state)["path"]) == 1 and draft(state)["steps_left"] == 3
    state = act(state, 0, {"type": "undo"}, {"type": "undo"})
    assert draft(state)["roles"] == {"direction": 0, "distance": 1, "deviation": None}


def test_undo_with_an_empty_draft_is_rejected():
    with pytest.raises(IllegalAction, match="nothing to undo"):
        GAME.apply(ready(1), 0, {"type": "undo"})


def test_legal_lists_every_next_step():
    state = act(ready(1, dice=[1, 3, 2]), 0, *roles(0, 1, 2))
    legal = GAME.legal_actions(state, 0)
    assert [a for a in legal if a["type"] == "step"] == [{"type": "step", "count": k} for k in (1, 2, 3)]
    assert len([a for a in legal if a["type"] == "deviate"]) == 5
    assert {"type": "undo"} in legal and {"type": "submit"} not in legal
    state = act(state, 0, {"type": "step", "count": 3})
    assert GAME.legal_actions(state, 0) == [{"type": "submit"}, {"type": "undo"}]


def test_one_deviation_per_hex_undo_to_change_it():
    state = act(ready(1, dice=[1, 3, 5]), 0, *roles(0, 1, 2), {"type": "deviate", "heading": 3})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "deviate", "heading": 4})


def test_own_view_shows_the_draft_helpers():
    state = act(ready(1, dice=[1, 3, 5]), 0, *roles(0, 1, 2), {"type": "step"})
    d = draft(state)
    here = neighbour(START, 1)
    assert d["position"] == list(here) and d["heading"] == 1 and d["steps_left"] == 2
    assert d["ahead"] == [list(h) for h in GAME.board.line(here, 1, 2)]
    options = {o["heading"]: o["hexes"] for o in d["deviation_options"]}
    assert sorted(options) == [2, 3, 4, 5, 6]
    assert options[3] == [list(h) for h in GAME.board.line(here, 3, 2)]


def ends_by_play(state, seat=0) -> set[tuple]:
    """Returns every hex a finished path reaches, by trying every legal step and deviation."""
    out: set[tuple] = set()
    legal = [a for a in GAME.legal_actions(state, seat) if a["type"] in ("step", "deviate")]
    if not legal:
        out.add(tuple(draft(state, seat)["position"]))
    for a in legal:
        out |= ends_by_play(GAME.apply(state, seat, a), seat)
    return out


@pytest.mark.parametrize(
    ("dice", "moves"),
    [
        ([1, 3, 5], []),  # one deviation, three hexes
        ([2, 4, 6], []),  # two deviations, four hexes
        ([4, 2, 2], [{"type": "step"}]),  # after a first step
        ([3, 3, 4], [{"type": "deviate", "heading": 5}]),  # right after a turn: no second turn here
    ],
)
def test_only_the_last_hex_scores_so_the_view_lists_every_reachable_end_hex(dice, moves):
    state = act(ready(1, dice=dice), 0, *roles(0, 1, 2), *moves)
    assert {tuple(h) for h in draft(state)["ends"]} == ends_by_play(state)


def test_before_the_dice_have_roles_each_assignment_lists_the_destinations_it_can_end_on():
    state = ready(1, dice=[1, 2, 6])
    reach = draft(state)["reach"]
    assert sorted((r["direction"], r["distance"], r["deviation"]) for r in reach) == sorted(
        [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    )
    for r in reach:
        played = act(state, 0, *roles(r["direction"], r["distance"], r["deviation"], r["value"]))
        ends = ends_by_play(played)
        assert r["dests"] == sorted(GAME.board.dest_at[h] for h in ends if h in GAME.board.dest_at)
    assert any(r["dests"] for r in reach)
