"""The city: Phase A (roll), Phase B (take and place dice) and Phase C (resolve the locations).

Phase C runs the castle, then the upper, central and lower city; in each, the
leftmost die acts first. A player's die takes a benefit tile (castle) or buys
a character (cities), or takes the alternative (up to 2 coins and up to 2
guards, as the player chooses); then the die goes to its owner's board. A die
token discards the row's card of highest influence (the leftmost of equals)
and is flipped; once a location is empty of dice, its row's leftover cards are
discarded and its tokens turn up.
"""

from __future__ import annotations

from ..core import IllegalAction, log, rng, seat_name
from . import data
from .characters import acquire, discard
from .effects import cannot_pay, gain


def roll(state: dict) -> None:
    """Phase A: the first player rolls every die of the pool into the dice area."""
    for die in state["dice"].values():
        die["value"] = rng.randint(state, 1, 6)
    state["area"] = list(state["dice"])
    rolled = ", ".join(f"{d['color']} {d['value']}" for d in state["dice"].values())
    log(
        state,
        key="co.roll",
        round=state["round"],
        player=seat_name(state["order"][0]),
        dice=rolled,
    )


def place_options(state: dict) -> list[dict]:
    """Returns every (die, location) pair the dice area offers."""
    return [{"type": "place", "die": d, "area": a} for d in state["area"] for a in data.AREAS]


def place_in(row: list[dict], area: str, entry: dict) -> int:
    """Puts a die (or die token) into a location's row and returns its index: the castle rises,
    the cities fall, and a die equal to others goes to their right (seed Phase B).

    >>> row = [{"value": 5}, {"value": 3}]
    >>> place_in(row, "upper", {"value": 3}), place_in(row, "upper", {"value": 6})
    (2, 0)
    >>> place_in([{"value": 1}, {"value": 4}], "castle", {"value": 4})
    2
    """
    if area == "castle":
        at = sum(1 for e in row if e["value"] <= entry["value"])
    else:
        at = sum(1 for e in row if e["value"] >= entry["value"])
    row.insert(at, entry)
    return at


def place(state: dict, seat: int, action: dict) -> None:
    """Phase B: takes a die from the area into a holder and places it in a location's row."""
    die_id, area = action["die"], action["area"]
    if die_id not in state["area"]:
        raise IllegalAction("That die is not in the dice area.", "co.err.no_such_die", {"die": die_id})
    die = state["dice"][die_id]
    state["area"].remove(die_id)
    state["players"][seat]["placed"].append(die_id)
    at = place_in(state["city"][area], area, {"id": die_id, "value": die["value"], "seat": seat, "color": die["color"]})
    log(
        state,
        key="co.place",
        player=seat_name(seat),
        die=die_id,
        color=die["color"],
        value=die["value"],
        area=area,
        a=data.AREAS.index(area),
        k=data.COLORS.index(die["color"]),
        position=at + 1,
    )


def next_die(state: dict) -> tuple[str, int] | None:
    """Returns the location and index of the die that acts next in Phase C, or ``None`` when the
    location being resolved has none left (tokens already flipped do not act again)."""
    area = data.AREAS[state["resolving"]]
    for i, entry in enumerate(state["city"][area]):
        if not entry.get("used"):
            return area, i
    return None


def resolve_options(state: dict, seat: int) -> list[dict]:
    """Returns what the acting die may do: a tile or an affordable card, or the alternative."""
    area, i = next_die(state) or ("", 0)
    out: list[dict] = []
    if area == "castle":
        out = [{"type": "take_tile", "tile": t} for t in state["tiles"]]
    elif area:
        value, me = state["city"][area][i]["value"], state["players"][seat]
        out = [{"type": "buy", "card": c} for c in state["rows"][area] if me[data.CARDS[c]["currency"]] >= value]
    return [*out, *alternatives()]


def alternatives() -> list[dict]:
    """Returns the alternative's choices: up to 2 coins and up to 2 guards, the full amounts first.

    >>> [(a["coins"], a["guards"]) for a in alternatives()][:4]
    [(2, 2), (2, 1), (2, 0), (1, 2)]
    """
    most = data.ALTERNATIVE
    return [
        {"type": "alternative", "coins": c, "guards": g}
        for c in reversed(range(most["coins"] + 1))
        for g in reversed(range(most["guards"] + 1))
    ]


def resolve(state: dict, seat: int, action: dict) -> None:
    """Phase C: the acting die's action, then the die goes to its owner's board."""
    area, i = next_die(state) or ("", 0)
    entry = state["city"][area][i]
    kind = action["type"]
    if kind == "take_tile":
        if area != "castle" or action["tile"] not in state["tiles"]:
            raise IllegalAction(
                "That benefit tile is not in the castle.", "co.err.no_such_tile", {"tile": action["tile"]}
            )
        take_tile(state, seat, action["tile"])
    elif kind == "buy":
        buy(state, seat, area, entry["value"], action["card"])
    elif kind == "alternative":
        take_alternative(state, seat, area, action["coins"], action["guards"])
    else:
        raise IllegalAction("Resolve your die: a tile, a character or the alternative.", "co.err.resolve_first")
    state["city"][area].pop(i)
    me = state["players"][seat]
    me["placed"].remove(entry["id"])
    me["board"].append({"id": entry["id"], "color": entry["color"], "value": entry["value"], "used": False})


def take_alternative(state: dict, seat: int, area: str, coins: int, guards: int) -> None:
    """Instead of the location's action: the coins and guards the player chose, up to 2 each (seed;
    the action's model keeps each amount within 0-2)."""
    log(
        state,
        key="co.alternative",
        player=seat_name(seat),
        area=area,
        a=data.AREAS.index(area),
        coins=coins,
        guards=guards,
    )
    gain(state, seat, {"coins": coins, "guards": guards})


def take_tile(state: dict, seat: int, tile: str) -> None:
    """Castle: takes a benefit tile (free), its crowns for this round and its immediate bonus."""
    info, me = data.TILES[tile], state["players"][seat]
    state["tiles"].remove(tile)
    me["tiles"].append(tile)
    log(
        state,
        key="co.take_tile",
        player=seat_name(seat),
        tile=tile,
        i=list(data.TILES).index(tile),
        crowns=info["crowns"],
    )
    if info.get("extra_die"):
        me["extra_die"] = True
        log(state, key="co.extra_die", player=seat_name(seat))
    gain(state, seat, info["bonus"])


def buy(state: dict, seat: int, area: str, value: int, card: str) -> None:
    """City: buys a card of the row for the die's value in the card's currency (seed Phase C)."""
    if area not in data.CITIES or card not in state["rows"][area]:
        raise IllegalAction("That character is not in this row.", "co.err.not_in_row", {"card": card})
    currency, me = data.CARDS[card]["currency"], state["players"][seat]
    if me[currency] < value:
        raise cannot_pay(currency, value)
    me[currency] -= value
    state["rows"][area].remove(card)
    log(
        state,
        key="co.buy",
        player=seat_name(seat),
        card=card,
        cost=value,
        currency=currency,
        c=data.CURRENCIES.index(currency),
        area=area,
        a=data.AREAS.index(area),
    )
    acquire(state, seat, card)


def token_acts(state: dict, area: str, entry: dict) -> None:
    """A die token acts: discards the row's card of highest influence (leftmost of equals), flips."""
    entry["used"] = True
    row = state["rows"][area]
    if not row:
        log(
            state,
            key="co.token_nothing",
            area=area,
            a=data.AREAS.index(area),
            value=entry["value"],
        )
        return
    card = max(row, key=lambda c: data.CARDS[c]["influence"])  # max keeps the first of equals
    row.remove(card)
    discard(state, card)
    log(
        state,
        key="co.token_discards",
        area=area,
        a=data.AREAS.index(area),
        value=entry["value"],
        card=card,
    )


def finish_area(state: dict) -> None:
    """A location is done: its leftover cards are discarded, its tokens turn up; on to the next."""
    area = data.AREAS[state["resolving"]]
    if area in data.CITIES and state["rows"][area]:
        n = len(state["rows"][area])
        for card in state["rows"][area]:
            discard(state, card)
        state["rows"][area] = []
        log(
            state,
            key="co.row_discarded",
            area=area,
            a=data.AREAS.index(area),
            n=n,
        )
    for entry in state["city"][area]:
        entry["used"] = False
    state["resolving"] += 1
