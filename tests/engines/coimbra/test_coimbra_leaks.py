"""Hidden information: the character deck (contents and order), the monasteries, voyages and starting
cards left in the box, and the generator never reach a view, a view's change (patch) or a log line.

Checked on ids that exist in the state, so the test cannot pass vacuously: every game has
hidden deck cards, boxed monasteries and boxed voyages, and each is looked for by its exact id.
"""

from __future__ import annotations

import json

import pytest

from engines.coimbra import GAME, data
from engines.core.playout import play


def hidden_ids(state: dict) -> set[str]:
    """Returns the ids no seat may see now: deck cards, boxed monasteries, boxed voyages, and the
    starting cards no group holds (returned to the box at 2 and 3 players, seed step 13)."""
    boxed_monasteries = set(data.MONASTERIES) - set(state["sites"].values())
    boxed_voyages = set(data.VOYAGES) - set(state["voyages"])
    groups = (state.get("start") or {}).get("groups", [])
    dealt = {c for g in groups if g for c in g} | {c for p in state["players"] for c in p["cards"]}
    boxed_starting = set(data.STARTING) - dealt
    return set(state["deck"]) | boxed_monasteries | boxed_voyages | boxed_starting


def check_no_leak(before: dict, after: dict, seat: int, action: dict) -> None:
    secret = hidden_ids(after)
    assert secret or after.get("over")
    start = GAME.log_length(before)
    for viewer in [None, *range(after["num_players"])]:
        view = GAME.view(after, viewer)
        text = json.dumps(view)
        assert "rng" not in view and str(after["rng"]) not in text
        assert isinstance(view["deck"], int)
        args = {str(v) for line in GAME.log_lines(after, viewer, start) for v in line["args"].values()}
        for hidden in secret:
            assert f'"{hidden}"' not in text, f"{hidden} reached seat {viewer}'s view"
            assert hidden not in args, f"{hidden} reached seat {viewer}'s log"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_or_log_line_carries_the_deck_the_boxed_tiles_or_the_generator(players):
    for seed in range(2):
        setup = GAME.setup(players, seed)
        assert len(setup["deck"]) == 36 and len(hidden_ids(setup)) == 36 + 10 + 9 + 8 - 2 * players
        check_no_leak({"log": []}, setup, 0, {})
        play(GAME, players, seed, check=check_no_leak)


def test_the_deck_order_cannot_be_told_from_views_two_games_apart():
    # Two setups whose public tables match but whose decks differ must give the same views.
    a = GAME.setup(3, 5)
    b = json.loads(json.dumps(a))
    b["deck"] = list(reversed(b["deck"]))
    for viewer in (None, 0, 1, 2):
        assert GAME.view(a, viewer) == GAME.view(b, viewer)
