"""Goa's first two phases of a round: placing the auction markers, then the auctions.

Positions are ``[row, col]`` with the grid at 0..4; the flag may also lie on the
edge (row or col -1 or 5). Auctions go in marker order; each is one lap of
bids clockwise from the auctioneer's left, the auctioneer speaking last.
"""

from __future__ import annotations

from ..core import IllegalAction, log
from ..core import seat_name as who
from . import data
from .state import markers_of_round, player, take_extra
from .tiles import gain_tile

ORTHO = ((-1, 0), (1, 0), (0, -1), (0, 1))
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def on_grid(r: int, c: int) -> bool:
    """Returns whether a position lies on the 5x5 game area."""
    return 0 <= r < data.GRID and 0 <= c < data.GRID


def placer(state: dict) -> int:
    """Returns the seat placing the next marker: flag holder first and last (seed phase 1)."""
    n, k = state["num_players"], state["placing"]
    if k == 1 or k == markers_of_round(n):
        return state["flag"]
    return (state["flag"] + k - 1) % n


def _flag_spot_sides() -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    # Every place the flag could go (the area and its edge, corners outside touch nothing),
    # with the spaces of the area orthogonally next to it.
    out = []
    for r in range(-1, data.GRID + 1):
        for c in range(-1, data.GRID + 1):
            sides = tuple((r + dr, c + dc) for dr, dc in ORTHO if on_grid(r + dr, c + dc))
            if sides:
                out.append((r, c, sides))
    return tuple(out)


FLAG_SPOT_SIDES = _flag_spot_sides()


def flag_spots(state: dict) -> list[list[int]]:
    """Returns where the flag may go: an empty space or the edge, next to a tile orthogonally."""
    grid = state["grid"]
    return [
        [r, c]
        for r, c, sides in FLAG_SPOT_SIDES
        if not (on_grid(r, c) and grid[r][c] is not None) and any(grid[sr][sc] for sr, sc in sides)
    ]


def marker_spots(state: dict) -> list[list[int]]:
    """Returns the free tiles next to (or diagonal to) the previous marker, else every free tile."""
    grid = state["grid"]
    taken = {tuple(m["pos"]) for m in state["markers"]}
    free = [
        [r, c] for r in range(data.GRID) for c in range(data.GRID) if grid[r][c] is not None and (r, c) not in taken
    ]
    pr, pc = state["markers"][-1]["pos"]
    near = [p for p in free if (p[0] - pr, p[1] - pc) in AROUND]
    # Seed "Important": with no such tile, any free tile starts a new chain.
    return near or free


def legal_place(state: dict) -> list[dict]:
    """Returns the placing actions of the seat whose marker is next."""
    if state["placing"] == 1:
        return [{"type": "place_flag", "row": r, "col": c} for r, c in flag_spots(state)]
    return [{"type": "place_marker", "row": r, "col": c} for r, c in marker_spots(state)]


def place(state: dict, seat: int, action: dict) -> None:
    """Places the flag with marker 1, or the next numbered marker."""
    pos = [action["row"], action["col"]]
    k = state["placing"]
    if k == 1:
        if action["type"] != "place_flag":
            raise IllegalAction("Place the flag first.", "goa.err.flag_first")
        if pos not in flag_spots(state):
            raise IllegalAction(
                "The flag goes on an empty space or the edge, orthogonally next to a tile.", "goa.err.flag_spot"
            )
        state["flag_pos"] = pos
        log(state, key="goa.places_flag", who=who(seat))
    else:
        if action["type"] != "place_marker":
            raise IllegalAction("Place your auction marker on a tile.", "goa.err.marker_on_tile")
        if pos not in marker_spots(state):
            raise IllegalAction("That tile is not free and next to the previous marker.", "goa.err.marker_spot")
        tile = state["grid"][pos[0]][pos[1]]
        log(
            state,
            key="goa.places_marker",
            who=who(seat),
            n=k,
            tile=tile,
            name=data.TILES[tile]["name"],
        )
    state["markers"].append({"n": k, "seat": seat, "pos": pos})
    state["placing"] += 1
    if k == markers_of_round(state["num_players"]):
        open_auction(state, 1)


# ---- auctions -----------------------------------------------------------------


def open_auction(state: dict, k: int) -> None:
    """Opens the auction of marker ``k``: the auctioneer bids 0, the others speak clockwise."""
    state["phase"] = "auction"
    mark = next(m for m in state["markers"] if m["n"] == k)
    s, n = mark["seat"], state["num_players"]
    item = "flag" if k == 1 else state["grid"][mark["pos"][0]][mark["pos"][1]]
    state["auction"] = {
        "marker": k,
        "auctioneer": s,
        "item": item,
        "high": 0,
        "leader": s,
        "order": [(s + i) % n for i in range(1, n)] + [s],
        "i": 0,
        "words": [],
        "done": False,
    }
    if item == "flag":
        log(state, key="goa.auctions_flag", who=who(s))
    else:
        name = data.TILES[item]["name"]
        log(state, key="goa.auctions_tile", who=who(s), tile=item, name=name)


def speaker(state: dict) -> int:
    """Returns the seat whose bid is awaited."""
    a = state["auction"]
    return a["order"][a["i"]]


def legal_bids(state: dict, seat: int) -> list[dict]:
    """Returns pass and every bid the seat can pay with its own ducats."""
    a = state["auction"]
    ducats = player(state, seat)["ducats"]
    out: list[dict] = [{"type": "pass"}]
    if seat == a["auctioneer"] and state.get("auctioneer_may_match"):
        # The match option: the auctioneer keeps the item by matching the high bid (ref §2.3).
        if a["high"] <= ducats:
            out.append({"type": "bid", "amount": a["high"]})
        return out
    # Seed: each bid must be higher than the previous one, the auctioneer's too.
    out += [{"type": "bid", "amount": x} for x in range(a["high"] + 1, ducats + 1)]
    return out


def bid(state: dict, seat: int, action: dict) -> None:
    """Takes one seat's single word in the auction: a bid or a pass."""
    a = state["auction"]
    if action["type"] == "bid":
        amount = action["amount"]
        if amount > player(state, seat)["ducats"]:
            raise IllegalAction("You may bid only what you can pay.", "goa.err.bid_unaffordable")
        if seat == a["auctioneer"] and state.get("auctioneer_may_match"):
            if amount != a["high"]:
                raise IllegalAction(
                    f"As auctioneer you keep the item by bidding the high bid, {a['high']}.",
                    "goa.err.auctioneer_match",
                    {"high": a["high"]},
                )
        elif amount <= a["high"]:
            raise IllegalAction(f"A bid must be higher than {a['high']}.", "goa.err.bid_low", {"high": a["high"]})
        a["high"], a["leader"] = amount, seat
        log(state, key="goa.bids", who=who(seat), n=amount)
    else:
        log(state, key="goa.passes", who=who(seat))
    a["words"].append({"seat": seat, "amount": action["amount"] if action["type"] == "bid" else None})
    a["i"] += 1
    if closes(a):
        award(state)


def closes(a: dict) -> bool:
    """Tells whether the auction ends now: every word is said, or the auctioneer's own is all that is left.

    Nobody bid before the auctioneer: the auctioneer takes the item free without being asked (seed).
    """
    return a["i"] == len(a["order"]) or (a["i"] == len(a["order"]) - 1 and a["leader"] == a["auctioneer"])


def only_words(state: dict, seat: int, action: dict) -> bool:
    """Tells whether a bid or pass leaves the auction open, so it changes nothing but the auction."""
    a = state["auction"]
    after = {**a, "i": a["i"] + 1, "leader": seat if action["type"] == "bid" else a["leader"]}
    return not closes(after)


def award(state: dict) -> None:
    """Gives the item to the high bidder, who pays the auctioneer, or the bank if it is the auctioneer."""
    a = state["auction"]
    s, win, price = a["auctioneer"], a["leader"], a["high"]
    player(state, win)["ducats"] -= price
    if win != s:
        player(state, s)["ducats"] += price
    a["done"] = True
    state["markers"] = [m for m in state["markers"] if m["n"] != a["marker"]]
    if a["item"] == "flag":
        state["flag"] = win
        log_won(state, "flag", "the flag", win, s, price)
        if take_extra(state, win, 1):
            log(state, key="goa.extra_card", who=who(win))
        return
    tile = a["item"]
    # A new grid: the state before keeps its own (``Goa.replaced``).
    state["grid"] = [[None if t == tile else t for t in row] for row in state["grid"]]
    log_won(state, "tile", data.TILES[tile]["name"], win, s, price, tile=tile)
    gain_tile(state, win, tile)


def log_won(state: dict, item: str, name: str, win: int, auctioneer: int, price: int, **more) -> None:
    """Logs who won an auction and where the money went (the auctioneer, the bank, or none was paid)."""
    args: dict = {"who": who(win), "n": price, "name": name, **more}
    if win != auctioneer:
        log(state, key=f"goa.{item}_won_paid", payee=who(auctioneer), **args)
    elif price:
        log(state, key=f"goa.{item}_won_bank", **args)
    else:
        log(state, key=f"goa.{item}_won", **args)


def after_auction(state: dict) -> bool:
    """Opens the next auction once the last one is settled; returns True when all are done."""
    k = state["auction"]["marker"] + 1
    if k <= markers_of_round(state["num_players"]):
        open_auction(state, k)
        return False
    state["auction"] = None
    return True
