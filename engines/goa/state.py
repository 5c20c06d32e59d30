"""Goa's state: setup and the small helpers every phase shares (cards, fields, rows).

State is a plain JSON dict. Secret parts: each player's ``ducats`` and ``hand``,
``deck``, ``boxed``, ``b_tiles`` and ``rng``; only ``view.py`` decides who sees
what. Pure: no I/O, no clock; shuffles come from ``state["rng"]``.
"""

from __future__ import annotations

from ..core import log, own
from ..core import seat_name as who
from ..core.rng import shuffle
from . import data


def new_player() -> dict:
    """Returns a player with the setup supply (seed setup steps 8-9)."""
    return {
        "ducats": data.START_DUCATS,
        "ships": data.START_SHIPS,
        "colonists": data.START_COLONISTS,
        "rows": {col: 1 for col in data.COLUMNS},
        "hand": [],
        "extra": 0,
        "fields": [],
        "plantations": [],
        "dropped": [],
        "colonies": [],
        "tiles": [],
        "used": [],
        "done": [],
        "all_rows": [],
    }


def lay_tiles(state: dict, ids: list[str]) -> None:
    """Shuffles a part's tiles, lays 25 on the grid and boxes the rest unseen (seed setup 2)."""
    pile = shuffle(state, list(ids))
    state["grid"] = [pile[r * data.GRID : (r + 1) * data.GRID] for r in range(data.GRID)]
    state["boxed"] = state.get("boxed", []) + pile[data.LAID :]


def setup(state: dict, num_players: int) -> None:
    """Fills a fresh state for ``num_players`` (seed "Preparation")."""
    a_ids = [t for t in data.TILES if t.startswith("A")]
    b_ids = [t for t in data.TILES if t.startswith("B")]
    state.update(
        round=1,
        part="A",
        phase="place",
        flag=0,
        flag_pos=None,
        markers=[],
        placing=1,
        auction=None,
        actions=None,
        turn=None,
        extra=None,
        pending=[],
        deck=shuffle(state, list(data.CARDS)),
        discard=[],
        gone=[],
        boxed=[],
        b_tiles=b_ids,
        milestones={},
        extra_supply=data.EXTRA_CARDS,
        colony_supply={name: [dict(t) for t in tiles] for name, tiles in data.COLONY_TILES.items()},
        players=[new_player() for _ in range(num_players)],
    )
    lay_tiles(state, a_ids)
    # Seed setup 10: seat 0 (the youngest) flips first, clockwise, until a tiger.
    seat = 0
    while True:
        card = state["deck"].pop()
        state["discard"].append(card)
        info = data.CARDS[card]
        log(
            state,
            key="goa.flips",
            who=who(seat),
            card=card,
            symbol=info["symbol"],
        )
        if info["symbol"] == data.TIGER:
            break
        seat = (seat + 1) % num_players
    state["flag"] = seat
    state["players"][seat]["ducats"] = data.FLAG_DUCATS
    log(
        state,
        key="goa.tiger",
        who=who(seat),
        n=data.FLAG_DUCATS,
        others=data.START_DUCATS,
    )


# ---- shared helpers ---------------------------------------------------------------


def player(state: dict, seat: int) -> dict:
    """Returns the record of a seat, this state's own to change (see ``Goa.lent``)."""
    return own(state, "players", seat, copy_player)


def copy_player(p: dict) -> dict:
    """Returns a copy of a player's record that may be changed freely.

    Two levels deep is deep enough: below them only a field's spice changes (so the fields
    are copied too); a colony's record and a field's ``allow`` list never change once made.
    """
    out = p.copy()
    for k in _PARTS:
        out[k] = p[k].copy()
    out["fields"] = [dict(f) for f in p["fields"]]
    return out


#: The lists and dicts of a player's record (a copy copies each).
_PARTS = tuple(k for k, v in new_player().items() if isinstance(v, (list, dict)))


def markers_of_round(num_players: int) -> int:
    """Returns the highest auction marker in play (players + 1; seed setup 7)."""
    return num_players + 1


def value(state: dict, seat: int, column: str) -> int:
    """Returns the action value of a seat's marker in a column (ships, harvest, taxes, colonists)."""
    return data.ACTION_VALUE[column][player(state, seat)["rows"][column] - 1]


def expedition_value(state: dict, seat: int) -> tuple[int, int]:
    """Returns (cards drawn, hand limit) of a seat's expedition marker."""
    return data.EXPEDITION[player(state, seat)["rows"]["expedition"] - 1]


def draw_cards(state: dict, seat: int, n: int) -> list[str]:
    """Draws up to ``n`` expedition cards into a hand; the discards are reshuffled when the deck ends.

    Seed "Expedition": you can never have more cards than your limit, so every draw
    (action, tile, milestone) stops at the hand limit, and a public line says so.
    """
    room = max(0, expedition_value(state, seat)[1] - len(player(state, seat)["hand"]))
    if n > room:
        log(
            state,
            key="goa.hand_limit",
            who=who(seat),
            n=n - room,
        )
        n = room
    got = reveal(state, n)
    player(state, seat)["hand"].extend(got)
    if got:
        names = ", ".join(f"{c} ({data.CARDS[c]['text']}; {data.CARDS[c]['symbol']})" for c in got)
        log(
            state,
            key="goa.draws",
            who=who(seat),
            n=len(got),
        )
        log(state, to=[seat], key="goa.drew_own", cards=", ".join(got), names=names)
    return got


def reveal(state: dict, n: int) -> list[str]:
    """Takes up to ``n`` cards off the deck (reshuffling the discards when it runs out)."""
    got = []
    for _ in range(n):
        if not state["deck"]:
            if not state["discard"]:
                break
            state["deck"] = shuffle(state, state["discard"])
            state["discard"] = []
            log(state, key="goa.reshuffled")
        got.append(state["deck"].pop())
    return got


def take_extra(state: dict, seat: int, n: int) -> int:
    """Gives up to ``n`` additional action cards from the finite supply; returns how many."""
    n = min(n, state["extra_supply"])
    state["extra_supply"] -= n
    player(state, seat)["extra"] += n
    return n


def spices_held(p: dict) -> dict[str, int]:
    """Returns how many sacks of each spice lie on a player's fields."""
    out = {s: 0 for s in data.SPICES}
    for f in p["fields"]:
        if f["spice"]:
            out[f["spice"]] += 1
    return out


def take_spice(p: dict, spice: str) -> None:
    """Removes one sack of ``spice`` from a player's fields (plantations before colonies)."""
    for f in p["fields"]:
        if f["spice"] == spice:
            f["spice"] = None
            return
    raise ValueError(f"no {spice} to take")


def empty_fields(p: dict, scope: list[int] | None = None) -> list[int]:
    """Returns the indices of a player's empty fields (within ``scope`` when given)."""
    idx = range(len(p["fields"])) if scope is None else scope
    return [i for i in idx if p["fields"][i]["spice"] is None]


def add_plantation(p: dict, tile: str) -> None:
    """Lays a plantation on the supply board and fills it (ref §1.9)."""
    info = data.TILES[tile]
    p["plantations"].append(tile)
    spice = info["spice"]
    p["fields"].extend({"src": tile, "allow": [spice], "spice": spice} for _ in range(info["fields"]))


def drop_plantation(p: dict, tile: str) -> None:
    """Discards a plantation and its spices; kept face down for its VP (ref §1.9)."""
    p["plantations"].remove(tile)
    p["fields"] = [f for f in p["fields"] if f["src"] != tile]
    p["dropped"].append(tile)


def advance(state: dict, seat: int, column: str) -> None:
    """Moves a success marker one row down and hands out the progress bonuses (seed "Bonus")."""
    p = player(state, seat)
    p["rows"][column] += 1
    row = p["rows"][column]
    log(
        state,
        key="goa.progresses",
        who=who(seat),
        column=column,
        row=row,
    )
    key = f"{column}{row}"
    if row in data.MILESTONE_ROWS and key not in state["milestones"]:
        # The first player to reach the penultimate and the last row draws a card.
        state["milestones"] = {**state["milestones"], key: seat}  # replaced, never changed (Goa.replaced)
        log(
            state,
            key="goa.first_to_row",
            who=who(seat),
            row=row,
            column=column,
        )
        draw_cards(state, seat, 1)
    low = min(p["rows"].values())
    for k in range(2, low + 1):
        if k not in p["all_rows"]:
            # All five markers in row k or lower: one additional action card, once per row.
            p["all_rows"].append(k)
            if take_extra(state, seat, 1):
                log(
                    state,
                    key="goa.all_rows_card",
                    who=who(seat),
                    row=k,
                )
            else:
                log(
                    state,
                    key="goa.all_rows_none",
                    who=who(seat),
                    row=k,
                )
