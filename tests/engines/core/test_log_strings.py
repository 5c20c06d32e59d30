"""Every key an engine writes (log lines, refusal reasons) has its words in English and Russian."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import engines

ROOT = Path(__file__).resolve().parents[3]
PREFIX = {"goa": "goa", "gogoa": "gg", "coimbra": "co", "navegador": "nav"}


def strings_of(game_id: str) -> dict:
    """Returns a game's log words by language: static/js/games/<id>/log_strings.json."""
    return json.loads((ROOT / "static" / "js" / "games" / game_id / "log_strings.json").read_text(encoding="utf-8"))


def lines_of(game_id: str) -> dict[str, set[str]]:
    """Returns every log key random games write, with the union of its args' names."""
    game, seen = engines.get_game(game_id), {}
    for seed in range(3):
        rnd, state = random.Random(seed), game.setup(game.max_players - seed % 2, seed)
        while game.to_act(state):
            seat = rnd.choice(sorted(game.to_act(state)))
            state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        for line in state["log"]:
            seen.setdefault(line["key"], set()).update(line["args"])
    return seen


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_every_log_key_a_game_writes_has_english_and_russian_with_its_args(game_id):
    strings = strings_of(game_id)
    for key, args in lines_of(game_id).items():
        for lang in ("en", "ru"):
            assert key in strings[lang], f"{lang} lacks {key}"
            wanted = set(re.findall(r"\{(\w+)[,}]", strings[lang][key]))
            assert wanted <= args, f"{lang} {key} names {wanted - args}, not in its args"


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_every_refusal_key_in_a_games_source_has_english_and_russian(game_id):
    source = "".join(p.read_text() for p in (ROOT / "engines" / game_id).glob("*.py"))
    keys = set(re.findall(rf'"({PREFIX[game_id]}\.err\.\w+)"', source))
    assert len(keys) > 10
    strings = strings_of(game_id)
    for lang in ("en", "ru"):
        assert keys <= set(strings[lang]), f"{lang} lacks {keys - set(strings[lang])}"


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_russian_and_english_hold_the_same_keys(game_id):
    strings = strings_of(game_id)
    assert set(strings["en"]) == set(strings["ru"])
