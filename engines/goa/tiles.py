"""Goa's tile powers, expedition card plays and the small choices they leave open.

A choice that must be made before play goes on (which field, ships or
colonists, which plantation to give up) is a *pending* entry on
``state["pending"]``; its owner answers with ``{"type": "choose", "option": ...}``
from the options listed here. Using a tile or a card is never an action (ref §1.6).
"""

from __future__ import annotations

from ..core import IllegalAction, log
from . import data
from .state import (add_plantation, advance, draw_cards, drop_plantation, empty_fields, player, reveal,
                    spices_held, take_extra, take_spice, who)

SELL_PRICE = 3  # ducats per spice for the sell card and the Trade tile (ref §1.13, §3.2)


def push(state: dict, seat: int, kind: str, **info) -> None:
    """Opens a choice for ``seat``."""
    state["pending"].append({"kind": kind, "seat": seat, **info})


def tidy(state: dict) -> None:
    """Drops finished choices (nothing left to place, nowhere to place it)."""
    while state["pending"] and not options(state, state["pending"][-1]):
        state["pending"].pop()


def tile_name(tile: str) -> str:
    """Returns a tile's printed name."""
    return data.TILES[tile]["name"]


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
        draw_cards(state, seat, info["cards"])  # tiles may exceed the hand limit (ref §1.12)
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
                out += [{"type": "use_tile", "tile": tile, "target": t}
                        for t in range(state["num_players"]) if t != seat]
            continue
        if power == "extra_harvest" and not empty_fields(p):
            continue
        if power == "vice_king" and min(p["rows"].values()) >= 5:
            continue
        out.append({"type": "use_tile", "tile": tile})
    return out


def use_tile(state: dict, seat: int, action: dict, acted: bool) -> None:
    """Uses one kept tile's power (red tiles once per round, specials once)."""
    tile = action["tile"]
    legal = usable_tiles(state, seat, acted)
    if not any(a["tile"] == tile and a.get("target") == action.get("target") for a in legal):
        raise IllegalAction("You cannot use that tile now.")
    p, info = player(state, seat), data.TILES[tile]
    log(state, f"{who(seat)} uses {info['name']}.")
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
        log(state, f"{who(seat)} reveals {', '.join(cards)}: {n} colonists' worth.")
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
        out.append({"type": "play_card", "card": card})
    return out


def play_card(state: dict, seat: int, action: dict) -> None:
    """Plays a bonus expedition card: it becomes public and goes to the discards."""
    card = action["card"]
    if {k: v for k, v in action.items() if v is not None} not in playable_cards(state, seat):
        raise IllegalAction("You cannot play that card now (one card per action).")
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
        log(state, f"{who(seat)} pays {info['cost']} ducats to the bank.")
        advance(state, seat, action["column"])


def spend_card(state: dict, seat: int, card: str) -> None:
    """Moves a played card from the hand to the discards and logs it publicly."""
    player(state, seat)["hand"].remove(card)
    state["discard"].append(card)
    state["turn"]["card"] = True
    log(state, f"{who(seat)} plays {card}: {data.CARDS[card]['text']}.")


# ---- pending choices ---------------------------------------------------------------


def spice_options(p: dict, scope: list[int] | None) -> list[str]:
    """Returns one "f<field>:<spice>" option per source and spice that has an empty field."""
    seen, out = set(), []
    for i in empty_fields(p, scope):
        f = p["fields"][i]
        for spice in f["allow"]:
            if (f["src"], spice) not in seen:
                seen.add((f["src"], spice))
                out.append(f"f{i}:{spice}")
    return out


def options(state: dict, pend: dict) -> list[str]:
    """Returns the answers open to the owner of a pending choice."""
    p = player(state, pend["seat"])
    kind = pend["kind"]
    held = [s for s, n in spices_held(p).items() if n]
    if kind == "spice":
        if pend["left"] <= 0:
            return []
        return spice_options(p, pend["scope"]) + (["ship", "colonist"] if pend["mix"] else [])
    if kind == "sell":
        return [f"sell:{s}" for s in held] + ["stop"] if pend["left"] > 0 and held else []
    if kind == "duty":
        return [f"give:{s}" for s in held] if pend["left"] > 0 else []
    if kind == "drop":
        return [f"drop:{t}" for t in p["plantations"]]
    if kind in ("either", "resupply"):
        return ["ships", "colonists"] + (["spices"] if kind == "resupply" and pend["n"] else [])
    if kind == "vice_king":
        low = min(p["rows"].values())
        return [f"column:{c}" for c in data.COLUMNS if p["rows"][c] == low]
    if kind == "harvest3":
        return harvest3_options(p) + ["stop"] if pend["left"] > 0 and harvest3_options(p) else []
    if kind == "colony":
        from .turns import colony_options  # turns imports this module: import late
        return colony_options(state, pend)
    if kind == "colony_tile":
        tiles = state["colony_supply"][pend["name"]]
        return sorted({f"tile:{'/'.join(t['allow'])}" for t in tiles})
    raise ValueError(f"unknown pending kind {kind}")


def harvest3_options(p: dict) -> list[str]:
    """Returns the plantations/colonies Extra harvest may fill (any-spice fields name a spice)."""
    out, seen = [], set()
    for i in empty_fields(p):
        f = p["fields"][i]
        if f["src"] in seen:
            continue
        seen.add(f["src"])
        out += [f"fill:{f['src']}"] if len(f["allow"]) == 1 else [f"fill:{f['src']}:{s}" for s in f["allow"]]
    return out


def resolve(state: dict, seat: int, option: str) -> None:
    """Answers the top pending choice with one of its options."""
    pend = state["pending"][-1]
    if option not in options(state, pend):
        raise IllegalAction(f"'{option}' is not one of the choices.")
    p, kind = player(state, seat), pend["kind"]
    head, _, rest = option.partition(":")
    if kind == "spice":
        pend["left"] -= 1
        if option in ("ship", "colonist"):
            p[option + "s"] += 1
        else:
            p["fields"][int(head[1:])]["spice"] = rest
    elif kind == "sell":
        if option == "stop":
            state["pending"].pop()
            return
        take_spice(p, rest)
        p["ducats"] += SELL_PRICE
        pend["left"] -= 1
        log(state, f"{who(seat)} sells 1 {rest} for {SELL_PRICE} ducats.")
    elif kind == "duty":
        take_spice(p, rest)
        pend["left"] -= 1
        if pend["left"] == 0:
            log(state, f"{who(seat)} fulfils the Duty with 6 spices (4 VP).")
    elif kind == "drop":
        state["pending"].pop()
        drop_plantation(p, rest)
        add_plantation(p, pend["tile"])
        log(state, f"{who(seat)} gives up {tile_name(rest)} for {tile_name(pend['tile'])}.")
    elif kind in ("either", "resupply"):
        state["pending"].pop()
        log(state, f"{who(seat)} takes {pend['n']} {option}.")
        if option == "spices":
            push(state, seat, "spice", left=pend["n"], scope=None, mix=False)
        else:
            p[option] += pend["n"]
    elif kind == "vice_king":
        state["pending"].pop()
        advance(state, seat, rest)
    elif kind == "harvest3":
        if option == "stop":
            state["pending"].pop()
            return
        pend["left"] -= 1
        src, _, spice = rest.partition(":")
        for f in p["fields"]:
            if f["src"] == src and f["spice"] is None:
                f["spice"] = spice or f["allow"][0]
    elif kind == "colony":
        from .turns import resolve_colony
        resolve_colony(state, seat, pend, option)
    elif kind == "colony_tile":
        state["pending"].pop()
        from .turns import settle_colony
        settle_colony(state, seat, pend["name"], rest.split("/"))
