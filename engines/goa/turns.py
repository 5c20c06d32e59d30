"""Goa's action phase: three action turns each, then the additional action cards.

A turn holds one main action (progress, ships, harvest, taxes, expedition,
found a colony) and any number of free uses of tiles, at most one bonus
expedition card per action, and card discards, all before the main action.
The turn ends when its main action and every choice it opened are settled.
"""

from __future__ import annotations

from ..core import IllegalAction, log, pending
from ..core import seat_name as who
from . import data
from .colonies import attempt
from .state import advance, draw_cards, expedition_value, player, spices_held, take_spice, value
from .tiles import play_card, playable_cards, spend_card, usable_tiles, use_tile


def clockwise_from(state: dict, seat: int) -> list[int]:
    """Returns every seat clockwise starting with ``seat``."""
    n = state["num_players"]
    return [(seat + i) % n for i in range(n)]


def start_turn(state: dict, seat: int, extra: bool = False) -> None:
    """Opens a seat's turn (``extra`` = it plays an additional action card)."""
    state["turn"] = {"seat": seat, "card": False, "spy": None, "acted": False, "extra": extra}


def begin_actions(state: dict) -> None:
    """Starts the action phase: flag holder first, one action at a time (seed phase 3)."""
    state["phase"] = "actions"
    state["actions"] = {
        "order": clockwise_from(state, state["flag"]),
        "i": 0,
        "left": [data.ACTIONS_PER_ROUND] * state["num_players"],
    }
    log(state, key="goa.actions_start", who=who(state["flag"]))
    start_turn(state, state["flag"])


def finish_turn(state: dict) -> None:
    """Passes the turn on once its action is settled; moves to the extra phase or the round's end."""
    seat = state["turn"]["seat"]
    if state["phase"] == "actions":
        acts = state["actions"]
        acts["left"][seat] -= 1
        acts["i"] += 1
        if any(acts["left"]):
            start_turn(state, acts["order"][acts["i"] % len(acts["order"])])
        else:
            begin_extra(state)
    else:
        state["extra"]["i"] += 1
        next_extra(state)


def begin_extra(state: dict) -> None:
    """Starts the additional-action phase at the starting player (seed "End of Round")."""
    state["phase"] = "extra"
    state["extra"] = {"order": clockwise_from(state, state["flag"]), "i": 0, "passed": [False] * state["num_players"]}
    next_extra(state)


def next_extra(state: dict) -> None:
    """Gives the turn to the next seat that has not passed; ends the round when all have."""
    ex = state["extra"]
    n = len(ex["order"])
    for step in range(n):
        seat = ex["order"][(ex["i"] + step) % n]
        if ex["passed"][seat]:
            continue
        if player(state, seat)["extra"] == 0:
            ex["passed"][seat] = True  # no card to play: the seat is out (cards are public)
            continue
        ex["i"] = (ex["i"] + step) % n
        start_turn(state, seat, extra=True)
        return
    state["turn"] = None
    state["phase"] = "round_end"


# ---- what a seat may do in its turn ---------------------------------------------


def colonies_open(state: dict, seat: int) -> list[str]:
    """Returns the colonies a seat may try to found (not owned, tiles left)."""
    owned = {c["name"] for c in player(state, seat)["colonies"]}
    return [n for n in data.COLONY_NEED if n not in owned and state["colony_supply"][n]]


def progress_ok(p: dict, column: str, card: str | None, held: dict[str, int] | None = None) -> bool:
    """Returns whether a seat can pay to move a marker down (ships and spices, or as the card says).

    ``held`` is ``spices_held(p)`` when the caller has counted it already.
    """
    row = p["rows"][column]
    if row >= 5:
        return False
    cost = data.PROGRESS_COST[column][row - 1]
    effect = data.CARDS[card]["effect"] if card else None
    if effect not in (None, "ships_only", "spices_only"):
        return False
    if held is None:
        held = spices_held(p)
    ships_ok = effect == "spices_only" or p["ships"] >= len(cost)
    spices_ok = effect == "ships_only" or all(held[s] >= 1 for s in cost)
    return ships_ok and spices_ok


def main_actions(state: dict, seat: int) -> list[dict]:
    """Returns every main action open to a seat now."""
    p, turn = player(state, seat), state["turn"]
    cards = [] if turn["card"] else p["hand"]
    out = []
    held = spices_held(p)
    progress_cards = [None, *[c for c in cards if data.WITH_ACTION.get(data.CARDS[c]["effect"]) == "progress"]]
    for col in data.COLUMNS:
        for card in progress_cards:
            if progress_ok(p, col, card, held):
                out.append({"type": "progress", "column": col, "card": card})
    out += [{"type": "ships"}, {"type": "harvest", "card": None}]
    out += [{"type": "harvest", "card": c} for c in cards if data.CARDS[c]["effect"] == "harvest_mix"]
    out.append({"type": "taxes"})
    draw, limit = expedition_value(state, seat)
    room = min(draw, limit - len(p["hand"]))
    out += [{"type": "expedition", "count": k} for k in range(1, room + 1)]
    out += [{"type": "found", "colony": name} for name in colonies_open(state, seat)]
    return out


def legal_turn(state: dict, seat: int) -> list[dict]:
    """Returns the main actions, free tile and card uses, discards and (extra phase) pass."""
    turn, p = state["turn"], player(state, seat)
    out = []
    if turn["extra"] and p["extra"] <= 1:
        out.append({"type": "pass"})  # at most one card may be kept into the next round
    out += main_actions(state, seat)
    out += usable_tiles(state, seat, turn["acted"])
    out += playable_cards(state, seat)
    out += [{"type": "discard_card", "card": c} for c in p["hand"]]
    return out


def act(state: dict, seat: int, action: dict) -> None:
    """Plays one step of a seat's turn."""
    kind = action["type"]
    turn, p = state["turn"], player(state, seat)
    if kind == "pass":
        if not turn["extra"]:
            raise IllegalAction("You may pass only in the additional-action phase.", "goa.err.pass_only_extra")
        if p["extra"] > 1:
            raise IllegalAction(
                "You may keep only one additional action card: play the others first.", "goa.err.keep_one_card"
            )
        state["extra"]["passed"][seat] = True
        log(state, key="goa.passes", who=who(seat))
        state["extra"]["i"] += 1
        next_extra(state)
        return
    if kind == "use_tile":
        use_tile(state, seat, action, turn["acted"])
        return
    if kind == "play_card":
        play_card(state, seat, action)
        return
    if kind == "discard_card":
        if action["card"] not in p["hand"]:
            raise IllegalAction("That card is not in your hand.", "goa.err.card_not_in_hand")
        p["hand"].remove(action["card"])
        state["discard"].append(action["card"])
        log(state, key="goa.discards", who=who(seat), card=action["card"])
        return
    if kind not in MAIN:
        raise IllegalAction("That is not an action of your turn.", "goa.err.not_turn_action")
    if action not in main_actions(state, seat):
        raise IllegalAction(f"You cannot take that {kind} action now.", "goa.err.action_unavailable", {"action": kind})
    if turn["extra"]:
        p["extra"] -= 1
        state["extra_supply"] += 1  # played cards go back to the supply
        log(state, key="goa.extra_played", who=who(seat))
    turn["acted"] = True
    MAIN[kind](state, seat, action)


# ---- the six actions -------------------------------------------------------------


def source(state: dict, seat: int) -> int:
    """Returns whose board values this action reads (another seat's under Espionage)."""
    spy = state["turn"]["spy"]
    return seat if spy is None else spy


def do_progress(state: dict, seat: int, action: dict) -> None:
    """Pays spices and one ship per spice (or as the card says) and moves a marker down."""
    p, col, card = player(state, seat), action["column"], action.get("card")
    cost = data.PROGRESS_COST[col][p["rows"][col] - 1]
    effect = None
    if card:
        effect = data.CARDS[card]["effect"]
        spend_card(state, seat, card)
    if effect != "ships_only":
        for s in cost:
            take_spice(p, s)
    if effect != "spices_only":
        p["ships"] -= len(cost)
    n, spices = len(cost), " + ".join(cost)
    if effect == "ships_only":
        log(state, key="goa.pays_ships", who=who(seat), n=n)
    elif effect == "spices_only":
        log(state, key="goa.pays_spices", who=who(seat), spices=spices)
    else:
        log(state, key="goa.pays_progress", who=who(seat), spices=spices, n=n)
    advance(state, seat, col)


def do_ships(state: dict, seat: int, action: dict) -> None:
    """Takes ships as the ships column shows."""
    n = value(state, source(state, seat), "ships")
    player(state, seat)["ships"] += n
    log(state, key="goa.builds", who=who(seat), n=n)


def do_taxes(state: dict, seat: int, action: dict) -> None:
    """Takes ducats as the taxes column shows."""
    n = value(state, source(state, seat), "taxes")
    player(state, seat)["ducats"] += n
    log(state, key="goa.taxes", who=who(seat), n=n)


def do_harvest(state: dict, seat: int, action: dict) -> None:
    """Harvests spices onto empty matching fields, one sack at a time (excess is lost)."""
    n = value(state, source(state, seat), "harvest")
    mix = bool(action.get("card"))
    if mix:
        spend_card(state, seat, action["card"])
    log(state, key="goa.harvests", who=who(seat), n=n)
    pending.push(state, seat, "spice", left=n, scope=None, mix=mix)


def do_expedition(state: dict, seat: int, action: dict) -> None:
    """Draws expedition cards, never above the hand limit."""
    draw_cards(state, seat, action["count"])


def do_found(state: dict, seat: int, action: dict) -> None:
    """Tries to found a colony with the colonists this action's board shows (see ``colonies.py``)."""
    attempt(state, seat, action["colony"], value(state, source(state, seat), "colonists"))


#: The six main actions by their action type.
MAIN = {
    "progress": do_progress,
    "ships": do_ships,
    "harvest": do_harvest,
    "taxes": do_taxes,
    "expedition": do_expedition,
    "found": do_found,
}
