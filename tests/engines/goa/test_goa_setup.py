"""Seed "Preparation": tiles, markers, success markers, supplies, the tiger and the flag."""

from __future__ import annotations

import pytest

from engines.goa import GAME, data
from tests.engines.goa.goa_helpers import act, seat_now, until


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_lays_25_of_the_27_shuffled_a_tiles_and_boxes_2_unseen(players):
    state = GAME.setup(players, 7)
    laid = [t for row in state["grid"] for t in row]
    assert len(laid) == 25 and all(t.startswith("A") for t in laid)
    assert len(state["boxed"]) == 2 and set(laid) | set(state["boxed"]) == {t for t in data.TILES if t[0] == "A"}
    other = GAME.setup(players, 8)
    assert [t for row in other["grid"] for t in row] != laid  # shuffled by the seed


def test_b_tiles_wait_in_the_box_for_part_b():
    state = GAME.setup(3, 1)
    assert sorted(state["b_tiles"]) == sorted(t for t in data.TILES if t[0] == "B")
    assert len(state["b_tiles"]) == 27


@pytest.mark.parametrize(("players", "highest"), [(2, 3), (3, 4), (4, 5)])
def test_auction_markers_run_1_to_players_plus_one(players, highest):
    state = GAME.setup(players, 2)
    state = until(state, lambda s: s["phase"] == "auction")
    placed = [m["n"] for m in state["markers"]]
    assert placed == list(range(1, highest + 1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_five_success_markers_start_in_the_top_row(players):
    state = GAME.setup(players, 3)
    for p in state["players"]:
        assert p["rows"] == {c: 1 for c in data.COLUMNS}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_4_ships_and_2_colonists(players):
    state = GAME.setup(players, 4)
    assert all((p["ships"], p["colonists"]) == (4, 2) for p in state["players"])


@pytest.mark.parametrize("seed", range(6))
def test_tiger_flipper_starts_with_the_flag_and_7_ducats_others_10(seed):
    state = GAME.setup(4, seed)
    flipped = state["discard"]
    assert data.CARDS[flipped[-1]]["symbol"] == data.TIGER
    assert all(data.CARDS[c]["symbol"] != data.TIGER for c in flipped[:-1])
    # Seat 0 flips first, then clockwise: the tiger's flipper is seat (flips-1) mod n.
    starter = (len(flipped) - 1) % 4
    assert state["flag"] == starter and seat_now(state) == starter
    assert [p["ducats"] for p in state["players"]] == [7 if s == starter else 10 for s in range(4)]


def test_flipped_expedition_cards_are_discarded():
    state = GAME.setup(2, 5)
    assert state["discard"] and len(state["deck"]) + len(state["discard"]) == 30
    assert all(p["hand"] == [] for p in state["players"])


def test_starting_player_places_the_flag_first():
    state = GAME.setup(3, 9)
    legal = GAME.legal_actions(state, state["flag"])
    assert legal and all(a["type"] == "place_flag" for a in legal)
    state = act(state, legal[0])
    assert state["flag_pos"] == [legal[0]["row"], legal[0]["col"]]
