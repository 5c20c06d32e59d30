"""The engine kit in engines/core: one action form, refusal of what is not legal, keyed reasons."""

from __future__ import annotations

import random

import pytest

import engines
from engines.core import IllegalAction, log, own
from tests.fixture_game import Tally


class Lenient(Tally):
    """Tally whose ``play`` would take any add, but whose rules now list only adding 1."""

    def legal(self, state, seat):
        return [a for a in super().legal(state, seat) if a.get("n") in (None, 1, 0)]


class Huge(Lenient):
    """The same, opting out of the check as a game with an unlistable action space would."""

    open_action_space = True


def test_an_action_missing_from_legal_actions_is_refused_even_when_play_would_take_it():
    game = Lenient()
    state = game.setup(2, 1)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, 0, {"type": "add", "n": 3})
    assert err.value.key == "core.err.not_legal" and str(err.value) == "That move is not allowed now."
    assert game.apply(state, 0, {"type": "add", "n": 1})["total"] == 1


def test_legal_actions_passed_to_apply_still_refuse_what_they_do_not_hold():
    game = Lenient()
    state = game.setup(2, 1)
    legal = game.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, 0, {"type": "add", "n": 3}, legal)
    assert err.value.key == "core.err.not_legal"
    picked = legal[0]
    after = game.apply(state, 0, picked, legal)
    assert after["total"] == 1 and after["log"][-1]["args"]["n"] == 1 and state["total"] == 0


class Careful(Tally):
    """Tally that says an add writes only the total, the turn, the purses and the log."""

    def changes(self, state, seat, action):
        return ("total", "turn", "purse") if action["type"] == "add" else None


def test_a_game_naming_what_an_action_changes_gets_those_keys_copied_and_the_rest_shared():
    game = Careful()
    state = game.setup(2, 1)
    after = game.apply(state, 0, {"type": "add", "n": 2})
    assert after["points"] is state["points"] and after["purse"] is not state["purse"]
    assert after["log"] is not state["log"] and len(state["log"]) == 0 < len(after["log"])
    assert (state["total"], state["purse"]) == (0, game.setup(2, 1)["purse"])
    assert after == Tally().apply(state, 0, {"type": "add", "n": 2})


class Frugal(Tally):
    """Tally that declares how its keys change: points replaced, purse lent, picks flat."""

    replaced = ("points",)
    lent = ("purse",)
    flat = ("picks",)

    def play(self, state, seat, action):
        # Tally's own play changes the purse in place; taking it with `own` first copies it.
        own(state, "purse", 0)
        super().play(state, seat, action)


def test_declared_keys_are_shared_lent_or_copied_one_level_and_the_input_never_changes():
    game = Frugal()
    state = game.setup(2, 1)
    purse = list(state["purse"])
    after = game.apply(state, 0, {"type": "add", "n": 2})
    assert after["points"] is state["points"] and after["purse"] is not state["purse"]
    assert state["purse"] == purse and after["purse"][0] is not None and "_lent" not in after
    assert after == Tally().apply(state, 0, {"type": "add", "n": 2})
    copy = game.copy_for(state, 0, {"type": "add", "n": 2})
    assert copy["_lent"] == {("purse", 0), ("purse", 1)} and copy["purse"] == state["purse"]


def test_own_copies_a_lent_record_once_and_only_a_lent_one():
    old = {"players": [{"hand": ["a"]}, {"hand": ["b"]}]}
    new = {"players": list(old["players"]), "_lent": {("players", 0), ("players", 1)}}
    mine = own(new, "players", 0)
    mine["hand"].append("c")
    assert own(new, "players", 0) is mine and old["players"][0] == {"hand": ["a"]}
    assert new["players"][1] is old["players"][1]
    plain = {"players": [{"hand": []}]}
    assert own(plain, "players", 0) is plain["players"][0]


def test_a_game_that_opts_out_of_the_legal_check_accepts_what_its_rules_take():
    game = Huge()
    assert game.apply(game.setup(2, 1), 0, {"type": "add", "n": 3})["total"] == 3


def test_a_refusal_keeps_the_games_own_reason_and_key():
    game = engines.get_game("gogoa")
    state = game.setup(1, 1)
    state = game.apply(state, 0, {"type": "keep_plans", "plans": state["players"][0]["dealt"][:2]})
    with pytest.raises(IllegalAction) as err:
        game.apply(state, 0, {"type": "use_guide", "guide": "colva", "die": 0, "delta": 1})
    assert err.value.key == "gg.err.no_guide" and err.value.args == {"guide": "Colva"}
    assert str(err.value) == "You have no unused Colva guide."


@pytest.mark.parametrize("bad", [{}, {"type": "no-such"}, {"type": "add", "n": 9}, {"type": "add", "x": 1}])
def test_malformed_actions_are_refused_with_a_key(bad):
    game = Tally()
    with pytest.raises(IllegalAction) as err:
        game.apply(game.setup(2, 1), 0, bad)
    assert err.value.key in ("core.err.no_type", "core.err.malformed", "core.err.unknown_type") and str(err.value)


def test_defaults_are_spelled_out_in_the_one_action_form():
    game = engines.get_game("gogoa")
    assert game.normalize_action({"type": "step"}) == {"type": "step", "count": 1}
    assert game.normalize_action({"type": "assign", "role": "distance", "die": 1}) == {
        "type": "assign",
        "role": "distance",
        "die": 1,
        "value": None,
    }
    goa = engines.get_game("goa")
    assert goa.normalize_action({"type": "progress", "column": "ships"}) == {
        "type": "progress",
        "column": "ships",
        "card": None,
    }


def test_plans_kept_in_either_order_are_one_move():
    game = engines.get_game("gogoa")
    a, b = game.setup(2, 3)["players"][0]["dealt"][:2]
    assert game.normalize_action({"type": "keep_plans", "plans": [b, a]}) == game.normalize_action(
        {"type": "keep_plans", "plans": [a, b]}
    )


@pytest.mark.parametrize("game_id", sorted(engines.GAMES))
def test_every_listed_legal_action_is_already_in_its_one_form(game_id):
    game, rnd = engines.get_game(game_id), random.Random(4)
    state = game.setup(game.max_players, 4)
    for _ in range(400):
        if not game.to_act(state):
            break
        seat = rnd.choice(sorted(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        assert all(game.normalize_action(a) == a for a in legal)
        state = game.apply(state, seat, rnd.choice(legal))


def test_a_log_line_without_a_translation_key_is_a_type_error():
    with pytest.raises(TypeError):
        log({}, "An untranslatable line.")


def test_every_log_line_of_every_game_carries_a_key_and_args():
    for game in engines.GAMES.values():
        rnd = random.Random(2)
        state = game.setup(game.max_players, 2)
        for _ in range(300):
            if not game.to_act(state):
                break
            seat = rnd.choice(sorted(game.to_act(state)))
            state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        assert all(isinstance(e["key"], str) and isinstance(e["args"], dict) for e in state["log"]), game.id
