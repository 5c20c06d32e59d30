"""Seed phase 1, "Place Auction Markers": the flag, the chain of markers and new chains."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.goa import GAME
from tests.engines.goa.goa_helpers import act, seat_now


def test_flag_goes_on_an_empty_space_or_the_edge_next_to_a_tile():
    state = GAME.setup(3, 1)
    spots = {(a["row"], a["col"]) for a in GAME.legal_actions(state, seat_now(state))}
    # A full grid: only edge spaces orthogonally next to the grid (no outside corners).
    assert len(spots) == 20 and (-1, 0) in spots and (-1, -1) not in spots
    state["grid"][2][2] = None  # a bought tile leaves an empty space
    spots = {(a["row"], a["col"]) for a in GAME.legal_actions(state, seat_now(state))}
    assert (2, 2) in spots


def test_flag_needs_a_tile_orthogonally_adjacent():
    state = GAME.setup(3, 1)
    for c in range(5):
        state["grid"][0][c] = None
    state["grid"][1][1] = None
    spots = {(a["row"], a["col"]) for a in GAME.legal_actions(state, seat_now(state))}
    assert (-1, 2) not in spots  # the edge above an emptied row touches no tile
    assert (0, 1) not in spots  # every orthogonal neighbour is an emptied space
    assert (0, 0) in spots and (1, 1) in spots
    with pytest.raises(IllegalAction):
        act(state, {"type": "place_flag", "row": -1, "col": 2})


def test_flag_on_a_tile_is_rejected():
    state = GAME.setup(3, 1)
    with pytest.raises(IllegalAction):
        act(state, {"type": "place_flag", "row": 2, "col": 2})


def test_marker_2_goes_on_a_tile_adjacent_or_diagonal_to_the_flag():
    state = GAME.setup(3, 1)
    state["grid"][2][2] = None
    state = act(state, {"type": "place_flag", "row": 2, "col": 2})
    assert seat_now(state) == (state["flag"] + 1) % 3
    spots = {(a["row"], a["col"]) for a in GAME.legal_actions(state, seat_now(state))}
    assert spots == {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)} - {(2, 2)}


def test_next_markers_go_on_empty_tiles_next_to_the_previous_marker():
    state = GAME.setup(4, 1)
    state = act(state, {"type": "place_flag", "row": -1, "col": 0}, {"type": "place_marker", "row": 0, "col": 0})
    spots = {(a["row"], a["col"]) for a in GAME.legal_actions(state, seat_now(state))}
    assert spots == {(0, 1), (1, 0), (1, 1)}  # (0, 0) holds marker 2
    with pytest.raises(IllegalAction):
        act(state, {"type": "place_marker", "row": 3, "col": 3})


def test_flag_holder_places_the_highest_marker_last():
    state = GAME.setup(4, 1)
    flag = state["flag"]
    placers = []
    for _ in range(5):
        placers.append(seat_now(state))
        state = act(state, GAME.legal_actions(state, seat_now(state))[0])
    assert placers == [flag, (flag + 1) % 4, (flag + 2) % 4, (flag + 3) % 4, flag]
    assert [m["n"] for m in state["markers"] if m["seat"] == flag] == [1, 5]


def test_player_with_no_free_adjacent_tile_starts_a_new_chain_anywhere():
    state = GAME.setup(3, 1)
    # Leave only the corner tile (0, 0) near the flag's spot at the edge.
    for r in range(5):
        for c in range(5):
            if (r, c) in ((0, 0), (4, 4), (3, 4)):
                continue
            state["grid"][r][c] = None
    state = act(state, {"type": "place_flag", "row": -1, "col": 0}, {"type": "place_marker", "row": 0, "col": 0})
    spots = {(a["row"], a["col"]) for a in GAME.legal_actions(state, seat_now(state))}
    assert spots == {(3, 4), (4, 4)}  # nothing next to (0, 0): any empty tile
