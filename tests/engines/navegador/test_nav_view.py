"""The view keeps the shape docs/games/navegador.md publishes for the client and the bot."""

from __future__ import annotations

import json

from engines.core.playout import play
from engines.navegador import GAME

TOP = {
    "num_players",
    "phase",
    "phase_next",
    "turn",
    "round",
    "current",
    "first_round",
    "step",
    "ending",
    "card",
    "rondel",
    "regions",
    "borders",
    "market",
    "buildings",
    "gallery",
    "refill",
    "sheet",
    "prices",
    "players",
    "to_act",
    "legal",
    "over",
}
PLAYER = {
    "seat",
    "money",
    "workers",
    "supply",
    "ships",
    "colonies",
    "factories",
    "shipyards",
    "churches",
    "explorers",
    "privileges",
    "king",
    "counts",
}
REGION = {"id", "good", "explored", "double_loss", "stack", "colonies", "ships"}
STEP_FIELDS = {
    "card": {"before"},
    "move": set(),
    "pay": {"field", "left"},
    "workers": {"offers"},
    "ships": {"offers"},
    "sailing": {"card", "range", "moved", "explored"},
    "colony": {"founded", "ships_used", "workers_used"},
    "buildings": {"built", "workers_used"},
    "market": {"sold", "processed", "orange_used"},
    "privilege": set(),
}


def test_the_view_has_the_documented_fields_at_every_step_of_a_game():
    seen = set()

    def check(before, after, seat, action):
        view = GAME.view(after, seat)
        assert set(view) == TOP | ({"outcome"} if view["over"] else set())
        assert all(set(p) == PLAYER for p in view["players"])
        assert all(set(r) == REGION for r in view["regions"]) and len(view["regions"]) == 13
        assert set(view["card"]) == {"holder", "marker", "travelled", "usable"}
        if view["step"]:
            kind = view["step"]["kind"]
            seen.add(kind)
            assert set(view["step"]) == {"kind", "seat"} | STEP_FIELDS[kind]
        json.dumps(view)

    result = play(GAME, 3, 4, check=check)
    assert seen == set(STEP_FIELDS)
    breakdown = GAME.view(result.state, None)["outcome"]["breakdown"][0]
    assert set(breakdown) == {
        "workers",
        "ships",
        "cash",
        "colonies",
        "factories",
        "explorers",
        "shipyards",
        "churches",
        "king",
        "money",
    }


def test_the_doc_names_every_view_field_and_action_type():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "games" / "navegador.md").read_text(encoding="utf-8")
    for name in TOP | PLAYER | REGION | {k for f in STEP_FIELDS.values() for k in f} | set(STEP_FIELDS):
        assert f"`{name}`" in doc or f'"{name}"' in doc, f"docs/games/navegador.md does not name {name}"
    for model in GAME.action_models:
        assert f"`{model.model_fields['type'].default}`" in doc
