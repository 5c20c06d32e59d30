"""Goa's final scoring: the categories of the seed, then the tie-break by ducats.

Pure: reads a finished state, returns scores, ranking, breakdown and winners.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, TypedDict

from ..core import Outcome, rank
from . import data

Category = Literal["development", "colonies", "tiles", "ducats", "expeditions"]
CATEGORIES: tuple[Category, ...] = ("development", "colonies", "tiles", "ducats", "expeditions")


class Breakdown(TypedDict):
    """One seat's points per category, and its ducats left (``money``, the tie-break)."""

    development: int
    colonies: int
    tiles: int
    ducats: int
    expeditions: int
    money: int


def breakdown_of(state: dict, seat: int, richest: int) -> Breakdown:
    """Returns one seat's points per category (plus its ducats, shown for the tie-break)."""
    p = state["players"][seat]
    # 1. Development board: each marker by its row (ref §1.7).
    development = sum(data.ROW_VP[r - 1] for r in p["rows"].values())
    # 2. Colonies by how many were founded (ref §1.15).
    colonies = data.COLONY_VP[len(p["colonies"])]
    # 3. Special tiles: single plantations (kept or given up), fulfilled Duty, Missions.
    tiles = sum(data.TILES[t].get("vp", 0) for t in p["plantations"] + p["dropped"] + p["done"])
    tiles += sum(data.TILES[t]["vp"] for t in p["tiles"] if data.TILES[t]["kind"] == "mission")
    # 4. Most ducats: every tied richest player scores it.
    ducats = data.MOST_DUCATS_VP if p["ducats"] == richest else 0
    # 5. Expedition cards in hand: per symbol, by how many share it.
    symbols = Counter(data.CARDS[c]["symbol"] for c in p["hand"])
    expeditions = sum(data.SET_VP[min(n, len(data.SET_VP) - 1)] for n in symbols.values())
    return {
        "development": development,
        "colonies": colonies,
        "tiles": tiles,
        "ducats": ducats,
        "expeditions": expeditions,
        "money": p["ducats"],
    }


def final_scores(state: dict) -> Outcome[Breakdown]:
    """Returns scores, ranking and places (ties by most ducats), breakdown and winners."""
    n = state["num_players"]
    richest = max(p["ducats"] for p in state["players"])
    breakdown = [breakdown_of(state, s, richest) for s in range(n)]
    scores = [sum(b[c] for c in CATEGORIES) for b in breakdown]
    return {"scores": scores, **rank(scores, [b["money"] for b in breakdown]), "breakdown": breakdown}
