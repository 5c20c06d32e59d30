"""Setup (seed steps 1–13) and the starting choice: a pair of starting cards and a start space.

The starting choice has two steps: in reverse player order each player takes a
pair *or* puts the pilgrim on a free start space; then in normal order each
does the other. Once everyone has both, the starting cards pay: influence, and
immediate bonuses at once (seed, after step 13), in player order.
"""

from __future__ import annotations

from ..core import IllegalAction, log, rng, seat_name
from . import data
from .characters import deal_rows
from .city import place_in
from .effects import advance, card_data, gain


def new_player() -> dict:
    """Returns a personal board as setup leaves it (seed step 7)."""
    return {
        "coins": data.START_COINS,
        "guards": data.START_GUARDS,
        "vp": 0,
        "influence": dict.fromkeys(data.TRACKS, 0),
        "pilgrim": None,
        "visited": [],
        "cards": [],
        "placed": [],
        "board": [],
        "tokens": 0,
        "tiles": [],
        "extra_die": False,
        "extra_used": False,
        "voyages": [],
        "discount": 0,
        "taken": dict.fromkeys(data.TRACKS, 0),
    }


def setup(state: dict, n: int) -> None:
    """Fills a fresh state for ``n`` players (seed steps 1–13)."""
    # 2. Monasteries by back: 8 / 4 / 2 face up on the map, the rest boxed unseen.
    state["sites"] = {}
    for tier in ("I", "II", "III"):
        pile = rng.shuffle(state, [m for m, t in data.MONASTERIES.items() if t["tier"] == tier])
        for site in (s for s, t in data.SITES.items() if t == tier):
            state["sites"][site] = pile.pop()
    # 3. Influence scoring tiles: one at random above each track.
    tiles = rng.shuffle(state, list(data.SCORING_TILES))
    state["scoring_tiles"] = dict(zip(data.TRACKS, tiles, strict=True))
    # 4. Die tokens in the cities (none at 4 players), counted as neutral dice.
    state["city"] = {area: [] for area in data.AREAS}
    tokens = 0
    for city, values in data.DIE_TOKENS[n].items():
        for value in values:
            place_in(
                state["city"][city],
                city,
                {"id": f"token{tokens}", "value": value, "seat": None, "color": None, "used": False},
            )
            tokens += 1
    # 5. Six voyages face up.
    state["voyages"] = rng.shuffle(state, list(data.VOYAGES))[: data.VOYAGES_IN_PLAY]
    state["funders"] = {v: [] for v in state["voyages"]}
    # 6. The dice by player count: ids "gray1".., "white".
    state["dice"] = {}
    for color, count in data.DICE[n].items():
        for i in range(1, count + 1):
            state["dice"][color if color == "white" else f"{color}{i}"] = {"color": color, "value": 0}
    state["area"] = []
    # 7–8. Personal boards; random order, lions on flags 1..n.
    state["players"] = [new_player() for _ in range(n)]
    state["order"] = rng.shuffle(state, list(range(n)))
    # 9–12. Deck of II over III, benefit tiles with the extra die, 12 cards, crown tokens.
    backs = {b: rng.shuffle(state, [c for c, d in data.CARDS.items() if d["back"] == b]) for b in ("II", "III")}
    state["deck"] = backs["III"] + backs["II"]  # drawn from the end: pile II lies on top
    state["discard"] = []
    state["tiles"] = list(data.TILES)
    state["rows"] = {}
    deal_rows(state)
    # 13. Starting groups of 2 random back-I cards, one per player.
    starting = rng.shuffle(state, list(data.STARTING))
    state["start"] = {
        "step": 1,
        "groups": [starting[2 * i : 2 * i + 2] for i in range(n)],
        "spaces": dict.fromkeys(data.START_SPACES),
        "queue": list(reversed(state["order"])),
        "did": [None] * n,
    }
    state.update(round=1, phase="start", queue=[], resolving=0, pending=[])
    log(state, key="co.setup", players=n)
    for flag, seat in enumerate(state["order"], 1):
        log(state, key="co.order", flag=flag, player=seat_name(seat))


def start_options(state: dict, seat: int) -> list[dict]:
    """Returns the starting choice's actions for ``seat``: a free group or a free start space."""
    st = state["start"]
    did = st["did"][seat]
    out: list[dict] = []
    if did != "pair":
        out += [{"type": "take_pair", "group": g} for g, pair in enumerate(st["groups"]) if pair]
    if did != "space":
        out += [{"type": "start_space", "space": s} for s, who in st["spaces"].items() if who is None]
    return out


def choose_start(state: dict, seat: int, action: dict) -> None:
    """Applies one starting choice, then passes to the next player (or the next step)."""
    st = state["start"]
    if action["type"] == "take_pair":
        pair = st["groups"][action["group"]] if action["group"] < len(st["groups"]) else None
        if not pair or st["did"][seat] == "pair":
            raise IllegalAction("That group is taken.", "co.err.group_taken", {"group": action["group"]})
        st["groups"][action["group"]] = None
        state["players"][seat]["cards"] = list(pair)
        st["did"][seat] = "pair"
        log(
            state,
            key="co.take_pair",
            player=seat_name(seat),
            group=action["group"],
            a=pair[0],
            b=pair[1],
        )
    else:
        if st["spaces"][action["space"]] is not None or st["did"][seat] == "space":
            raise IllegalAction("That start space is taken.", "co.err.space_taken", {"space": action["space"]})
        st["spaces"][action["space"]] = seat
        state["players"][seat]["pilgrim"] = action["space"]
        st["did"][seat] = "space"
        log(
            state,
            key="co.start_space",
            player=seat_name(seat),
            space=action["space"],
        )
    st["queue"].pop(0)
    if st["queue"]:
        return
    if st["step"] == 1:
        st.update(step=2, queue=list(state["order"]))
        return
    state["start"] = None
    for s in state["order"]:
        pay_starting_cards(state, s)


def pay_starting_cards(state: dict, seat: int) -> None:
    """Each starting card: influence on its track; an immediate bonus at once (seed, after step 13)."""
    for card in state["players"][seat]["cards"]:
        info = card_data(card)
        advance(state, seat, info["color"], info["influence"])
        if info["when"] == "immediate":
            gain(state, seat, info["effect"])
