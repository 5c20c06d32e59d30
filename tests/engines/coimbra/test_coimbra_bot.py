"""The Coimbra bot drafts with a plan from its own view: it beats three random players far beyond luck,
answers only with legal actions, never reaches past its view, and repeats itself for a given seed."""

from __future__ import annotations

import random

from engines.coimbra import GAME, bot
from tests.engines.bot_match import beats_random, bot_game, view_where

GAMES = 16  # four from each seat; a few seconds of CPU


def no_hidden_fields(view: dict, seat: int) -> None:
    """The view a bot gets holds no generator and only the size of the character deck."""
    assert "rng" not in view and isinstance(view["deck"], int)


def test_bot_wins_four_player_games_against_three_random_players_far_beyond_its_fair_share():
    results = beats_random(GAME, bot.choose, GAMES, no_hidden_fields)
    assert sum(r.scores[r.seat] for r in results) > 1.5 * sum(r.others for r in results)


def test_bot_answers_only_legal_actions_at_two_and_three_players_from_a_sealed_engine():
    for players in (2, 3):
        for seed in range(2):
            result = bot_game(GAME, bot.choose, seed, players)  # asserts legality, the seal and an unchanged view
            assert result.moves > 30


def test_bot_is_deterministic_for_a_given_seed():
    first, again = bot_game(GAME, bot.choose, 5), bot_game(GAME, bot.choose, 5)
    assert first.actions == again.actions and first.scores == again.scores


def view_at(phase: str, seed: int) -> tuple[int, dict]:
    """Plays a random 4-player game until ``phase``; returns the acting seat and its view."""
    return view_where(GAME, seed, lambda view: view["phase"] == phase)


def test_bot_takes_dice_whose_colour_feeds_the_track_it_climbs():
    """With green far ahead, a green die beats a gray one of the same value in the same place."""
    seat, view = view_at("place", 11)
    view["players"][seat]["influence"] = {"gray": 0, "orange": 0, "purple": 0, "green": 12}
    view["dice"] = [{"id": "gray1", "color": "gray", "value": 3}, {"id": "green1", "color": "green", "value": 3}]
    view["legal"] = [{"type": "place", "die": d, "area": "castle"} for d in ("gray1", "green1")]
    assert bot.choose(view, seat, random.Random(0))["die"] == "green1"


def test_bot_funds_a_voyage_only_when_its_rule_pays_more_than_it_costs():
    seat, view = view_at("voyage", 2)
    flat = {"id": "V15", "cost": 8, "currency": "coins", "rule": {"rule": "flat", "vp": 8}, "funders": []}
    view["voyages"] = [flat]
    view["players"][seat].update(coins=9, discount=0)
    view["legal"] = [{"type": "fund", "voyage": "V15"}, {"type": "pass"}]
    assert bot.choose(view, seat, random.Random(0))["type"] == "fund"  # 8 VP for 8 coins worth ~4 VP
    view["voyages"] = [dict(flat, rule={"rule": "flat", "vp": 1})]
    assert bot.choose(view, seat, random.Random(0))["type"] == "pass"
