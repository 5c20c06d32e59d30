"""Hidden information (docs/design.md, done 4): ducats, hands, the deck, boxed and B tiles, the generator.

Checked on structured fields, so it cannot pass vacuously: a seat's own view
must carry its ducats and hand, and opponents' entries carry counts only.
"""

from __future__ import annotations

import json

import pytest

from engines.goa import GAME, data
from tests.engines.goa.goa_helpers import at_actions, play_random, seat_now
from tests.engines.words import read


def walk_keys(obj, key: str) -> int:
    """Returns how many dict entries named ``key`` lie anywhere in ``obj``."""
    if isinstance(obj, dict):
        return sum((k == key) + walk_keys(v, key) for k, v in obj.items())
    if isinstance(obj, list):
        return sum(walk_keys(v, key) for v in obj)
    return 0


def check_views(state: dict, seen: dict) -> None:
    n = state["num_players"]
    secret_tiles = state["boxed"] + (state["b_tiles"] if state["part"] == "A" else [])
    for viewer in [None, *range(n)]:
        view = GAME.view(state, viewer)
        text = json.dumps(view)
        assert "rng" not in view and str(state["rng"]) not in text
        assert isinstance(view["deck"], int)
        for tile in secret_tiles:
            assert f'"{tile}"' not in text, f"hidden tile {tile} reached seat {viewer}"
        rest = {k: v for k, v in view.items() if k != "log"}
        body = json.dumps(rest)
        public = set(state["discard"]) | {c for p in state["pending"] for c in p["data"].get("cards", [])}
        own = set(state["players"][viewer]["hand"]) if viewer is not None else set()
        for card in state["deck"]:
            assert f'"{card}"' not in body, "a deck card reached a view"
        for seat in range(n):
            entry = view["players"][seat]
            assert "ducats" not in entry and entry["hand"] == len(state["players"][seat]["hand"])
            if seat == viewer:
                continue
            for card in state["players"][seat]["hand"]:
                seen["hidden"] += 1
                assert card in public or card in own or f'"{card}"' not in body
        if viewer is None:
            assert "you" not in view and walk_keys(rest, "ducats") == 0
        else:
            me = state["players"][viewer]
            assert view["you"]["ducats"] == me["ducats"] and walk_keys(rest, "ducats") == 1
            assert [c["id"] for c in view["you"]["hand"]] == me["hand"]
        # The seat reads exactly the public lines and its own private ones, in order.
        lines = read(GAME, GAME.log_lines(state, viewer))
        mine = read(GAME, [e for e in state["log"] if e["to"] is None or (viewer is not None and viewer in e["to"])])
        assert lines == mine
        seen["private"] += len(state["log"]) - len(mine)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_holds_another_seats_ducats_or_cards_or_any_hidden_pile(players):
    seen = {"hidden": 0, "private": 0}
    for seed in range(2):
        play_random(
            players, 300 + seed, check=lambda before, after, seat, a: after.get("over") or check_views(after, seen)
        )
    assert seen["hidden"] > 100 and seen["private"] > 100  # the checks had secrets to guard


def test_a_drawn_card_is_told_only_to_its_drawer_and_others_see_the_count():
    from tests.engines.goa.goa_helpers import act, at_actions, seat_now

    state = at_actions(3)
    s = seat_now(state)
    state = act(state, {"type": "expedition", "count": 1})
    card = state["players"][s]["hand"][0]
    mine = read(GAME, GAME.log_lines(state, s))
    assert any(line.startswith("You drew " + card) for line in mine)
    for other in [None, (s + 1) % 3, (s + 2) % 3]:
        view = GAME.view(state, other)
        assert card not in json.dumps(view)
        assert view["players"][s]["hand"] == 1
        assert f"{{P{s}}} draws 1 expedition card." in read(GAME, GAME.log_lines(state, other))


def test_the_colony_chance_counts_only_cards_this_seat_has_not_seen_never_the_deck_order():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["hand"] = [state["deck"].pop()]
    unseen = GAME.view(state, s)["you"]["unseen_colonists"]
    seen = set(state["discard"]) | set(state["players"][s]["hand"])
    assert unseen == sorted(data.CARDS[c]["colonists"] for c in data.CARDS if c not in seen)
    shuffled = json.loads(json.dumps(state))
    shuffled["deck"].reverse()  # another deck order: the same view
    assert GAME.view(shuffled, s)["you"]["unseen_colonists"] == unseen
