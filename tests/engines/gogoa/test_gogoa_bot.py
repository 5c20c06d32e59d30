"""The bot plays legal moves from its own view and scores well above random paths."""

from __future__ import annotations

import statistics

from engines.gogoa import GAME
from tests.engines.gogoa.gogoa_helpers import bot_game


def test_bot_mean_over_thirty_solo_games_beats_one_hundred_twenty():
    scores = [GAME.outcome(bot_game(1, seed))["scores"][0] for seed in range(30)]
    assert statistics.mean(scores) > 120, scores


def test_bot_finishes_games_at_every_player_count():
    for players in (2, 4, 6):
        state = bot_game(players, players)
        assert state["over"] and all(len(p["paths"]) == 12 for p in state["players"])
