"""Phase E: influence gains by die colour.

In the new player order, each player activates each die on their board once,
in any order: gray pays guards, orange coins, purple pilgrim steps, green VP,
white one track of the player's choice; the extra die tile is one more income
of the player's choice (ref §3.4). The reward grows with the track's level
(ref §3.3). After the last die, the cards of the Phase E zone pay.
"""

from __future__ import annotations

from ..core import IllegalAction, log, seat_name
from . import data
from .effects import add, card_data, gain, start_walk


def reward(track: str, level: int) -> int:
    """Returns what one income of ``track`` pays at influence ``level`` (ref §3.3).

    >>> reward("gray", 0), reward("gray", 7), reward("purple", 9), reward("green", 20)
    (1, 3, 2, 6)
    """
    band = next(i for i, (lo, hi) in enumerate(data.INCOME_LEVELS) if lo <= level <= hi)
    return data.INCOME[track][band]


def income_options(state: dict, seat: int) -> list[dict]:
    """Returns the incomes ``seat`` has left: each unused die, the white die and extra die by track."""
    me = state["players"][seat]
    out: list[dict] = []
    for die in me["board"]:
        if die["used"]:
            continue
        if die["color"] == "white":
            out += [{"type": "income", "die": die["id"], "track": t} for t in data.TRACKS]
        else:
            out.append({"type": "income", "die": die["id"], "track": None})
    if me["extra_die"] and not me["extra_used"]:
        out += [{"type": "income", "die": "extra", "track": t} for t in data.TRACKS]
    return out


def take_income(state: dict, seat: int, action: dict) -> None:
    """Activates one die (or the extra die tile) for the reward of its track at your level."""
    me = state["players"][seat]
    if action["die"] == "extra":
        if not me["extra_die"] or me["extra_used"]:
            raise IllegalAction("You have no extra die to use.", "co.err.no_extra_die")
        me["extra_used"] = True
        track = action["track"]
    else:
        die = next((d for d in me["board"] if d["id"] == action["die"] and not d["used"]), None)
        if die is None:
            raise IllegalAction(
                "That die is not on your board, or it was used.", "co.err.die_used", {"die": action["die"]}
            )
        die["used"] = True
        track = action["track"] if die["color"] == "white" else die["color"]
    if track is None:
        raise IllegalAction("Choose a track for the white die.", "co.err.choose_track")
    n = reward(track, me["influence"][track])
    me["taken"][track] += 1
    log(
        state,
        key="co.income",
        player=seat_name(seat),
        die=action["die"],
        track=track,
        t=data.TRACKS.index(track),
        n=n,
    )
    kind = data.INCOME_KIND[track]
    if kind == "steps":
        start_walk(state, seat, n)
    else:
        add(state, seat, kind, n)


def income_done(state: dict, seat: int) -> bool:
    """Tells whether ``seat`` has activated every die (and the extra die, if held)."""
    return not income_options(state, seat)


def finish_income(state: dict, seat: int) -> None:
    """After the last die: the dice go back to the dice area, then the Phase E zone pays."""
    me = state["players"][seat]
    state["area"] += [d["id"] for d in me["board"]]
    me["board"] = []
    phase_e_cards(state, seat)


def phase_e_cards(state: dict, seat: int) -> None:
    """The Phase E zone pays, after the dice (its conditions look at this round's incomes, ref §3.12)."""
    me = state["players"][seat]
    for card in me["cards"]:
        info = card_data(card)
        if info["when"] != "phase_e":
            continue
        effect = dict(info["effect"])
        if "if_income" in effect and not me["taken"][effect.pop("if_income")]:
            continue
        if "per_income" in effect:
            times = me["taken"][effect.pop("per_income")]
            effect = {k: v * times for k, v in effect.items()}
        if any(effect.values()):
            log(
                state,
                key="co.phase_e_bonus",
                player=seat_name(seat),
                card=card,
            )
            gain(state, seat, effect)
