"""Phase F (one voyage a round), the end of round, and the end of the game after round 4."""

from __future__ import annotations

import pytest

from engines.coimbra import GAME, data
from engines.core import IllegalAction
from tests.engines.coimbra.co_helpers import act, at_phase, seat_now, until


def test_phase_f_goes_in_player_order_and_funding_is_optional():
    """Ref §1.4 and §3.8 (the seed ends in Phase E)."""
    state = at_phase("voyage", 3, seed=2)
    seen = []
    while state["phase"] == "voyage":
        seen.append(seat_now(state))
        assert {"type": "pass"} in GAME.legal_actions(state, seat_now(state))
        state = act(state, {"type": "pass"})
    assert seen == at_phase("voyage", 3, seed=2)["order"]


def test_funding_a_voyage_pays_its_cost_in_its_currency():
    state = at_phase("voyage", 4, seed=2)
    seat, voyage = seat_now(state), state["voyages"][0]
    info = data.VOYAGES[voyage]
    state["players"][seat].update(coins=10, guards=10, discount=0)
    state = act(state, {"type": "fund", "voyage": voyage})
    assert state["players"][seat][info["currency"]] == 10 - info["cost"]
    assert state["funders"][voyage] == [seat] and state["players"][seat]["voyages"] == [voyage]


def test_a_voyage_you_cannot_pay_for_is_not_offered():
    state = at_phase("voyage", 4, seed=2)
    seat = seat_now(state)
    state["players"][seat].update(coins=0, guards=0, discount=0)
    assert GAME.legal_actions(state, seat) == [{"type": "pass"}]


def test_the_voyage_discount_lowers_the_next_voyage_and_is_used_up():
    state = at_phase("voyage", 4, seed=2)
    seat, voyage = seat_now(state), state["voyages"][0]
    state["players"][seat].update(coins=20, guards=20, discount=4)
    state = act(state, {"type": "fund", "voyage": voyage})
    me = state["players"][seat]
    assert me[data.VOYAGES[voyage]["currency"]] == 20 - max(0, data.VOYAGES[voyage]["cost"] - 4)
    assert me["discount"] == 0


def test_a_player_funds_each_voyage_at_most_once():
    state = at_phase("voyage", 2, seed=2)
    seat, voyage = seat_now(state), state["voyages"][0]
    state["funders"][voyage] = [seat]
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, {"type": "fund", "voyage": voyage})


def test_the_end_of_round_returns_the_tiles_and_deals_twelve_new_cards_with_crown_tokens():
    """Ref §3.11 clean-up, §3.2 (U11)."""
    state = at_phase("voyage", 4, seed=2)
    state = until(state, lambda s: s["round"] == 2)
    assert state["tiles"] == list(data.TILES) and state["phase"] == "place"
    assert [len(state["rows"][c]) for c in data.CITIES] == [4, 4, 4]
    assert len(state["deck"]) == 24 and state["crowns"]
    assert all(
        p["tiles"] == [] and p["tokens"] == 0 and not p["extra_die"] and p["board"] == [] for p in state["players"]
    )
    assert sorted(state["area"]) == sorted(state["dice"])


def test_rounds_three_and_four_deal_the_back_three_cards():
    state = until(GAME.setup(3, 4), lambda s: s["round"] == 3 and s["phase"] == "place")
    assert all(data.CARDS[c]["back"] == "III" for city in data.CITIES for c in state["rows"][city])


def test_the_game_ends_after_phase_f_of_round_four():
    """Ref §3.12, game end."""
    state = until(GAME.setup(2, 4), lambda s: s["round"] == 4 and s["phase"] == "voyage")
    state = until(state, lambda s: s.get("over"))
    assert state["round"] == 4 and state["deck"] == [] and GAME.to_act(state) == set()
    assert GAME.outcome(state) is not None


def test_the_extra_die_tile_goes_back_onto_the_chancery_each_round():
    state = at_phase("voyage", 4, seed=2)
    state["players"][seat_now(state)].update(extra_die=True, extra_used=True, tiles=["chancery"])
    state["tiles"] = ["treasury"]
    state = until(state, lambda s: s["round"] == 2)
    assert "chancery" in state["tiles"] and not any(p["extra_die"] for p in state["players"])
    assert [t for t in GAME.view(state, None)["tiles"] if t["extra_die"]] == [
        {"id": "chancery", "crowns": 2, "bonus": {"vp": 1}, "extra_die": True}
    ]
