"""Setup for 2, 3 and 4 players (seed steps 1–13) and the two-step starting choice."""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations

import pytest

from engines.coimbra import GAME, data
from engines.coimbra.characters import crown_scan
from tests.engines.coimbra.co_helpers import act, seat_now, types

COUNTS = (2, 3, 4)


@pytest.mark.parametrize("n", COUNTS)
def test_monasteries_8_of_tier_one_4_of_tier_two_2_of_tier_three_on_their_spaces(n):
    """Seed setup step 2."""
    state = GAME.setup(n, 7)
    assert sorted(state["sites"]) == sorted(data.SITES)
    for site, tile in state["sites"].items():
        assert data.MONASTERIES[tile]["tier"] == data.SITES[site]
    assert len(set(state["sites"].values())) == 14


@pytest.mark.parametrize("n", COUNTS)
def test_one_influence_scoring_tile_above_each_track(n):
    """Seed setup step 3: the side matches the player count."""
    state = GAME.setup(n, 3)
    assert sorted(state["scoring_tiles"]) == sorted(data.TRACKS)
    assert sorted(state["scoring_tiles"].values()) == ["A", "B", "C", "D"]
    side = GAME.view(state, 0)["scoring_tiles"]["gray"]["side"]
    assert side == ("4" if n == 4 else "2-3")


@pytest.mark.parametrize(
    ("n", "tokens"),
    [
        (4, {}),
        (3, {"upper": [3], "central": [4], "lower": [3]}),
        (2, {"upper": [3, 2], "central": [4, 3], "lower": [5]}),
    ],
)
def test_die_tokens_by_player_count_in_the_cities_never_the_castle(n, tokens):
    """Seed setup step 4; token values ref §1.3."""
    state = GAME.setup(n, 1)
    assert state["city"]["castle"] == []
    for city in data.CITIES:
        assert [e["value"] for e in state["city"][city]] == tokens.get(city, [])
        assert all(e["seat"] is None for e in state["city"][city])


@pytest.mark.parametrize("n", COUNTS)
def test_six_voyages_face_up(n):
    """Seed setup step 5."""
    state = GAME.setup(n, 5)
    assert len(state["voyages"]) == len(set(state["voyages"])) == 6
    assert set(state["voyages"]) <= set(data.VOYAGES)


@pytest.mark.parametrize(
    ("n", "pool"),
    [
        (4, {"gray": 3, "orange": 3, "purple": 3, "green": 3, "white": 1}),
        (3, {"gray": 3, "orange": 3, "purple": 2, "green": 2, "white": 1}),
        (2, {"gray": 2, "orange": 2, "purple": 1, "green": 1, "white": 1}),
    ],
)
def test_the_dice_pool_by_player_count(n, pool):
    """Seed setup step 6."""
    state = GAME.setup(n, 2)
    assert Counter(d["color"] for d in state["dice"].values()) == pool


@pytest.mark.parametrize("n", COUNTS)
def test_personal_boards_start_with_7_coins_7_guards_and_discs_on_zero(n):
    """Seed setup step 7: markers on 7 and 7, discs on 0 of the four tracks and the scoring track,
    three empty die holders, the pilgrim beside the board."""
    state = GAME.setup(n, 4)
    for p in state["players"]:
        assert (p["coins"], p["guards"], p["vp"]) == (7, 7, 0)
        assert p["influence"] == dict.fromkeys(data.TRACKS, 0)
        assert p["pilgrim"] is None and p["cards"] == []
    assert [p["holders"] for p in GAME.view(state, None)["players"]] == [3] * n


@pytest.mark.parametrize("n", COUNTS)
def test_random_player_order_puts_lions_on_flags_one_to_n(n):
    """Seed setup step 8."""
    orders = {tuple(GAME.setup(n, seed)["order"]) for seed in range(200)}
    assert all(sorted(o) == list(range(n)) for o in orders)
    assert len(orders) == len(list(permutations(range(n))))  # every order turns up in 200 setups
    view = GAME.view(GAME.setup(n, 9), None)
    assert [view["players"][s]["flag"] for s in view["order"]] == list(range(1, n + 1))


@pytest.mark.parametrize("n", COUNTS)
def test_character_deck_is_pile_two_over_pile_three_and_twelve_cards_are_dealt(n):
    """Seed setup steps 9 and 11."""
    state = GAME.setup(n, 6)
    dealt = [c for city in data.CITIES for c in state["rows"][city]]
    assert [len(state["rows"][city]) for city in data.CITIES] == [4, 4, 4]
    assert all(data.CARDS[c]["back"] == "II" for c in dealt)
    deck = state["deck"]  # drawn from the end: the next 12 are back II, then all of back III
    assert [data.CARDS[c]["back"] for c in deck[-12:]] == ["II"] * 12
    assert [data.CARDS[c]["back"] for c in deck[:24]] == ["III"] * 24
    assert len(deck) == 36 and not set(deck) & set(dealt)


@pytest.mark.parametrize("n", COUNTS)
def test_four_benefit_tiles_with_the_extra_die_on_the_two_crown_tile(n):
    """Seed setup step 10."""
    view = GAME.view(GAME.setup(n, 1), None)
    assert [t["id"] for t in view["tiles"]] == ["treasury", "armoury", "chancery", "chapel"]
    (extra,) = [t for t in view["tiles"] if t["extra_die"]]
    assert extra["crowns"] == 2


def test_crown_tokens_scan_from_the_fourth_column_top_to_bottom_first_card_of_each_category():
    """Seed setup step 12."""
    rows = {
        "upper": ["G01", "O01", "P01", "G02"],
        "central": ["S01", "O02", "G03", "P02"],
        "lower": ["O03", "O04", "S02", "O05"],
    }
    # Column 4: G02 (gray), P02 (purple), O05 (orange); column 3: P01 purple taken, G03 gray taken, S02 green.
    assert crown_scan(rows) == ["G02", "P02", "O05", "S02"]


def test_a_category_missing_from_the_twelve_cards_gets_no_crown_token():
    """Seed setup step 12, last sentence."""
    rows = {
        "upper": ["G01", "G02", "G03", "G04"],
        "central": ["O01", "O02", "O03", "O04"],
        "lower": ["G05", "G06", "O05", "O06"],
    }
    assert crown_scan(rows) == ["G04", "O04"]


@pytest.mark.parametrize("n", COUNTS)
def test_setup_places_the_crown_tokens_by_the_scan(n):
    state = GAME.setup(n, 8)
    assert state["crowns"] == crown_scan(state["rows"])


@pytest.mark.parametrize("n", COUNTS)
def test_starting_pairs_one_group_of_two_random_back_one_cards_per_player(n):
    """Seed setup step 13."""
    state = GAME.setup(n, 3)
    groups = state["start"]["groups"]
    assert len(groups) == n and all(len(g) == 2 for g in groups)
    flat = [c for g in groups for c in g]
    assert len(set(flat)) == 2 * n and set(flat) <= set(data.STARTING)


@pytest.mark.parametrize(("n", "returned"), [(2, 4), (3, 2), (4, 0)])
def test_the_starting_cards_no_group_holds_go_back_to_the_box_unseen(n, returned):
    """Seed setup step 13: "Return the remaining cards to the box"."""
    state = GAME.setup(n, 3)
    grouped = {c for g in state["start"]["groups"] for c in g}
    boxed = set(data.STARTING) - grouped
    assert len(boxed) == returned
    text = json.dumps(state)
    assert not [c for c in boxed if f'"{c}"' in text]


def test_starting_choice_goes_in_reverse_order_then_normal_order_with_the_other_action():
    """Seed, after setup step 13."""
    state = GAME.setup(3, 4)
    order = state["order"]
    first = []
    for seat in reversed(order):
        assert seat_now(state) == seat and types(state) == {"take_pair", "start_space"}
        state = act(state, {"type": "take_pair", "group": next(g for g, p in enumerate(state["start"]["groups"]) if p)})
        first.append(seat)
    for seat in order:
        assert seat_now(state) == seat and types(state) == {"start_space"}
        space = next(s for s, who in state["start"]["spaces"].items() if who is None)
        state = act(state, {"type": "start_space", "space": space})
    assert all(p["pilgrim"] in data.START_SPACES and len(p["cards"]) == 2 for p in state["players"])
    assert len({p["pilgrim"] for p in state["players"]}) == 3


def test_in_the_second_step_each_player_does_the_other_action_in_player_order():
    """Seed, after step 13: "everyone must take the other action in normal player order"."""
    state = GAME.setup(4, 6)
    order = state["order"]
    first = {}
    for i, seat in enumerate(reversed(order)):  # step 1: alternately a pair and a start space
        assert seat_now(state) == seat
        if i % 2:
            state = act(state, {"type": "start_space", "space": data.START_SPACES[i]})
            first[seat] = "start_space"
        else:
            state = act(state, {"type": "take_pair", "group": i})
            first[seat] = "take_pair"
    for seat in order:
        assert seat_now(state) == seat
        other = ({"take_pair", "start_space"} - {first[seat]}).pop()
        assert types(state) == {other}
        state = act(state, GAME.legal_actions(state, seat)[0])
    assert state["start"] is None
    assert all(len(p["cards"]) == 2 and p["pilgrim"] in data.START_SPACES for p in state["players"])


def test_starting_cards_are_filed_in_the_immediate_or_the_phase_c_zone():
    """Seed: an immediate bonus (teal banner) goes to the immediate zone, a Phase C bonus to its own zone."""
    state = GAME.setup(2, 1)
    state["start"]["groups"] = [["Hawker", "Notary"], ["Scribe", "Peddler"]]
    state = act(
        state,
        {"type": "take_pair", "group": 0},
        {"type": "take_pair", "group": 1},
        {"type": "start_space", "space": "C-NW"},
        {"type": "start_space", "space": "C-NE"},
    )
    zones = {c["id"]: c["zone"] for p in GAME.view(state, None)["players"] for c in p["cards"]}
    assert zones == {"Hawker": "immediate", "Notary": "phase_c", "Scribe": "immediate", "Peddler": "phase_c"}


def test_a_player_who_placed_the_pilgrim_first_must_take_a_pair_second():
    state = GAME.setup(2, 4)
    state = act(state, {"type": "start_space", "space": "C-NE"}, {"type": "take_pair", "group": 0})
    assert types(state) in ({"take_pair"}, {"start_space"})
    last = state["order"][-1]
    while state["phase"] == "start":
        if seat_now(state) == last:
            assert types(state) == {"take_pair"}
        state = act(state, GAME.legal_actions(state, seat_now(state))[0])


def test_a_taken_start_space_is_not_offered_again():
    state = GAME.setup(4, 4)
    state = act(state, {"type": "start_space", "space": "C-SW"})
    assert {"type": "start_space", "space": "C-SW"} not in GAME.legal_actions(state, seat_now(state))


def test_starting_cards_give_their_influence_and_immediate_bonuses():
    """Seed, "For each of your 2 starting character cards"."""
    state = GAME.setup(2, 1)
    state["start"]["groups"] = [["Hawker", "Sergeant"], ["Scribe", "Notary"]]
    state = act(
        state,
        {"type": "take_pair", "group": 0},
        {"type": "take_pair", "group": 1},
        {"type": "start_space", "space": "C-NW"},
        {"type": "start_space", "space": "C-NE"},
    )
    second, first = state["order"][1], state["order"][0]
    hawker = state["players"][second]  # reverse order: the second player chose first
    assert hawker["influence"]["orange"] == 1 and hawker["influence"]["gray"] == 1
    assert (hawker["coins"], hawker["guards"]) == (9, 9)
    scribe = state["players"][first]
    assert scribe["influence"]["green"] == 1 and scribe["influence"]["gray"] == 2
    assert scribe["vp"] == 1 and (scribe["coins"], scribe["guards"]) == (7, 7)  # Notary waits for Phase C
    assert GAME.view(state, None)["players"][first]["diplomas"] == 1


def test_the_novice_walks_the_pilgrim_from_its_start_space():
    state = GAME.setup(2, 1)
    state["start"]["groups"] = [["Novice", "Sergeant"], ["Scribe", "Notary"]]
    state = act(
        state,
        {"type": "take_pair", "group": 0},
        {"type": "take_pair", "group": 1},
        {"type": "start_space", "space": "C-NW"},
        {"type": "start_space", "space": "C-NE"},
    )
    assert types(state) == {"walk", "pass"} and state["pending"][-1]["data"]["steps"] == 1
