"""Every game keeps the engine protocol (docs/design.md), checked by random play.

Parameterised over ``engines.GAMES`` and the test fixture game, at every player
count, with the one driver of ``engines.core.playout``: games end, states
round-trip through JSON, the same seed and actions give the same state, ``apply``
never mutates its input (nor leaves a record aliased that a later move changes: a state
kept in memory plays on exactly as one read back from JSON), views never carry the generator, outcomes have the
promised shape, legal actions are offered in their normal form and every log
line carries a translation key, and a draft action changes only its own seat's view.
"""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

import engines
from engines import IllegalAction
from engines.core.playout import play
from tests.fixture_game import GAME as FIXTURE

GAMES = [*engines.GAMES.values(), FIXTURE]
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]
MAX_STEPS = 50_000


def play_random(game, players: int, seed: int, check=None):
    """Plays a whole random game with the core driver; returns the final state and the action list."""
    result = play(game, players, seed, check=check, max_steps=MAX_STEPS)
    return result.state, result.actions


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_games_end_with_a_well_formed_outcome(game, players):
    for seed in range(3):
        state, _ = play_random(game, players, seed)
        out = game.outcome(state)
        assert out is not None and game.to_act(state) == set()
        assert len(out["scores"]) == players and sorted(out["ranking"]) == list(range(players))
        assert len(out["breakdown"]) == players and set(out["winners"]) <= set(range(players))
        assert all(out["scores"][a] >= out["scores"][b] for a, b in pairwise(out["ranking"]))


def without_log(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "log"}


def play_beside_a_state_read_back(game, players: int, seed: int) -> None:
    """Plays a random game twice in step: on the states ``apply`` returns, and on each of
    them read back from JSON, as the service reads a match from its row.

    A state read back shares nothing, with the state before it or within itself. So a copy
    plan (``shared``, ``replaced``, ``lent``, ``flat``) that leaves a record aliased, which
    a later move then changes in place, shows up as the two games parting; so does an
    ``apply`` that changed its input, even when doing it twice changes nothing more.
    """

    def fields(state: dict) -> str:
        return json.dumps(without_log(state), sort_keys=True)

    read_back = json.loads(json.dumps(game.setup(players, seed)))

    def check(before, after, seat, action):
        nonlocal read_back
        assert fields(before) == fields(read_back), f"{game.id}: a move changed the state it was applied to"
        legal = game.legal_actions(read_back, seat)
        same = next(a for a in legal if a == action)
        mine = game.apply(read_back, seat, same, legal)
        assert json.loads(json.dumps(without_log(after))) == without_log(after), f"{game.id}: not plain JSON"
        assert fields(mine) == fields(after), f"{game.id}: a state kept in memory played on unlike one read back"
        assert mine["log"][len(read_back["log"]) :] == after["log"][len(before["log"]) :]
        read_back = json.loads(json.dumps(mine))

    play_random(game, players, seed=seed, check=check)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_states_round_trip_and_apply_never_mutates_nor_aliases(game, players):
    play_beside_a_state_read_back(game, players, seed=11)


class AliasedPurse(type(FIXTURE)):  # type: ignore[misc]
    """The fixture game with a copy plan that lies: it says the purses are only ever
    replaced, but an ``add`` sets the mover's purse in place, in the list the state
    before still holds. Applying the move twice sets the same number again, so a check
    that compares the input before and after a second ``apply`` sees nothing."""

    replaced = ("purse",)

    def play(self, state, seat, action):
        super().play(state, seat, action)
        if action["type"] == "add":
            state["purse"][seat] = state["total"]


def test_the_guard_catches_a_copy_plan_that_aliases_a_record_a_later_move_changes():
    broken = AliasedPurse()
    with pytest.raises(AssertionError, match="changed the state it was applied to"):
        play_beside_a_state_read_back(broken, 2, seed=13)


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

    check(None, game.setup(players, 3), None, None)
    play_random(game, players, seed=3, check=check)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_legal_action_is_already_in_normalised_form(game, players):
    def check(before, after, seat, action):
        for s in sorted(game.to_act(after)):
            for legal in game.legal_actions(after, s):
                assert game.normalize_action(legal) == legal, f"seat {s} is offered {legal}, not its normal form"

    check(None, game.setup(players, 8), None, None)
    play_random(game, players, seed=8, check=check)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_log_line_a_seat_reads_carries_a_translation_key(game, players):
    state, _ = play_random(game, players, seed=9)
    for viewer in [None, *range(players)]:
        for line in game.log_lines(state, viewer):
            assert line.get("key"), f"seat {viewer} reads line {line['n']} without a key: {line['text']!r}"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_a_private_log_line_only_comes_with_a_public_one(game, players):
    """Lines carry their index ``n`` in the whole log, so a gap shows another seat got a
    private line. That count is harmless only while each private line rides on a public
    event of the same action: a public line, or a change everyone sees (no secret in
    a frame's count or timing)."""

    def check(before, after, seat, action):
        start = game.log_length(before)
        public = game.log_lines(after, None, start)
        seen = public or game.view(before, None) != game.view(after, None)
        for viewer in range(players):
            private = len(game.log_lines(after, viewer, start)) - len(public)
            assert not private or seen, f"{action} gave seat {viewer} a private line and nobody else anything"

    play_random(game, players, seed=12, check=check)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_a_draft_action_changes_only_what_its_own_seat_sees(game, players):
    """The service keeps draft actions out of the public versions (docs/architecture.md), so
    one must leave everything else as it was: who acts, every other view, the log, the dice."""
    drafted = []

    def check(before, after, seat, action):
        if not game.is_draft(action):
            return
        drafted.append(action["type"])
        assert game.to_act(after) == game.to_act(before), f"{action} changed who acts"
        assert game.log_length(after) == game.log_length(before), f"{action} wrote a log line"
        assert after["rng"] == before["rng"], f"{action} drew from the random stream"
        for viewer in [None, *(s for s in range(players) if s != seat)]:
            assert game.view(after, viewer) == game.view(before, viewer), f"{action} showed seat {viewer} something"

    play_random(game, players, seed=14, check=check)
    assert bool(drafted) == bool(game.draft_actions)


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
