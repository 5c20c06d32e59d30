"""Seed "End of Game and Scoring": the five categories and the tie-break by ducats."""

from __future__ import annotations

from engines.goa import GAME, data
from engines.goa.scoring import final_scores


def finished(players: int = 3) -> dict:
    """Returns a fresh state marked over, with empty hands and equal money."""
    state = GAME.setup(players, 1)
    for p in state["players"]:
        p["ducats"] = 0
    state["over"] = True
    return state


def test_development_rows_score_0_1_3_6_10_per_marker():
    state = finished()
    state["players"][0]["rows"] = {"ships": 5, "harvest": 4, "taxes": 3, "expedition": 2, "colonists": 1}
    assert final_scores(state)["breakdown"][0]["development"] == 10 + 6 + 3 + 1 + 0


def test_colonies_score_by_how_many_were_founded():
    state = finished()
    for n, vp in enumerate(data.COLONY_VP):
        state["players"][1]["colonies"] = [{"name": x, "allow": []} for x in list(data.COLONY_NEED)[:n]]
        assert final_scores(state)["breakdown"][1]["colonies"] == vp
    assert data.COLONY_VP == (0, 1, 3, 6, 10)


def test_special_tiles_score_single_plantations_duty_and_missions():
    state = finished()
    single = next(t for t, i in data.TILES.items() if i["kind"] == "plantation" and i["fields"] == 1)
    double = next(t for t, i in data.TILES.items() if i["kind"] == "plantation" and i["fields"] == 2)
    duty = next(t for t, i in data.TILES.items() if i["kind"] == "duty")
    mission3 = next(t for t, i in data.TILES.items() if i["name"] == "Mission (3)")
    p = state["players"][2]
    p["plantations"], p["dropped"], p["done"], p["tiles"] = [double], [single], [duty], [mission3]
    assert final_scores(state)["breakdown"][2]["tiles"] == 1 + 4 + 3


def test_most_ducats_scores_3_for_every_tied_player():
    state = finished()
    state["players"][0]["ducats"] = 9
    state["players"][2]["ducats"] = 9
    state["players"][1]["ducats"] = 4
    assert [b["ducats"] for b in final_scores(state)["breakdown"]] == [3, 0, 3]


def test_expedition_cards_score_by_sets_of_the_same_symbol():
    state = finished()
    tigers = [c for c, i in data.CARDS.items() if i["symbol"] == "tiger"][:3]
    fish = [c for c, i in data.CARDS.items() if i["symbol"] == "fish"][:2]
    shell = [c for c, i in data.CARDS.items() if i["symbol"] == "shell"][:1]
    state["players"][0]["hand"] = tigers + fish + shell
    assert final_scores(state)["breakdown"][0]["expeditions"] == 6 + 3 + 1


def test_ties_go_to_the_player_with_most_ducats():
    state = finished(2)
    state["players"][0]["rows"]["ships"] = 4  # 6 VP, 5 ducats
    state["players"][0]["ducats"] = 5
    state["players"][1]["rows"]["ships"] = 3  # 3 VP + 3 for most ducats
    state["players"][1]["ducats"] = 9
    out = final_scores(state)
    assert out["scores"] == [6, 6] and out["ranking"] == [1, 0] and out["winners"] == [1]
    assert out["places"] == [2, 1]


def test_outcome_gives_scores_ranking_breakdown_per_category_and_winners():
    state = finished(3)
    out = GAME.outcome(state)
    assert set(out) == {"scores", "ranking", "places", "breakdown", "winners"}
    assert all(set(b) >= {"development", "colonies", "tiles", "ducats", "expeditions"} for b in out["breakdown"])
    assert out["scores"] == [3, 3, 3] and out["winners"] == [0, 1, 2]
    assert out["places"] == [1, 1, 1]
