"""Coimbra's tables: one place to fix a printed value.

Every table says whether it is *confirmed* (a public source), *derived*
(arithmetic on confirmed facts) or *designed* (a stand-in), with its section of
the research notes ("ref") or the rules ("seed"). docs/games/coimbra.md names both,
says what each cited section settles, and holds the same summary.

Effects are data, read by ``effects.py``: a dict of gains
(``coins``, ``guards``, ``vp``, ``steps``, ``any`` = influence steps on a track
of your choice, ``influence`` = {track: n}) or one special word
(``tax``, ``broker``, ``discount``, ``vp_per_visit``, ``if_income``,
``per_income``); end-game rules are ``{"rule": word, ...}`` read by ``scoring.py``.

>>> sum(1 for c in CARDS.values() if c["back"] == "II"), sum(1 for c in CARDS.values() if c["back"] == "III")
(24, 24)
>>> len(STARTING), sorted({MONASTERIES[m]["tier"] for m in MONASTERIES})
(8, ['I', 'II', 'III'])
"""

from __future__ import annotations

from typing import Any

ROUNDS = 4  # confirmed (ref §1.4)
TRACKS = ("gray", "orange", "purple", "green")  # confirmed (ref §1.6)
AREAS = ("castle", "upper", "central", "lower")  # confirmed: resolved top to bottom (seed Phase C)
CITIES = ("upper", "central", "lower")
COLORS = (*TRACKS, "white")  # the dice's colours (confirmed: ref §1.1)
CURRENCIES = ("coins", "guards")  # a card's or voyage's currency (confirmed: ref §1.7)
#: Log lines carry these indexes (``t`` track, ``a`` area, ``k`` colour, ``c`` currency, ``i`` tile) beside
#: the ids, so a translation can pick the word with ``{t, plural, =0 {...} =1 {...}}``.
CARDS_PER_ROW = 4  # confirmed (seed step 11)
START_COINS = 7  # confirmed (seed step 7)
START_GUARDS = 7  # confirmed (seed step 7)
RESOURCE_CAP = 20  # derived: the printed tracks run 1–20 (ref §3.3, U8)
TRACK_CAP = 20  # designed (ref §3.3)
DICE_PER_PLAYER = 3  # confirmed (seed Phase B)
ALTERNATIVE = {"coins": 2, "guards": 2}  # the most it gives: "up to 2 coins AND up to 2 guards" (seed Phase C)

#: Dice in the pool by player count (seed step 6: confirmed), as colour -> how many.
DICE: dict[int, dict[str, int]] = {
    4: {"gray": 3, "orange": 3, "purple": 3, "green": 3, "white": 1},
    3: {"gray": 3, "orange": 3, "purple": 2, "green": 2, "white": 1},
    2: {"gray": 2, "orange": 2, "purple": 1, "green": 1, "white": 1},
}

#: Die tokens by player count, city -> values (counts: seed step 4, confirmed; values: ref §1.3, confirmed).
DIE_TOKENS: dict[int, dict[str, list[int]]] = {
    4: {},
    3: {"upper": [3], "central": [4], "lower": [3]},
    2: {"upper": [3, 2], "central": [4, 3], "lower": [5]},
}

#: Crowns beside flags 1..4 (designed: ref §3.2).
FLAG_CROWNS = (0, 1, 2, 3)
#: Crowns on one crown token (designed: ref §3.2).
TOKEN_CROWNS = 1

#: The castle's benefit tiles, in their row (crowns and bonus designed: ref §3.4; the 2-crown tile
#: holds the extra die tile: seed step 10).
TILES: dict[str, dict[str, Any]] = {
    "treasury": {"crowns": 1, "bonus": {"coins": 3}},
    "armoury": {"crowns": 1, "bonus": {"guards": 3}},
    "chancery": {"crowns": 2, "bonus": {"vp": 1}, "extra_die": True},
    "chapel": {"crowns": 3, "bonus": {"steps": 1}},
}

#: Phase E reward by influence level (designed: ref §3.3): the level bands, then the reward per band.
INCOME_LEVELS = ((0, 1), (2, 4), (5, 7), (8, 10), (11, 14), (15, 20))
INCOME: dict[str, tuple[int, ...]] = {
    "gray": (1, 2, 3, 4, 5, 6),  # guards
    "orange": (1, 2, 3, 4, 5, 6),  # coins
    "purple": (1, 2, 2, 2, 3, 3),  # pilgrim steps
    "green": (1, 2, 3, 4, 5, 6),  # VP
}
#: What each track pays in Phase E (confirmed: seed Phase E).
INCOME_KIND = {"gray": "guards", "orange": "coins", "purple": "steps", "green": "vp"}

#: Influence scoring tiles: VP by rank on the "4" side and the "2-3" side (designed: ref §3.5).
SCORING_TILES: dict[str, dict[str, tuple[int, ...]]] = {
    "A": {"4": (14, 8, 4), "2-3": (10, 4)},
    "B": {"4": (12, 7, 3), "2-3": (9, 3)},
    "C": {"4": (10, 6, 2), "2-3": (8, 2)},
    "D": {"4": (8, 5, 2), "2-3": (6, 2)},
}

#: Diploma sets: VP by total diplomas 0..6+ (designed: ref §3.10).
DIPLOMA_VP = (0, 1, 3, 6, 10, 15, 21)
#: Coins and guards left: 1 VP per this many together (designed: ref §3.10).
RESOURCES_PER_VP = 5


def _card(back: str, color: str, cur: str, inf: int, when: str, effect: dict, dip: int = 0) -> dict[str, Any]:
    return {
        "back": back,
        "color": color,
        "currency": {"C": "coins", "G": "guards"}[cur],
        "influence": inf,
        "when": when,
        "effect": effect,
        "diplomas": dip,
    }


#: The 48 regular characters, back II (rounds 1–2) and back III (rounds 3–4) (designed: ref §3.9;
#: the 24 / 24 split by back is confirmed, ref §1.1). ``when``: immediate, phase_e, end or none.
CARDS: dict[str, dict[str, Any]] = {
    "G01": _card("II", "gray", "C", 2, "immediate", {"guards": 3}),
    "G02": _card("II", "gray", "G", 3, "phase_e", {"guards": 1}),
    "G03": _card("II", "gray", "C", 1, "end", {"rule": "per_color", "color": "gray", "vp": 2}),
    "G04": _card("II", "gray", "G", 2, "immediate", {"any": 1}),
    "G05": _card("II", "gray", "C", 3, "immediate", {"tax": 1}),
    "G06": _card("II", "gray", "C", 4, "immediate", {"guards": 1}),
    "G07": _card("III", "gray", "G", 2, "phase_e", {"if_income": "gray", "vp": 2}),
    "G08": _card("III", "gray", "C", 3, "end", {"rule": "per_guard", "vp": 1}),
    "G09": _card("III", "gray", "G", 1, "end", {"rule": "half_level", "color": "gray"}),
    "G10": _card("III", "gray", "C", 3, "immediate", {"any": 1}),
    "G11": _card("III", "gray", "G", 4, "immediate", {"vp": 2}),
    "G12": _card("III", "gray", "C", 2, "end", {"rule": "per_voyage", "vp": 3}),
    "O01": _card("II", "orange", "G", 2, "immediate", {"coins": 3}),
    "O02": _card("II", "orange", "C", 3, "phase_e", {"coins": 1}),
    "O03": _card("II", "orange", "G", 1, "end", {"rule": "per_coin", "vp": 1}),
    "O04": _card("II", "orange", "C", 2, "immediate", {"broker": 3}),
    "O05": _card("II", "orange", "G", 3, "immediate", {"discount": 2}),
    "O06": _card("II", "orange", "G", 4, "immediate", {"coins": 1}),
    "O07": _card("III", "orange", "C", 2, "phase_e", {"per_income": "orange", "coins": 1}),
    "O08": _card("III", "orange", "G", 3, "end", {"rule": "per_color", "color": "orange", "vp": 2}),
    "O09": _card("III", "orange", "C", 1, "end", {"rule": "half_level", "color": "orange"}),
    "O10": _card("III", "orange", "G", 3, "immediate", {"coins": 3}),
    "O11": _card("III", "orange", "C", 4, "immediate", {"vp": 2}),
    "O12": _card("III", "orange", "G", 2, "end", {"rule": "all_colors", "vp": 4}),
    "P01": _card("II", "purple", "C", 2, "immediate", {"steps": 2}),
    "P02": _card("II", "purple", "G", 3, "phase_e", {"steps": 1}),
    "P03": _card("II", "purple", "C", 1, "end", {"rule": "per_visit", "vp": 1}),
    "P04": _card("II", "purple", "G", 2, "immediate", {"any": 1}),
    "P05": _card("II", "purple", "C", 3, "immediate", {"vp_per_visit": 2}),
    "P06": _card("II", "purple", "C", 4, "immediate", {"steps": 1}),
    "P07": _card("III", "purple", "G", 2, "phase_e", {"if_income": "purple", "vp": 2}),
    "P08": _card("III", "purple", "C", 3, "end", {"rule": "per_high_visit", "vp": 2}),
    "P09": _card("III", "purple", "G", 1, "end", {"rule": "half_level", "color": "purple"}),
    "P10": _card("III", "purple", "C", 3, "immediate", {"steps": 2}),
    "P11": _card("III", "purple", "G", 4, "immediate", {"vp": 2}),
    "P12": _card("III", "purple", "C", 2, "immediate", {"steps": 3}),
    "S01": _card("II", "green", "G", 2, "immediate", {"vp": 2}, 1),
    "S02": _card("II", "green", "C", 3, "phase_e", {"vp": 1}, 1),
    "S03": _card("II", "green", "G", 1, "end", {"rule": "per_card", "vp": 1}, 1),
    "S04": _card("II", "green", "C", 2, "immediate", {"any": 1}, 1),
    "S05": _card("II", "green", "G", 3, "immediate", {"discount": 2}, 1),
    "S06": _card("II", "green", "C", 4, "none", {}, 1),
    "S07": _card("III", "green", "G", 2, "phase_e", {"if_income": "green", "vp": 2}, 1),
    "S08": _card("III", "green", "C", 3, "end", {"rule": "per_color", "color": "green", "vp": 2}, 1),
    "S09": _card("III", "green", "G", 1, "end", {"rule": "half_level", "color": "green"}, 2),
    "S10": _card("III", "green", "C", 3, "immediate", {"vp": 2}, 1),
    "S11": _card("III", "green", "G", 4, "immediate", {"vp": 2}, 1),
    "S12": _card("III", "green", "C", 2, "end", {"rule": "per_diploma", "vp": 1}, 2),
}

#: The 8 starting characters, back I, no cost (count confirmed, ref §1.1; contents designed, ref §3.9).
#: A ``phase_c`` card's ``effect`` names the colour of the bought card that triggers it (``on_buy``).
STARTING: dict[str, dict[str, Any]] = {
    "Notary": {"color": "gray", "influence": 2, "when": "phase_c", "effect": {"on_buy": "gray", "guards": 1}},
    "Novice": {"color": "purple", "influence": 1, "when": "immediate", "effect": {"steps": 1}},
    "Peddler": {"color": "orange", "influence": 2, "when": "phase_c", "effect": {"on_buy": "orange", "coins": 1}},
    "Scribe": {"color": "green", "influence": 1, "when": "immediate", "effect": {"vp": 1}, "diplomas": 1},
    "Sergeant": {"color": "gray", "influence": 1, "when": "immediate", "effect": {"guards": 2}},
    "Chaplain": {"color": "purple", "influence": 2, "when": "phase_c", "effect": {"on_buy": "purple", "steps": 1}},
    "Apprentice": {"color": "green", "influence": 2, "when": "phase_c", "effect": {"on_buy": "green", "vp": 1}},
    "Hawker": {"color": "orange", "influence": 1, "when": "immediate", "effect": {"coins": 2}},
}

#: Monastery tiles: 12 of tier I, 8 of II, 4 of III; 8 / 4 / 2 are drawn (designed contents and split:
#: ref §3.6; 24 tiles and 8 / 4 / 2 placed confirmed, ref §1.1, §1.3). End-game ones hold a ``rule``.
MONASTERIES: dict[str, dict[str, Any]] = {
    "I-1": {"tier": "I", "reward": {"coins": 3}},
    "I-2": {"tier": "I", "reward": {"guards": 3}},
    "I-3": {"tier": "I", "reward": {"coins": 2, "guards": 1}},
    "I-4": {"tier": "I", "reward": {"coins": 1, "guards": 2}},
    "I-5": {"tier": "I", "reward": {"vp": 3}},
    "I-6": {"tier": "I", "reward": {"influence": {"gray": 1}}},
    "I-7": {"tier": "I", "reward": {"influence": {"orange": 1}}},
    "I-8": {"tier": "I", "reward": {"influence": {"purple": 1}}},
    "I-9": {"tier": "I", "reward": {"influence": {"green": 1}}},
    "I-10": {"tier": "I", "reward": {"steps": 2}},
    "I-11": {"tier": "I", "reward": {"guards": 1, "vp": 1}},
    "I-12": {"tier": "I", "reward": {"vp": 2, "coins": 1}},
    "II-1": {"tier": "II", "reward": {"any": 2}},
    "II-2": {"tier": "II", "reward": {"coins": 5}},
    "II-3": {"tier": "II", "reward": {"guards": 5}},
    "II-4": {"tier": "II", "reward": {"vp": 6}},
    "II-5": {"tier": "II", "reward": {"two_tracks": 1}},
    "II-6": {"tier": "II", "reward": {}, "end": {"rule": "per_visit", "vp": 1}},
    "II-7": {"tier": "II", "reward": {}, "end": {"rule": "per_card", "vp": 1}},
    "II-8": {"tier": "II", "reward": {"coins": 2, "guards": 2, "vp": 1}},
    "III-1": {"tier": "III", "reward": {"vp": 10}},
    "III-2": {"tier": "III", "reward": {"any": 3}},
    "III-3": {"tier": "III", "reward": {}, "end": {"rule": "per_visit", "vp": 2}},
    "III-4": {"tier": "III", "reward": {}, "end": {"rule": "per_voyage", "vp": 4}},
}
#: Sites of each tier on the map (confirmed: 8 / 4 / 2, ref §1.2).
SITES: dict[str, str] = {
    **{f"I{i}": "I" for i in range(1, 9)},
    **{f"II{i}": "II" for i in range(1, 5)},
    **{f"III{i}": "III" for i in range(1, 3)},
}
START_SPACES = ("C-NW", "C-NE", "C-SE", "C-SW")  # designed: 4 start spaces (ref §3.7; at least 4 derived, §1.10)

#: The pilgrimage map: edges and their length in steps (designed: ref §3.7). A length-L edge has
#: L - 1 plain spaces between its ends.
EDGES: tuple[tuple[str, str, int], ...] = (
    ("C-NW", "I7", 1),
    ("C-NW", "I8", 1),
    ("C-NE", "I2", 1),
    ("C-NE", "I5", 2),
    ("C-SE", "I4", 1),
    ("C-SE", "I3", 2),
    ("C-SW", "I1", 1),
    ("C-SW", "I6", 2),
    ("I7", "I8", 2),
    ("I8", "I6", 3),
    ("I6", "I1", 3),
    ("I1", "I4", 3),
    ("I4", "I3", 3),
    ("I3", "I2", 2),
    ("I2", "I5", 2),
    ("I5", "I7", 3),
    ("I5", "II1", 2),
    ("I7", "II1", 3),
    ("I4", "II4", 3),
    ("I1", "II3", 3),
    ("I6", "II2", 3),
    ("II2", "II3", 1),
    ("II3", "II4", 2),
    ("II1", "III1", 4),
    ("II2", "III2", 3),
    ("II4", "III2", 3),
    ("C-NW", "C-NE", 1),
    ("C-NE", "C-SE", 1),
    ("C-SE", "C-SW", 1),
    ("C-SW", "C-NW", 1),
)

#: The 15 voyages; 6 are drawn (count confirmed, ref §1.1; costs and rules designed, ref §3.8).
VOYAGES: dict[str, dict[str, Any]] = {
    "V1": {"cost": 5, "currency": "coins", "rule": {"rule": "per_color", "color": "gray", "vp": 2}},
    "V2": {"cost": 5, "currency": "guards", "rule": {"rule": "per_color", "color": "orange", "vp": 2}},
    "V3": {"cost": 5, "currency": "coins", "rule": {"rule": "per_color", "color": "purple", "vp": 2}},
    "V4": {"cost": 5, "currency": "guards", "rule": {"rule": "per_color", "color": "green", "vp": 2}},
    "V5": {"cost": 6, "currency": "coins", "rule": {"rule": "per_visit", "vp": 2}},
    "V6": {"cost": 4, "currency": "guards", "rule": {"rule": "per_coin", "vp": 1}},
    "V7": {"cost": 4, "currency": "coins", "rule": {"rule": "per_guard", "vp": 1}},
    "V8": {"cost": 6, "currency": "guards", "rule": {"rule": "per_end_card", "vp": 2}},
    "V9": {"cost": 6, "currency": "coins", "rule": {"rule": "per_diploma", "vp": 2}},
    "V10": {"cost": 7, "currency": "guards", "rule": {"rule": "color_sets", "vp": 5}},
    "V11": {"cost": 7, "currency": "coins", "rule": {"rule": "lowest_level", "vp": 2}},
    "V12": {"cost": 6, "currency": "guards", "rule": {"rule": "per_card", "vp": 1}},
    "V13": {"cost": 5, "currency": "coins", "rule": {"rule": "level", "color": "purple"}},
    "V14": {"cost": 5, "currency": "guards", "rule": {"rule": "per_voyage", "vp": 2}},
    "V15": {"cost": 8, "currency": "coins", "rule": {"rule": "flat", "vp": 8}},
}
VOYAGES_IN_PLAY = 6  # confirmed (seed step 5)
