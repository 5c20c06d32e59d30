"""Setup (seed "Preparation") and the small helpers every rule module reads.

The state is plain JSON. What is hidden lives here too: each unexplored region's
colony stack (``regions[r]["stack"]``, in its shuffled order) and the token of
each good removed unseen (``removed``); ``view.py`` shows neither.
"""

from __future__ import annotations

from ..core import log, rng, seat_name
from . import data


def setup(state: dict, num_players: int) -> None:
    """Fills a fresh state: board, supplies, hidden stacks, gallery, buildings, the card."""
    n = num_players
    removed, stacks = {}, {}
    for good, prices in data.COLONY_PRICES.items():
        tokens = rng.shuffle(state, list(prices))
        removed[good] = tokens[: data.COLONIES_REMOVED]
        tokens = tokens[data.COLONIES_REMOVED :]
        for region, info in data.REGIONS.items():
            if info["good"] == good:
                stacks[region], tokens = tokens[: info["stack"]], tokens[info["stack"] :]
    state.update(
        phase=1,
        phase_next=None,
        turn=0,
        current=0,
        ending=None,
        over=False,
        # The player to the right of the starting player (seat 0) is the last in turn order.
        card={"holder": n - 1, "marker": None, "travelled": 0},
        stones=[None] * n,
        regions={
            r: {
                "explored": r == data.HOME,
                "stack": stacks.get(r, []),
                "colonies": [],
                "ships": [data.START_SHIPS_BOARD if r == data.HOME else 0] * n,
            }
            for r in data.REGIONS
        },
        double_loss=list(data.DOUBLE_LOSS[n]),
        removed=removed,
        market={g: data.MARKET_START_ROW for g in data.GOODS},
        buildings={b: [i < pieces_laid(b, n) for i in range(len(slots))] for b, slots in data.BUILDING_SLOTS.items()},
        gallery={c: data.GALLERY_LEVEL[n][0] for c in data.COLUMNS},
        reserve={c: data.PRIVILEGE_TOKENS - data.GALLERY_LEVEL[n][0] for c in data.COLUMNS},
        players=[new_player() for _ in range(n)],
        pending=[],
    )
    log(
        state,
        key="nav.start",
        who=seat_name(0),
        holder=seat_name(n - 1),
    )


def pieces_laid(building: str, num_players: int) -> int:
    """Returns how many pieces of a row the chart holds at setup (left-aligned).

    >>> pieces_laid("shipyard", 4), pieces_laid("church", 2), pieces_laid("gold_factory", 5)
    (6, 8, 6)
    """
    pieces = data.BUILDING_PIECES[building]
    if building in data.SHARED_WITH_SHEETS:
        pieces -= num_players
    return min(pieces, len(data.BUILDING_SLOTS[building]))


def new_player() -> dict:
    """Returns a player's starting sheet and supplies (seed setup 2)."""
    return {
        "money": data.START_MONEY,
        "workers": data.WORKERS_START,
        "supply": data.SHIPS_PER_PLAYER - data.START_SHIPS_BOARD,
        "colonies": {g: [] for g in data.GOODS},
        "factories": {"sugar": 0, "gold": 0, "spice": 0, "orange": 1},
        "shipyards": 1,
        "churches": 1,
        "explorers": [],
        "privileges": {c: 0 for c in data.COLUMNS},
        "king": True,
    }


def ships_on_board(state: dict, seat: int) -> int:
    """Returns how many of a seat's ships are on the map."""
    return sum(r["ships"][seat] for r in state["regions"].values())


def achievements(player: dict) -> dict[str, int]:
    """Returns a player's count per sheet column (the orange factory counts as a factory).

    >>> p = new_player(); p["explorers"] = ["guine"]; achievements(p)
    {'colonies': 0, 'factories': 1, 'explorers': 1, 'shipyards': 1, 'churches': 1}
    """
    return {
        "colonies": sum(len(v) for v in player["colonies"].values()),
        "factories": sum(player["factories"].values()),
        "explorers": len(player["explorers"]),
        "shipyards": player["shipyards"],
        "churches": player["churches"],
    }


def left_of(state: dict, seat: int) -> int:
    """Returns the next seat in turn order (clockwise, to the left)."""
    return (seat + 1) % state["num_players"]


def right_of(state: dict, seat: int) -> int:
    """Returns the seat to the right (counter-clockwise), where the Navegador card goes."""
    return (seat - 1) % state["num_players"]
