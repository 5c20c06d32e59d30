"""Tile powers of part B and the "A" expedition cards (ref §1.12-1.13, as data.py says)."""

from __future__ import annotations

from engines.goa import GAME, data
from tests.engines.goa.goa_helpers import act, at_actions, give_fields, seat_now


def own(state: dict, seat: int, name: str) -> str:
    """Moves the B tile called ``name`` from the B pile into a seat's kept tiles."""
    tile = next(t for t, i in data.TILES.items() if i["name"] == name and t in state["b_tiles"])
    state["b_tiles"].remove(tile)
    state["players"][seat]["tiles"].append(tile)
    return tile


def in_hand(state: dict, seat: int, effect: str) -> str:
    card = next(c for c in state["deck"] if data.CARDS[c]["effect"] == effect)
    state["deck"].remove(card)
    state["players"][seat]["hand"].append(card)
    return card


def test_espionage_makes_the_next_action_read_another_players_row():
    state = at_actions(3)
    s = seat_now(state)
    spied = (s + 1) % 3
    state["players"][spied]["rows"]["taxes"] = 5
    tile = own(state, s, "Espionage")
    before = state["players"][s]["ducats"]
    state = act(state, {"type": "use_tile", "tile": tile, "target": spied}, {"type": "taxes"})
    assert state["players"][s]["ducats"] == before + 10 and tile in state["gone"]


def test_vice_king_moves_the_least_advanced_marker_for_free():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"] = {"ships": 3, "harvest": 2, "taxes": 2, "expedition": 3, "colonists": 3}
    tile = own(state, s, "Vice-king")
    ships = state["players"][s]["ships"]
    state = act(state, {"type": "use_tile", "tile": tile})
    options = [a["option"] for a in GAME.legal_actions(state, s) if a["type"] == "choose"]
    assert options == ["column:harvest", "column:taxes"]
    state = act(state, {"type": "choose", "option": "column:taxes"})
    assert state["players"][s]["rows"]["taxes"] == 3 and state["players"][s]["ships"] == ships
    assert state["players"][s]["all_rows"] == [2]  # harvest still holds row 3 back


def test_extra_harvest_fills_up_to_three_plantations_completely():
    state = at_actions(3)
    s = seat_now(state)
    give_fields(state, s, [], empty=["ginger", "pepper", "clove", "nutmeg"])
    tile = own(state, s, "Extra harvest")
    state = act(state, {"type": "use_tile", "tile": tile})
    for _ in range(3):
        state = act(state, {"type": "choose", "option": GAME.legal_actions(state, s)[0]["option"]})
    assert [bool(f["spice"]) for f in state["players"][s]["fields"]] == [True, True, True, False]
    assert not state["pending"]


def test_resupply_takes_the_revealed_colonists_total_as_one_kind():
    state = at_actions(3)
    s = seat_now(state)
    tile = own(state, s, "Resupply")
    top = state["deck"][-2:]
    n = sum(data.CARDS[c]["colonists"] for c in top)
    ships = state["players"][s]["ships"]
    state = act(state, {"type": "use_tile", "tile": tile}, {"type": "choose", "option": "ships"})
    assert state["players"][s]["ships"] == ships + n and set(top) <= set(state["discard"])


def test_harvest_mix_card_takes_ships_and_colonists_as_well():
    state = at_actions(3)
    s = seat_now(state)
    card = in_hand(state, s, "harvest_mix")
    state["players"][s]["rows"]["harvest"] = 3  # 4
    p = state["players"][s]
    ships, colonists = p["ships"], p["colonists"]
    state = act(state, {"type": "harvest", "card": card})
    for option in ("ship", "ship", "colonist", "colonist"):
        state = act(state, {"type": "choose", "option": option})
    p = state["players"][s]
    assert (p["ships"], p["colonists"]) == (ships + 2, colonists + 2) and card in state["discard"]


def test_colony_card_reveals_a_third_card_after_the_first_two():
    state = at_actions(3)
    s = seat_now(state)
    card = in_hand(state, s, "colony3")
    state["players"][s]["colonists"] = 0
    low = [c for c in state["deck"] if data.CARDS[c]["colonists"] == 1][:2]
    for c in low:
        state["deck"].remove(c)
        state["deck"].append(c)
    state = act(state, {"type": "found", "colony": "Calicut"})
    assert {"type": "choose", "option": f"third:{card}"} in GAME.legal_actions(state, s)
    state = act(state, {"type": "choose", "option": f"third:{card}"})
    pend = state["pending"][-1]["data"]
    assert len(pend["cards"]) == 3 and pend["have"] > 2


def test_pay_to_progress_card_moves_a_marker_for_ducats():
    state = at_actions(3)
    s = seat_now(state)
    card = in_hand(state, s, "buy")
    cost = data.CARDS[card]["cost"]
    state["players"][s]["ducats"] = cost
    state = act(state, {"type": "play_card", "card": card, "column": "colonists"})
    p = state["players"][s]
    assert p["rows"]["colonists"] == 2 and p["ducats"] == 0 and seat_now(state) == s


def test_an_open_choice_is_a_pending_step_that_every_view_shows_flat_with_options_for_its_owner():
    state = at_actions(3)
    s = seat_now(state)
    give_fields(state, s, [], empty=["ginger", "pepper"])
    state = act(state, {"type": "use_tile", "tile": own(state, s, "Extra harvest")})
    assert state["pending"] == [{"seat": s, "kind": "harvest3", "data": {"left": 3}}]
    mine, other = GAME.view(state, s)["pending"], GAME.view(state, (s + 1) % 3)["pending"]
    assert mine[0]["kind"] == "harvest3" and mine[0]["left"] == 3 and mine[0]["options"]
    assert other == [{"kind": "harvest3", "seat": s, "left": 3}]
