"""A Navegador bot that plays the rondel with a plan, reading only its seat's view.

The bot keeps a small model of its own position (money, workers, ships by region,
sheet, the chart, the market, what is explored) and one yardstick, :func:`worth`:
the VP its sheet would score now, plus what the position promises -- money while
it can still buy, colonies and factories for the market turns left, and a fleet
placed to explore. Every action is played on the model and valued by the change;
a rondel move is valued by playing its whole field greedily, less the ships a
long move hands back. So it

* explores towards the phase changes (each new region pays an explorer, the
  bonus of its cheapest colony, and a longer range once Cabo or Malaca falls),
  bringing ships up to the frontier between explorations;
* founds colonies while their market pays, sells before it falls and processes
  where it is low;
* takes a privilege when its cash bonus and the VP it adds pay for the worker;
* ends the game (Nagasaki, the last building) only when it leads.

``choose(view, seat, rnd)`` returns one action of ``view["legal"]``; the same
view and generator state give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cached_property

from ..bots import with_slips
from . import rondel

COLUMNS = ("colonies", "factories", "explorers", "shipyards", "churches")
GOODS = ("sugar", "gold", "spice")
HOME = "portugal"
BUILDING_GOOD = {"sugar_factory": "sugar", "gold_factory": "gold", "spice_factory": "spice"}
FIELDS = ("sailing", "workers", "market", "colony", "privilege", "ships", "market", "buildings")
PHASE_REGIONS = {"cabo": 2, "malaca": 3}
END_REGION = "nagasaki"
#: Colony prices by good, lowest and highest token (seed "Colony"), for what an unexplored stack may hold.
COLONY_RANGE = {"sugar": (40, 120), "gold": (50, 150), "spice": (60, 180)}

# The bot's own weights (designed for this bot, tuned by benchmark), in VP.
TURNS = 30  # rondel turns a seat plays in a game between planning players
MONEY_VP = 1 / 30  # a Cruzado while there is time to spend it (1/200 at the end)
PURSES = (400, 600, 1000)  # the first Cruzados are worth MONEY_VP, each purse after a third of the one before
MARKET_EVERY = 4.0  # turns between two market actions of a trading seat
READY = 0.6  # share of an exploration counted when enough ships are in reach of it
PHASE_VP = 4.0  # a phase begun: longer sailings, a refilled gallery
#: A worker's use beyond its VP, up to the five a church needs: once no shipyard or church is left,
#: and while some are (measured in bot-against-bot games: 0.6 lost 2 of 20 to 1.2, which lost 5 of 20 to 1.8,
#: which lost 6 of 20 to 2.7; 3.6 did no better).
WORKER_USE = (0.6, 2.7)
LEAD = 8  # VP ahead of everyone that makes ending the game safe
END_VP = 100.0  # ending the game while that far ahead wins it: worth more than anything a position promises
LATE_ROUND = 45  # from this round on the bot ends the game even when it does not lead


def choose(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns the bot's action for ``seat``: the legal action that leaves its position worth most."""
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    bot = Bot(view, seat)
    values = [bot.value(a) for a in legal]
    best = max(values)
    # Ties go to the seat's own generator, so it never leans on the list's order alone.
    return legal[rnd.choice([i for i, v in enumerate(values) if v >= best - 1e-9])]


class Bot:
    """The seat's model, read from its view, and the worth of every action on it."""

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        self.players = view["num_players"]
        self.step = view["step"]
        self.neighbours: dict[str, list[str]] = {r["id"]: [] for r in view["regions"]}
        for a, b in view["borders"]:
            self.neighbours[a].append(b)
            self.neighbours[b].append(a)
        self.good = {r["id"]: r["good"] for r in view["regions"]}
        self.stack = {r["id"]: r["stack"] for r in view["regions"]}
        self.double_loss = {r["id"] for r in view["regions"] if r["double_loss"]}
        self.table = view["market"]["table"]
        self._reach: dict[tuple, set[str]] = {}
        self._frontier: dict[tuple, int] = {}
        self.sheet = view["sheet"]
        self.turns_left = self.estimate_turns()
        self.money_vp = 1 / 200 + (MONEY_VP - 1 / 200) * min(1.0, self.turns_left / 8)
        self.model = self.read(view["players"][seat])
        self.base = self.worth(self.model)

    # ---- reading the view ------------------------------------------------------------

    def estimate_turns(self) -> float:
        """Returns the rondel turns this seat may still take after this one (0 once the end is near)."""
        if self.view["ending"]:
            return 0.0
        played = self.view["turn"] / self.players
        return max(3.0, TURNS - played)

    def read(self, p: dict) -> dict:
        """Returns the model of a player's position as the view shows it (scratch fields empty)."""
        v = self.view
        return {
            "money": p["money"],
            "workers": p["workers"],
            "supply": p["supply"],
            "ships": {r["id"]: r["ships"][p["seat"]] for r in v["regions"] if r["ships"][p["seat"]]},
            "colonies": {g: list(x) for g, x in p["colonies"].items()},
            "factories": dict(p["factories"]),
            "shipyards": p["shipyards"],
            "churches": p["churches"],
            "explorers": list(p["explorers"]),
            "privileges": dict(p["privileges"]),
            "king": p["king"],
            "explored": {r["id"]: r["explored"] for r in v["regions"]},
            "revealed": {r["id"]: list(r["colonies"]) for r in v["regions"]},
            "market": dict(v["market"]["row"]),
            "chart": {b: [s["price"] for s in slots if s["piece"]] for b, slots in v["buildings"].items()},
            "gallery": dict(v["gallery"]),
            "phase": v["phase"],
            "phase_next": v["phase_next"],
            "ended": bool(v["ending"]),
            # what the field being played has used up (from the step, when one is open)
            "moved": {},
            "explored_now": None,
            "ships_used": {},
            "workers_used": 0,
            "traded": [],
            "orange": False,
        }

    @staticmethod
    def copy(m: dict) -> dict:
        """Returns a model that may be changed without changing ``m``."""
        out = dict(m)
        for k in ("ships", "factories", "privileges", "explored", "market", "chart", "gallery", "moved", "ships_used"):
            out[k] = dict(m[k])
        for k in ("colonies", "revealed"):
            out[k] = {key: list(v) for key, v in m[k].items()}
        for k in ("explorers", "traded"):
            out[k] = list(m[k])
        return out

    # ---- the yardstick ---------------------------------------------------------------

    @staticmethod
    def counts(m: dict) -> dict[str, int]:
        """Returns the achievements per sheet column."""
        return {
            "colonies": sum(len(x) for x in m["colonies"].values()),
            "factories": sum(m["factories"].values()),
            "explorers": len(m["explorers"]),
            "shipyards": m["shipyards"],
            "churches": m["churches"],
        }

    def sheet_vp(self, m: dict) -> float:
        """Returns what the sheet, workers, ships and cash would score now (the King where it scores most)."""
        n = self.counts(m)
        base, extra = self.sheet["base"], self.sheet["privilege_vp"]
        total = sum((base[c] + extra[c] * m["privileges"][c]) * n[c] for c in COLUMNS)
        if m["king"]:
            total += max([extra[c] * n[c] for c in COLUMNS if m["privileges"][c] < 3] or [0])
        return total + m["workers"] + sum(m["ships"].values()) + m["money"] // 200

    def worth(self, m: dict) -> float:
        """Returns the position's worth: its VP now plus what its money, trade and fleet promise."""
        total = self.sheet_vp(m) + (m["money"] % 200) / 200
        if self.turns_left <= 0:
            return total
        if m["ended"]:
            return total + m.get("bonus_end", 0.0)
        total += self.cash_vp(self.purse(m))
        total += self.worker_use(m) * min(m["workers"], 5)
        if m["phase_next"]:
            total += PHASE_VP
        return total + self.fleet(m)

    def worker_use(self, m: dict) -> float:
        """Returns a worker's use beyond its VP: more while shipyards and churches, which need 4 and 5, remain."""
        return WORKER_USE[bool(m["chart"]["shipyard"] or m["chart"]["church"])]

    def purse(self, m: dict) -> float:
        """Returns the money a position will have had to spend: cash now and its trade in the turns left."""
        return m["money"] + self.turns_left / MARKET_EVERY * self.trade_income(m) * 0.7

    def rate(self, m: dict) -> float:
        """Returns what one more Cruzado adds to the position now (VP at the end and what it buys)."""
        purse = self.purse(m)
        return 1 / 200 + (self.cash_vp(purse + 100) - self.cash_vp(purse)) / 100

    def cash_vp(self, money: float) -> float:
        """Returns what money adds beyond its VP at the end, at a falling rate: a purse only buys so much."""
        rate, total, left = self.money_vp - 1 / 200, 0.0, money
        for size in PURSES:
            total += rate * min(left, size)
            left -= size
            rate /= 3
            if left <= 0:
                break
        return total

    def trade_income(self, m: dict) -> float:
        """Returns what one market action would bring at today's prices (each good sold or processed)."""
        total = 0.0
        spare = m["factories"]["orange"]
        for g in GOODS:
            sell = len(m["colonies"][g]) * self.table[g][m["market"][g]]
            process = m["factories"][g] * self.table["revenue"][m["market"][g]]
            total += max(sell, process)
        best_revenue = max(self.table["revenue"][m["market"][g]] for g in GOODS)
        return total + spare * best_revenue

    # ---- the fleet -----------------------------------------------------------------------

    def reach(self, m: dict, origin: str, borders: int) -> set[str]:
        """Returns the regions a ship in ``origin`` may end in: explored ones, or an unexplored one beside its path.

        A model differs from the view by one exploration at most (one per sailing), so that is the cache's key.
        """
        key = (m["explored_now"], origin, borders)
        if key not in self._reach:
            self._reach[key] = self.reach_now(m, origin, borders)
        return self._reach[key]

    def reach_now(self, m: dict, origin: str, borders: int) -> set[str]:
        """Returns :meth:`reach` worked out on the model's map."""
        seen, frontier = {origin}, [origin]
        for _ in range(borders):
            nxt = []
            for r in frontier:
                for n in self.neighbours[r]:
                    if n not in seen:
                        seen.add(n)
                        if m["explored"][n]:
                            nxt.append(n)
            frontier = nxt
        seen.discard(origin)
        return seen

    def need(self, region: str) -> int:
        """Returns the ships that must enter an unexplored region together."""
        return 3 if region in self.double_loss else 2

    def bonus(self, m: dict, region: str) -> float:
        """Returns the expected cheapest colony of an unexplored region (its explorer's bonus)."""
        low, high = COLONY_RANGE[self.good[region]]
        return low + (high - low) / (self.stack[region] + 1)

    def explore_vp(self, m: dict, region: str, rate: float) -> float:
        """Returns what exploring ``region`` adds beyond the ships lost: explorer, bonus (at ``rate``), phase."""
        column = "explorers"
        vp = self.sheet["base"][column] + self.sheet["privilege_vp"][column] * m["privileges"][column]
        vp += self.bonus(m, region) * rate
        if region in PHASE_REGIONS and PHASE_REGIONS[region] > max(m["phase"], m["phase_next"] or 0):
            vp += PHASE_VP
        if region == END_REGION:
            vp += self.ending_vp(m)
        return vp

    def fleet(self, m: dict) -> float:
        """Returns what the ships' places promise: explorations within reach, colonies to found."""
        borders = max(m["phase"], m["phase_next"] or 0)
        reach = {r: self.reach(m, r, borders) for r, n in m["ships"].items() if n}
        rate = self.rate(m)
        best = 0.0
        for region, done in m["explored"].items():
            if done:
                continue
            have = sum(n for r, n in m["ships"].items() if n and region in reach[r])
            if not have:
                continue
            value = self.explore_vp(m, region, rate) - self.need(region) / 2
            share = READY if have >= self.need(region) else 0.25 * have / self.need(region)
            best = max(best, value * share)
        # Ships out of reach of any exploration are pulled towards the frontier.
        pull = sum(0.3 * n / (1 + self.distance_to_frontier(m, r)) for r, n in m["ships"].items())
        colony = 0.0
        if m["workers"] >= 2:
            for r, n in m["ships"].items():
                prices = sorted(m["revealed"][r])[:n]
                colony += sum(max(0.0, self.colony_vp(m, r, p, rate)) for p in prices) * 0.4
        return best + min(pull, 1.5) + colony

    def distance_to_frontier(self, m: dict, region: str) -> int:
        """Returns the borders from ``region`` to the nearest unexplored region (cached like :meth:`reach`)."""
        key = (m["explored_now"], region)
        if key not in self._frontier:
            self._frontier[key] = self.frontier_now(m, region)
        return self._frontier[key]

    def frontier_now(self, m: dict, region: str) -> int:
        """Returns :meth:`distance_to_frontier` worked out on the model's map."""
        seen, frontier, d = {region}, [region], 0
        while frontier:
            if any(not m["explored"][r] for r in frontier):
                return d
            d += 1
            nxt = [n for r in frontier for n in self.neighbours[r] if n not in seen]
            seen.update(nxt)
            frontier = nxt
        return 9

    def colony_vp(self, m: dict, region: str, price: int, rate: float) -> float:
        """Returns what founding a colony adds: its sheet VP and its sales, less its price."""
        good = self.good[region]
        sheet = self.sheet["base"]["colonies"] + self.sheet["privilege_vp"]["colonies"] * m["privileges"]["colonies"]
        sales = self.turns_left / MARKET_EVERY * self.table[good][m["market"][good]] * 0.6
        return sheet + (sales - price) * rate

    # ---- the end -----------------------------------------------------------------------

    def ending_vp(self, m: dict) -> float:
        """Returns what triggering the end is worth: a sure win if the seat leads enough, else a loss."""
        if self.sheet_vp(m) >= self.best_other + LEAD:
            return END_VP
        # A game must end some time (ref §3.5): late on, the bot seeks the end even when behind.
        return END_VP / 2 if self.view["round"] >= LATE_ROUND else -END_VP

    @cached_property
    def best_other(self) -> float:
        """Returns the most VP another player's sheet would score now."""
        return max(self.sheet_vp(self.read(p)) for p in self.view["players"] if p["seat"] != self.seat)

    # ---- playing actions on the model --------------------------------------------------

    def value(self, action: dict) -> float:
        """Returns the worth of the position after ``action`` (a move: after its whole field)."""
        kind = action["type"]
        if kind == "move":
            return self.move_vp(action["field"])
        if kind == "use_card":
            return self.field_vp(self.model, "sailing")
        if kind == "keep_card":
            return self.base
        m = self.copy(self.model)
        self.scratch(m)
        self.play(m, action)
        return self.worth(m)

    def scratch(self, m: dict) -> None:
        """Copies what the open step has used up into the model."""
        s = self.step or {}
        m["moved"] = dict(s.get("moved", {}))
        m["explored_now"] = s.get("explored")
        m["ships_used"] = dict(s.get("ships_used", {}))
        m["workers_used"] = s.get("workers_used", 0)
        m["traded"] = [*s.get("sold", {}), *s.get("processed", {})]
        m["orange"] = s.get("orange_used", False)

    def move_vp(self, field: int) -> float:
        """Returns the worth after moving to ``field``: ships handed back, then the field played greedily."""
        cost = rondel.cost(self.view["rondel"]["stones"][self.seat], field)  # the view lists no moves
        m = self.copy(self.model)
        for _ in range(cost):
            regions = [r for r, n in m["ships"].items() if n]
            if not regions:
                return -1e9
            m = max((self.after(m, {"type": "return_ship", "region": r}) for r in regions), key=self.worth)
        return self.field_vp(m, FIELDS[field])

    def field_vp(self, m: dict, field: str) -> float:
        """Returns the worth after playing ``field`` greedily from ``m`` (the best option, step by step)."""
        m = self.copy(m)
        for _ in range(12):
            options = list(self.options(m, field))
            if not options:
                break
            best = max(options, key=lambda a: self.worth(self.after(m, a)))
            after = self.after(m, best)
            if self.worth(after) <= self.worth(m) + 1e-9:
                break
            m = after
            if field in ("workers", "ships", "privilege"):
                break
        return self.worth(m)

    def after(self, m: dict, action: dict) -> dict:
        """Returns a copy of ``m`` with ``action`` played."""
        out = self.copy(m)
        self.play(out, action)
        return out

    def options(self, m: dict, field: str) -> Iterator[dict]:
        """Yields the actions a field offers on the model (``done`` is left out: it is the baseline)."""
        if field == "sailing":
            yield from self.sail_options(m)
        elif field in ("workers", "ships"):
            kind = "recruit" if field == "workers" else "build_ships"
            yield from ({"type": kind, "count": o["count"]} for o in self.offers(m, field) if o["count"])
        elif field == "colony":
            if m["workers"] - m["workers_used"] >= 2:
                for r, n in m["ships"].items():
                    if n > m["ships_used"].get(r, 0):
                        for price in sorted(set(m["revealed"][r])):
                            if price <= m["money"]:
                                yield {"type": "found", "region": r, "price": price}
        elif field == "buildings":
            needs = self.view["prices"]["needs"]
            for b, prices in m["chart"].items():
                if prices and prices[0] <= m["money"] and m["workers_used"] + needs[b] <= m["workers"]:
                    yield {"type": "build", "building": b}
        elif field == "market":
            for g in GOODS:
                if g in m["traded"]:
                    continue
                if m["colonies"][g]:
                    yield {"type": "sell", "good": g, "units": len(m["colonies"][g])}
                units = m["factories"][g] + (0 if m["orange"] else m["factories"]["orange"])
                if units:
                    yield {"type": "process", "good": g, "units": units}
        elif field == "privilege":
            for c in COLUMNS:
                if m["gallery"][c] > 0 and m["privileges"][c] < 3 and m["workers"] >= 3:
                    yield {"type": "privilege", "column": c}

    def sail_options(self, m: dict) -> Iterator[dict]:
        """Yields the sailings open on the model: one ship to an explored region, or an exploration."""
        borders = m["phase"]
        free = {r: n - m["moved"].get(r, 0) for r, n in m["ships"].items() if n - m["moved"].get(r, 0) > 0}
        sources: dict[str, list[str]] = {}
        for origin in free:
            for to in self.reach(m, origin, borders):
                if m["explored"][to]:
                    yield {"type": "sail", "origin": origin, "to": to}
                else:
                    sources.setdefault(to, []).append(origin)
        if m["explored_now"] is None:
            for region, origins in sources.items():
                group: list[str] = []
                for origin in sorted(origins, key=lambda r: -free[r]):
                    group += [origin] * free[origin]
                if len(group) >= self.need(region):
                    yield {"type": "explore", "region": region, "ships": group[: self.need(region)]}

    def offers(self, m: dict, kind: str) -> list[dict]:
        """Returns the Workers or Ships field's offers on the model (as the engine prices them)."""
        cheap = m["churches"] if kind == "workers" else m["shipyards"]
        room = 9 - m["workers"] if kind == "workers" else m["supply"]
        dear_price = 100 * m["phase"]
        out = []
        for count in range(max(cheap, room) + 1):
            dear = max(0, count - cheap)
            if dear and count > room:
                break
            cost = 50 * (count - dear) + dear_price * dear
            if cost > m["money"]:
                break
            sold = max(0, count - room)
            out.append({"count": count, "cost": cost, "sold": sold, "gain": 100 * sold})
        return out

    def play(self, m: dict, action: dict) -> None:
        """Plays one action on the model, as the rules do (unknown colony stacks at their expected prices)."""
        kind = action["type"]
        if kind == "return_ship":
            m["ships"][action["region"]] -= 1
            m["supply"] += 1
        elif kind in ("recruit", "build_ships"):
            field = "workers" if kind == "recruit" else "ships"
            offer = next(o for o in self.offers(m, field) if o["count"] == action["count"])
            kept = offer["count"] - offer["sold"]
            m["money"] += offer["gain"] - offer["cost"]
            if field == "workers":
                m["workers"] += kept
            else:
                m["supply"] -= kept
                m["ships"][HOME] = m["ships"].get(HOME, 0) + kept
        elif kind == "sail":
            m["ships"][action["origin"]] -= 1
            m["ships"][action["to"]] = m["ships"].get(action["to"], 0) + 1
            m["moved"][action["to"]] = m["moved"].get(action["to"], 0) + 1
        elif kind == "explore":
            self.play_explore(m, action["region"], action["ships"])
        elif kind == "found":
            r = action["region"]
            m["revealed"][r].remove(action["price"])
            m["colonies"][self.good[r]].append(action["price"])
            m["money"] -= action["price"]
            m["ships_used"][r] = m["ships_used"].get(r, 0) + 1
            m["workers_used"] += 2
        elif kind == "build":
            self.play_build(m, action["building"])
        elif kind in ("sell", "process"):
            g, units = action["good"], action["units"]
            row = m["market"][g]
            if kind == "sell":
                m["money"] += self.table[g][row] * units
                m["market"][g] = min(9, row + units)
            else:
                m["money"] += self.table["revenue"][row] * units
                m["market"][g] = max(0, row - units)
                if units > m["factories"][g]:
                    m["orange"] = True
            m["traded"].append(g)
        elif kind == "privilege":
            c = action["column"]
            m["money"] += self.sheet["coins"][c][m["privileges"][c]] * self.counts(m)[c]
            m["privileges"][c] += 1
            m["gallery"][c] -= 1
            m["workers"] -= 1

    def play_explore(self, m: dict, region: str, ships: list[str]) -> None:
        """Explores on the model: ships in and some lost, the explorer, the expected bonus and colonies."""
        lost = 2 if region in self.double_loss else 1
        for origin in ships:
            m["ships"][origin] -= 1
        m["ships"][region] = m["ships"].get(region, 0) + len(ships) - lost
        m["moved"][region] = m["moved"].get(region, 0) + len(ships) - lost
        m["supply"] += lost
        m["money"] += int(self.bonus(m, region))
        low, high = COLONY_RANGE[self.good[region]]
        k = self.stack[region]
        m["revealed"][region] = [int(low + (high - low) * (i + 1) / (k + 1)) // 10 * 10 for i in range(k)]
        m["explored"][region] = True
        m["explorers"].append(region)
        m["explored_now"] = region
        if region in PHASE_REGIONS and PHASE_REGIONS[region] > max(m["phase"], m["phase_next"] or 0):
            m["phase_next"] = PHASE_REGIONS[region]
        if region == END_REGION:
            m["ended"] = True
            m["bonus_end"] = self.ending_vp(m)

    def play_build(self, m: dict, building: str) -> None:
        """Builds the cheapest piece of a row on the model (the last piece of the chart ends the game)."""
        price = m["chart"][building][0]
        m["chart"][building] = m["chart"][building][1:]
        m["money"] -= price
        if building in BUILDING_GOOD:
            m["factories"][BUILDING_GOOD[building]] += 1
        else:
            m[{"shipyard": "shipyards", "church": "churches"}[building]] += 1
        m["workers_used"] += self.view["prices"]["needs"][building]
        if not any(m["chart"].values()):
            m["ended"] = True
            m["bonus_end"] = self.ending_vp(m)


def choose_normal(view: dict, seat: int, rnd: random.Random) -> dict:
    """The normal level: the bot above."""
    return choose(view, seat, rnd)


#: The easy level: the normal bot, slipping now and then into any legal move.
choose_easy = with_slips(choose)


#: How many of the normal bot's best rondel moves the strong bot weighs against each other.
STRONG_WIDTH = 3


def choose_strong(view: dict, seat: int, rnd: random.Random) -> dict:
    """The strong level: weighs its best rondel moves by playing each out over sampled colony stacks.

    The rondel move is the turn's decision; what follows on its field (which ships, which
    goods, which building) is played as the normal bot plays it. The candidates are the
    normal bot's best few moves, its own first; each is played to the end of the game with
    the normal bot in every seat, over colony stacks dealt as the view allows.
    """
    from ..search import search
    from . import GAME
    from .sample import sample_state

    legal = view["legal"]
    if len(legal) < 2 or not view["step"] or view["step"]["kind"] not in ("move", "card"):
        return choose(view, seat, rnd)
    first = choose(view, seat, random.Random(rnd.getrandbits(64)))
    bot = Bot(view, seat)
    ranked = sorted((a for a in legal if a != first), key=lambda a: -bot.value(a))
    moves = [first, *ranked[: STRONG_WIDTH - 1]]
    return search(GAME, view, seat, rnd, sample=sample_state, policy=choose, moves=moves)
