"""Declarative tables of Goa (first edition, 2004): board, tiles, cards and colonies.

Every table says whether it is *confirmed*, *derived* or *designed* and where it
comes from: "seed" is the rulebook, "ref §N" a section of the research notes; both are
named, and each section's content given, in docs/games/goa.md (the rulebook wins).
Nothing here computes. A group that owns the printed game can correct a value
here, in one place.
"""

from typing import TypedDict

GINGER, CINNAMON, PEPPER, NUTMEG, CLOVE = "ginger", "cinnamon", "pepper", "nutmeg", "clove"

#: Spices in the column order of the development board. Confirmed names: seed
#: setup step 6; order: derived (ref §2.1, base spice of each column).
SPICES = (GINGER, CINNAMON, PEPPER, NUTMEG, CLOVE)

#: Development board columns, left to right. Confirmed: ref §1.7.
COLUMNS = ("ships", "harvest", "taxes", "expedition", "colonists")

#: Value of each column's action per row 1..5. Confirmed cells: ships 1/2,
#: taxes row 1 = 4, expedition 1/1 and 2/4, colonists row 1 = 0 (ref §1.7);
#: ships 5 and harvest 8 at row 5 from a weak review (ref §2.1); every other
#: cell designed (ref §3.1 PROPOSAL).
ACTION_VALUE = {
    "ships": (1, 2, 3, 4, 5),
    "harvest": (1, 2, 4, 6, 8),
    "taxes": (4, 5, 6, 8, 10),
    "colonists": (0, 1, 2, 3, 4),
}

#: Expedition column: (cards drawn per action, hand limit) per row. Confirmed
#: rows 1 and 4 (ref §1.7); rows 2, 3, 5 designed (ref §3.1).
EXPEDITION = ((1, 1), (1, 2), (2, 3), (2, 4), (3, 5))

#: Victory points of a success marker per row. Confirmed: ref §1.7.
ROW_VP = (0, 1, 3, 6, 10)

#: Spices paid to move a marker from row k to k+1 (index k-1); one ship per
#: spice (seed "Each drawn spice bag requires 1 ship"). Derived: ref §2.1 (six
#: cells confirmed, the rest follow the base-spice pattern).
PROGRESS_COST = {
    col: tuple(tuple(SPICES[(base + j) % 5] for j in range(step)) for step in range(1, 5))
    for base, col in enumerate(COLUMNS)
}

#: First player to reach these rows of a column draws an expedition card.
#: Confirmed: seed "penultimate and last row".
MILESTONE_ROWS = (4, 5)

#: Colonists needed to found each colony. Confirmed: seed "Found Colony".
COLONY_NEED = {"Quilon": 6, "Cochin": 8, "Madras": 10, "Calicut": 12}

#: Colony tiles: the spices each field may hold, one entry per tile. Counts
#: (5/4/5/4) and field counts confirmed (ref §1.1, §1.8); Quilon and Madras
#: pairs designed from the neighbour pattern (ref §3.4; two Quilon pairs and one
#: Madras pair confirmed). Cochin/Calicut fields take any spice (seed).
_PAIRS = tuple((SPICES[i], SPICES[(i + 1) % 5]) for i in range(5))
COLONY_TILES = {
    "Quilon": [{"fields": 1, "allow": list(p)} for p in _PAIRS],
    "Cochin": [{"fields": 1, "allow": list(SPICES)} for _ in range(4)],
    "Madras": [{"fields": 2, "allow": list(p)} for p in _PAIRS],
    "Calicut": [{"fields": 2, "allow": list(SPICES)} for _ in range(4)],
}

#: Victory points by number of colonies founded. Confirmed: ref §1.15.
COLONY_VP = (0, 1, 3, 6, 10)

#: Victory points by number of expedition cards of one symbol. Confirmed 1, 2,
#: 4, 5 and derived 3 (ref §1.15).
SET_VP = (0, 1, 3, 6, 10, 15)

#: Most ducats at the end. Confirmed: ref §1.15 (tied players each get it).
MOST_DUCATS_VP = 3

#: Setup. Confirmed: seed setup steps 9-10.
START_SHIPS, START_COLONISTS = 4, 2
START_DUCATS, FLAG_DUCATS = 10, 7

#: Rounds per part and parts. Confirmed: seed "Two parts of four rounds".
ROUNDS_PER_PART, PARTS = 4, 2
ACTIONS_PER_ROUND = 3

#: Additional action cards in the game (finite). Confirmed count (ref §1.1);
#: finiteness designed (ref §3.5).
EXTRA_CARDS = 10

#: Plantations a player may hold at once. Confirmed: ref §1.9.
PLANTATION_LIMIT = 4

#: Tiles laid on the 5x5 grid per part; the rest are boxed unseen.
#: Confirmed for A (seed setup step 2); applied to B as well (designed).
GRID = 5
LAID = 25


def _plantation(spice: str, fields: int) -> dict:
    vp = 1 if fields == 1 else 0
    return {
        "kind": "plantation",
        "name": f"{('Single', 'Double', 'Triple')[fields - 1]} {spice} plantation",
        "spice": spice,
        "fields": fields,
        "vp": vp,
        "text": f"{fields} {spice} field{'s' if fields > 1 else ''}, filled when taken"
        + ("; 1 VP at the end" if vp else ""),
    }


def _tile(kind: str, name: str, text: str, **gift) -> dict:
    return {"kind": kind, "name": name, "text": text, **gift}


# Red tiles: kept, usable once per round in your own turn.
SHIP = _tile("red", "Ship", "Once per round: take 1 ship", ships=1)
DUCATS = _tile("red", "Ducats", "Once per round: take 4 ducats", ducats=4)
COLONIST = _tile("red", "Colonist", "Once per round: take 1 colonist", colonists=1)
SPICE = _tile("red", "Spice", "Once per round: 1 spice of your choice on an empty matching field", spices=1)
EXPEDITION_RED = _tile("red", "Expedition", "Once per round: draw 1 expedition card", cards=1)
TRADE = _tile("red", "Trade", "Once per round: sell up to 2 spices for 3 ducats each", sell=2)
# Immediate tiles: resolved when won, then discarded.
EXTRA_ACTIONS = _tile("now", "Additional actions", "At once: 2 additional action cards", extra=2)
EXPEDITIONS_A = _tile("now", "Expeditions", "At once: 2 expedition cards, up to your hand limit", cards=2)
EXPEDITIONS_B = _tile("now", "Expeditions", "At once: 3 expedition cards, up to your hand limit", cards=3)
SHIPS = _tile("now", "Ships", "At once: 4 ships", ships=4)
COLONISTS = _tile("now", "Colonists", "At once: 4 colonists", colonists=4)
SETTLEMENT = _tile(
    "now", "Settlement", "At once: 1 ship, 1 colonist and 1 additional action card", ships=1, colonists=1, extra=1
)
SHIPS_OR_COLONISTS = _tile("now", "Ships/Colonists", "At once: 3 ships or 3 colonists", either=3)
# Kept tiles used once, in your own turn.
DUTY = _tile("duty", "Duty", "Once, in your turn: return 6 spices from your fields for 4 VP", vp=4, spices=6)
ESPIONAGE = _tile(
    "special",
    "Espionage",
    "Once: your next ships, harvest, taxes or colony action this turn uses another player's row",
    power="espionage",
)
EXTRA_HARVEST = _tile(
    "special", "Extra harvest", "Once: fill up to 3 of your plantations/colonies completely", power="extra_harvest"
)
RESUPPLY = _tile(
    "special",
    "Resupply",
    "Once: reveal 2 expedition cards and take their colonists' total in ships, colonists or spices",
    power="resupply",
)
VICE_KING = _tile(
    "special", "Vice-king", "Once: move your least advanced marker one row down for free", power="vice_king"
)


def _mission(vp: int) -> dict:
    return _tile("mission", f"Mission ({vp})", f"{vp} VP at the end", vp=vp)


#: A tiles, 27. Confirmed: ref §1.10 (1st-edition player aid): 5 single and 10
#: double plantations, the four red tiles, Duty, and the immediate tiles.
A_TILES = (
    [_plantation(s, 1) for s in SPICES]
    + [_plantation(s, 2) for s in SPICES for _ in range(2)]
    + [
        SHIP,
        DUCATS,
        COLONIST,
        SPICE,
        DUTY,
        EXTRA_ACTIONS,
        EXPEDITIONS_A,
        SHIPS,
        COLONISTS,
        SETTLEMENT,
        SHIPS_OR_COLONISTS,
        SHIPS_OR_COLONISTS,
    ]
)

#: B tiles, 27. Confirmed: the 10 plantations, Extra harvest and Trade (ref
#: §1.11); the other 15 designed (ref §3.2 PROPOSAL), Trade's text designed.
B_TILES = (
    [_plantation(s, 2) for s in SPICES]
    + [_plantation(s, 3) for s in SPICES]
    + [
        EXTRA_HARVEST,
        TRADE,
        EXPEDITION_RED,
        ESPIONAGE,
        RESUPPLY,
        VICE_KING,
        DUTY,
        _mission(2),
        _mission(2),
        _mission(3),
        SHIPS,
        COLONISTS,
        SHIPS_OR_COLONISTS,
        SHIPS_OR_COLONISTS,
        SETTLEMENT,
        EXTRA_ACTIONS,
        EXPEDITIONS_B,
    ]
)

#: Every tile by id ("A01".."A27", "B01".."B27").
TILES = {**{f"A{i + 1:02d}": t for i, t in enumerate(A_TILES)}, **{f"B{i + 1:02d}": t for i, t in enumerate(B_TILES)}}

#: Expedition card effects. Effects confirmed (ref §1.13, 2012 text); the
#: ``ducats`` cost of the pay-to-progress cards designed (ref §3.3).
EFFECTS = {
    "ships": "Take 2 ships",
    "colonists": "Take 2 colonists",
    "ducats": "Take 5 ducats",
    "spices": "Take 2 spices of your choice onto matching empty fields",
    "sell": "Sell up to 4 spices for 3 ducats each",
    "buy": "Pay {cost} ducats: move one marker one row down",
    "harvest_mix": "With Harvest: take any mix of ships, colonists and spices",
    "colony3": "With Found a colony: reveal 3 cards instead of 2",
    "ships_only": "With Progress: pay ships only, no spices",
    "spices_only": "With Progress: pay spices only, no ships",
}

#: Cards played together with an action ("A" cards). Confirmed: ref §1.13.
WITH_ACTION = {"harvest_mix": "harvest", "colony3": "found", "ships_only": "progress", "spices_only": "progress"}

TIGER = "tiger"

#: The 30 expedition cards: (effect, colonists, symbol, cost). Designed: ref
#: §3.3 explicit list (10 effects x colonists 1/2/3; 6 symbols x 5 cards).
_CARDS = [
    ("ships", 1, "fish"),
    ("ships", 2, "shell"),
    ("ships", 3, "elephant"),
    ("colonists", 1, "statue"),
    ("colonists", 2, "tiger"),
    ("colonists", 3, "elephant"),
    ("ducats", 1, "tiger"),
    ("ducats", 2, "shell"),
    ("ducats", 3, "palm tree"),
    ("spices", 1, "elephant"),
    ("spices", 2, "statue"),
    ("spices", 3, "tiger"),
    ("sell", 1, "shell"),
    ("sell", 2, "fish"),
    ("sell", 3, "palm tree"),
    ("buy", 1, "fish"),
    ("buy", 2, "palm tree"),
    ("buy", 3, "statue"),
    ("harvest_mix", 1, "palm tree"),
    ("harvest_mix", 2, "shell"),
    ("harvest_mix", 3, "fish"),
    ("colony3", 1, "statue"),
    ("colony3", 2, "elephant"),
    ("colony3", 3, "shell"),
    ("ships_only", 1, "elephant"),
    ("ships_only", 2, "tiger"),
    ("ships_only", 3, "statue"),
    ("spices_only", 1, "palm tree"),
    ("spices_only", 2, "tiger"),
    ("spices_only", 3, "fish"),
]


class Card(TypedDict):
    """One expedition card: its effect, colonists, symbol and (for ``buy``) ducat cost."""

    effect: str
    colonists: int
    symbol: str
    cost: int
    text: str


CARDS: dict[str, Card] = {
    f"E{i + 1:02d}": {
        "effect": e,
        "colonists": c,
        "symbol": s,
        "cost": 4 + 2 * c if e == "buy" else 0,
        "text": EFFECTS[e].format(cost=4 + 2 * c),
    }
    for i, (e, c, s) in enumerate(_CARDS)
}
