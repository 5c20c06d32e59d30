"""Declarative tables of Navegador (PD-Verlag 2010): map, colony tokens, market, buildings, sheet.

Every table says whether it is *confirmed*, *derived* or *designed* and where it
comes from: "seed" is the rules, "ref §N" a section of the research notes; both are
named, and each section's content given, in docs/games/navegador.md (the rules win).
Nothing here computes. A group that owns the printed game can correct a value here, in
one place.
"""

from __future__ import annotations

from typing import TypedDict

GOODS = ("sugar", "gold", "spice")


class Region(TypedDict):
    """A sea region: the good of its colony stack, the stack's printed size, and its name."""

    name: str
    good: str | None
    stack: int


#: The 13 sea regions in map order (Portugal first, then along the route east).
#: Names and goods confirmed (ref §1.8, [FB]); sugar stacks 4 + 4 derived and Timor 2
#: confirmed (ref §2.4); every other stack size designed (ref §3.1 PROPOSAL, totals
#: 8 sugar / 10 gold / 12 spice confirmed).
REGIONS: dict[str, Region] = {
    "portugal": {"name": "Portugal", "good": None, "stack": 0},
    "guine": {"name": "Guiné", "good": "gold", "stack": 3},
    "bahia": {"name": "Bahia", "good": "sugar", "stack": 4},
    "rio": {"name": "Rio de Janeiro", "good": "sugar", "stack": 4},
    "angola": {"name": "Angola", "good": "gold", "stack": 3},
    "cabo": {"name": "Cabo da Boa Esperança", "good": "gold", "stack": 1},
    "mocambique": {"name": "Moçambique", "good": "gold", "stack": 3},
    "zanzibar": {"name": "Zanzibar", "good": "spice", "stack": 2},
    "goa": {"name": "Goa", "good": "spice", "stack": 4},
    "malaca": {"name": "Malaca", "good": "spice", "stack": 2},
    "timor": {"name": "Timor", "good": "spice", "stack": 2},
    "macau": {"name": "Macau", "good": "spice", "stack": 1},
    "nagasaki": {"name": "Nagasaki", "good": "spice", "stack": 1},
}

#: Where new ships appear and every player starts. Confirmed: seed setup 2.
HOME = "portugal"

#: The 17 borders (undirected). Portugal–Guiné confirmed ([SS]); the rest designed
#: along the historical route (ref §3.1 PROPOSAL, with the Moçambique–Goa crossing).
BORDERS: tuple[tuple[str, str], ...] = (
    ("portugal", "guine"),
    ("portugal", "bahia"),
    ("guine", "bahia"),
    ("guine", "angola"),
    ("bahia", "rio"),
    ("rio", "angola"),
    ("rio", "cabo"),
    ("angola", "cabo"),
    ("cabo", "mocambique"),
    ("mocambique", "zanzibar"),
    ("mocambique", "goa"),
    ("zanzibar", "goa"),
    ("goa", "malaca"),
    ("malaca", "timor"),
    ("malaca", "macau"),
    ("timor", "macau"),
    ("macau", "nagasaki"),
)

#: Exploring these regions starts phase II and III. Confirmed: seed "Game Phases".
PHASE_REGIONS = {"cabo": 2, "malaca": 3}

#: Exploring this region triggers the end. Confirmed: seed "End of Game".
END_REGION = "nagasaki"

#: Regions carrying a double-loss token, by player count. Confirmed: seed setup 5.
DOUBLE_LOSS = {2: ("nagasaki", "macau"), 3: ("nagasaki", "macau"), 4: ("nagasaki",), 5: ("nagasaki",)}

#: Ships entering together to explore, and ships lost doing it: (normal, double loss).
#: Confirmed: seed "Exploring Unknown Waters".
EXPLORE_NEED = (2, 3)
EXPLORE_LOSS = (1, 2)

#: Borders a ship may cross in one sailing, by phase. Confirmed: seed "Sailing".
SAIL_RANGE = {1: 1, 2: 2, 3: 3}

#: Colony token prices: one token per 10 Cruzados across the seed's ranges (9 sugar,
#: 11 gold, 13 spice). Ranges confirmed (seed "Colony"), counts confirmed (ref §1.1),
#: one token per step derived (ref §2.2).
COLONY_PRICES = {
    "sugar": tuple(range(40, 121, 10)),
    "gold": tuple(range(50, 151, 10)),
    "spice": tuple(range(60, 181, 10)),
}

#: Tokens of each good removed unseen at setup. Confirmed: ref §1.2.
COLONIES_REMOVED = 1

#: Market track, row 0 = top: sale price per good and the processing revenue (the red
#: column, shared by all goods). Ranges confirmed ([ZG]); two rows per value derived
#: (ref §2.1, every worked example checked).
MARKET = {
    "sugar": (60, 60, 50, 50, 40, 40, 30, 30, 20, 20),
    "gold": (70, 70, 60, 60, 50, 50, 40, 40, 30, 30),
    "spice": (80, 80, 70, 70, 60, 60, 50, 50, 40, 40),
    "revenue": (20, 20, 30, 30, 40, 40, 50, 50, 60, 60),
}
#: Price markers start on the fourth row from the top. Confirmed: seed setup 1.
MARKET_START_ROW = 3

#: Building chart: slot prices left to right (cheapest first). Slot counts derived
#: (ref §2.5); prices designed (ref §3.2 PROPOSAL, consistent with every observed price).
BUILDING_SLOTS = {
    "sugar_factory": (40, 70, 100, 130, 160, 190),
    "gold_factory": (40, 70, 100, 130, 160, 190),
    "spice_factory": (40, 70, 100, 130, 160, 190),
    "shipyard": (100, 150, 200, 250, 300, 350, 400, 450),
    "church": (150, 200, 250, 300, 350, 400, 450, 500),
}
#: Pieces of each building in the game; the chart gets (pieces − players) of the rows
#: whose pieces also start on the sheets, from the left. Confirmed: ref §1.1, §1.2.
BUILDING_PIECES = {"sugar_factory": 6, "gold_factory": 6, "spice_factory": 6, "shipyard": 10, "church": 10}
#: Rows whose pieces each player also starts with one of. Confirmed: seed setup 2.
SHARED_WITH_SHEETS = ("shipyard", "church")

#: The good a factory processes. Confirmed: seed "Market".
FACTORY_GOOD = {"sugar_factory": "sugar", "gold_factory": "gold", "spice_factory": "spice"}

#: The sheet column each building counts in. Confirmed: seed "Scoring".
BUILDING_COLUMN = {
    "sugar_factory": "factories",
    "gold_factory": "factories",
    "spice_factory": "factories",
    "shipyard": "shipyards",
    "church": "churches",
}

#: Workers needed per building built in one turn. Confirmed: seed "Buildings".
WORKERS_NEEDED = {"sugar_factory": 3, "gold_factory": 3, "spice_factory": 3, "shipyard": 4, "church": 5}

#: Lisboa worker chart. Confirmed: seed "Workers", ref §2.3.
WORKERS_MIN, WORKERS_MAX, WORKERS_START = 2, 9, 3

#: Starting supplies. Confirmed: seed setup 2.
START_MONEY, START_SHIPS_BOARD, SHIPS_PER_PLAYER = 200, 2, 7

#: Prices of the Workers and Ships fields. Confirmed: seed "Workers", "Ships".
CHEAP_PRICE = 50  # per church (worker) or per shipyard (ship)
EXTRA_PRICE = 100  # per phase, for each worker or ship beyond those
SALE_PRICE = 100  # the bank pays for a virtual worker or a surplus ship

#: Workers given up and needed to take a privilege. Confirmed: seed "Privilege"
#: ("at least 2 workers", read with "Minimum 2": 2 must remain after the one given up).
PRIVILEGE_WORKERS = 1
PRIVILEGES_PER_COLUMN = 3

#: Player sheet columns (= privilege kinds), left to right. Confirmed: seed "Scoring".
COLUMNS = ("colonies", "factories", "explorers", "shipyards", "churches")
#: Printed base VP per achievement. Confirmed: seed "Scoring" (1 / 2 / 5 / 7 / 5).
BASE_VP = {"colonies": 1, "factories": 2, "explorers": 5, "shipyards": 7, "churches": 5}
#: VP per achievement added by each privilege in a column (the King's privilege alike).
#: Confirmed for the King (ref §1.7), the same for all privileges derived (ref §2.6).
PRIVILEGE_VP = {"colonies": 1, "factories": 1, "explorers": 1, "shipyards": 2, "churches": 2}
#: Cash per achievement for the privilege covering each position, top to bottom.
#: Colonies 30, shipyards 50, churches 40 (2nd) confirmed or derived (ref §2.6); the rest
#: designed (ref §3.3 PROPOSAL).
PRIVILEGE_COINS = {
    "colonies": (30, 20, 10),
    "factories": (30, 20, 10),
    "explorers": (30, 20, 10),
    "shipyards": (50, 40, 30),
    "churches": (50, 40, 30),
}

#: Gallery: tokens per type in the game, and the level it is (re)filled to in phases
#: I/II/III. 6 per type confirmed (ref §1.1); rows for 2 and 5 players confirmed
#: (ref §1.5), 3 and 4 designed (ref §3.4 PROPOSAL).
PRIVILEGE_TOKENS = 6
GALLERY_LEVEL = {2: (1, 1, 1), 3: (1, 1, 2), 4: (1, 2, 2), 5: (1, 2, 3)}

#: The rondel, clockwise. Confirmed: ref §1.3 ([ST], consistent with [R]).
RONDEL = ("sailing", "workers", "market", "colony", "privilege", "ships", "market", "buildings")
#: Fields a stone moves for free; each further field costs a ship. Confirmed: seed.
FREE_STEPS = 3
#: The longest move: the seed forbids staying on (or coming back to) the same field.
MAX_STEPS = len(RONDEL) - 1

#: VP for each full amount of this much cash. Confirmed: seed "Scoring".
CASH_PER_VP = 200
