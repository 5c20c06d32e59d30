"""Random play at 2, 3 and 4 players: invariants after every action, replay, purity.

docs/design.md, done 2 and 3: nothing negative, tiles and cards conserved,
JSON round-trip, the same seed and actions give the same state, ``apply`` never
mutates its input.
"""

from __future__ import annotations

import json

import pytest

from engines.core.playout import play
from engines.goa import GAME
from tests.engines.goa.goa_helpers import check_invariants

GAMES_PER_COUNT = 30


def checked(before: dict, after: dict, seat: int, action: dict) -> None:
    """Checks the invariants of the state after one action."""
    check_invariants(after, before)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_invariants_kept_after_every_action(players):
    lengths = []
    for seed in range(GAMES_PER_COUNT):
        game = play(GAME, players, 1000 + seed, check=checked)
        out = GAME.outcome(game.state)
        assert GAME.to_act(game.state) == set() and len(out["scores"]) == players
        assert sorted(out["ranking"]) == list(range(players))
        lengths.append(game.steps)
    assert min(lengths) > 50  # whole games were played, not a stub


@pytest.mark.parametrize("players", [2, 3, 4])
def test_apply_never_mutates_its_input(players):
    def check(before, after, seat, action):
        frozen = json.dumps(before, sort_keys=True)
        GAME.apply(before, seat, action)
        assert json.dumps(before, sort_keys=True) == frozen

    for seed in range(2):
        play(GAME, players, 50 + seed, check=check)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seed_and_action_list_replay_to_the_same_state(players):
    game = play(GAME, players, 77)
    again = GAME.setup(players, 77)
    for seat, action in game.actions:
        again = GAME.apply(again, seat, json.loads(json.dumps(action)))
    assert json.dumps(again, sort_keys=True) == json.dumps(game.state, sort_keys=True)


def test_every_action_offered_is_accepted_and_a_stale_one_is_refused():
    replay = GAME.setup(3, 5)
    for seat, action in play(GAME, 3, 5).actions[:200]:
        assert action in GAME.legal_actions(replay, seat)
        replay = GAME.apply(replay, seat, action)
    assert GAME.legal_actions(replay, (min(GAME.to_act(replay)) + 1) % 3) == []
