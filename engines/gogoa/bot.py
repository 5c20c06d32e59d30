"""A Go Goa bot that sees only its seat's view: a one-day planner with a look ahead.

It keeps the pair of tour plans it can most likely finish, then each day tries
every legal die assignment, searches every path end it allows, and picks the end
worth most: points scored now, the chance of finishing its plans from there, and
tomorrow's chances nearby. Local guides are hired only on days that would
otherwise be empty. It may use the pure map and path helpers, never the state.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations

from ..bots import with_slips
from . import data, scoring
from .hexmap import HEADINGS, Board, Hex, as_hex, board_of, distance
from .path import ROLES, Draft, wrap


def choose(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns one legal action for ``seat`` from its own view."""
    legal = view["legal"]
    if not legal:
        raise ValueError("The bot has nothing to do now.")
    board = board_of(view)
    if view["phase"] == "plans":
        return choose_plans(board, legal)
    draft = view["me"]["draft"]
    if draft["finished"] and {"type": "submit"} in legal:
        return {"type": "submit"}
    goal = Goals(board, view, seat)
    if draft["drawing"]:
        moves = best_path(board, goal, draft)[1]
        return first_action(moves) if moves else {"type": "submit"}
    return choose_dice(board, goal, draft, legal)


# ---- tour plans ------------------------------------------------------------------


def tour_length(board: Board, codes) -> int:
    """Returns the length of a nearest-neighbour tour from Start through the destinations."""
    here, left, total = board.start, set(codes), 0
    while left:
        nxt = min(left, key=lambda c: (distance(here, board.destinations[c][2]), c))
        total += distance(here, board.destinations[nxt][2])
        here = board.destinations[nxt][2]
        left.discard(nxt)
    return total


def choose_plans(board: Board, legal: list[dict]) -> dict:
    """Returns the keep_plans action whose two plans are most likely to be finished."""

    def worth(action: dict) -> float:
        codes = {c for p in action["plans"] for c in data.PLANS[p][1]}
        points = sum(data.PLANS[p][0] for p in action["plans"])
        days = len(codes) + tour_length(board, codes) / SPEED  # one day per visit + travel
        return points * min(1.0, max(0.0, (PLAN_DAYS - days) / 3.0)) - len(codes)

    return max(legal, key=lambda a: (worth(a), a["plans"]))


# ---- what an end hex is worth ----------------------------------------------------


#: Chance that a path can end on a hex k steps away on the next day (index k), measured
#: over all 216 rolls from Start on the designed map; beyond 6 only later days help.
REACH = (0.93, 0.99, 0.90, 0.81, 0.64, 0.52, 0.37)
LOOK_AHEAD = 0.45  # how much tomorrow's best chance counts against points today
PLAN_PULL = 0.3  # share of a plan's points that pulls towards its missing destinations
PLAN_HOPE = 0.5  # how much an unfinished plan's chance of being finished counts
PLAN_DAYS = 12.0  # days a pair of plans may take at most to be worth keeping
SPEED = 4.0  # hexes a tourist gains towards a goal per day, roughly


def reach(steps: int) -> float:
    """Returns the chance of ending on a hex ``steps`` away tomorrow (a small pull when far)."""
    return REACH[steps] if steps < len(REACH) else 0.25 * 0.8 ** (steps - len(REACH))


#: ``reach`` of every distance on a map (far fewer than 128 steps across): a table, read often.
REACHES = tuple(reach(k) for k in range(128))


@lru_cache(maxsize=4096)
def dest_distances(board: Board, h: Hex) -> tuple[int, ...]:
    """Returns the distance from ``h`` to each destination, in the board's order (asked once per hex)."""
    return tuple(distance(h, x) for _, _, x in board.destinations.values())


class Goals:
    """Values of ending today's path on each hex, from the seat's public record."""

    def __init__(self, board: Board, view: dict, seat: int):
        me = view["players"][seat]
        self.reset(board, me["visited"], [p["id"] for p in me["plans"] or []], view["days"] - view["day"])

    @classmethod
    def of(cls, board: Board, visited, plans, days_after: int) -> Goals:
        """Returns the goals of a tourist's record (visited codes, kept plan ids, days after today)."""
        goal = cls.__new__(cls)
        goal.reset(board, visited, plans, days_after)
        return goal

    def reset(self, board: Board, visited, plans, days_after: int) -> None:
        """Works out the worth of every destination still to visit from the tourist's record."""
        self.board = board
        self.visited = set(visited)
        self.plans = list(plans)
        self.days_after = days_after
        self.base = scoring.breakdown(self.visited, self.plans)["total"]
        self.cache: dict = {}
        counts = scoring.type_counts(self.visited)
        rarest = min(counts.values())
        self.targets = []  # (index, code, worth) of every destination still worth a visit
        for index, (code, (_, kind, _)) in enumerate(board.destinations.items()):
            if code in self.visited:
                continue
            w = 10.0 + (20 if code == data.DUDHSAGAR else 0)
            w += 5 if counts[kind] in (2, 5) else 0
            w += 6 if counts[kind] == rarest else 0
            for p in self.plans:
                todo = [c for c in data.PLANS[p][1] if c not in self.visited]
                if code in todo and len(todo) <= self.days_after + 1:
                    w += PLAN_PULL * data.PLANS[p][0] / len(todo)
            self.targets.append((index, code, w))

    def gain(self, h) -> float:
        """Returns the points (and plan progress) of ending today on ``h``; 0 if no visit."""
        code = self.board.dest_at.get(h)
        if not code or code in self.visited:
            return 0.0
        return scoring.breakdown(self.visited | {code}, self.plans)["total"] - self.base

    def hope(self, h, visited) -> float:
        """Returns the points of unfinished plans weighted by the chance of finishing them from ``h``."""
        total = 0.0
        for p in self.plans:
            points, codes = data.PLANS[p]
            todo = [self.board.destinations[c][2] for c in codes if c not in visited]
            if not todo or len(todo) > self.days_after:
                continue
            here, length = h, 0
            while todo:  # a nearest-neighbour tour through what is missing
                nxt = min(todo, key=lambda x: distance(here, x))
                length += distance(here, nxt)
                here = nxt
                todo.remove(nxt)
            days = sum(1 for c in codes if c not in visited) + length / SPEED
            total += points * min(1.0, max(0.0, 0.5 + (self.days_after - days) / 3.0))
        return total

    def value(self, h) -> float:
        """Returns the worth of ending today on hex ``h``: points now plus tomorrow's chances."""
        if h in self.cache:
            return self.cache[h]
        ahead = 0.0
        code = self.board.dest_at.get(h)
        if self.days_after:
            far = dest_distances(self.board, h)
            near = sorted((w * REACHES[far[i]] for i, c, w in self.targets if c != code), reverse=True)
            ahead = near[0] + 0.3 * sum(near[1:3]) if near else 0.0
        visited = self.visited | {code} if code else self.visited
        self.cache[h] = self.gain(h) + LOOK_AHEAD * ahead + PLAN_HOPE * self.hope(h, visited)
        return self.cache[h]


# ---- searching paths -------------------------------------------------------------


#: Where a search stands: (hex, heading, steps left, deviations left, just deviated).
Point = tuple[Hex, int, int, int, bool]
#: One planned move: "step", or the heading a deviation turns to.
Move = str | int


def search(board: Board, pos, heading: int, left: int, devs: int, turned: bool) -> dict[Hex, list[Move]]:
    """Returns {end hex: moves} for every path the state allows (moves: 'step' or heading)."""
    start: Point = (as_hex(pos), heading, left, devs, turned)
    seen: dict[Point, list[Move]] = {start: []}
    frontier = [start]
    ends: dict[Hex, list[Move]] = {}
    while frontier:
        nxt = []
        for state in frontier:
            h, hd, lf, dv, tr = state
            moves = seen[state]
            if lf == 0:
                ends.setdefault(h, moves)
                continue
            moved = board.advance(h, hd)
            options: list[tuple[Point, Move]] = []
            if moved is not None:
                options.append(((moved[0], moved[1], lf - 1, dv, False), "step"))
            if dv and not tr:
                for new in HEADINGS:
                    if new != hd and board.advance(h, new) is not None:
                        options.append(((h, new, lf, dv - 1, True), new))
            for child, move in options:
                if child not in seen:
                    seen[child] = [*moves, move]
                    nxt.append(child)
        frontier = nxt
    return ends  # never empty: a path cannot get stuck (docs/games/gogoa.md)


def best_path(board: Board, goal: Goals, draft: dict):
    """Returns (value, moves) of the best end reachable from the draft being drawn."""
    turned = draft["just_deviated"]
    ends = search(board, draft["position"], draft["heading"], draft["steps_left"], draft["deviations_left"], turned)
    end = max(ends, key=lambda h: (goal.value(h), -len(ends[h]), h))
    return goal.value(end), ends[end]


def first_action(moves: list) -> dict:
    """Returns the next action of a planned move list (a run of steps goes in one action)."""
    if moves[0] != "step":
        return {"type": "deviate", "heading": moves[0]}
    count = 0
    while count < len(moves) and moves[count] == "step":
        count += 1
    return {"type": "step", "count": count}


# ---- dice roles and guides -------------------------------------------------------


def assignments(board: Board, dice, pos, reserved, roles: dict, direction_value):
    """Returns every legal full assignment (role -> die, direction value) extending ``roles``."""
    choices = Draft(board, dice, pos, reserved, []).direction_choices()
    out = []
    for perm in permutations(range(3)):
        full = dict(zip(ROLES, perm, strict=True))
        if any(full[r] != d for r, d in roles.items()):
            continue
        for die, value in choices:
            if die == full["direction"] and ("direction" not in roles or value == direction_value):
                out.append((full, value))
    return out


def day_worth(board: Board, goal: Goals, dice, pos, full: dict, value) -> tuple[float, float]:
    """Returns (best worth, best points today) over the ends one full assignment reaches."""
    heading = value or dice[full["direction"]]
    devs = 1 if dice[full["deviation"]] <= 3 else 2
    ends = search(board, pos, heading, dice[full["distance"]], devs, False)
    return max(goal.value(h) for h in ends), max(goal.gain(h) for h in ends)


#: The best whole assignment of a day already worked out, by what decides it: a day's three
#: role actions (and a search's many playouts) ask for the same day again and again.
_DAY_PLANS: dict = {}


def best_assignment(board, goal, dice, pos, reserved, roles, direction_value):
    """Returns (points today, full roles, direction value) of the best assignment.

    The best whole assignment is remembered: when the roles given so far agree with it, it
    is still the best of those that extend them (the first of equal keys, in the same order).
    """
    key = (id(board), tuple(dice), tuple(pos), reserved, frozenset(goal.visited), tuple(goal.plans), goal.days_after)
    best = _DAY_PLANS.get(key)
    if best is None:
        best = _best_assignment(board, goal, dice, pos, reserved, {}, None)
        if len(_DAY_PLANS) > 50_000:
            _DAY_PLANS.clear()
        _DAY_PLANS[key] = best
    full, value = best[1], best[2]
    if all(full[r] == d for r, d in roles.items()) and ("direction" not in roles or value == direction_value):
        return best
    return _best_assignment(board, goal, dice, pos, reserved, roles, direction_value)


def _best_assignment(board, goal, dice, pos, reserved, roles, direction_value):
    scored = []
    for full, value in assignments(board, dice, pos, reserved, roles, direction_value):
        worth, points = day_worth(board, goal, dice, pos, full, value)
        key = (worth, [full[r] for r in ROLES] == sorted(full.values()))
        scored.append((key, points, full, value))
    _, points, full, value = max(scored, key=lambda s: s[0])  # the first of equal keys wins
    return points, full, value


def choose_dice(board: Board, goal: Goals, draft: dict, legal: list[dict]) -> dict:
    """Returns a guide to hire (only if today would be empty) or the next die role."""
    pos, dice, reserved = draft["position"], draft["dice"], draft["reserved"]
    points, full, value = best_assignment(board, goal, dice, pos, reserved, _roles(draft), draft["direction_value"])
    if points <= 0 and not draft["guides_used"]:  # an empty day: a guide may change that
        guides = [a for a in legal if a["type"] == "use_guide"]
        best_guide = None
        for action in guides:
            moved = list(dice)
            moved[action["die"]] = wrap(moved[action["die"]] + action["delta"])
            w = best_assignment(board, goal, moved, pos, reserved, {}, None)[0]
            if w > 0 and (best_guide is None or w > best_guide[0]):
                best_guide = (w, action)
        if best_guide:
            return best_guide[1]
    for role in ROLES:
        if draft["roles"][role] is None:
            action = {
                "type": "assign",
                "role": role,
                "die": full[role],
                "value": value if role == "direction" else None,
            }
            if action in legal:
                return action
    return next(a for a in legal if a["type"] == "assign")


def _roles(draft: dict) -> dict:
    """Returns the roles already given in the draft (role -> die)."""
    return {r: d for r, d in draft["roles"].items() if d is not None}


def choose_normal(view: dict, seat: int, rnd: random.Random) -> dict:
    """The normal level: the bot above."""
    return choose(view, seat, rnd)


#: The easy level: the normal bot, slipping now and then into any legal move.
choose_easy = with_slips(choose)
