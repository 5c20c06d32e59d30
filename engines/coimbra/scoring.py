"""Coimbra's final scoring, in the reference's order (ref §3.10), and the tie-breaks.

1. each influence track by rank, as its scoring tile pays (ref §3.5);
2. voyages, each funder by the card's rule (ref §3.8);
3. end-game characters and end-game monasteries (ref §3.9, §3.6);
4. diploma sets (ref §3.10);
5. 1 VP per 5 coins and guards left together.
Most VP wins; ties: most coins and guards left, then the later place in the final player order.
"""

from __future__ import annotations

from typing import TypedDict

from ..core import Outcome, rank
from . import data
from .effects import card_data


class Breakdown(TypedDict):
    """One seat's VP by source (``income_vp`` = the scoring track before final scoring), and
    its coins and guards left (``money``, the first tie-break)."""

    income_vp: int
    tracks: int
    voyages: int
    cards: int
    monasteries: int
    diplomas: int
    resources: int
    money: int


CATEGORIES = ("income_vp", "tracks", "voyages", "cards", "monasteries", "diplomas", "resources")


def colors_owned(state: dict, seat: int) -> dict[str, int]:
    """Returns how many character cards of each colour a seat owns (starting cards count, ref §3.12)."""
    out = dict.fromkeys(data.TRACKS, 0)
    for card in state["players"][seat]["cards"]:
        out[card_data(card)["color"]] += 1
    return out


def diplomas(state: dict, seat: int) -> int:
    """Returns a seat's diplomas (green cards, the Scribe)."""
    return sum(card_data(c).get("diplomas", 0) for c in state["players"][seat]["cards"])


def end_vp(state: dict, seat: int, rule: dict) -> int:
    """Returns what one end-game rule (a card's, a monastery's or a voyage's) pays a seat.

    >>> s = {"players": [{"cards": ["G03", "Notary", "O01"], "coins": 4, "guards": 9, "voyages": ["V1"],
    ...                   "visited": ["I1", "II2"], "influence": {"gray": 5, "orange": 3, "purple": 0, "green": 2}}],
    ...      "sites": {"I1": "I-1", "II2": "II-2"}}
    >>> end_vp(s, 0, {"rule": "per_color", "color": "gray", "vp": 2})
    4
    >>> end_vp(s, 0, {"rule": "half_level", "color": "gray"})
    2
    >>> end_vp(s, 0, {"rule": "per_high_visit", "vp": 2}), end_vp(s, 0, {"rule": "lowest_level", "vp": 2})
    (2, 0)
    """
    me, kind, vp = state["players"][seat], rule["rule"], rule.get("vp", 0)
    colors = colors_owned(state, seat)
    counts = {
        "per_color": lambda: colors[rule.get("color", "gray")],
        "per_guard": lambda: me["guards"],
        "per_coin": lambda: me["coins"],
        "per_voyage": lambda: len(me["voyages"]),
        "per_visit": lambda: len(me["visited"]),
        "per_high_visit": lambda: sum(1 for s in me["visited"] if data.SITES[s] != "I"),
        "per_card": lambda: len(me["cards"]),
        "per_diploma": lambda: diplomas(state, seat),
        "per_end_card": lambda: sum(1 for c in me["cards"] if card_data(c)["when"] == "end"),
        "color_sets": lambda: min(colors.values()),
        "lowest_level": lambda: min(me["influence"].values()),
        "flat": lambda: 1,
    }
    if kind == "half_level":
        return me["influence"][rule["color"]] // 2
    if kind == "level":
        return me["influence"][rule["color"]]
    if kind == "all_colors":
        least = min(colors.values())
        return vp * ((least >= 1) + (least >= 2))
    return vp * counts[kind]()


def track_vp(state: dict) -> list[int]:
    """Returns each seat's VP from the four influence tracks by rank (ties share, next ranks skipped)."""
    n = state["num_players"]
    side = "4" if n == 4 else "2-3"
    out = [0] * n
    for track, tile in state["scoring_tiles"].items():
        values = data.SCORING_TILES[tile][side]
        levels = [state["players"][s]["influence"][track] for s in range(n)]
        for s in range(n):
            if levels[s] >= 1:
                place = sum(1 for other in levels if other > levels[s])
                out[s] += values[place] if place < len(values) else 0
    return out


def breakdown_of(state: dict, seat: int, tracks: int) -> Breakdown:
    """Returns one seat's score sheet."""
    me = state["players"][seat]
    cards = sum(end_vp(state, seat, card_data(c)["effect"]) for c in me["cards"] if card_data(c)["when"] == "end")
    monasteries = sum(
        end_vp(state, seat, data.MONASTERIES[state["sites"][s]]["end"])
        for s in me["visited"]
        if "end" in data.MONASTERIES[state["sites"][s]]
    )
    dip = min(diplomas(state, seat), len(data.DIPLOMA_VP) - 1)
    money = me["coins"] + me["guards"]
    return {
        "income_vp": me["vp"],
        "tracks": tracks,
        "voyages": sum(end_vp(state, seat, data.VOYAGES[v]["rule"]) for v in me["voyages"]),
        "cards": cards,
        "monasteries": monasteries,
        "diplomas": data.DIPLOMA_VP[dip],
        "resources": money // data.RESOURCES_PER_VP,
        "money": money,
    }


def final_scores(state: dict) -> Outcome[Breakdown]:
    """Returns scores, placings (ties: coins and guards, then the later flag) and the breakdown."""
    n = state["num_players"]
    tracks = track_vp(state)
    breakdown = [breakdown_of(state, s, tracks[s]) for s in range(n)]
    scores = [sum(b[c] for c in CATEGORIES) for b in breakdown]  # type: ignore[literal-required]
    later = [state["order"].index(s) for s in range(n)]
    return {"scores": scores, **rank(scores, [b["money"] for b in breakdown], later), "breakdown": breakdown}
