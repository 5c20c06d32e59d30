"""Quality gates: random play at 1..6 players (the core driver) with invariants after every action, and replay."""

from __future__ import annotations

import json

import pytest

from engines.core.playout import play
from engines.gogoa import GAME, data

LAND = GAME.board.land


def check_invariants(state: dict, actor: int) -> None:
    """Asserts what must hold in every Go Goa state (drafts: the seat that just acted)."""
    assert json.loads(json.dumps(state)) == state
    assert 0 <= state["day"] <= data.DAYS
    assert all(1 <= d <= 6 for d in state["dice"])
    for seat, p in enumerate(state["players"]):
        assert tuple(p["pos"]) in LAND
        assert len(set(p["visited"])) == len(p["visited"]) and set(p["visited"]) <= set(data.DESTINATIONS)
        assert set(p["guides_used"]) <= set(p["guides"]) and len(set(p["guides_used"])) == len(p["guides_used"])
        for rec in p["paths"]:
            # The path is exactly the distance die long, on land, and starts where the last one ended.
            assert len(rec["hexes"]) == rec["dice"][rec["roles"]["distance"]]
            assert all(tuple(h) in LAND for h in rec["hexes"])
        assert [r["from"] for r in p["paths"][1:]] == [r["hexes"][-1] for r in p["paths"][:-1]]
        if state["phase"] == "day" and seat == actor:
            draft = GAME.draft(state, seat)
            assert all(h in LAND for h in draft.path) and draft.pos in LAND
            if draft.drawing:
                distance = draft.dice[draft.roles["distance"]]
                assert len(draft.path) + draft.left == distance and draft.left >= 0
                assert 0 <= draft.deviations_left <= draft.deviations


@pytest.mark.parametrize("players", range(1, 7))
def test_random_games_keep_every_invariant(players):
    def checked(before: dict, after: dict, seat: int, action: dict) -> None:
        frozen = json.dumps(before, sort_keys=True)
        check_invariants(after, seat)
        assert json.dumps(before, sort_keys=True) == frozen, "apply mutated its input"

    for seed in range(2):
        last = play(GAME, players, seed * 7 + players, check=checked).state
        assert last["over"] and last["day"] == data.DAYS
        assert all(len(p["paths"]) == data.DAYS for p in last["players"])
        out = GAME.outcome(last)
        assert all(score >= 0 for score in out["scores"])


@pytest.mark.parametrize("players", [1, 3, 6])
def test_seed_and_action_list_replay_to_the_identical_state(players):
    game = play(GAME, players, 100 + players)
    again = GAME.setup(players, 100 + players)
    for seat, action in game.actions:
        again = GAME.apply(again, seat, json.loads(json.dumps(action)))
    assert json.dumps(again, sort_keys=True) == json.dumps(game.state, sort_keys=True)


def test_same_seed_deals_and_rolls_the_same():
    assert GAME.setup(4, 77) == GAME.setup(4, 77)
    assert GAME.setup(4, 77)["players"] != GAME.setup(4, 78)["players"]
