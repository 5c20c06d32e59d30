"""Random play at every player count with the invariants checked after every action, and replay."""

from __future__ import annotations

import json

import pytest

from engines.core.playout import play
from engines.navegador import GAME, data
from engines.navegador.state import pieces_laid, ships_on_board

#: Games per player count: enough to meet every field, phase and ending, short enough for the suite.
GAMES = 3


def invariants(before: dict, after: dict, seat: int, action: dict) -> None:
    """Nothing negative, pieces conserved, tracks in range."""
    n = after["num_players"]
    for s, p in enumerate(after["players"]):
        assert p["money"] >= 0, f"seat {s} has negative money after {action}"
        assert data.WORKERS_MIN <= p["workers"] <= data.WORKERS_MAX
        assert p["supply"] >= 0 and ships_on_board(after, s) + p["supply"] == data.SHIPS_PER_PLAYER
        assert all(0 <= v <= data.PRIVILEGES_PER_COLUMN for v in p["privileges"].values())
        assert all(r["ships"][s] >= 0 for r in after["regions"].values())
    for good, prices in data.COLONY_PRICES.items():
        tokens = list(after["removed"][good])
        for region, info in data.REGIONS.items():
            if info["good"] == good:
                tokens += after["regions"][region]["stack"] + after["regions"][region]["colonies"]
        tokens += [c for p in after["players"] for c in p["colonies"][good]]
        assert sorted(tokens) == sorted(prices), f"{good} colony tokens not conserved"
    for row in data.BUILDING_SLOTS:
        column = data.BUILDING_COLUMN[row]
        if row in data.FACTORY_GOOD:
            on_sheets = sum(p["factories"][data.FACTORY_GOOD[row]] for p in after["players"])
        else:
            on_sheets = sum(p[column] for p in after["players"]) - n  # each sheet starts with one
        assert on_sheets + sum(after["buildings"][row]) == pieces_laid(row, n), f"{row} pieces not conserved"
    for column in data.COLUMNS:
        held = sum(p["privileges"][column] for p in after["players"])
        assert held + after["gallery"][column] + after["reserve"][column] == data.PRIVILEGE_TOKENS
    assert all(0 <= row < 10 for row in after["market"].values())
    assert after["phase"] in (1, 2, 3) and after["phase"] >= before["phase"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants_after_every_action(players):
    causes = set()
    for seed in range(GAMES):
        result = play(GAME, players, 100 + seed, check=invariants)
        assert result.state["over"] and GAME.outcome(result.state)
        causes.add(result.state["ending"]["cause"])
    assert causes <= {"nagasaki", "buildings"}


@pytest.mark.parametrize("players", [2, 5])
def test_replay_of_seed_and_actions_reproduces_the_state_byte_for_byte(players):
    result = play(GAME, players, 77)
    state = GAME.setup(players, 77)
    for seat, action in json.loads(json.dumps(result.actions)):
        state = GAME.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == json.dumps(result.state, sort_keys=True)


def explorer(state: dict, seat: int, legal: list[dict], rnd) -> dict:
    """A random player who explores whenever it can, sails often and builds ships: it reaches the far regions."""
    for kind in ("explore", "use_card"):
        if options := [a for a in legal if a["type"] == kind]:
            return rnd.choice(options)
    sailing = [a for a in legal if a["type"] == "move" and a["field"] == 0]
    if sailing and rnd.random() < 0.6:
        return sailing[0]
    if ships := [a for a in legal if a["type"] == "build_ships"]:
        return ships[-1]
    sails = [a for a in legal if a["type"] == "sail"]
    if sails and rnd.random() < 0.8:
        return rnd.choice(sails)
    return rnd.choice(legal)


def test_exploring_games_reach_phase_three_and_end_by_nagasaki_with_the_invariants_kept():
    endings = []
    for seed in range(4):
        result = play(GAME, 2, seed, choose=explorer, check=invariants)
        assert result.state["phase"] == 3
        endings.append(result.state["ending"]["cause"])
    assert "nagasaki" in endings
