"""Every game keeps the engine protocol (DESIGN.md), checked by random play.

Parameterised over ``engines.GAMES`` and the test fixture game, at every player
count: games end, states round-trip through JSON, the same seed and actions give
the same state, ``apply`` never mutates its input, views never carry the
generator, and outcomes have the promised shape.
"""

from __future__ import annotations

import json
import random

import pytest

import engines
from engines import IllegalAction
from tests.fixture_game import GAME as FIXTURE

GAMES = [*engines.GAMES.values(), FIXTURE]
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]
MAX_STEPS = 50_000


def play_random(game, players: int, seed: int, check=None):
    """Plays a whole random game; returns the final state and the action list."""
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    actions = []
    for _ in range(MAX_STEPS):
        to_act = game.to_act(state)
        if not to_act:
            return state, actions
        seat = rnd.choice(sorted(to_act))
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} may act but has no legal action"
        action = rnd.choice(legal)
        new = game.apply(state, seat, action)
        if check:
            check(state, new, seat, action)
        actions.append((seat, action))
        state = new
    raise AssertionError(f"{game.id} did not end in {MAX_STEPS} actions")


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_games_end_with_a_well_formed_outcome(game, players):
    for seed in range(3):
        state, _ = play_random(game, players, seed)
        out = game.outcome(state)
        assert out is not None and game.to_act(state) == set()
        assert len(out["scores"]) == players and sorted(out["ranking"]) == list(range(players))
        assert len(out["breakdown"]) == players and set(out["winners"]) <= set(range(players))
        assert all(out["scores"][a] >= out["scores"][b] for a, b in zip(out["ranking"], out["ranking"][1:]))


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_states_round_trip_and_apply_never_mutates(game, players):
    def check(before, after, seat, action):
        frozen = json.dumps(before, sort_keys=True)
        assert json.loads(json.dumps(after)) == after
        game.apply(before, seat, action)
        assert json.dumps(before, sort_keys=True) == frozen

    play_random(game, players, seed=11, check=check)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_same_seed_and_actions_give_the_same_state(game, players):
    state, actions = play_random(game, players, seed=5)
    again = game.setup(players, 5)
    for seat, action in actions:
        again = game.apply(again, seat, action)
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_views_never_carry_the_generator(game, players):
    def check(before, after, seat, action):
        secret = str(after["rng"])
        for viewer in [None, *range(players)]:
            view = game.view(after, viewer)
            assert secret not in json.dumps(view), f"rng state leaked to seat {viewer}"
            assert "rng" not in view

    play_random(game, players, seed=3, check=check)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_seat_that_may_not_act_is_refused(game):
    state, rnd = game.setup(game.max_players, 1), random.Random(1)
    # Games that open with a simultaneous step (everyone acts) are played on until someone waits.
    while not (idle := [s for s in range(game.max_players) if s not in game.to_act(state)]):
        seat = rnd.choice(sorted(game.to_act(state)))
        state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
    assert game.legal_actions(state, idle[0]) == []
    with pytest.raises(IllegalAction):
        game.apply(state, idle[0], game.legal_actions(state, min(game.to_act(state)))[0])


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_bad_setup_is_a_value_error(game):
    with pytest.raises(ValueError):
        game.setup(game.max_players + 1, 1)
    with pytest.raises(ValueError):
        game.setup(game.min_players, 1, {"no_such_option": True})


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_malformed_actions_are_illegal_with_a_reason(game):
    state = game.setup(game.min_players, 2)
    seat = min(game.to_act(state))
    for bad in ({}, {"type": "no-such-action"}, "text", {"type": 3}):
        with pytest.raises(IllegalAction) as err:
            game.apply(state, seat, bad)
        assert str(err.value)
