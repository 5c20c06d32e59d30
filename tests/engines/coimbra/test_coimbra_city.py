"""Phase C: the castle, then the upper, central and lower city, each left to right."""

from __future__ import annotations

import pytest

from engines.coimbra import GAME
from engines.core import IllegalAction
from tests.engines.coimbra.co_helpers import act, seat_now, staged, types


def test_phase_c_resolves_castle_then_upper_central_lower_each_left_to_right():
    """Seed Phase C, the order of evaluation."""
    state = staged(
        4,
        [
            ("lower", 0, "gray1", 6),
            ("upper", 1, "gray2", 2),
            ("castle", 2, "gray3", 5),
            ("upper", 3, "orange1", 4),
            ("central", 0, "orange2", 1),
            ("castle", 1, "orange3", 1),
        ],
    )
    seen = []
    while state["phase"] == "resolve":
        seen.append(seat_now(state))
        state = act(state, {"type": "alternative"})
    assert seen == [1, 2, 3, 1, 0, 0]


def test_a_castle_die_takes_a_benefit_tile_free_with_its_immediate_bonus():
    """Seed Phase C, "In the Castle"; tile values ref §3.4."""
    state = staged(4, [("castle", 0, "gray1", 3)])
    assert types(state) == {"take_tile", "alternative"}
    coins = state["players"][0]["coins"]
    state = act(state, {"type": "take_tile", "tile": "treasury"})
    me = state["players"][0]
    assert me["coins"] == coins + 3 and me["tiles"] == ["treasury"]
    assert "treasury" not in state["tiles"]


def test_the_lowest_castle_die_chooses_first_and_a_taken_tile_is_gone():
    state = staged(4, [("castle", 0, "gray1", 5), ("castle", 1, "gray2", 2)])
    assert seat_now(state) == 1
    state = act(state, {"type": "take_tile", "tile": "armoury"})
    assert seat_now(state) == 0
    assert [a["tile"] for a in GAME.legal_actions(state, 0) if a["type"] == "take_tile"] == [
        "treasury",
        "chancery",
        "chapel",
    ]


def test_the_chancery_brings_the_extra_die_tile():
    state = staged(4, [("castle", 0, "gray1", 5)])
    state = act(state, {"type": "take_tile", "tile": "chancery"})
    assert state["players"][0]["extra_die"] and state["players"][0]["vp"] == 1


@pytest.mark.parametrize(("card", "pays", "keeps"), [("G01", "coins", "guards"), ("O01", "guards", "coins")])
def test_buying_a_character_costs_the_die_value_in_the_currency_of_its_icon(card, pays, keeps):
    """Seed Phase C, "Buy a character card": "cost is determined by the icon in the upper left corner
    (guards or coins) and the value of your activated die". G01 shows coins, O01 guards; each one's
    own bonus gives 3 of the other."""
    state = staged(4, [("central", 0, "gray1", 3)], rows={"central": [card, "S06", "S03", "P03"]})
    state = act(state, {"type": "buy", "card": card})
    me = state["players"][0]
    assert me[pays] == 7 - 3 and me[keeps] == 7 + 3
    assert card in me["cards"] and card not in state["rows"]["central"]


def test_a_character_you_cannot_pay_for_is_not_offered():
    state = staged(4, [("upper", 0, "gray1", 6)], rows={"upper": ["G01", "O01", "G02", "O03"]})
    state["players"][0].update(coins=5, guards=6)  # G01 costs coins; O01, G02, O03 cost guards
    assert [a["card"] for a in GAME.legal_actions(state, 0) if a["type"] == "buy"] == ["O01", "G02", "O03"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "buy", "card": "G01"})


def test_a_city_die_buys_only_from_the_row_beside_its_city():
    state = staged(4, [("central", 0, "gray1", 1)])
    legal = {a.get("card") for a in GAME.legal_actions(state, 0)} - {None}
    assert legal == set(state["rows"]["central"])


def bought(card: str, *, cards: tuple[str, ...] = (), seed: int = 1) -> dict:
    """Returns the state after seat 0 buys ``card`` (put first in the upper row) with a 1."""
    state = staged(4, [("upper", 0, "gray1", 1)], seed=seed)
    state["rows"]["upper"][0] = card
    state["players"][0]["cards"] += list(cards)
    return act(state, {"type": "buy", "card": card})


def test_a_bought_character_advances_its_track_by_its_influence():
    """Seed Phase C: "immediately gain its influence value"."""
    state = bought("G06")
    assert state["players"][0]["influence"]["gray"] == 4


def test_an_immediate_bonus_is_received_once_when_bought():
    state = bought("O01")  # +3 coins, costs 1 guard
    me = state["players"][0]
    assert (me["coins"], me["guards"]) == (10, 6)


def test_phase_e_and_end_game_cards_wait_in_their_zones():
    """Seed Phase C: cards are filed by bonus kind."""
    state = bought("S02")
    assert state["players"][0]["vp"] == 0
    zones = {c["id"]: c["zone"] for c in GAME.view(state, 0)["players"][0]["cards"]}
    assert zones["S02"] == "phase_e"
    assert {c["id"]: c["zone"] for c in GAME.view(bought("G03"), 0)["players"][0]["cards"]}["G03"] == "end"


def test_a_starting_cards_phase_c_bonus_pays_when_you_buy_a_card_of_its_colour():
    """Seed Phase C: "check if the acquired card activated the Phase C bonus"."""
    state = bought("G06", cards=("Notary",))
    assert state["players"][0]["guards"] == 7 + 1 + 1  # Captain +1, Notary +1
    state = bought("O06", cards=("Notary",))
    assert state["players"][0]["guards"] == 7 - 1


def test_the_chaplains_phase_c_bonus_walks_the_pilgrim():
    state = bought("P02", cards=("Chaplain",))
    assert state["pending"][-1]["kind"] == "walk" and state["pending"][-1]["data"]["steps"] == 1


def test_the_crown_token_on_a_bought_card_is_taken():
    """Seed Phase C, the crown token."""
    state = staged(4, [("upper", 0, "gray1", 1)])
    card = state["rows"]["upper"][0]
    state["crowns"] = [card]
    state = act(state, {"type": "buy", "card": card})
    assert state["players"][0]["tokens"] == 1 and state["crowns"] == []


def test_the_alternative_gives_two_coins_and_two_guards_unless_you_ask_for_less():
    """Seed Phase C, "Alternative Action": the full amounts are the default."""
    state = staged(4, [("lower", 0, "gray1", 4)])
    state = act(state, {"type": "alternative"})
    me = state["players"][0]
    assert (me["coins"], me["guards"]) == (9, 9)


def test_the_alternative_gains_up_to_two_coins_and_up_to_two_guards_as_you_choose():
    """Seed Phase C: "gain up to 2 coins AND up to 2 guards" -- each amount is the player's choice."""
    state = staged(4, [("lower", 0, "gray1", 4)])
    offered = {(a["coins"], a["guards"]) for a in GAME.legal_actions(state, 0) if a["type"] == "alternative"}
    assert offered == {(c, g) for c in range(3) for g in range(3)}
    state = act(state, {"type": "alternative", "coins": 1, "guards": 0})
    me = state["players"][0]
    assert (me["coins"], me["guards"]) == (8, 7)
    line = next(x for x in state["log"] if x["key"] == "co.alternative")
    assert (line["args"]["coins"], line["args"]["guards"]) == (1, 0)


def test_the_alternative_may_not_give_more_than_two_of_either():
    state = staged(4, [("lower", 0, "gray1", 4)])
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "alternative", "coins": 3, "guards": 0})


def test_the_alternative_is_always_offered_even_to_a_player_who_can_afford_nothing():
    state = staged(4, [("upper", 0, "gray1", 6)])
    state["players"][0].update(coins=0, guards=0)
    assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"alternative"}


def test_a_resolved_die_goes_to_its_owners_board():
    state = staged(4, [("upper", 0, "gray1", 4)])
    state = act(state, {"type": "alternative"})
    assert state["players"][0]["placed"] == []
    assert [d["id"] for d in state["players"][0]["board"]] == ["gray1"]


def test_a_die_token_discards_the_highest_influence_card_leftmost_of_equals():
    """Seed Phase C, "Important (games with fewer than 4 players)"."""
    # Two players: the upper city's tokens 3 and 2 act before the 1; influence 2, 4, 4, 2.
    state = staged(2, [("upper", 0, "gray1", 1)], seed=3, rows={"upper": ["S01", "G06", "O06", "P01"]})
    assert state["discard"] == ["G06", "O06"] and state["rows"]["upper"] == ["S01", "P01"]


def test_a_die_token_acts_in_its_place_between_players_dice():
    """Seed Phase C: the token acts when it is the leftmost die, then "continue activating the next
    leftmost die". Three players: the central token 4 stands between a 5 and a 2."""
    state = staged(
        3,
        [("central", 0, "gray1", 5), ("central", 1, "gray2", 2)],
        seed=3,
        rows={"central": ["S01", "G06", "O06", "P01"]},
    )
    assert [e["value"] for e in state["city"]["central"]] == [5, 4, 2]
    assert seat_now(state) == 0 and state["rows"]["central"] == ["S01", "G06", "O06", "P01"]
    before = list(state["discard"])  # the upper city's token and leftover cards went first
    state = act(state, {"type": "buy", "card": "S01"})
    assert state["discard"] == [*before, "G06"] and state["rows"]["central"] == ["O06", "P01"]
    assert seat_now(state) == 1


def test_die_tokens_act_when_leftmost_then_flip_and_turn_up_after_the_location():
    state = staged(2, [("upper", 0, "gray1", 1)], seed=3)
    upper = state["city"]["upper"]
    assert [e["used"] for e in upper if e["seat"] is None] == [True, True]
    assert len(state["discard"]) == 2 and len(state["rows"]["upper"]) == 2
    state = act(state, {"type": "alternative"})
    assert all(not e["used"] for e in state["city"]["upper"])


def test_a_die_token_with_no_card_left_discards_nothing():
    state = staged(
        2,
        [("upper", 0, "gray1", 6), ("upper", 1, "gray2", 6), ("upper", 0, "orange1", 6), ("upper", 1, "orange2", 6)],
        seed=3,
    )
    for _ in range(4):
        state["players"][seat_now(state)].update(coins=20, guards=20)
        card = next(a for a in GAME.legal_actions(state, seat_now(state)) if a["type"] == "buy")
        state = act(state, card)
        while state["pending"]:
            state = act(state, GAME.legal_actions(state, seat_now(state))[-1])
    assert any(line["key"] == "co.token_nothing" for line in state["log"])


def test_leftover_cards_of_a_city_are_discarded_once_its_dice_are_done():
    """Seed Phase C, last paragraph."""
    state = staged(4, [("upper", 0, "gray1", 4), ("lower", 1, "gray2", 4)])
    upper = list(state["rows"]["upper"])
    state = act(state, {"type": "alternative"})
    assert state["rows"]["upper"] == [] and state["discard"][:4] == upper
    assert len(state["rows"]["lower"]) == 4


def test_a_crown_token_on_a_discarded_card_goes_back_to_the_supply():
    state = staged(4, [("lower", 0, "gray1", 4)], rows={"upper": ["G01", "G02", "G03", "G04"]}, crowns=["G01"])
    assert "G01" in state["discard"] and state["crowns"] == []


def test_refusals_carry_the_games_own_reason_key():
    state = staged(4, [("upper", 0, "gray1", 6)], rows={"upper": ["G01", "O01", "G02", "O02"]})
    state["players"][0].update(coins=2, guards=2)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "buy", "card": "G01"})  # costs 6 coins
    assert err.value.key == "co.err.short_coins"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "buy", "card": "S01"})
    assert err.value.key == "co.err.not_in_row"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "fund", "voyage": "V1"})
    assert err.value.key == "co.err.wrong_phase"
