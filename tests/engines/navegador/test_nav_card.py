"""The Navegador card: an extra Sailing before any rondel turn, passing right, expiring after a round."""

from __future__ import annotations

from engines.navegador import GAME
from tests.engines.navegador.nav_helpers import act, at_step, explore_region, finish_turn, kinds, legal, place, seat_now


def after_first_round(players: int = 3) -> dict:
    """Plays the first round calmly; returns the state before seat 0's second turn."""
    state = GAME.setup(players, 2)
    for _ in range(players):
        state = finish_turn(state)
    return state


def test_card_is_not_usable_in_the_first_round():
    state = GAME.setup(3, 2)
    for _ in range(3):
        assert kinds(state) == ["move"], "no card decision in the first round"
        state = finish_turn(state)
    assert kinds(state) == ["card"] and seat_now(state) == 2


def test_card_holder_may_sail_before_any_players_turn():
    state = after_first_round()
    assert state["current"] == 0 and seat_now(state) == 2, "the holder decides before seat 0's turn"
    assert legal(state) == [{"type": "use_card"}, {"type": "keep_card"}]
    state = act(state, {"type": "use_card"})
    step = state["pending"][-1]
    assert step["kind"] == "sailing" and step["seat"] == 2 and step["data"]["card"]


def test_card_kept_changes_nothing_and_the_turn_goes_on():
    state = after_first_round()
    before = {k: state[k] for k in ("card", "regions", "players")}
    state = act(state, {"type": "keep_card"})
    assert {k: state[k] for k in ("card", "regions", "players")} == before
    assert kinds(state) == ["move"] and seat_now(state) == 0


def test_card_passes_to_the_right_after_use():
    state = after_first_round()
    state = act(state, {"type": "use_card"}, {"type": "done"})
    assert state["card"]["holder"] == 1 and state["card"]["travelled"] == 0
    assert state["card"]["marker"] == state["stones"][1], "the orange ship goes to the new holder's stone"
    assert kinds(state) == ["move"] and seat_now(state) == 0


def test_card_extra_sailing_follows_normal_rules_and_can_explore():
    state = after_first_round()
    place(state, 2, {"portugal": 2})
    state = act(state, {"type": "use_card"})
    assert {"type": "explore", "region": "guine", "ships": ["portugal", "portugal"]} in legal(state)
    state = act(state, {"type": "explore", "region": "guine", "ships": ["portugal", "portugal"]})
    assert state["players"][2]["explorers"] == ["guine"]


def test_card_expires_after_a_full_round_of_the_rondel():
    state = at_step(3, 2, "move")
    state["stones"][2] = 0
    state["card"] = {"holder": 2, "marker": 2, "travelled": 3}
    place(state, 2, {})
    state = act(state, {"type": "move", "field": 3})  # 3 + 3 = 6 fields: not round yet
    assert state["card"]["holder"] == 2
    state = finish_turn(state)
    state = at_step(3, 2, "move")
    state["stones"][2] = 1
    state["card"] = {"holder": 2, "marker": 2, "travelled": 6}
    place(state, 2, {})
    state = act(state, {"type": "move", "field": 3})  # passes the orange ship on field 2
    assert state["card"]["holder"] == 1
    assert any(line["key"] == "nav.card_expires" for line in state["log"])


def test_phase_reached_with_the_card_applies_to_the_following_rondel_turn():
    state = after_first_round()
    place(state, 2, {"angola": 2, "portugal": 1})
    explore_region(state, "angola")
    explore_region(state, "guine")  # a ship that may still sail keeps the sailing open
    state = act(state, {"type": "use_card"}, {"type": "explore", "region": "cabo", "ships": ["angola", "angola"]})
    assert state["phase"] == 1 and state["phase_next"] == 2
    state = act(state, {"type": "done"})
    assert state["phase"] == 2 and kinds(state) == ["move"] and seat_now(state) == 0


def test_a_field_with_nothing_to_do_closes_by_itself():
    state = at_step(2, 0, "move")
    state["stones"][0] = 2
    state = act(state, {"type": "move", "field": 3})  # Colony, but nothing is revealed
    assert state["turn"] == 3 and state["current"] == 1
    assert state["log"][-1]["key"] in ("nav.moves", "nav.final_turn"), "no line beyond the move"


def test_card_is_not_offered_to_a_holder_without_ships_on_the_board():
    state = GAME.setup(3, 2)
    for _ in range(2):
        state = finish_turn(state)
    place(state, 2, {})
    state = finish_turn(state)  # seat 2's first turn; the round is over
    assert kinds(state) == ["move"] and seat_now(state) == 0, "nothing to sail: no decision is asked"


def test_card_sailing_comes_before_the_turn_so_the_holder_may_explore_in_both():
    # Seed: "one new sea region per turn"; the card's sailing is "immediately before" a turn, not in
    # it, so the holder's own Sailing may explore again (ref §1.6: "two explorers").
    state = at_step(3, 2, "move")
    state["pending"] = [{"seat": 2, "kind": "card", "data": {"before": 2}}]
    state["stones"][2] = 7
    place(state, 2, {"portugal": 4})
    state = act(
        state, {"type": "use_card"}, {"type": "explore", "region": "guine", "ships": ["portugal"] * 2}, {"type": "done"}
    )
    assert state["card"]["holder"] == 1 and kinds(state) == ["move"] and seat_now(state) == 2
    state = act(state, {"type": "move", "field": 0}, {"type": "explore", "region": "bahia", "ships": ["portugal"] * 2})
    assert state["players"][2]["explorers"] == ["guine", "bahia"]
    assert legal(state, "explore") == [], "still one exploration in the rondel turn"
