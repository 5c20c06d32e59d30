"""Goa and Go Goa end their log by naming the winner ("the winner is named on the
final line"), with the winning score, for every reader."""

from __future__ import annotations

import pytest

import engines
from engines.core import seat_name
from engines.core.playout import play


@pytest.mark.parametrize(("game_id", "prefix"), [("goa", "goa"), ("gogoa", "gg")])
def test_the_last_log_line_names_the_winner_with_their_score(game_id, prefix):
    game = engines.get_game(game_id)
    for players, seed in ((1, 3), (2, 5), (3, 8)):
        if players < game.min_players:
            continue
        state = play(game, players, seed).state
        out = game.outcome(state)
        last = state["log"][-1]
        shared = len(out["winners"]) > 1
        assert last["key"] == (f"{prefix}.winners" if shared else f"{prefix}.winner")
        assert last["args"] == {
            "who": ", ".join(seat_name(s) for s in out["winners"]),
            "n": out["scores"][out["winners"][0]],
        }
        assert last["to"] is None
