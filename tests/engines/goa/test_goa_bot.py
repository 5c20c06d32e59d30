"""The Goa bot reads only its view and beats random players clearly (1 bot vs 3 random)."""

from __future__ import annotations

import random

from engines.goa import GAME, bot
from tests.engines.goa.goa_helpers import seat_now

GAMES = 40


def play_bot_game(seed: int) -> tuple[int, dict]:
    """Plays one 4-player game with the bot in seat ``seed % 4``; returns its seat and the outcome."""
    rnd = random.Random(seed)
    state = GAME.setup(4, seed)
    me = seed % 4
    while GAME.to_act(state):
        seat = seat_now(state)
        if seat == me:
            view = GAME.view(state, seat)
            action = bot.choose(view, seat, rnd)
            assert action in view["legal"]
        else:
            action = rnd.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
    return me, GAME.outcome(state)


def test_bot_beats_three_random_players_in_more_than_40_percent_of_games():
    wins, mine, others = 0, 0, 0
    for seed in range(GAMES):
        me, out = play_bot_game(seed)
        wins += out["ranking"][0] == me
        mine += out["scores"][me]
        others += (sum(out["scores"]) - out["scores"][me]) / 3
    assert wins / GAMES > 0.4
    assert mine > others


def test_bot_sees_only_the_view_and_always_answers_legally_at_every_player_count():
    for players in (2, 3):
        rnd = random.Random(players)
        state = GAME.setup(players, players)
        while GAME.to_act(state):
            seat = seat_now(state)
            view = GAME.view(state, seat)
            action = bot.choose(view, seat, rnd)
            assert action in view["legal"]
            state = GAME.apply(state, seat, action)
        assert GAME.outcome(state) is not None
