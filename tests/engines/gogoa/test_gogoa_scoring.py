"""Seed "Scoring" and "End of Game": points per category, tie-breaks and the outcome."""

from __future__ import annotations

from engines.gogoa import GAME, scoring
from tests.engines.gogoa.gogoa_helpers import bot_game

BEACHES = ["B1", "B2", "B3", "B4", "B5", "B6"]


def test_ten_points_per_visited_destination():
    assert scoring.breakdown(["R1", "H2"], [])["destinations"] == 20


def test_dudhsagar_falls_scores_twenty_more():
    sheet = scoring.breakdown(["W3"], [])
    assert sheet["destinations"] == 10 and sheet["dudhsagar"] == 20 and sheet["total"] == 30


def test_finished_tour_plans_score_their_points():
    assert scoring.breakdown(["H2", "R1"], ["T03", "T19"])["tour_plans"] == 20
    assert scoring.breakdown(["B3", "B5", "B8"], ["T19"])["tour_plans"] == 40
    assert scoring.breakdown(["B3", "B5"], ["T19"])["tour_plans"] == 0


def test_set_of_five_different_types_scores_thirty():
    five = ["B1", "F1", "H1", "R1", "W1"]
    assert scoring.breakdown(five, [])["five_type_sets"] == 30
    assert scoring.breakdown([*five, "B2", "F2", "H2", "R2", "W2"], [])["five_type_sets"] == 60
    assert scoring.breakdown([*five[:4], "B2"], [])["five_type_sets"] == 0


def test_three_of_a_type_score_ten():
    assert scoring.breakdown(BEACHES[:3], [])["same_type"] == 10
    assert scoring.breakdown(BEACHES[:2], [])["same_type"] == 0
    assert scoring.breakdown([*BEACHES[:3], "R1", "R2", "R3"], [])["same_type"] == 20


def test_six_of_a_type_score_thirty_instead():
    assert scoring.breakdown(BEACHES, [])["same_type"] == 30
    assert scoring.breakdown(BEACHES[:5], [])["same_type"] == 10


def test_most_points_wins():
    out = scoring.rank([{"visited": ["R1"], "plans": []}, {"visited": ["R1", "R2"], "plans": []}])
    assert out["ranking"] == [1, 0] and out["winners"] == [1] and out["scores"] == [10, 20]


def test_tie_goes_to_fewest_beaches_visited():
    out = scoring.rank([{"visited": ["B1", "R2"], "plans": []}, {"visited": ["R1", "R2"], "plans": []}])
    assert out["scores"] == [20, 20] and out["ranking"] == [1, 0] and out["winners"] == [1]


def test_still_tied_players_share_the_victory():
    out = scoring.rank(
        [
            {"visited": ["B1"], "plans": []},
            {"visited": ["B2"], "plans": []},
            {"visited": [], "plans": []},
        ]
    )
    assert out["winners"] == [0, 1] and out["ranking"] == [0, 1, 2]
    assert out["places"] == [1, 1, 3]


def test_outcome_breakdown_per_category_per_seat():
    state = bot_game(2, 5)
    out = GAME.outcome(state)
    assert set(out) == {"scores", "ranking", "places", "breakdown", "winners"}
    for seat, sheet in enumerate(out["breakdown"]):
        assert set(scoring.CATEGORIES) <= set(sheet)
        assert sum(sheet[c] for c in scoring.CATEGORIES) == sheet["total"] == out["scores"][seat]
        assert (
            sheet["total"]
            == scoring.breakdown(state["players"][seat]["visited"], state["players"][seat]["plans"])["total"]
        )
    assert GAME.view(state, None)["outcome"] == out


def test_no_outcome_before_the_end():
    assert GAME.outcome(GAME.setup(2, 1)) is None
