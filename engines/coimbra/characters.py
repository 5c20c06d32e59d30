"""Character cards: dealing the city rows with their crown tokens, and acquiring a card.

Acquiring (seed Phase C, "Buy a character card"): advance the card's track by
its influence, take an immediate bonus once (a Phase E or end-game card waits
in its zone), then any starting card whose Phase C bonus the new card's colour
triggers pays once, then the crown token on the card is taken.
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import data
from .effects import advance, broker_choices, card_data, gain


def deal_rows(state: dict) -> None:
    """Lays 4 cards from the deck beside each city, then places the crown tokens (seed steps 11–12)."""
    for city in data.CITIES:
        state["rows"][city] = [state["deck"].pop() for _ in range(data.CARDS_PER_ROW) if state["deck"]]
    state["crowns"] = crown_scan(state["rows"])


def crown_scan(rows: dict[str, list[str]]) -> list[str]:
    """Returns the cards that get a crown token: from the 4th column to the 1st, top to bottom,
    the first card found of each colour (seed step 12).

    >>> crown_scan({"upper": ["G01", "O01", "G02", "S01"], "central": ["P01", "O02", "G03", "S02"],
    ...             "lower": ["O03", "O04", "O05", "O06"]})
    ['S01', 'O06', 'G02', 'P01']
    """
    found: dict[str, str] = {}
    for col in reversed(range(data.CARDS_PER_ROW)):
        for city in data.CITIES:
            row = rows[city]
            if col < len(row):
                color = data.CARDS[row[col]]["color"]
                found.setdefault(color, row[col])
    return list(found.values())


def acquire(state: dict, seat: int, card: str, *, crown: bool = True) -> None:
    """Gives ``seat`` a card: its influence, its bonus by kind, Phase C triggers, the crown token."""
    me = state["players"][seat]
    info = card_data(card)
    me["cards"].append(card)
    advance(state, seat, info["color"], info["influence"])
    if info["when"] == "immediate":
        gain(state, seat, info["effect"])
    for own in me["cards"]:
        trigger = card_data(own)
        if trigger["when"] == "phase_c" and trigger["effect"]["on_buy"] == info["color"]:
            log(
                state,
                key="co.phase_c_bonus",
                player=seat_name(seat),
                card=own,
            )
            gain(state, seat, {k: v for k, v in trigger["effect"].items() if k != "on_buy"})
    if crown and card in state["crowns"]:
        state["crowns"].remove(card)
        me["tokens"] += 1
        log(
            state,
            key="co.crown_token",
            player=seat_name(seat),
            card=card,
        )


def take_discard(state: dict, seat: int, entry: pending.Pending, card: str) -> None:
    """Broker: takes a discarded card for 3 of its currency; no crown token comes with it (ref §3.12)."""
    price = entry["data"]["price"]
    if card not in broker_choices(state, seat, price):
        raise IllegalAction(
            "That card is not in the discard pile, or you cannot pay for it.", "co.err.not_in_discard", {"card": card}
        )
    pending.remove(state, entry)
    currency = data.CARDS[card]["currency"]
    state["players"][seat][currency] -= price
    state["discard"].remove(card)
    log(
        state,
        key="co.broker",
        player=seat_name(seat),
        card=card,
        cost=price,
        currency=currency,
        c=data.CURRENCIES.index(currency),
    )
    acquire(state, seat, card, crown=False)


def discard(state: dict, card: str) -> None:
    """Puts a card on the discard pile; a crown token on it goes back to the supply (ref §3.12)."""
    state["discard"].append(card)
    if card in state["crowns"]:
        state["crowns"].remove(card)
