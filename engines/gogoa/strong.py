"""Go Goa's strong bot: it weighs where to end the day by playing out the days to come.

A day's path is many small actions, but what carries to tomorrow is where it ends
(and a guide hired on the way). So the strong bot plans the whole day at its first
action: it lists every end the dice allow (with a guide when it has one), keeps the
few worth most by the normal bot's own valuation, and plays each forward through the
days to come with the fast tourist playout (``rollout.py``): the same dice for every
end, the other seats played by the normal bot from what the view shows of them. The
end with the best mean :func:`standing` wins; the day's later actions follow that
plan (kept by what decides it, so they need no second search). At the start it weighs
the six pairs of tour plans the same way, the others' hidden plans dealt as setup
deals them.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from itertools import combinations

from ..bots import budget_ms, playout_cap
from ..search import Budget
from . import bot, data, scoring
from .hexmap import Board, board_of
from .path import ROLES, wrap
from .rollout import Tourist, assignments, day, ends, play_days, play_others, roll
from .sample import dealt_plans

#: How many ends of a day (the normal bot's first) are played out against each other.
WIDTH = 8
#: Points of lead that make a win about three times as likely as a loss (see :func:`standing`).
SPREAD = 10.0
#: Rounds of playouts before the search may overrule the normal bot, and the lead in mean
#: standing it then needs: a few rounds of one future each are still noise.
TRUST = 3
LEAD = 0.005
#: Standard errors of its mean gain by which a move must beat the normal bot's.
CONFIDENCE = 2.0
#: Rounds before a move that cannot be shown better than the normal bot's leaves the race.
RACE = 8


def standing(points: int, best_other: int) -> float:
    """Returns a final score's worth for winning: a smooth step from losing (0) to winning (1).

    A playout is one future among many: a narrow win in it is nearly as good as a narrow
    loss, a wide one nearly sure. So the worth rises with the lead over the best other
    score instead of jumping at a tie, and it still prefers winning to scoring much.

    >>> standing(150, 150), round(standing(170, 150), 3), round(standing(130, 150), 3), round(standing(400, 100), 3)
    (0.5, 0.881, 0.119, 1.0)
    """
    return 1.0 / (1.0 + math.exp(-(points - best_other) / SPREAD))


def total(t: Tourist) -> int:
    """Returns a tourist's points."""
    return scoring.breakdown(t.visited, t.plans)["total"]


# ---- the day's plan ---------------------------------------------------------------

#: The plan of a day already chosen, by what decides it (the day's later actions follow it).
_DAY_PLANS: dict[str, dict] = {}


def day_key(view: dict, seat: int) -> str:
    """Returns what decides a seat's day: the day, its dice and everyone's public record."""
    players = [
        (p["position"], p["visited"], p["plans"] and [x["id"] for x in p["plans"]], p["guides"], p["guides_used"])
        for p in view["players"]
    ]
    return json.dumps([seat, view["day"], view["dice"], view["reserved"], view["starter"], players])


def fits(plan: dict, draft: dict) -> bool:
    """Tells whether the draft so far is on the way to ``plan``."""
    used = [g["guide"] for g in draft["guides_used"]]
    planned = [plan["guide"]["guide"]] if plan["guide"] else []
    given = {r: d for r, d in draft["roles"].items() if d is not None}
    if used != planned and (used or given):
        return False  # a guide is hired before any die has a role, or not at all
    if any(plan["roles"][r] != d for r, d in given.items()):
        return False
    if "direction" in given and draft["direction_value"] != plan["value"]:
        return False
    return not draft["drawing"] or plan["end"] in [tuple(h) for h in draft["ends"]]


def next_action(board: Board, plan: dict, draft: dict) -> dict:
    """Returns the draft's next action on the way to ``plan``."""
    if not draft["drawing"]:
        if plan["guide"] and not draft["guides_used"]:
            return dict(plan["guide"])
        role = next(r for r in ROLES if draft["roles"][r] is None)
        return {
            "type": "assign",
            "role": role,
            "die": plan["roles"][role],
            "value": plan["value"] if role == "direction" else None,
        }
    paths = bot.search(
        board,
        draft["position"],
        draft["heading"],
        draft["steps_left"],
        draft["deviations_left"],
        draft["just_deviated"],
    )
    return bot.first_action(paths[plan["end"]])


def options(board: Board, view: dict, seat: int) -> list[dict]:
    """Returns every plan the draft still allows, one per end (and guide), in the normal bot's order of ways."""
    draft = view["me"]["draft"]
    pos = tuple(view["players"][seat]["position"])
    given = {r: d for r, d in draft["roles"].items() if d is not None}
    if draft["drawing"]:
        roles = dict(given)
        return [
            {"guide": None, "roles": roles, "value": draft["direction_value"], "end": tuple(h)} for h in draft["ends"]
        ]
    ways: list[tuple[dict | None, list[int]]] = [(None, draft["dice"])]
    if not given and not draft["guides_used"]:
        for action in view["legal"]:
            if action["type"] == "use_guide":
                moved = list(draft["dice"])
                moved[action["die"]] = wrap(moved[action["die"]] + action["delta"])
                ways.append((action, moved))
    out: dict[tuple, dict] = {}
    for guide, dice in ways:
        for a in assignments(board, dice, pos, draft["reserved"]):
            roles = dict(zip(ROLES, a[:3], strict=True))
            if any(roles[r] != d for r, d in given.items()):
                continue
            if "direction" in given and a[3] != draft["direction_value"]:
                continue
            for end in ends(board, dice, pos, a):
                if (end, None) in out:
                    continue  # an end reached without a guide needs none
                out.setdefault(
                    (end, guide and guide["guide"]), {"guide": guide, "roles": roles, "value": a[3], "end": end}
                )
    return list(out.values())


def choose_day(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns the day's next action: the plan's, searched at the day's first action (or when off it)."""
    draft = view["me"]["draft"]
    if draft["finished"] and {"type": "submit"} in view["legal"]:
        return {"type": "submit"}
    board = board_of(view)
    key = day_key(view, seat)
    plan = _DAY_PLANS.get(key)
    if plan is None or not fits(plan, draft):
        plan = search_day(board, view, seat, rnd)
        if len(_DAY_PLANS) > 10_000:
            _DAY_PLANS.clear()
        _DAY_PLANS[key] = plan
    action = next_action(board, plan, draft)
    return action if action in view["legal"] else bot.choose(view, seat, rnd)


def search_day(board: Board, view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns the plan of the day whose end does best in playouts of the days to come."""
    me = Tourist.of_view(view, seat)
    days_after = view["days"] - view["day"]
    goal = bot.Goals.of(board, me.visited, me.plans, days_after)
    plans = options(board, view, seat)
    ranked = sorted(plans, key=lambda p: (-goal.value(p["end"]), p["end"]))
    first = normal_plan(board, view, seat, plans) or ranked[0]
    tried = [first, *[p for p in ranked if p is not first][: WIDTH - 1]]
    if len(tried) < 2:
        return first
    # The others' day is the normal bot's from what everyone sees; it does not hang on ours.
    n = len(view["players"])
    others = {s: Tourist.of_view(view, s) for s in range(n) if s != seat}
    held = view["reserved"] if seat != view["starter"] else first["roles"]["direction"]
    for s, t in others.items():
        end, guide, _ = day(board, t, view["dice"], None if s == view["starter"] else held, days_after)
        others[s] = t.travel(board, end, guide)
    mine = [me.travel(board, p["end"], p["guide"] and p["guide"]["guide"]) for p in tried]

    def deal(future: random.Random) -> tuple[dict[int, Tourist], list[list[int]]]:
        return others, roll(future, days_after)

    return tried[weigh(board, mine, view["day"] + 1, n, seat, deal, rnd)]


def normal_plan(board: Board, view: dict, seat: int, plans: list[dict]) -> dict | None:
    """Returns the plan the normal bot would follow from a fresh draft (``None`` once it is begun)."""
    draft = view["me"]["draft"]
    if draft["guides_used"] or any(d is not None for d in draft["roles"].values()):
        return None
    me = Tourist.of_view(view, seat)
    end, guide, _ = day(board, me, draft["dice"], draft["reserved"], view["days"] - view["day"])
    same = [p for p in plans if p["end"] == end]
    return next((p for p in same if (p["guide"] and p["guide"]["guide"]) == guide), same[0] if same else None)


def weigh(
    board: Board,
    mine: list[Tourist],
    first: int,
    n: int,
    seat: int,
    deal: Callable[[random.Random], tuple[dict[int, Tourist], list[list[int]]]],
    rnd: random.Random,
) -> int:
    """Returns the index of the tourist of ``mine`` that does surely best (else 0, the normal bot's).

    Each round ``deal`` gives one future (the others as they stand on day ``first`` and
    the dice from then on); the tourists of ``mine`` still in the race and the others play
    through it. Rounds go on while the budget lasts and a tourist may still be shown better
    than the first: one that cannot (:func:`hopeless`) leaves the race, so the budget goes
    to the close calls and an obvious day ends early. With no day to come one round tells all.
    """
    cap = playout_cap()
    clock = Budget(budget_ms())
    gains: list[list[float]] = [[] for _ in mine]  # per round, each tourist's standing less the first's
    racing = list(range(len(mine)))
    dice: list[list[int]] = []
    while len(racing) > 1 and (cap is None or len(gains[0]) < cap) and (not gains[0] or not clock.spent()):
        others, dice = deal(random.Random(rnd.getrandbits(64)))
        theirs, held = play_others(board, others, first, dice, n, seat)
        rival = max((total(t) for t in theirs.values()), default=0)
        this_round = []
        for i in racing:
            this_round.append(standing(total(play_days(board, mine[i], first, dice, held)), rival))
            if cap is None and gains[0] and clock.spent():
                break  # a round cut short is not counted: every tourist meets the same futures
        if len(this_round) < len(racing):
            break
        for i, r in zip(racing, this_round, strict=True):
            gains[i].append(r - this_round[0])
        if not dice:
            return best_of(gains, sure=True)  # no day to come: one round tells all
        racing = [i for i in racing if not i or not hopeless(gains[i])]
    return best_of([g if i in racing else [] for i, g in enumerate(gains)])


def hopeless(gains: list[float]) -> bool:
    """Tells whether a move's gains over the first, after :data:`RACE` rounds, leave no hope of beating it.

    >>> hopeless([0.0] * 8), hopeless([0.0] * 7), hopeless([0.3, -0.1] * 4), hopeless([-0.2, -0.1] * 4)
    (True, False, False, True)
    """
    rounds = len(gains)
    if rounds < RACE:
        return False
    mean = sum(gains) / rounds
    spread = math.sqrt(sum((x - mean) ** 2 for x in gains) / (rounds - 1) / rounds)
    return mean + CONFIDENCE * spread < LEAD


def best_of(gains: list[list[float]], sure: bool = False) -> int:
    """Returns the index of the move whose gains over the first are surely positive and the largest; else 0.

    ``gains[i]`` holds, round by round, how much better move ``i`` did than the first
    (the normal bot's) in the same future; a move with fewer rounds than the first left the
    race. A move overrules the first only with a mean gain of at least :data:`CONFIDENCE`
    standard errors (and :data:`LEAD`) after :data:`TRUST` rounds (``sure``: the rounds are
    no samples but the whole truth).

    >>> best_of([[0, 0, 0], [0.2, 0.1, 0.3], [0.5, -0.4, 0.5]])
    1
    >>> best_of([[0, 0], [0.2, 0.1], [0.5, 0.4]]), best_of([[0], [0.1]]), best_of([[0], [0.1]], sure=True)
    (0, 0, 1)
    """
    rounds = len(gains[0])
    if not sure and rounds < TRUST:
        return 0
    best, best_mean = 0, 0.0
    for i, g in enumerate(gains):
        if len(g) < rounds:
            continue  # left the race
        mean = sum(g) / rounds
        if mean <= best_mean:
            continue
        if not sure:
            var = sum((x - mean) ** 2 for x in g) / (rounds - 1)
            if mean < CONFIDENCE * math.sqrt(var / rounds) or mean < LEAD:
                continue
        best, best_mean = i, mean
    return best


# ---- the tour plans ---------------------------------------------------------------


def choose_plans(view: dict, seat: int, rnd: random.Random) -> dict:
    """Returns the pair of tour plans that does best in whole playouts, the others' plans dealt anew each round."""
    board = board_of(view)
    legal = view["legal"]
    first = bot.choose_plans(board, legal)
    tried = [first, *[a for a in legal if a != first]]
    mine = [Tourist(board.start, frozenset(), tuple(a["plans"])) for a in tried]
    n = len(view["players"])

    def deal(future: random.Random) -> tuple[dict[int, Tourist], list[list[int]]]:
        hands = dealt_plans(view, seat, future)
        others = {}
        for s in range(n):
            if s != seat:
                pairs = [{"type": "keep_plans", "plans": sorted(p)} for p in combinations(hands[s], 2)]
                others[s] = Tourist(board.start, frozenset(), tuple(bot.choose_plans(board, pairs)["plans"]))
        return others, roll(future, data.DAYS)

    return tried[weigh(board, mine, 1, n, seat, deal, rnd)]


def choose_strong(view: dict, seat: int, rnd: random.Random) -> dict:
    """The strong level (see the module's doc)."""
    if view["phase"] == "plans":
        return choose_plans(view, seat, rnd)
    if view["me"]["draft"] is None:
        return bot.choose(view, seat, rnd)
    return choose_day(view, seat, rnd)
