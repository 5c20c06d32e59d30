"""Declarative tables of Go Goa: the map of Goa, the destinations and the tour plans.

Every table says whether it is *confirmed*, *derived* or *designed*, and where it
comes from: "seed" is the rules, "ref §N" a section of the research notes; both are
named, and each section's content given, in docs/games/gogoa.md (the rules win).
Nothing here computes; ``hexmap.py`` turns the tables into geometry.
A group that owns the printed sheet can correct a value here, in one place.
"""

#: Number of Trip Days. Confirmed: seed "12 days"; ref §1.3.
DAYS = 12

#: Compass: die face -> axial step (dq, dr) on flat-topped hexes.
#: 1 = up and 2 = up-right are confirmed (seed "2 moves up and to the right";
#: ref §1.4); 3..6 continue clockwise: designed (ref §3.1, U2).
COMPASS = {
    1: (0, -1),  # N
    2: (1, -1),  # NE
    3: (1, 0),  # SE
    4: (0, 1),  # S
    5: (-1, 1),  # SW
    6: (-1, 0),  # NW
}

#: Land hexes per offset row, as (first col, last col) runs; odd-q offset layout,
#: col 0 = west, row 0 = north. Designed: ref §3.2 "Land hexes per row" (500 hexes).
#: Row 0 has a gap at col 8, hence two runs.
LAND_ROWS = {
    0: [(3, 7), (9, 9)],
    1: [(2, 10)],
    2: [(2, 11)],
    3: [(2, 12)],
    4: [(2, 12)],
    5: [(2, 13)],
    6: [(2, 15)],
    7: [(2, 17)],
    8: [(2, 19)],
    9: [(2, 21)],
    10: [(4, 22)],
    11: [(4, 22)],
    12: [(4, 22)],
    13: [(6, 22)],
    14: [(6, 23)],
    15: [(6, 24)],
    16: [(6, 24)],
    17: [(6, 25)],
    18: [(7, 25)],
    19: [(7, 25)],
    20: [(8, 24)],
    21: [(10, 24)],
    22: [(10, 24)],
    23: [(10, 24)],
    24: [(10, 22)],
    25: [(10, 22)],
    26: [(10, 22)],
    27: [(10, 22)],
    28: [(10, 22)],
    29: [(10, 22)],
    30: [(11, 20)],
    31: [(11, 20)],
    32: [(12, 20)],
    33: [(14, 18)],
    34: [(14, 18)],
    35: [(14, 18)],
    36: [(16, 16)],
}

#: "Start Here", offset (col, row). Designed: ref §3.2.
START = (16, 13)

#: The five destination types. Confirmed: ref §1.5 (beaches, waterfalls, forts,
#: historical (heritage) sites, religious sites).
TYPES = ("beach", "fort", "heritage", "religious", "waterfall")

#: Destinations: code -> (name, type, offset (col, row)).
#: Names and types: real Goan sights, designed (ref §3.3); Dudhsagar Falls and the
#: three guide beaches are confirmed by the seed. Positions: designed (ref §3.3).
DESTINATIONS = {
    "F1": ("Tiracol Fort", "fort", (2, 2)),
    "H1": ("Deshprabhu House", "heritage", (4, 3)),
    "B1": ("Arambol Beach", "beach", (2, 4)),
    "B9": ("Morjim Beach", "beach", (2, 6)),
    "F2": ("Chapora Fort", "fort", (2, 8)),
    "B2": ("Anjuna Beach", "beach", (4, 10)),
    "B3": ("Calangute Beach", "beach", (4, 12)),
    "F3": ("Fort Aguada", "fort", (6, 13)),
    "H2": ("Fontainhas", "heritage", (6, 10)),
    "R1": ("Basilica of Bom Jesus", "religious", (10, 12)),
    "W1": ("Harvalem Falls", "waterfall", (14, 10)),
    "H3": ("Harvalem Caves", "heritage", (14, 8)),
    "W2": ("Hivre Falls", "waterfall", (18, 8)),
    "R2": ("Mangueshi Temple", "religious", (12, 15)),
    "R3": ("Tambdi Surla Temple", "religious", (22, 14)),
    "R4": ("Shantadurga Temple", "religious", (14, 16)),
    "F4": ("Mormugao Fort", "fort", (6, 16)),
    "B4": ("Bogmalo Beach", "beach", (7, 17)),
    "B10": ("Majorda Beach", "beach", (8, 20)),
    "W3": ("Dudhsagar Falls", "waterfall", (24, 20)),
    "B5": ("Colva Beach", "beach", (10, 22)),
    "H4": ("Braganza House", "heritage", (14, 22)),
    "B6": ("Benaulim Beach", "beach", (10, 24)),
    "B11": ("Cavelossim Beach", "beach", (10, 26)),
    "R5": ("Chandreshwar Temple", "religious", (14, 24)),
    "H5": ("Usgalimal Rock Carvings", "heritage", (18, 26)),
    "W4": ("Mainapi Falls", "waterfall", (20, 29)),
    "F5": ("Cabo de Rama Fort", "fort", (10, 28)),
    "B7": ("Agonda Beach", "beach", (11, 31)),
    "B8": ("Palolem Beach", "beach", (14, 33)),
    "W5": ("Kuskem Falls", "waterfall", (18, 34)),
    "B12": ("Galgibaga Beach", "beach", (16, 36)),
}

#: Local guides: guide id -> the destination that circles it. Confirmed: seed
#: "Local guides" (Palolem, Colva, Calangute); their codes follow ref §3.3.
GUIDES = {"calangute": "B3", "colva": "B5", "palolem": "B8"}

#: The destination with the seed's +20 bonus. Confirmed: seed "Scoring".
DUDHSAGAR = "W3"

#: Tour plans: id -> (points, destination codes). Designed: ref §3.8 (36 cards,
#: 12 x 20 + 6 x 30 in the easy deck, 18 x 40 in the hard deck; the deck split and
#: the point values are confirmed by the seed and ref §1.2).
PLANS = {
    "T01": (20, ("B3", "F3")),
    "T02": (20, ("B2", "F2")),
    "T03": (20, ("H2", "R1")),
    "T04": (20, ("R2", "R4")),
    "T05": (20, ("W1", "H3")),
    "T06": (20, ("B4", "F4")),
    "T07": (20, ("B5", "B6")),
    "T08": (20, ("H4", "R5")),
    "T09": (20, ("B11", "F5")),
    "T10": (20, ("W2", "R3")),
    "T11": (20, ("H5", "W4")),
    "T12": (20, ("B1", "F1")),
    "T13": (30, ("F1", "H1", "B1")),
    "T14": (30, ("R1", "R2", "W1")),
    "T15": (30, ("W3", "R3", "R4")),
    "T16": (30, ("F4", "H2", "F3")),
    "T17": (30, ("B5", "H4", "H5")),
    "T18": (30, ("F5", "B7", "B8")),
    "T19": (40, ("B3", "B5", "B8")),
    "T20": (40, ("W1", "W3", "W5")),
    "T21": (40, ("F3", "F4", "F5")),
    "T22": (40, ("W3", "B8", "B12")),
    "T23": (40, ("H1", "H2", "H4")),
    "T24": (40, ("R1", "R3", "R5")),
    "T25": (40, ("W2", "W4", "B7")),
    "T26": (40, ("F4", "H3", "H4", "B6")),
    "T27": (40, ("R2", "W3", "F5", "B11")),
    "T28": (40, ("F3", "R4", "H5")),
    "T29": (40, ("F1", "W1", "B4", "B9")),
    "T30": (40, ("B10", "R3", "W4")),
    "T31": (40, ("H2", "W2", "B6")),
    "T32": (40, ("F2", "W3", "B9")),
    "T33": (40, ("H3", "R1", "B5", "B7")),
    "T34": (40, ("B4", "F4", "H4", "W4")),
    "T35": (40, ("B2", "H3", "R4", "F2")),
    "T36": (40, ("R2", "B6", "W5", "F5")),
}

#: The two decks. Derived from PLANS by value (seed and ref §1.2: 20/30 vs 40).
EASY_DECK = tuple(p for p, (pts, _) in PLANS.items() if pts < 40)
HARD_DECK = tuple(p for p, (pts, _) in PLANS.items() if pts == 40)

#: Scoring values. Confirmed: seed "Scoring".
POINTS_PER_DESTINATION = 10
DUDHSAGAR_BONUS = 20
FIVE_TYPE_SET = 30
THREE_OF_A_TYPE = 10
SIX_OF_A_TYPE = 30  # instead of the 10, not on top of it (seed: "instead")
