"""Phase A (the roll) and Phase B (taking and placing dice: the castle rises, the cities fall)."""

from __future__ import annotations

from collections import Counter

from engines.coimbra import GAME, data
from tests.engines.coimbra.co_helpers import act, at_phase, seat_now


def test_phase_a_rolls_every_die_of_the_pool_into_the_dice_area():
    """Seed Phase A."""
    state = at_phase("place", 4, seed=3)
    assert sorted(state["area"]) == sorted(state["dice"])
    assert all(1 <= d["value"] <= 6 for d in state["dice"].values())
    values = Counter(d["value"] for s in range(30) for d in at_phase("place", 2, seed=s)["dice"].values())
    assert set(values) == {1, 2, 3, 4, 5, 6}


def test_dice_are_drafted_in_player_order_three_each():
    """Seed Phase B: one die at a time until everyone has placed 3."""
    state = at_phase("place", 3, seed=2)
    order = state["order"]
    seen = []
    while state["phase"] == "place":
        seen.append(seat_now(state))
        state = act(state, GAME.legal_actions(state, seat_now(state))[0])
    assert seen == order * 3
    assert all(len(p["placed"]) == 3 for p in state["players"])
    assert len(state["area"]) == len(state["dice"]) - 9


def test_placing_a_die_puts_it_in_a_holder_and_out_of_the_dice_area():
    state = at_phase("place", 4, seed=2)
    seat, die = seat_now(state), state["area"][0]
    after = act(state, {"type": "place", "die": die, "area": "upper"})
    assert die not in after["area"] and after["players"][seat]["placed"] == [die]
    assert GAME.view(after, None)["players"][seat]["holders"] == 2


def place_values(area: str, values: list[int], players: int = 4) -> list[int]:
    state = at_phase("place", players, seed=5)
    state["city"][area] = []
    for i, v in enumerate(values):
        die = state["area"][0]
        state["dice"][die]["value"] = v
        state = act(state, {"type": "place", "die": die, "area": area})
        assert i + 1 == len(state["city"][area])
    return [e["value"] for e in state["city"][area]]


def test_castle_dice_form_an_increasing_row_and_an_equal_die_goes_to_the_right():
    """Seed Phase B, "In the Castle"."""
    state = at_phase("place", 4, seed=5)
    for v in (4, 1, 4, 6, 2):
        die = state["area"][0]
        state["dice"][die]["value"] = v
        state = act(state, {"type": "place", "die": die, "area": "castle"})
    row = state["city"]["castle"]
    assert [e["value"] for e in row] == [1, 2, 4, 4, 6]
    fours = [e["id"] for e in row if e["value"] == 4]
    assert fours == [state["players"][state["order"][0]]["placed"][0], state["players"][state["order"][2]]["placed"][0]]


def test_city_dice_form_a_decreasing_row_and_an_equal_die_goes_to_the_right():
    """Seed Phase B, "In the Upper, Central, or Lower City"."""
    assert place_values("central", [3, 6, 3, 1, 5]) == [6, 5, 3, 3, 1]
    state = at_phase("place", 4, seed=5)
    for v in (5, 5):
        die = state["area"][0]
        state["dice"][die]["value"] = v
        state = act(state, {"type": "place", "die": die, "area": "lower"})
    first, second = state["order"][:2]
    assert [e["seat"] for e in state["city"]["lower"]] == [first, second]


def test_die_tokens_count_as_neutral_dice_when_placing():
    """Seed Phase B, "Important"."""
    state = at_phase("place", 2, seed=5)  # upper holds tokens 3 and 2
    die = state["area"][0]
    state["dice"][die]["value"] = 3
    state = act(state, {"type": "place", "die": die, "area": "upper"})
    assert [(e["value"], e["seat"] is None) for e in state["city"]["upper"]] == [(3, True), (3, False), (2, True)]


def test_several_dice_of_one_player_may_share_a_location():
    """Seed Phase B, last paragraph."""
    state = at_phase("place", 2, seed=1)
    for _ in range(6):
        state = act(state, {"type": "place", "die": state["area"][0], "area": "castle"})
    assert len(state["city"]["castle"]) == 6
    assert Counter(e["seat"] for e in state["city"]["castle"]) == {0: 3, 1: 3}


def test_every_die_may_go_to_any_of_the_four_locations():
    state = at_phase("place", 3, seed=1)
    legal = GAME.legal_actions(state, seat_now(state))
    assert {(a["die"], a["area"]) for a in legal} == {(d, a) for d in state["area"] for a in data.AREAS}
