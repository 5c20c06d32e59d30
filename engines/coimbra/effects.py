"""Gains: what a card, a benefit tile, a monastery or an income gives, read from its data.

A gain is a dict (see ``data.py``). Plain amounts are added at once (coins
and guards capped at 20, influence at 20: ref §3.3); pilgrim steps open a
walk, "a track of your choice" opens a ``track`` step, the Broker a
``broker`` step, all on the pending stack.

>>> s = {"log": [], "players": [{"coins": 19, "guards": 0, "vp": 0, "discount": 0}], "pending": []}
>>> gain(s, 0, {"coins": 3, "vp": 2}); s["players"][0]["coins"], s["players"][0]["vp"]
(20, 2)
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending, seat_name
from . import data


def add(state: dict, seat: int, what: str, n: int) -> None:
    """Adds ``n`` coins, guards or VP to a seat (coins and guards stop at the track's end)."""
    me = state["players"][seat]
    if what == "vp":
        me["vp"] += n
    else:
        me[what] = min(data.RESOURCE_CAP, me[what] + n)
    log(state, key=f"co.gain_{what}", player=seat_name(seat), n=n)


def advance(state: dict, seat: int, track: str, n: int) -> None:
    """Advances a seat's disc ``n`` spaces on an influence track (steps past 20 are lost)."""
    inf = state["players"][seat]["influence"]
    inf[track] = min(data.TRACK_CAP, inf[track] + n)
    log(
        state,
        key="co.influence",
        player=seat_name(seat),
        track=track,
        t=data.TRACKS.index(track),
        n=n,
        level=inf[track],
    )


def start_walk(state: dict, seat: int, steps: int) -> None:
    """Gives ``seat`` ``steps`` pilgrim steps to walk now (a ``walk`` step on the stack)."""
    if steps <= 0:
        return
    log(state, key="co.steps", player=seat_name(seat), n=steps)
    pending.push(state, seat, "walk", steps=steps)


def gain(state: dict, seat: int, effect: dict) -> None:
    """Gives ``seat`` everything ``effect`` says (choices and walks go on the pending stack)."""
    me = state["players"][seat]
    for what in ("coins", "guards", "vp"):
        if effect.get(what):
            add(state, seat, what, effect[what])
    for track, n in effect.get("influence", {}).items():
        advance(state, seat, track, n)
    if effect.get("tax"):
        tax(state, seat, effect["tax"])
    if effect.get("discount"):
        me["discount"] += effect["discount"]
        log(
            state,
            key="co.discount",
            player=seat_name(seat),
            n=effect["discount"],
        )
    if effect.get("vp_per_visit") and me["visited"]:
        add(state, seat, "vp", effect["vp_per_visit"] * len(me["visited"]))
    # Steps wait below the choices pushed after them, so a choice is answered first.
    if effect.get("steps"):
        start_walk(state, seat, effect["steps"])
    if effect.get("broker"):
        open_broker(state, seat, effect["broker"])
    if effect.get("any"):
        pending.push(state, seat, "track", n=effect["any"], exclude=[], again=False)
    if effect.get("two_tracks"):
        pending.push(state, seat, "track", n=effect["two_tracks"], exclude=[], again=True)


def cannot_pay(currency: str, n: int) -> IllegalAction:
    """Returns the refusal of a payment short of ``currency`` (there is no debt, ref §3.12).

    >>> cannot_pay("guards", 4).key
    'co.err.short_guards'
    """
    key = "co.err.short_coins" if currency == "coins" else "co.err.short_guards"
    return IllegalAction(f"You need {n} {currency}.", key, {"n": n})


def tax(state: dict, seat: int, n: int) -> None:
    """Each other player pays ``seat`` ``n`` coins, if able (Tax Collector)."""
    for other in state["order"]:
        payer = state["players"][other]
        if other == seat or payer["coins"] < n:
            continue
        payer["coins"] -= n
        state["players"][seat]["coins"] = min(data.RESOURCE_CAP, state["players"][seat]["coins"] + n)
        log(
            state,
            key="co.tax",
            player=seat_name(seat),
            payer=seat_name(other),
            n=n,
        )


def choose_track(state: dict, seat: int, entry: pending.Pending, track: str) -> None:
    """Answers a ``track`` step: advance there; "two different tracks" then asks for the second."""
    if track in entry["data"]["exclude"]:
        raise IllegalAction("Choose a different track.", "co.err.same_track", {"track": track})
    pending.remove(state, entry)
    advance(state, seat, track, entry["data"]["n"])
    if entry["data"]["again"]:
        pending.push(state, seat, "track", n=entry["data"]["n"], exclude=[track], again=False)


def track_options(entry: pending.Pending) -> list[dict]:
    """Returns the ``choose_track`` actions a ``track`` step allows."""
    return [{"type": "choose_track", "track": t} for t in data.TRACKS if t not in entry["data"]["exclude"]]


def card_data(card: str) -> dict:
    """Returns a character's data, regular or starting."""
    return data.CARDS.get(card) or data.STARTING[card]


def broker_choices(state: dict, seat: int, price: int) -> list[str]:
    """Returns the discarded characters ``seat`` can pay ``price`` of their currency for."""
    me = state["players"][seat]
    return [c for c in state["discard"] if me[data.CARDS[c]["currency"]] >= price]


def open_broker(state: dict, seat: int, price: int) -> None:
    """Broker: opens the choice of a discarded character, or says there is none to take (ref §3.12)."""
    if broker_choices(state, seat, price):
        pending.push(state, seat, "broker", price=price)
    else:
        log(
            state,
            key="co.broker_nothing",
            player=seat_name(seat),
        )


def broker_options(state: dict, entry: pending.Pending) -> list[dict]:
    """Returns the ``take_discard`` actions of a ``broker`` step, then ``pass``."""
    cards = broker_choices(state, entry["seat"], entry["data"]["price"])
    return [*({"type": "take_discard", "card": c} for c in cards), {"type": "pass"}]
