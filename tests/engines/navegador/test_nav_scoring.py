"""Final scoring: workers, ships, each full 200 Cruzados, the five columns; ties by the Navegador card."""

from __future__ import annotations

from engines.navegador import GAME, scoring
from engines.navegador.turns import game_over
from tests.engines.navegador.nav_helpers import place


def ended(players: int = 2) -> dict:
    state = GAME.setup(players, 1)
    for seat in range(players):
        place(state, seat, {})
    return state


def test_scoring_one_vp_per_worker_ship_on_the_board_and_full_200_cruzados():
    state = ended()
    state["players"][0].update(workers=6, money=599)
    place(state, 0, {"portugal": 2, "goa": 1})
    b = scoring.breakdown_of(state, 0)
    assert (b["workers"], b["ships"], b["cash"]) == (6, 3, 2)


def test_scoring_each_column_is_base_plus_privileges_times_achievements():
    state = ended()
    p = state["players"][0]
    p.update(explorers=["guine", "bahia"], shipyards=2, churches=1, king=False, king_column=None)
    p["colonies"]["gold"] = [50, 60, 70, 80]
    p["factories"].update(sugar=2)
    p["privileges"].update(colonies=3, explorers=1, shipyards=2)
    b = scoring.breakdown_of(state, 0)
    assert b["colonies"] == (1 + 3) * 4
    assert b["factories"] == 2 * 3, "the orange factory counts"
    assert b["explorers"] == (5 + 1) * 2
    assert b["shipyards"] == (7 + 2 * 2) * 2
    assert b["churches"] == 5 * 1


def test_scoring_kings_privilege_goes_first_to_the_free_position_where_it_scores_most():
    state = ended()
    p = state["players"][0]
    p["colonies"]["spice"] = [60, 70, 80, 90, 100]  # +1 x 5 colonies beats +2 x 1 shipyard
    game_over(state)
    assert p["king_column"] == "colonies" and not p["king"]
    assert scoring.breakdown_of(state, 0)["colonies"] == 2 * 5
    p2 = state["players"][1]
    assert p2["king_column"] == "shipyards", "+2 on the one shipyard beats +1 on any single item"


def test_scoring_kings_privilege_needs_a_free_position():
    state = ended()
    p = state["players"][0]
    p["colonies"]["spice"] = [60, 70, 80, 90, 100]
    p["privileges"]["colonies"] = 3
    assert scoring.king_column(p) == "shipyards"
    p["privileges"] = dict.fromkeys(p["privileges"], 3)
    assert scoring.king_column(p) is None


def outcome(state: dict) -> scoring.Outcome[scoring.Breakdown]:
    """Returns the finished game's outcome through the game's own door."""
    out = GAME.outcome(state)
    assert out is not None, "the game is over"
    return out


def test_scores_sum_the_categories():
    state = ended(3)
    game_over(state)
    out = outcome(state)
    for score, b in zip(out["scores"], out["breakdown"], strict=True):
        assert score == sum(b[c] for c in scoring.CATEGORIES)  # type: ignore[literal-required]


def test_ties_go_to_the_card_holder_then_whoever_would_receive_it_next():
    state = ended(4)
    game_over(state)
    assert len(set(outcome(state)["scores"])) == 1, "identical sheets tie"
    state["card"]["holder"] = 2
    assert outcome(state)["ranking"] == [2, 1, 0, 3], "the card passes to the right: 2, 1, 0, 3"
    state["card"]["holder"] = 0
    assert outcome(state)["ranking"] == [0, 3, 2, 1]
    assert outcome(state)["winners"] == [0]


def test_a_higher_score_beats_the_card():
    state = ended(3)
    state["players"][1]["workers"] = 4
    game_over(state)
    assert outcome(state)["ranking"][0] == 1
