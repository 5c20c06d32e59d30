"""Random games at every player count: invariants after every action, replay, length."""

from __future__ import annotations

import json

import pytest

from engines.coimbra import GAME, data
from engines.coimbra.pilgrimage import NEIGHBOURS
from engines.core.playout import play

REGULAR = set(data.CARDS)


def check_invariants(before: dict, state: dict, seat: int, action: dict) -> None:
    """Nothing negative or past its track, every card and die in exactly one place, pilgrims on the map."""
    n = state["num_players"]
    for p in state["players"]:
        assert 0 <= p["coins"] <= 20 and 0 <= p["guards"] <= 20 and p["vp"] >= 0
        assert all(0 <= v <= 20 for v in p["influence"].values())
        assert p["pilgrim"] is None or p["pilgrim"] in NEIGHBOURS
        assert set(p["visited"]) <= set(state["sites"]) and len(set(p["visited"])) == len(p["visited"])
        assert len(p["visited"]) + len(p["voyages"]) <= 20  # the discs in supply
        assert p["discount"] >= 0
    # Pieces conserved: each regular character in exactly one place.
    places = [
        *state["deck"],
        *state["discard"],
        *(c for r in state["rows"].values() for c in r),
        *(c for p in state["players"] for c in p["cards"] if c in REGULAR),
    ]
    assert sorted(places) == sorted(REGULAR)
    starting = [c for p in state["players"] for c in p["cards"] if c not in REGULAR]
    assert len(starting) == len(set(starting)) <= 2 * n
    # Each die in exactly one place: the dice area, a location, or a player's board.
    dice = [
        *state["area"],
        *(e["id"] for row in state["city"].values() for e in row if e["seat"] is not None),
        *(d["id"] for p in state["players"] for d in p["board"]),
    ]
    if state["phase"] != "start":
        assert sorted(dice) == sorted(state["dice"])
    assert sum(1 for row in state["city"].values() for e in row if e["seat"] is None) == sum(
        len(v) for v in data.DIE_TOKENS[n].values()
    )
    # Seed Phase B: the castle's row rises, each city's row falls (die tokens included).
    castle = [e["value"] for e in state["city"]["castle"]]
    assert castle == sorted(castle)
    for city in data.CITIES:
        values = [e["value"] for e in state["city"][city]]
        assert values == sorted(values, reverse=True)
    assert set(state["crowns"]) <= {c for r in state["rows"].values() for c in r}
    assert all(len(f) == len(set(f)) for f in state["funders"].values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_after_every_action(players):
    for seed in range(6):
        out = play(GAME, players, seed, check=check_invariants)
        assert out.state["over"] and out.state["round"] == data.ROUNDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replaying_the_seed_and_actions_reproduces_the_state_byte_for_byte(players):
    out = play(GAME, players, 21)
    state = GAME.setup(players, 21)
    for seat, action in out.actions:
        state = GAME.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == json.dumps(out.state, sort_keys=True)


@pytest.mark.parametrize(("players", "most"), [(2, 400), (3, 550), (4, 700)])
def test_random_games_end_within_a_bounded_number_of_actions(players, most):
    lengths = [play(GAME, players, seed).steps for seed in range(10)]
    assert max(lengths) < most
    assert min(lengths) >= 2 * players + 4 * players * (3 + 3 + 1)  # start, place, resolve, income, voyage


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_a_random_game_applies_and_keeps_the_invariants(players):
    steps = []

    def try_all(before: dict, after: dict, seat: int, action: dict) -> None:
        steps.append(seat)
        if len(steps) % 3:  # every third position keeps the test quick on a shared machine
            return
        for s in GAME.to_act(after):
            for legal in GAME.legal_actions(after, s):
                check_invariants(after, GAME.apply(after, s, legal), s, legal)

    play(GAME, players, 40 + players, check=try_all)


def by_kind(state: dict, seat: int, legal: list[dict], rnd) -> dict:
    """A random player that picks a kind of action first, then one of that kind: the alternative's
    nine amounts weigh as one choice beside each card and tile."""
    kind = rnd.choice(sorted({a["type"] for a in legal}))
    return rnd.choice([a for a in legal if a["type"] == kind])


def test_rare_effects_appear_in_random_play():
    """Random games reach the Broker, the Tax Collector, track choices and monastery visits,
    so the invariants above are checked on them too."""
    keys = set()
    for seed in range(9):
        keys |= {
            line["key"] for line in play(GAME, 2 + seed % 3, seed, choose=by_kind, check=check_invariants).state["log"]
        }
    assert {"co.tax", "co.visit", "co.crown_token", "co.extra_die", "co.token_discards", "co.fund"} <= keys
    assert keys & {"co.broker", "co.broker_nothing", "co.broker_pass"}


def eager(state: dict, seat: int, legal: list[dict], rnd) -> dict:
    """A random player that never passes or takes the alternative when it can do something else:
    it walks every step, buys, funds, and so reaches the deep ends of the rules."""
    busy = [a for a in legal if a["type"] not in ("pass", "alternative")]
    return rnd.choice(busy or legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eager_random_games_keep_every_invariant(players):
    visits = 0
    for seed in range(3):
        out = play(GAME, players, 100 + seed, choose=eager, check=check_invariants)
        visits += sum(len(p["visited"]) for p in out.state["players"])
        assert out.state["over"]
    assert visits >= 2 * players  # eager pilgrims do reach monasteries
