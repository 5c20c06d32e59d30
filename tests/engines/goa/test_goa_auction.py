"""Seed phase 2, "Tile Auction": order, one bid each, payments, the flag."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.goa import GAME
from tests.engines.goa.goa_helpers import act, seat_now, until
from tests.engines.words import read


def at_auction(players: int = 3, seed: int = 1) -> dict:
    """Returns the flag auction of round 1."""
    return until(GAME.setup(players, seed), lambda s: s["phase"] == "auction")


def public_lines(state: dict) -> list[str]:
    return read(GAME, [e for e in state["log"] if e["to"] is None])


def test_auctions_run_in_marker_order_flag_first():
    state = at_auction(3)
    seen = []
    while state["phase"] == "auction":
        a = state["auction"]
        if not seen or seen[-1] != a["marker"]:
            seen.append(a["marker"])
        state = act(state, {"type": "pass"})
        state = until(state, lambda s: not s["pending"])
    assert seen == [1, 2, 3, 4]


def test_auctioneer_opens_at_0_others_speak_clockwise_and_the_auctioneer_last():
    state = at_auction(4)
    a = state["auction"]
    s = a["auctioneer"]
    assert a["item"] == "flag" and a["high"] == 0 and s == state["flag"]
    order = []
    for amount in (1, 2, 3):
        order.append(seat_now(state))
        state = act(state, {"type": "bid", "amount": amount})
    order.append(seat_now(state))
    assert order == [(s + 1) % 4, (s + 2) % 4, (s + 3) % 4, s]


def test_bid_must_be_higher_than_the_last():
    state = at_auction(3)
    state = act(state, {"type": "bid", "amount": 4})
    legal = GAME.legal_actions(state, seat_now(state))
    assert min(a["amount"] for a in legal if a["type"] == "bid") == 5
    with pytest.raises(IllegalAction):
        act(state, {"type": "bid", "amount": 4})


def test_bids_are_bounded_by_own_ducats():
    state = at_auction(3)
    bidder = seat_now(state)
    state["players"][bidder]["ducats"] = 6
    legal = GAME.legal_actions(state, bidder)
    assert max(a["amount"] for a in legal if a["type"] == "bid") == 6
    assert {"type": "pass"} in legal
    with pytest.raises(IllegalAction):
        act(state, {"type": "bid", "amount": 7})


def test_winner_pays_the_auctioneer():
    state = at_auction(3)
    s = state["auction"]["auctioneer"]
    bidder = seat_now(state)
    before = [p["ducats"] for p in state["players"]]
    state = act(state, {"type": "bid", "amount": 3}, {"type": "pass"}, {"type": "pass"})
    assert state["players"][bidder]["ducats"] == before[bidder] - 3
    assert state["players"][s]["ducats"] == before[s] + 3


def test_auctioneer_who_wins_pays_the_bank():
    state = at_auction(3)
    s = state["auction"]["auctioneer"]
    before = [p["ducats"] for p in state["players"]]
    state = act(state, {"type": "bid", "amount": 2}, {"type": "pass"}, {"type": "bid", "amount": 3})
    after = [p["ducats"] for p in state["players"]]
    assert after[s] == before[s] - 3 and sum(after) == sum(before) - 3  # to the bank
    assert state["flag"] == s


def test_auctioneer_bid_must_be_higher_than_the_previous_one_like_everyone():
    state = at_auction(3)
    s = state["auction"]["auctioneer"]
    state = act(state, {"type": "bid", "amount": 2}, {"type": "pass"})
    bids = [a["amount"] for a in GAME.legal_actions(state, s) if a["type"] == "bid"]
    assert min(bids) == 3 and max(bids) == state["players"][s]["ducats"]
    with pytest.raises(IllegalAction):
        act(state, {"type": "bid", "amount": 2})  # matching is not enough (seed)


def test_option_auctioneer_may_match_the_high_bid_keeps_the_item_on_a_tie():
    state = until(GAME.setup(3, 1, {"auctioneer_may_match": True}), lambda s: s["phase"] == "auction")
    s = state["auction"]["auctioneer"]
    before = [p["ducats"] for p in state["players"]]
    state = act(state, {"type": "bid", "amount": 2}, {"type": "pass"})
    assert [a for a in GAME.legal_actions(state, s) if a["type"] == "bid"] == [{"type": "bid", "amount": 2}]
    with pytest.raises(IllegalAction):
        act(state, {"type": "bid", "amount": 3})
    state = act(state, {"type": "bid", "amount": 2})
    after = [p["ducats"] for p in state["players"]]
    assert after[s] == before[s] - 2 and sum(after) == sum(before) - 2 and state["flag"] == s


def test_auctioneer_may_match_is_off_by_default_and_a_bad_option_is_refused():
    assert GAME.setup(3, 1)["auctioneer_may_match"] is False
    with pytest.raises(ValueError):
        GAME.setup(3, 1, {"auctioneer_may_match": "sometimes", "x": 1})


def test_if_all_pass_the_auctioneer_takes_it_free():
    state = at_auction(3)
    s = state["auction"]["auctioneer"]
    before = [p["ducats"] for p in state["players"]]
    state = act(state, {"type": "pass"}, {"type": "pass"})
    # Nobody bid: no question is put to the auctioneer.
    assert state["auction"]["marker"] == 2
    assert [p["ducats"] for p in state["players"]] == before and state["flag"] == s


def test_flag_winner_takes_an_additional_action_card_and_becomes_starting_player():
    state = at_auction(3)
    bidder = seat_now(state)
    state = act(state, {"type": "bid", "amount": 1}, {"type": "pass"}, {"type": "pass"})
    assert state["flag"] == bidder and state["players"][bidder]["extra"] == 1
    state = until(state, lambda s: s["phase"] == "actions")
    assert state["turn"]["seat"] == bidder


def test_tile_winner_takes_the_tile_off_the_grid():
    state = at_auction(3)
    state = act(state, {"type": "pass"}, {"type": "pass"})
    tile = state["auction"]["item"]
    bidder = seat_now(state)
    state = act(state, {"type": "bid", "amount": 1}, {"type": "pass"}, {"type": "pass"})
    state = until(state, lambda s: not s["pending"])
    p = state["players"][bidder]
    assert tile not in [t for row in state["grid"] for t in row]
    assert tile in p["plantations"] + p["tiles"] + state["gone"]


def test_bids_and_payments_are_public_log_lines():
    state = at_auction(3)
    s = state["auction"]["auctioneer"]
    bidder = seat_now(state)
    state = act(state, {"type": "bid", "amount": 3}, {"type": "pass"}, {"type": "pass"})
    lines = public_lines(state)
    assert f"{{P{bidder}}} bids 3." in lines
    assert any(t.startswith(f"{{P{bidder}}} won the flag for 3 ducats, paid to {{P{s}}}") for t in lines)
