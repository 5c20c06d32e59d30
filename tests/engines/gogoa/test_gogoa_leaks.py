"""Quality gate: hidden information stays hidden until it is revealed.

Secret: a seat's dealt plans and its choice (until all chose), and its draft of the
day (guides, die roles, path) until the reveal; only the starter's direction die
becomes public early. Views never hold the generator state.
"""

from __future__ import annotations

import json
import random

import pytest

from engines.gogoa import GAME
from tests.engines.gogoa.gogoa_helpers import random_game

DRAFT_MOVES = {"use_guide", "assign", "step", "deviate", "undo"}
PUBLIC_KEYS = {"position", "visited", "plans", "chose_plans", "submitted", "guides", "guides_used", "paths", "score"}


def others(state, seat):
    return [s for s in range(state["num_players"]) if s != seat] + [None]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_draft_moves_never_change_another_seats_view(players):
    checked = 0
    views = None
    for before, seat, action, after in random_game(players, 21 + players, undo=0.1):
        views = views or {s: GAME.view(before, s) for s in [*range(players), None]}
        new = {s: GAME.view(after, s) for s in views}
        if action["type"] in DRAFT_MOVES:
            assert new[seat] != views[seat], "the owner sees its own draft change"
            for s in others(before, seat):
                assert new[s] == views[s], f"seat {s} saw {action} of seat {seat}"
                checked += 1
        views = new
    assert checked > 200


def finish_randomly(state, seat, rnd, direction=None):
    """Returns the state after ``seat`` drafts a random whole path (no undo) and submits."""
    while True:
        legal = [a for a in GAME.legal_actions(state, seat) if a["type"] != "undo"]
        if direction is not None:  # the chosen die gives direction and nothing else
            legal = [
                a
                for a in legal
                if not (a["type"] == "assign" and (a["role"] == "direction") != (a["die"] == direction))
            ]
        action = rnd.choice(legal)
        state = GAME.apply(state, seat, action)
        if action["type"] == "submit":
            return state


@pytest.mark.parametrize("players", [2, 3, 5])
def test_two_different_drafts_look_the_same_to_others_until_the_reveal(players):
    rnd = random.Random(players)
    compared = 0
    for before, seat, _action, _ in random_game(players, 41 + players):  # seeds with enough drafts to compare
        fresh = before["phase"] == "day" and not GAME.moves(before, seat)
        last = seat != before["starter"] and len(GAME.to_act(before)) == 1
        if not fresh or last or rnd.random() > 0.3:
            continue
        # The starter's direction die becomes public, so both drafts share it.
        direction = rnd.randrange(3) if seat == before["starter"] else None
        if direction is not None and not any(
            a.get("role") == "direction" and a["die"] == direction for a in GAME.legal_actions(before, seat)
        ):
            continue
        one = finish_randomly(before, seat, rnd, direction)
        two = finish_randomly(before, seat, rnd, direction)
        if GAME.view(one, seat)["me"]["draft"] == GAME.view(two, seat)["me"]["draft"]:
            continue  # the same draft twice proves nothing
        for s in others(before, seat):
            assert GAME.view(one, s) == GAME.view(two, s)
        compared += 1
    assert compared >= 5


def test_two_different_plan_choices_look_the_same_to_others():
    state = GAME.setup(3, 8)
    choices = GAME.legal_actions(state, 1)
    one, two = GAME.apply(state, 1, choices[0]), GAME.apply(state, 1, choices[-1])
    assert GAME.view(one, 1) != GAME.view(two, 1)
    for s in (0, 2, None):
        assert GAME.view(one, s) == GAME.view(two, s)


def keys_of(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from keys_of(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from keys_of(v)


@pytest.mark.parametrize("players", [1, 3])
def test_views_never_hold_other_seats_plans_or_drafts_or_the_generator(players):
    seen_own = 0
    for step, (_, _, _, state) in enumerate(random_game(players, 60 + players)):
        if step % 2 and not state.get("over"):
            continue  # every other state keeps the test fast and still covers each phase
        for s in [*range(players), None]:
            view = GAME.view(state, s)
            text = json.dumps(view)
            assert "rng" not in set(keys_of(view)) and str(state["rng"]) not in text
            assert all(set(p) == PUBLIC_KEYS for p in view["players"])
            assert (view["me"] is None) == (s is None)
            for t in range(players):
                if t == s:
                    continue
                secret = [
                    x
                    for x in state["players"][t]["dealt"]
                    if state["phase"] == "plans" or x not in state["players"][t]["plans"]
                ]
                assert not any(f'"{x}"' in text for x in secret)
        own = json.dumps(GAME.view(state, 0)["me"])
        seen_own += all(f'"{x}"' in own for x in state["players"][0]["dealt"])
    assert seen_own > 50, "the owner does see its dealt plans, so the check above is not vacuous"
