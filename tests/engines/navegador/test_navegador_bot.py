"""The Navegador bot plays the rondel with a plan from its own view: it beats three random players far
beyond luck, answers only with legal actions, never reaches past its view, repeats itself for a given
seed, and its choices follow the plan (explore towards the phases, colonies whose market pays,
privileges that pay, the end only when it leads)."""

from __future__ import annotations

import random

from engines.navegador import GAME, bot, data
from tests.engines.bot_match import beats_random, bot_game, view_where

GAMES = 8  # two from each seat; a few seconds of CPU
REGIONS = tuple(data.REGIONS)  # in sea order, Portugal first


def no_hidden_fields(view: dict, seat: int) -> None:
    """The view a bot gets holds no generator and no unexplored colony token, only the stacks' sizes."""
    assert "rng" not in view
    for region in view["regions"]:
        assert isinstance(region["stack"], int) and (region["explored"] or not region["colonies"])


def test_bot_wins_four_player_games_against_three_random_players_far_beyond_its_fair_share():
    results = beats_random(GAME, bot.choose, GAMES, no_hidden_fields)
    assert sum(r.scores[r.seat] for r in results) > 2 * sum(r.others for r in results)


def test_bot_answers_only_legal_actions_at_two_three_and_five_players_from_a_sealed_engine():
    for players in (2, 3, 5):
        result = bot_game(GAME, bot.choose, players, players)  # asserts legality, the seal and an unchanged view
        assert result.moves > 50


def test_bot_is_deterministic_for_a_given_seed():
    first, again = bot_game(GAME, bot.choose, 6), bot_game(GAME, bot.choose, 6)
    assert first.actions == again.actions and first.scores == again.scores


def step_view(kind: str, seed: int = 1) -> tuple[int, dict]:
    """Returns the acting seat and its view at the first open step of ``kind`` in a random 4-player game."""
    return view_where(GAME, seed, lambda v: bool(v["step"]) and v["step"]["kind"] == kind)


def chart(view: dict, explored: set[str], ships: dict[str, int], seat: int) -> None:
    """Redraws the map of a view: which regions are explored, and where the seat's ships are."""
    for region in view["regions"]:
        region["explored"] = region["id"] in explored
        region["ships"] = [ships.get(region["id"], 0) if s == seat else 0 for s in range(4)]
        if region["explored"]:
            region["stack"] = 0


def test_bot_explores_towards_the_phase_change():
    """From Rio, Angola and Cabo (same stack size) are open: Cabo begins phase II."""
    seat, view = step_view("sailing")
    chart(view, {"portugal", "guine", "bahia", "rio"}, {"rio": 2}, seat)
    for region in view["regions"]:
        if region["id"] in ("angola", "cabo"):
            region["stack"] = 2
    view["legal"] = [{"type": "explore", "region": r, "ships": ["rio", "rio"]} for r in ("angola", "cabo")]
    view["legal"].append({"type": "done"})
    assert bot.choose(view, seat, random.Random(0)) == view["legal"][1]


def test_bot_founds_the_colony_whose_market_still_pays():
    """Sugar sells at the top of the track, gold at the bottom: at the same price, found the sugar colony."""
    seat, view = step_view("colony")
    chart(view, {"portugal", "guine", "bahia"}, {"guine": 1, "bahia": 1}, seat)
    for region in view["regions"]:
        region["colonies"] = [80] if region["id"] in ("guine", "bahia") else []
    view["market"]["row"] = {"sugar": 0, "gold": 9, "spice": 3}
    view["players"][seat].update(
        money=200,
        workers=3,
        factories={"sugar": 0, "gold": 0, "spice": 0, "orange": 1},
        colonies={"sugar": [], "gold": [], "spice": []},
    )
    view["legal"] = [
        {"type": "found", "region": "guine", "price": 80},
        {"type": "found", "region": "bahia", "price": 80},
        {"type": "done"},
    ]
    assert bot.choose(view, seat, random.Random(0))["region"] == "bahia"


def test_bot_takes_a_privilege_only_when_it_pays():
    seat, view = step_view("privilege")
    me = view["players"][seat]
    me.update(workers=4, shipyards=4, colonies={"sugar": [], "gold": [], "spice": []})
    me["counts"].update(shipyards=4, colonies=0)
    view["legal"] = [{"type": "privilege", "column": "shipyards"}, {"type": "done"}]
    assert bot.choose(view, seat, random.Random(0))["type"] == "privilege"  # 4 × 50 and 4 × 2 VP for a worker
    view["legal"] = [{"type": "privilege", "column": "colonies"}, {"type": "done"}]
    assert bot.choose(view, seat, random.Random(0))["type"] == "done"  # nothing to multiply: the worker is lost


def test_bot_explores_nagasaki_only_when_it_leads_or_the_game_runs_long():
    seat, view = step_view("sailing")
    chart(view, set(REGIONS) - {"nagasaki"}, {"macau": 3}, seat)
    view["phase"], view["step"]["range"] = 3, 3
    view["legal"] = [{"type": "explore", "region": "nagasaki", "ships": ["macau"] * 3}, {"type": "done"}]
    me = view["players"][seat]
    others = [p for p in view["players"] if p["seat"] != seat]
    me.update(explorers=list(REGIONS[1:12]), shipyards=5)
    assert bot.choose(view, seat, random.Random(0))["type"] == "explore"
    for p in others:
        p.update(explorers=list(REGIONS[1:12]), shipyards=9, churches=6)
    assert bot.choose(view, seat, random.Random(0))["type"] == "done"
    view.update(round=45, turn=180)  # a game must end some time: late on it ends it even when behind
    assert bot.choose(view, seat, random.Random(0))["type"] == "explore"
