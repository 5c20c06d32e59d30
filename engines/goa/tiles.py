"""Goa's tiles won at auction, their powers, and the expedition cards played for a bonus.

Using a tile or a card is never an action (ref §1.6). What they leave open (which
field gets a spice, ships or colonists) is pushed on the pending stack and
answered in ``choices.py``.
"""

from __future__ import annotations

from ..core import IllegalAction, log
from ..core import seat_name as who
from ..core.pending import push
from . import data
from .state import add_plantation, advance, draw_cards, empty_fields, player, reveal, spices_held, take_extra

# ---- gaining tiles ----------------------------------------------------------------


def gain_tile(state: dict, seat: int, tile: str) -> None:
    """Gives a won tile to a seat: plantations are filled, immediate tiles resolve, others are kept."""
    p, info = player(state, seat), data.TILES[tile]
    if info["kind"] == "plantation":
        if len(p["plantations"]) >= data.PLANTATION_LIMIT:
            push(state, seat, "drop", tile=tile)  # a 5th plantation: give one up first (ref §1.9)
        else:
            add_plantation(p, tile)
        return
    if info["kind"] != "now":
        p["tiles"].append(tile)
        return
    state["gone"].append(tile)
    p["ships"] += info.get("ships", 0)
    p["colonists"] += info.get("colonists", 0)
    if info.get("extra"):
        take_extra(state, seat, info["extra"])
    if info.get("cards"):
        draw_cards(state, seat, info["cards"])  # stops at the hand limit (seed)
    if info.get("either"):
        push(state, seat, "either", n=info["either"])


# ---- using kept tiles -------------------------------------------------------------


def usable_tiles(state: dict, seat: int, acted: bool) -> list[dict]:
    """Returns the use_tile actions open to a seat in its own turn."""
    p = player(state, seat)
    out = []
    held = sum(spices_held(p).values())
    for tile in p["tiles"]:
        if tile in p["used"]:
            continue
        info = data.TILES[tile]
        kind, power = info["kind"], info.get("power")
        if kind == "mission":
            continue
        if kind == "red" and info.get("spices") and not empty_fields(p):
            continue
        if kind == "red" and info.get("sell") and not held:
            continue
        if kind == "duty" and held < info["spices"]:
            continue
        if power == "espionage":
            if not acted:
                out += [
                    {"type": "use_tile", "tile": tile, "target": t} for t in range(state["num_players"]) if t != seat
                ]
            continue
        if power == "extra_harvest" and not empty_fields(p):
            continue
        if power == "vice_king" and min(p["rows"].values()) >= 5:
            continue
        out.append({"type": "use_tile", "tile": tile, "target": None})
    return out


def use_tile(state: dict, seat: int, action: dict, acted: bool) -> None:
    """Uses one kept tile's power (red tiles once per round, specials once)."""
    tile = action["tile"]
    if action not in usable_tiles(state, seat, acted):
        raise IllegalAction("You cannot use that tile now.", "goa.err.tile_unusable")
    p, info = player(state, seat), data.TILES[tile]
    log(state, key="goa.uses_tile", who=who(seat), tile=tile, name=info["name"])
    if info["kind"] == "red":
        p["used"].append(tile)
        p["ships"] += info.get("ships", 0)
        p["colonists"] += info.get("colonists", 0)
        p["ducats"] += info.get("ducats", 0)
        if info.get("cards"):
            draw_cards(state, seat, info["cards"])
        if info.get("spices"):
            push(state, seat, "spice", left=info["spices"], scope=None, mix=False)
        if info.get("sell"):
            push(state, seat, "sell", left=info["sell"])
        return
    p["tiles"].remove(tile)
    if info["kind"] == "duty":
        p["done"].append(tile)  # face down, scores at the end
        push(state, seat, "duty", left=info["spices"])
        return
    state["gone"].append(tile)
    power = info["power"]
    if power == "espionage":
        state["turn"]["spy"] = action["target"]
    elif power == "extra_harvest":
        push(state, seat, "harvest3", left=3)
    elif power == "resupply":
        cards = reveal(state, 2)
        state["discard"].extend(cards)
        n = sum(data.CARDS[c]["colonists"] for c in cards)
        log(
            state,
            key="goa.resupply_reveals",
            who=who(seat),
            cards=", ".join(cards),
            n=n,
        )
        push(state, seat, "resupply", n=n)
    elif power == "vice_king":
        push(state, seat, "vice_king")


# ---- playing expedition cards ------------------------------------------------------


def playable_cards(state: dict, seat: int) -> list[dict]:
    """Returns the bonus cards a seat may play now (one card per action; ref §1.6)."""
    if state["turn"]["card"]:
        return []
    p = player(state, seat)
    out = []
    for card in p["hand"]:
        info = data.CARDS[card]
        effect = info["effect"]
        if effect in data.WITH_ACTION:
            continue
        if effect == "spices" and not empty_fields(p):
            continue
        if effect == "sell" and not sum(spices_held(p).values()):
            continue
        if effect == "buy":
            if p["ducats"] >= info["cost"]:
                out += [{"type": "play_card", "card": card, "column": c} for c in data.COLUMNS if p["rows"][c] < 5]
            continue
        out.append({"type": "play_card", "card": card, "column": None})
    return out


def play_card(state: dict, seat: int, action: dict) -> None:
    """Plays a bonus expedition card: it becomes public and goes to the discards."""
    card = action["card"]
    if action not in playable_cards(state, seat):
        raise IllegalAction("You cannot play that card now (one card per action).", "goa.err.card_unplayable")
    p, info = player(state, seat), data.CARDS[card]
    spend_card(state, seat, card)
    effect = info["effect"]
    if effect == "ships":
        p["ships"] += 2
    elif effect == "colonists":
        p["colonists"] += 2
    elif effect == "ducats":
        p["ducats"] += 5
    elif effect == "spices":
        push(state, seat, "spice", left=2, scope=None, mix=False)
    elif effect == "sell":
        push(state, seat, "sell", left=4)
    elif effect == "buy":
        p["ducats"] -= info["cost"]
        log(
            state,
            key="goa.pays_bank",
            who=who(seat),
            n=info["cost"],
        )
        advance(state, seat, action["column"])


def spend_card(state: dict, seat: int, card: str) -> None:
    """Moves a played card from the hand to the discards and logs it publicly."""
    player(state, seat)["hand"].remove(card)
    state["discard"].append(card)
    state["turn"]["card"] = True
    log(
        state,
        key="goa.plays_card",
        who=who(seat),
        card=card,
        says=data.CARDS[card]["text"],
    )
