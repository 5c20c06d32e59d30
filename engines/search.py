"""The strong bots' search: determinized Monte Carlo over states the seat's view allows.

A strong bot cannot see the state, so it samples complete states consistent with its
view (each game's pure ``sample_state(view, seat, rng)``), tries each candidate move
in each sample, plays the game out with a fast policy (the game's normal bot, for
every seat), and keeps the move with the best average result. Every candidate meets
the same samples and the same dice (common random numbers), so a difference between
two moves is the moves', not luck's.

The sampling comes from the bot's own generator, never the clock: given a playout
cap (``CARAVELA_BOT_PLAYOUTS``) the move depends on the view and the generator alone.
The clock only stops the search early when the per-move budget is spent (a bot
thinks, it does not rule: nothing here changes a state it was not handed). The budget
is the thinking thread's own CPU time, so a bot on a busy machine searches as deeply
as on an idle one, only later; a wall-clock bound (:data:`WALL_FACTOR` times the
budget) keeps a starved bot from keeping its table waiting without end.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

from .bots import Bot, budget_ms, playout_cap
from .core.game import Game
from .core.playout import StepLimit, steps

#: Deals the hidden parts of a view into one complete state: ``(view, seat, rng) -> state``.
Sampler = Callable[[dict, int, random.Random], dict]
#: A search stops at this many times its budget of wall-clock time, whatever CPU it got.
WALL_FACTOR: float = 4


class Budget:
    """A per-move thinking budget: ``ms`` of this thread's CPU time, or ``WALL_FACTOR × ms`` of wall time.

    The clocks are arguments so that a test can drive them.

    >>> cpu, wall = [0.0], [0.0]
    >>> budget = Budget(100, cpu=lambda: cpu[0], wall=lambda: wall[0])
    >>> wall[0] = 0.3; budget.spent()  # the machine was busy: 300 ms passed, no CPU spent
    False
    >>> cpu[0] = 0.1; budget.spent()
    True
    >>> cpu[0], wall[0] = 0.0, 0.4; budget.spent()  # starved for four budgets: give up
    True
    """

    def __init__(
        self, ms: int, *, cpu: Callable[[], float] = time.thread_time, wall: Callable[[], float] = time.monotonic
    ) -> None:
        self._cpu, self._wall = cpu, wall
        self._cpu_end = cpu() + ms / 1000
        self._wall_end = wall() + WALL_FACTOR * ms / 1000

    def spent(self) -> bool:
        """Returns whether the CPU budget, or the wall-clock bound, has run out."""
        return self._cpu() >= self._cpu_end or self._wall() >= self._wall_end


#: How many moves at most are weighed against each other (the fast policy's own move first).
WIDTH = 6
#: The weight of the score margin beside winning: enough to break ties between moves that
#: win (or lose) equally often, too little to prefer a big loss to a narrow win.
MARGIN = 0.01


def result(outcome: dict, seat: int) -> float:
    """Returns what a finished game is worth to ``seat``: its share of the win plus a little margin.

    >>> result({"scores": [10, 7], "places": [1, 2]}, 0), result({"scores": [7, 7], "places": [1, 1]}, 1)
    (1.03, 0.5)
    """
    places, scores = outcome["places"], outcome["scores"]
    firsts = places.count(1)
    best_other = max((s for i, s in enumerate(scores) if i != seat), default=0)
    share = 1.0 / firsts if places[seat] == 1 else 0.0
    return round(share + MARGIN * (scores[seat] - best_other), 6)


def on_state(game: Game, bot: Bot) -> Callable[[dict, int, list[dict], random.Random], dict]:
    """Returns a playout chooser that asks ``bot`` with the seat's view of a state."""

    def choose(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
        view = game.view(state, seat)
        action = bot(view, seat, rnd)
        # The state's own list entry, so apply knows it is legal without checking again.
        return next((a for a in legal if a == action), action)

    return choose


def playout(game: Game, state: dict, seat: int, policy: Bot, rnd: random.Random, max_steps: int = 20_000) -> float:
    """Plays ``state`` to the end with ``policy`` at every seat; returns the result for ``seat``."""
    chooser = on_state(game, policy)
    try:
        for step in steps(game, state, rnd, choose=chooser, max_steps=max_steps):
            state = step.after
    except StepLimit:
        return 0.0
    out = game.outcome(state)
    return result(dict(out), seat) if out else 0.0


def candidates(legal: list[dict], first: dict, rnd: random.Random, width: int = WIDTH) -> list[dict]:
    """Returns up to ``width`` distinct legal moves, ``first`` first, the others drawn at random.

    >>> legal = [{"type": "a"}, {"type": "b"}, {"type": "undo"}, {"type": "c"}]
    >>> candidates(legal, {"type": "c"}, random.Random(1), 2)[0], len(candidates(legal, legal[0], random.Random(1)))
    ({'type': 'c'}, 3)
    """
    seen = {json.dumps(first, sort_keys=True)}
    others = []
    for a in legal:
        key = json.dumps(a, sort_keys=True)
        if a["type"] != "undo" and key not in seen:
            seen.add(key)
            others.append(a)
    rnd.shuffle(others)
    return [first, *others[: width - 1]]


def search(
    game: Game,
    view: dict,
    seat: int,
    rnd: random.Random,
    *,
    sample: Sampler,
    policy: Bot,
    moves: list[dict] | None = None,
    budget: int | None = None,
    cap: int | None = None,
    trust: int = 1,
    lead: float = 0.0,
) -> dict:
    """Returns the move of ``moves`` (default: a few legal ones) with the best mean result over samples.

    ``moves``, when given, must start with the policy's own move.

    The policy's own move is the first candidate and wins every tie, so a search that
    finds nothing better plays as the policy would. ``budget`` (ms, default
    :func:`budget_ms`) and ``cap`` (samples, default :func:`playout_cap`) bound it. A game
    whose playouts vary much from one sample to the next (dice to come) asks for ``trust``
    rounds before the search may overrule the policy, and a move must then beat the policy's
    by ``lead`` in mean result: fewer samples, or a thinner lead, are noise, not knowledge.
    """
    if moves:
        first, tried = moves[0], moves  # the caller's candidates, the policy's own move first
    else:
        first = policy(view, seat, random.Random(rnd.getrandbits(64)))
        tried = candidates(view["legal"], first, rnd)
    if len(tried) < 2:
        return tried[0] if tried else first
    budget = budget_ms() if budget is None else budget
    cap = playout_cap() if cap is None else cap
    clock = Budget(budget)
    totals = [0.0] * len(tried)
    rounds = 0
    while (cap is None or rounds < cap) and (rounds == 0 or not clock.spent()):
        seed = rnd.getrandbits(64)
        state = sample(view, seat, random.Random(seed))
        this_round = []
        for move in tried:
            after = game.apply(state, seat, move)
            this_round.append(playout(game, after, seat, policy, random.Random(seed + 1)))
            if cap is None and rounds and clock.spent():
                break  # a round cut short is not counted: every move meets the same samples
        if len(this_round) < len(tried):
            break
        totals = [t + r for t, r in zip(totals, this_round, strict=True)]
        rounds += 1
    if rounds < trust:
        return first
    best = max(range(len(tried)), key=lambda i: (totals[i], -i))
    return tried[best] if (totals[best] - totals[0]) / rounds > lead else first
