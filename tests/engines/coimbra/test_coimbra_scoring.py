"""Final scoring (ref §3.10): tracks by rank, voyages, end-game cards and monasteries, diplomas,
coins and guards; ties by coins and guards, then the later place in the player order."""

from __future__ import annotations

from typing import cast

from engines.coimbra import GAME
from engines.coimbra.scoring import end_vp, final_scores, track_vp
from tests.engines.coimbra.co_helpers import until


def finished(players: int = 4, seed: int = 3) -> dict:
    state = until(GAME.setup(players, seed), lambda s: s.get("over"))
    for p in state["players"]:
        p.update(
            vp=0,
            coins=0,
            guards=0,
            cards=[],
            voyages=[],
            visited=[],
            influence={"gray": 0, "orange": 0, "purple": 0, "green": 0},
        )
    return state


def test_tracks_score_by_rank_on_the_four_player_side():
    state = finished(4)
    state["scoring_tiles"] = {"gray": "A", "orange": "B", "purple": "C", "green": "D"}
    for seat, level in enumerate((9, 5, 5, 0)):
        state["players"][seat]["influence"]["gray"] = level
    # A pays 14 / 8 / 4: seats 1 and 2 share second (8 each), no third; seat 3 has no influence.
    assert track_vp(state) == [14, 8, 8, 0]


def test_tracks_pay_first_and_second_only_on_the_two_three_side():
    state = finished(3)
    state["scoring_tiles"] = {"gray": "B", "orange": "A", "purple": "C", "green": "D"}
    for seat, level in enumerate((3, 2, 1)):
        state["players"][seat]["influence"]["gray"] = level
    assert track_vp(state) == [9, 3, 0]


def test_voyages_score_each_funder_by_the_cards_rule():
    state = finished(2)
    me = state["players"][0]
    me.update(cards=["G01", "G02", "Notary"], voyages=["V1", "V15"], coins=3)
    out = final_scores(state)
    assert out["breakdown"][0]["voyages"] == 2 * 3 + 8


def test_end_game_cards_score_their_rule():
    state = finished(2)
    state["players"][0].update(cards=["G03", "G01", "S12", "S01"], guards=4)
    out = final_scores(state)
    assert out["breakdown"][0]["cards"] == 2 * 2 + 3  # Alderman: 2 gray cards; Professor: 2 + 1 diplomas


def test_end_game_monasteries_score_their_rule():
    state = finished(2)
    state["sites"]["II1"] = "II-6"
    state["players"][0]["visited"] = ["I1", "I2", "II1"]
    assert final_scores(state)["breakdown"][0]["monasteries"] == 3


def test_diploma_sets_score_one_three_six_ten_fifteen_twenty_one():
    state = finished(2)
    expected = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21}
    greens = ["S01", "S02", "S03", "S04", "S05", "S06", "S07"]
    for count, vp in expected.items():
        state["players"][0]["cards"] = greens[:count]
        assert final_scores(state)["breakdown"][0]["diplomas"] == vp
    state["players"][0]["cards"] = greens
    assert final_scores(state)["breakdown"][0]["diplomas"] == 21


def test_one_vp_per_five_coins_and_guards_left():
    state = finished(2)
    state["players"][0].update(coins=7, guards=7)
    assert final_scores(state)["breakdown"][0]["resources"] == 2


def test_the_score_is_the_sum_of_the_breakdown():
    state = until(GAME.setup(4, 11), lambda s: s.get("over"))
    out = GAME.outcome(state)
    assert out is not None
    for seat, b in enumerate(out["breakdown"]):
        sheet = cast(dict[str, int], b)
        assert out["scores"][seat] == sum(v for k, v in sheet.items() if k != "money")


def test_a_tie_goes_to_more_coins_and_guards_then_the_later_flag():
    state = finished(2)
    first, second = state["order"]
    state["players"][first].update(vp=10, coins=4)
    state["players"][second].update(vp=10, coins=3)
    assert final_scores(state)["winners"] == [first]
    state["players"][second].update(coins=4)
    assert final_scores(state)["winners"] == [second]  # same money: the later place in the order wins


def test_end_rules_that_read_levels_and_sets():
    state = finished(2)
    me = state["players"][0]
    me.update(
        cards=["G01", "O01", "P01", "S01", "G02", "O02", "P02", "S02"],
        influence={"gray": 7, "orange": 3, "purple": 6, "green": 2},
    )
    assert end_vp(state, 0, {"rule": "color_sets", "vp": 5}) == 10
    assert end_vp(state, 0, {"rule": "all_colors", "vp": 4}) == 8
    assert end_vp(state, 0, {"rule": "lowest_level", "vp": 2}) == 4
    assert end_vp(state, 0, {"rule": "level", "color": "purple"}) == 6
    assert end_vp(state, 0, {"rule": "half_level", "color": "gray"}) == 3
