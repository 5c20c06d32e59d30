"""A Coimbra bot that drafts with a plan, reading only its seat's view.

One yardstick settles every choice: the seat's *projected final score*
(:meth:`Plan.project`), its VP so far plus what its position will still pay --
the influence tracks' scoring tiles at today's ranks, the income its levels
promise for the rounds left, its end-game cards, voyages and monasteries as
they would score with some growth, diplomas, and coins and guards at a rate
that falls as the game ends. A choice is worth the change it makes:

* Phase B: a die is worth its colour's income at the seat's level (so it takes
  dice of the tracks it climbs) plus what its location is likely to bring: the
  best benefit tile or character still there after the dice to its left, the
  alternative (2 coins and 2 guards) as a floor;
* characters are valued with their influence, bonus and end-game rule on the
  seat's own cards (a Judge for a hoard of guards, an Alderman beside grays);
* the pilgrim walks the route to the monasteries that pay it most, and
  voyages are funded when their rule pays more than the coins or guards cost.

``choose(view, seat, rnd)`` returns one action of ``view["legal"]``; the same
view and generator state give the same action.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cached_property
from itertools import pairwise
from math import comb
from typing import Any

from ..bots import with_slips
from .data import DIPLOMA_VP, RESOURCE_CAP, RESOURCES_PER_VP, ROUNDS, STARTING, TRACK_CAP, TRACKS

# Worth of things this bot cannot count exactly, in VP (designed for the bot, tuned by benchmark).
MONEY_VP = {1: 0.5, 2: 0.45, 3: 0.4, 4: 0.3}  # a coin or guard while it can still buy characters and voyages
STEP_VP = 0.9  # a pilgrim step, on average, before the route is known
CROWN_VP = 0.35  # a crown: an earlier pick of dice next round
INCOME_WEIGHTS = (1.3, 1.0, 0.7)  # how often a future round pays the best, second and third track
CARDS_PER_ROUND = 1.8  # characters a drafting seat adds per round, for end-game rules that count them
POTENTIAL = 0.5  # share of the best monastery within reach later that a pilgrim's spot is worth now


def choose(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns the bot's action for ``seat``: the legal action that raises its projection most."""
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    plan = Plan(view, seat)
    worth = {i: plan.worth(a) for i, a in enumerate(legal)}
    best = max(worth.values())
    # Ties are broken by the seat's own generator, so it never leans on the list's order alone.
    return legal[rnd.choice([i for i, w in worth.items() if w >= best - 1e-9])]


def colour_of(die_id: str) -> str:
    """Returns a die's colour from its id.

    >>> colour_of("purple2"), colour_of("white")
    ('purple', 'white')
    """
    return die_id.rstrip("0123456789")


class Plan:
    """The seat's situation read from its view, and the worth of every kind of action."""

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        self.me: dict = view["players"][seat]
        self.round: int = view["round"]
        self.phase: str = view["phase"]
        self.players = len(view["players"])
        self.income = view["income"]
        self._walks: dict[int, float] = {}
        self._distances: dict[str, dict[str, tuple[int, str]]] = {}
        self._colours: dict[str, float] = {}
        self.base = self.project(self.me)

    # ---- time ----------------------------------------------------------------------

    @cached_property
    def rounds_after(self) -> int:
        """Whole rounds still to come after this one."""
        return ROUNDS - self.round

    @cached_property
    def buying_rounds(self) -> float:
        """Phase C's still to come, this round's counted while its dice are not all resolved."""
        return self.rounds_after + (1.0 if self.phase in ("start", "place") else 0.5 if self.phase == "resolve" else 0)

    @cached_property
    def money_vp(self) -> float:
        """A coin or guard now: it buys characters and voyages, then only 1 VP per 5 at the end."""
        if self.round == ROUNDS and self.phase in ("voyage", "over"):
            return 1 / RESOURCES_PER_VP
        return MONEY_VP[self.round]

    # ---- the projection --------------------------------------------------------------

    def reward(self, track: str, level: int) -> int:
        """Returns one income of ``track`` at ``level``, from the view's table."""
        band = next(i for i, (lo, hi) in enumerate(self.income["levels"]) if lo <= level <= hi)
        return self.income[track][band]

    def unit(self, track: str) -> float:
        """Returns the worth in VP of one unit of a track's income (guard, coin, step or VP)."""
        return {"gray": self.money_vp, "orange": self.money_vp, "purple": STEP_VP, "green": 1.0}[track]

    def paid(self, p: dict, track: str) -> float:
        """Returns one income of ``track`` at ``p``'s level, in VP."""
        return self.reward(track, p["influence"][track]) * self.unit(track)

    def project(self, p: dict) -> float:
        """Returns the final score ``p`` (a player record as in the view) looks set for."""
        total = p["vp"] + p.get("bonus", 0.0) + self.track_vp(p) + self.income_vp(p) + self.end_vp(p)
        dip = min(p["diplomas"], len(DIPLOMA_VP) - 1)
        money = min(p["coins"], RESOURCE_CAP) + min(p["guards"], RESOURCE_CAP) + p["discount"]
        return total + DIPLOMA_VP[dip] + money * self.money_vp

    def track_vp(self, p: dict) -> float:
        """Returns what the four scoring tiles pay ``p`` at today's levels (ties share the better rank)."""
        total = 0.0
        for track, tile in self.view["scoring_tiles"].items():
            level = p["influence"][track]
            if level < 1:
                continue
            ahead = sum(1 for o in self.view["players"] if o["seat"] != self.seat and o["influence"][track] > level)
            total += tile["values"][ahead] if ahead < len(tile["values"]) else 0
        return total

    def income_vp(self, p: dict) -> float:
        """Returns the income still to come: this round's dice, then the best tracks of later rounds."""
        total = 0.0
        if self.phase in ("start", "place", "resolve", "income"):
            dice = [colour_of(d) for d in p["placed"]] + [d["color"] for d in p["board"] if not d["used"]]
            if self.phase == "income":
                dice = [d["color"] for d in p["board"] if not d["used"]]
            best = max(self.paid(p, t) for t in TRACKS)
            total += sum(best if c == "white" else self.paid(p, c) for c in dice)
            if p["extra_die"] and not p["extra_used"]:
                total += best
            # Phase E cards pay after the dice, on the colours taken this round (``incomes``) and to come.
            taken = {t for t, n in p.get("incomes", {}).items() if n}
            total += self.phase_e_vp(p, set(dice) | taken)
        ranked = sorted((self.paid(p, t) for t in TRACKS), reverse=True)
        per_round = sum(w * x for w, x in zip(INCOME_WEIGHTS, ranked, strict=False))
        return total + self.rounds_after * (per_round + self.phase_e_vp(p, set(TRACKS)))

    def phase_e_vp(self, p: dict, colours: set[str]) -> float:
        """Returns one round's pay of ``p``'s Phase E cards when it takes incomes of ``colours``."""
        total = 0.0
        for card in p["cards"]:
            if card["when"] != "phase_e":
                continue
            effect = card["effect"]
            if "if_income" in effect and effect["if_income"] not in colours and "white" not in colours:
                continue
            times = 1.5 if "per_income" in effect else 1.0
            total += times * self.effect_vp(effect)
        return total

    def effect_vp(self, effect: dict) -> float:
        """Returns the plain gains of an effect in VP (coins, guards, VP, steps)."""
        return (
            effect.get("vp", 0)
            + (effect.get("coins", 0) + effect.get("guards", 0)) * self.money_vp
            + effect.get("steps", 0) * STEP_VP
        )

    def end_vp(self, p: dict) -> float:
        """Returns what ``p``'s end-game cards, monasteries and voyages pay, with the growth still to come."""
        rules = [c["effect"] for c in p["cards"] if c["when"] == "end"]
        rules += [self.view["sites"][s]["end"] for s in p["visited"] if self.view["sites"][s]["end"]]
        rules += [v["rule"] for v in self.view["voyages"] if v["id"] in p["voyages"]]
        return sum(self.rule_vp(p, r) for r in rules)

    def counts(self, p: dict) -> dict[str, float]:
        """Returns what end-game rules count for ``p``, grown by what the rounds left should add."""
        grow = CARDS_PER_ROUND * self.buying_rounds
        colours = {t: float(sum(1 for c in p["cards"] if c["color"] == t)) for t in TRACKS}
        high = sum(1 for s in p["visited"] if self.view["sites"][s]["tier"] != "I")
        return {
            **{f"color:{t}": n + grow * (n + 1) / (len(p["cards"]) + 4) for t, n in colours.items()},
            "card": len(p["cards"]) + grow,
            "end_card": sum(1 for c in p["cards"] if c["when"] == "end") + 0.2 * grow,
            "diploma": p["diplomas"] + 0.3 * grow,
            "visit": len(p["visited"]) + 0.7 * self.buying_rounds,
            "high_visit": high + 0.2 * self.buying_rounds,
            "voyage": len(p["voyages"]) + 0.7 * (self.rounds_after + (self.phase != "over")),
            "coin": min(p["coins"], RESOURCE_CAP),
            "guard": min(p["guards"], RESOURCE_CAP),
            "sets": min(colours.values()) + (0.25 * grow if min(colours.values()) < max(colours.values()) else 0),
        }

    def rule_vp(self, p: dict, rule: dict) -> float:
        """Returns what one end-game rule pays ``p`` at the end (as ``scoring.py`` reads it)."""
        kind, vp = rule["rule"], rule.get("vp", 0)
        if kind in ("half_level", "level"):
            level = p["influence"][rule["color"]] + 1.5 * self.rounds_after
            return min(level, TRACK_CAP) / (2 if kind == "half_level" else 1)
        if kind == "lowest_level":
            return vp * min(p["influence"].values())
        if kind == "flat":
            return vp
        n = self.counts(p)
        if kind == "all_colors":
            least = n["sets"]
            return vp * (min(least, 1) + min(max(least - 1, 0), 1))
        key = {
            "per_color": f"color:{rule.get('color')}",
            "per_guard": "guard",
            "per_coin": "coin",
            "per_voyage": "voyage",
            "per_visit": "visit",
            "per_high_visit": "high_visit",
            "per_card": "card",
            "per_diploma": "diploma",
            "per_end_card": "end_card",
            "color_sets": "sets",
        }[kind]
        return vp * n[key]

    # ---- changes to a player record --------------------------------------------------

    def gains(self, p: dict, effect: dict) -> dict:
        """Returns ``p`` after an effect: amounts at once, pilgrim steps valued as the seat's walk now."""
        q = {**p, "influence": dict(p["influence"])}
        q["vp"] = p["vp"] + effect.get("vp", 0) + effect.get("vp_per_visit", 0) * len(p["visited"])
        for what in ("coins", "guards"):
            q[what] = min(RESOURCE_CAP, p[what] + effect.get(what, 0))
        q["coins"] = min(RESOURCE_CAP, q["coins"] + effect.get("tax", 0) * self.payers())
        q["discount"] = p["discount"] + effect.get("discount", 0)
        for track, n in effect.get("influence", {}).items():
            q["influence"][track] = min(TRACK_CAP, q["influence"][track] + n)
        bonus = p.get("bonus", 0.0) + effect.get("broker", 0) * 0.3
        if effect.get("steps"):
            bonus += self.walk_vp(effect["steps"])
        q["bonus"] = bonus
        if effect.get("any"):
            q = self.best_track(q, effect["any"])
        if effect.get("two_tracks"):
            q = self.best_track(self.best_track(q, 1), 1, exclude=self.best_track_name(q, 1))
        return q

    def payers(self) -> int:
        """Returns how many other players could pay a tax of 1 coin now."""
        return sum(1 for o in self.view["players"] if o["seat"] != self.seat and o["coins"] >= 1)

    def best_track_name(self, p: dict, n: int, exclude: str = "") -> str:
        """Returns the track where ``n`` more influence raises ``p``'s projection most."""
        return max((t for t in TRACKS if t != exclude), key=lambda t: self.project(self.raise_track(p, t, n)))

    def best_track(self, p: dict, n: int, exclude: str = "") -> dict:
        """Returns ``p`` with ``n`` influence on its best track."""
        return self.raise_track(p, self.best_track_name(p, n, exclude), n)

    @staticmethod
    def raise_track(p: dict, track: str, n: int) -> dict:
        """Returns ``p`` with ``n`` more influence on ``track``."""
        return {**p, "influence": {**p["influence"], track: min(TRACK_CAP, p["influence"][track] + n)}}

    def bought(self, p: dict, card: dict, cost: int) -> dict:
        """Returns ``p`` after buying ``card`` for ``cost`` of its currency (bonus, influence, Phase C)."""
        q = {**p, "cards": [*p["cards"], card], "diplomas": p["diplomas"] + card.get("diplomas", 0)}
        if card.get("currency"):
            q[card["currency"]] = p[card["currency"]] - cost
        q = self.raise_track(q, card["color"], card["influence"])
        if card["when"] == "immediate":
            q = self.gains(q, card["effect"])
        for mine in p["cards"]:
            if mine["when"] == "phase_c" and mine["effect"].get("on_buy") == card["color"]:
                q = self.gains(q, {k: v for k, v in mine["effect"].items() if k != "on_buy"})
        if card.get("crown") and self.round < ROUNDS:
            q["bonus"] = q.get("bonus", 0.0) + CROWN_VP
        return q

    # ---- the pilgrimage ----------------------------------------------------------------

    @cached_property
    def neighbours(self) -> dict[str, list[str]]:
        """Returns the map's spaces and their neighbours, built from the view's edges."""
        out: dict[str, list[str]] = {}
        for edge in self.view["map"]["edges"]:
            chain = [edge["a"], *edge["path"], edge["b"]]
            for x, y in pairwise(chain):
                out.setdefault(x, []).append(y)
                out.setdefault(y, []).append(x)
        return out

    def distances(self, start: str) -> dict[str, tuple[int, str]]:
        """Returns each space's distance from ``start`` and the first step towards it."""
        if start in self._distances:
            return self._distances[start]
        out = {start: (0, start)}
        self._distances[start] = out
        todo = deque([start])
        while todo:
            here = todo.popleft()
            d, first = out[here]
            for nxt in self.neighbours[here]:
                if nxt not in out:
                    out[nxt] = (d + 1, nxt if here == start else first)
                    todo.append(nxt)
        return out

    @cached_property
    def site_values(self) -> dict[str, float]:
        """Returns the worth of every monastery the seat has not visited yet."""
        return {s: self.site_vp(s) for s in self.view["sites"] if s not in self.me["visited"]}

    def site_vp(self, site: str) -> float:
        """Returns what visiting a monastery is worth to the seat (its reward, its end rule, the visit)."""
        info = self.view["sites"][site]
        q = {**self.me, "visited": [*self.me["visited"], site]}
        q = self.gains(q, {k: v for k, v in info["reward"].items() if k != "steps"})
        return self.project(q) - self.base + info["reward"].get("steps", 0) * STEP_VP

    def route(self, here: str, steps: int) -> tuple[float, str | None]:
        """Returns the best worth of walking ``steps`` from ``here``, and the first step of that walk.

        Visits unvisited monasteries in the best order that fits the steps, then
        counts a share of the best monastery left within reach of a later walk.
        """
        values = self.site_values
        best: tuple[float, str | None] = (self.potential(here, set()), None)
        stack: list[tuple[str, int, float, frozenset, str | None]] = [(here, steps, 0.0, frozenset(), None)]
        while stack:
            node, left, got, seen, first = stack.pop()
            dist = self.distances(node)
            for site, v in values.items():
                if site in seen or dist[site][0] > left:
                    continue
                d, step = dist[site]
                via = first or step
                end = got + v + self.potential(site, seen | {site})
                if end > best[0]:
                    best = (end, via)
                stack.append((site, left - d, got + v, seen | {site}, via))
        if best[1] is None and self.rounds_after and values:
            # Nothing in reach now: step towards the best monastery for a later walk.
            dist = self.distances(here)
            target = max(values, key=lambda s: values[s] - 0.7 * dist[s][0])
            if dist[target][0] > 0:
                return best[0], dist[target][1]
        return best

    def potential(self, here: str, seen: set | frozenset) -> float:
        """Returns a share of the best unvisited monastery near ``here``, if later walks may reach it."""
        if not self.rounds_after:
            return 0.0
        dist = self.distances(here)
        near = [v - 0.7 * dist[s][0] for s, v in self.site_values.items() if s not in seen]
        return POTENTIAL * max([0.0, *near])

    def walk_vp(self, steps: int) -> float:
        """Returns what ``steps`` pilgrim steps from where the seat's pilgrim stands are worth now."""
        here = self.me["pilgrim"]
        if here is None:
            return steps * STEP_VP
        if steps not in self._walks:
            self._walks[steps] = self.route(here, steps)[0] - self.potential(here, set())
        return self._walks[steps]

    # ---- actions -----------------------------------------------------------------------

    def worth(self, action: dict) -> float:
        """Returns how much ``action`` raises the seat's projection (the pilgrim's walk: its route)."""
        kind = action["type"]
        me, base = self.me, self.base
        if kind == "place":
            return self.placement(action["die"], action["area"])
        if kind == "take_tile":
            tile = next(t for t in self.view["tiles"] if t["id"] == action["tile"])
            return self.tile_vp(tile)
        if kind == "buy":
            card = self.row_card(action["card"])
            return self.project(self.bought(me, card, self.die_value())) - base
        if kind == "alternative":
            return self.project(self.gains(me, {k: action.get(k, 2) for k in ("coins", "guards")})) - base
        if kind == "income":
            return self.income_action(action)
        if kind == "walk":
            steps = self.view["pending"][-1]["steps"]
            value, first = self.route(me["pilgrim"], steps)
            return value if first == action["to"] else -1.0
        if kind == "choose_track":
            return self.project(self.raise_track(me, action["track"], self.view["pending"][-1]["n"])) - base
        if kind == "take_discard":
            card = next(c for c in self.view["discard"] if c["id"] == action["card"])
            return self.project(self.bought(me, card, self.view["pending"][-1]["price"])) - base
        if kind == "fund":
            return self.voyage_vp(action["voyage"])
        if kind in ("take_pair", "start_space"):
            return self.start_vp(kind, action.get("group", action.get("space")))
        return 0.0  # pass: keep what you have

    def row_card(self, card_id: str) -> dict:
        """Returns a card of the city rows by id."""
        return next(c for row in self.view["rows"].values() for c in row if c["id"] == card_id)

    def die_value(self) -> int:
        """Returns the value of the die acting now in Phase C."""
        nxt = self.view["next"]
        area = self.view["castle"] if nxt["area"] == "castle" else self.view["cities"][nxt["area"]]
        return area[nxt["index"]]["value"]

    def tile_vp(self, tile: dict) -> float:
        """Returns a benefit tile's worth: its bonus, its crowns, and the extra die's best income."""
        q = self.gains(self.me, tile["bonus"])
        if tile["extra_die"]:
            q = {**q, "extra_die": True, "extra_used": False}
        crowns = CROWN_VP * tile["crowns"] if self.round < ROUNDS else 0.0
        return self.project(q) - self.base + crowns

    def income_action(self, action: dict) -> float:
        """Returns an income's worth: the reward of its track now (purple: the walk it opens)."""
        me = self.me
        track = action["track"] or colour_of(action["die"])
        n = self.reward(track, me["influence"][track])
        gain = self.walk_vp(n) if track == "purple" else n * self.unit(track)
        # A Phase E card that needs this colour pays once the first income of it is taken.
        if me.get("incomes", {}).get(track):
            return gain
        return gain + sum(
            self.effect_vp(c["effect"])
            for c in me["cards"]
            if c["when"] == "phase_e" and c["effect"].get("if_income") == track
        )

    def voyage_vp(self, voyage_id: str) -> float:
        """Returns what funding a voyage adds: its rule at the end, less the coins or guards it costs."""
        v = next(x for x in self.view["voyages"] if x["id"] == voyage_id)
        cost = max(0, v["cost"] - self.me["discount"])
        q = {**self.me, "voyages": [*self.me["voyages"], voyage_id], "discount": 0}
        q[v["currency"]] = self.me[v["currency"]] - cost
        return self.project(q) - self.base

    @cached_property
    def pair_gains(self) -> dict[int, float]:
        """Returns what each free starting pair adds (influence, bonuses, Phase C triggers to come)."""
        out = {}
        for group, cards in enumerate(self.view["start"]["groups"]):
            if cards:
                q = self.me
                for card_id in cards:
                    q = self.bought(q, starting_card(card_id), 0)
                out[group] = self.project(q) - self.base
        return out

    @cached_property
    def space_gains(self) -> dict[str, float]:
        """Returns what each free start space is worth: the monasteries a first walk or two can reach."""
        return {s: self.route(s, 4)[0] for s, who in self.view["start"]["spaces"].items() if who is None}

    def start_vp(self, kind: str, choice: Any) -> float:
        """Returns a starting choice's worth; in the first step, what it secures over taking it later.

        Whatever is not taken now is left to the others, so the first step takes
        the kind of thing whose best stands out most from the average left over.
        """
        gains: dict[Any, float] = self.pair_gains if kind == "take_pair" else self.space_gains
        if self.view["start"]["step"] == 2:
            return gains[choice]
        return gains[choice] - sum(gains.values()) / len(gains)

    # ---- Phase B: where a die goes -----------------------------------------------------

    def placement(self, die_id: str, area: str) -> float:
        """Returns a placement's worth: the die's income this round plus what its location likely brings."""
        die = next(d for d in self.view["dice"] if d["id"] == die_id)
        return self.colour_vp(die["color"]) + self.location_vp(die["value"], area)

    def colour_vp(self, colour: str) -> float:
        """Returns what one more die of ``colour`` on the seat's board pays in this round's Phase E."""
        if colour not in self._colours:
            me = {**self.me, "placed": [*self.me["placed"], f"{colour}0"]}
            self._colours[colour] = self.project(me) - self.base
        return self._colours[colour]

    @cached_property
    def others_to_place(self) -> int:
        """Returns how many dice the other players still place this round."""
        placed = sum(len(p["placed"]) for p in self.view["players"] if p["seat"] != self.seat)
        return 3 * (self.players - 1) - placed

    @cached_property
    def alternative(self) -> float:
        """Returns what the alternative (2 coins and 2 guards) adds."""
        return self.project(self.gains(self.me, {"coins": 2, "guards": 2})) - self.base

    @cached_property
    def tiles(self) -> list[float]:
        """Returns what each benefit tile still in the castle adds."""
        return [self.tile_vp(t) for t in self.view["tiles"]]

    @cached_property
    def cards(self) -> dict[str, list[tuple[dict, float]]]:
        """Returns each city row's cards with what each adds before its price."""
        return {
            area: [(c, self.project(self.bought(self.me, c, 0)) - self.base) for c in row]
            for area, row in self.view["rows"].items()
        }

    def location_vp(self, value: int, area: str) -> float:
        """Returns the expected worth of what a die of ``value`` takes in ``area`` (alternative as a floor)."""
        if area == "castle":
            ahead = sum(1 for d in self.view["castle"] if d["value"] <= value)
            later = self.others_to_place * 0.25 * (value - 1) / 6
            options = self.tiles
        else:
            ahead = sum(1 for d in self.view["cities"][area] if d["value"] >= value and not d.get("used"))
            later = self.others_to_place * 0.25 * (7 - value) / 6
            options = [
                gain - value * self.money_vp
                for card, gain in self.cards[area]
                if self.me[card["currency"]] - self.committed(card["currency"]) >= value
            ]
        floor = self.alternative
        return expected_best([max(o, floor) for o in options], ahead + later, floor)

    def committed(self, currency: str) -> int:
        """Returns what the seat's dice already in the cities will likely spend of ``currency``."""
        total = 0
        for area, dice in self.view["cities"].items():
            for d in dice:
                if d["seat"] == self.seat:
                    cheap = [c for c in self.view["rows"][area] if c["currency"] == currency]
                    total += d["value"] if cheap and len(cheap) * 2 >= len(self.view["rows"][area]) else 0
        return total


def expected_best(values: list[float], removed: float, floor: float) -> float:
    """Returns the expected best of ``values`` after ``removed`` of them are taken at random.

    A fractional count mixes the two whole counts around it; nothing left is worth ``floor``.

    >>> expected_best([6.0, 2.0], 0, 1.0), expected_best([6.0, 2.0], 1, 1.0), expected_best([6.0, 2.0], 2, 1.0)
    (6.0, 4.0, 1.0)
    >>> expected_best([6.0, 2.0], 0.5, 1.0)
    5.0
    """
    low = int(removed)
    frac = removed - low
    at = [_best_after(sorted(values, reverse=True), k, floor) for k in (low, low + 1)]
    return (1 - frac) * at[0] + frac * at[1]


def _best_after(ranked: list[float], k: int, floor: float) -> float:
    """Returns the expected best of ``ranked`` (best first) after ``k`` random removals."""
    n = len(ranked)
    if k >= n:
        return floor
    total = 0.0
    for i, v in enumerate(ranked):  # the best i are all removed, the (i+1)-th survives
        if i > k:
            break
        total += comb(n - i - 1, k - i) / comb(n, k) * v
    return max(total, floor)


def starting_card(card_id: str) -> dict:
    """Returns a starting card's face (a Phase C trigger counted as three triggers to come).

    The view names the starting pairs by id; their faces are the printed cards of ``data.STARTING``.

    >>> starting_card("Peddler")["effect"], starting_card("Hawker")["effect"]
    ({'coins': 3}, {'coins': 2})
    """
    info = STARTING[card_id]
    effect = dict(info["effect"])
    when = info["when"]
    if when == "phase_c":
        when, effect = "immediate", {k: 3 * v for k, v in effect.items() if k != "on_buy"}
    return {
        "id": card_id,
        "color": info["color"],
        "currency": None,
        "influence": info["influence"],
        "when": when,
        "effect": effect,
        "diplomas": info.get("diplomas", 0),
    }


def choose_normal(view: dict, seat: int, rnd: random.Random) -> dict:
    """The normal level: the bot above."""
    return choose(view, seat, rnd)


#: The easy level: the normal bot, slipping now and then into any legal move.
choose_easy = with_slips(choose)


#: The decisions the strong bot searches: a die's location, what a die does, a voyage, the start.
SEARCHED = ("place", "take_tile", "buy", "alternative", "fund", "pass", "take_pair", "start_space")
#: How many moves the strong bot weighs (the normal bot's and its next best by the projection).
STRONG_WIDTH = 3
#: Rounds of samples before the search may overrule the normal bot, and the mean lead it needs:
#: the dice to come make one playout a noisy judge (tuned by ladder).
STRONG_TRUST = 3
STRONG_LEAD = 0.1


def choose_strong(view: dict, seat: int, rnd: random.Random) -> dict:
    """The strong level: weighs its best few moves by playing each out over sampled decks.

    The candidates are the normal bot's move and its next best by the projection (one
    alternative at most: its amounts are a detail); each is played to the end with the
    normal bot in every seat over decks dealt as the view allows. Walks, incomes and
    track choices follow the normal bot at once.
    """
    from ..search import search
    from . import GAME
    from .sample import sample_state

    legal = view["legal"]
    if len(legal) < 2 or legal[0]["type"] not in SEARCHED:
        return choose(view, seat, rnd)
    first = choose(view, seat, random.Random(rnd.getrandbits(64)))
    plan = Plan(view, seat)
    ranked = sorted((a for a in legal if a != first), key=lambda a: -plan.worth(a))
    others = [a for a in ranked if a["type"] != "alternative"]
    others += [a for a in ranked if a["type"] == "alternative"][: 0 if first["type"] == "alternative" else 1]
    others.sort(key=lambda a: -plan.worth(a))
    moves = [first, *others[: STRONG_WIDTH - 1]]
    return search(
        GAME, view, seat, rnd, sample=sample_state, policy=choose, moves=moves, trust=STRONG_TRUST, lead=STRONG_LEAD
    )
