"""Hidden information (docs/design.md, done 4): the colony stacks (contents and order) and the generator.

The proof is by re-dealing: at every action of random games the hidden tokens
(every unexplored stack and the tokens removed at setup) are shuffled among
themselves, and every seat's view, and the log lines the action writes, must
come out the same. What a view cannot depend on, it cannot leak.
"""

from __future__ import annotations

import json
import random

import pytest

from engines.core import clone
from engines.core.playout import play, random_choice
from engines.navegador import GAME, data
from tests.engines.navegador.test_nav_random_play import explorer


def redealt(state: dict, rnd: random.Random, keep: str | None = None) -> dict:
    """Returns a copy whose hidden tokens are dealt anew (``keep``'s stack stays as it is)."""
    other = clone(state)
    for good in data.GOODS:
        hidden = [
            r
            for r, info in data.REGIONS.items()
            if info["good"] == good and not other["regions"][r]["explored"] and r != keep
        ]
        tokens = list(other["removed"][good]) + [t for r in hidden for t in other["regions"][r]["stack"]]
        rnd.shuffle(tokens)
        other["removed"][good], tokens = tokens[: len(other["removed"][good])], tokens[len(other["removed"][good]) :]
        for r in hidden:
            size = len(other["regions"][r]["stack"])
            other["regions"][r]["stack"], tokens = tokens[:size], tokens[size:]
    return other


def views(state: dict) -> list[str]:
    """Returns the spectator's view and the acting seat's (the others differ from it only by ``legal``)."""
    seats = [None, *sorted(GAME.to_act(state))]
    return [json.dumps(GAME.view(state, seat), sort_keys=True) for seat in seats]


@pytest.mark.parametrize(
    ("players", "choose"),
    [(2, random_choice), (3, random_choice), (4, random_choice), (5, random_choice), (3, explorer)],
)
def test_views_and_log_lines_never_depend_on_the_hidden_colony_stacks(players, choose):
    rnd = random.Random(players)
    checked = {"steps": 0, "explorations": 0, "redealt": 0}

    def check(before: dict, after: dict, seat: int, action: dict) -> None:
        checked["steps"] += 1
        keep = action["region"] if action["type"] == "explore" else None
        if keep or checked["steps"] % 5 == 0:
            other = redealt(after, rnd)
            checked["redealt"] += other["regions"] != after["regions"]
            assert views(after) == views(other), f"a view depends on hidden stacks after {action}"
        checked["explorations"] += keep is not None
        other = GAME.apply(redealt(before, rnd, keep), seat, action)
        start = len(before["log"])
        assert other["log"][start:] == after["log"][start:], f"{action} wrote a line that depends on hidden stacks"

    play(GAME, players, 31, check=check, choose=choose)
    assert checked["explorations"] > 0, "the games must explore to prove anything about revealing"
    assert checked["redealt"] > checked["steps"] // 10, "re-dealing must really move hidden tokens"


def test_a_view_shows_only_the_size_of_an_unexplored_stack():
    state = GAME.setup(3, 5)
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert "rng" not in view and "removed" not in json.dumps(view)
        for region in view["regions"]:
            assert region["colonies"] == [] and isinstance(region["stack"], int)
            assert region["stack"] == data.REGIONS[region["id"]]["stack"]


def test_every_seat_and_a_spectator_see_the_same_public_table():
    result = play(GAME, 4, 8)
    state = result.state
    public = [dict(GAME.view(state, s), legal=None) for s in [None, 0, 1, 2, 3]]
    assert all(v == public[0] for v in public)
