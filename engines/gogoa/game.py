"""Go Goa's flow: tour-plan choice, 12 days of dice, secret drafts and the daily reveal.

Facts first, then the hooks of ``engines.core.Game``. The day is a commit/reveal
step: the starting player drafts alone (only the direction die becomes public),
then every other seat drafts at once; the last ``submit`` reveals all paths.
Pure: no I/O, no clock; dice come from ``state["rng"]``.
"""

from __future__ import annotations

from itertools import combinations

from ..core import Game, IllegalAction, Outcome, log, pending
from ..core import seat_name as who
from ..core.log import log_winners
from ..core.rng import randint, shuffle
from . import data, scoring, view
from .actions import ACTION_MODELS
from .hexmap import Board, goa_board
from .path import Draft, hexes

#: The moves of a draft: each only adds to (or, ``undo``, drops from) the seat's recorded moves,
#: which nobody else sees until the reveal.
DRAFTING = frozenset({"use_guide", "assign", "step", "deviate", "undo"})


def dest_name(code: str) -> str:
    """Returns a destination's printed name."""
    return data.DESTINATIONS[code][0]


class GoGoa(Game[scoring.Sheet]):
    """Go Goa for 1-6 tourists; ``board`` may be swapped for tests of edge cases."""

    id = "gogoa"
    title = "Go Goa"
    log_keys_on_client = True
    min_players = 1
    max_players = 6
    action_models = ACTION_MODELS
    draft_actions = DRAFTING
    #: A revealed path is written once (``travel``) and never changed.
    shared = ("log", "players.*.paths")

    def __init__(self, board: Board | None = None) -> None:
        super().__init__()
        self.board = board or goa_board()
        self.sheet = view.sheet(self.board)  # static; views get a copy

    # ---- setup ------------------------------------------------------------------

    def new_state(self, state: dict, num_players: int, options: dict) -> None:
        """Deals two easy and two hard tour plans to each seat (seed "Setup")."""
        easy = shuffle(state, list(data.EASY_DECK))
        hard = shuffle(state, list(data.HARD_DECK))
        start = list(self.board.start)
        state.update(
            phase="plans",
            day=0,
            dice=[],
            starter=0,
            step=None,
            reserved=None,
            players=[
                {
                    "dealt": [easy.pop(), easy.pop(), hard.pop(), hard.pop()],
                    "plans": None,
                    "pos": start,
                    "visited": [],
                    "guides": [],
                    "guides_used": [],
                    "paths": [],
                }
                for _ in range(num_players)
            ],
            # Today's handed-in drafts (the moves of each seat), secret until the reveal.
            handed_in=[None] * num_players,
        )
        for seat in range(num_players):
            pending.push(state, seat, "plans")  # everyone chooses at once
        log(state, key="gg.deal")

    # ---- who acts and what they may do ------------------------------------------

    def seats_to_act(self, state: dict) -> list[int]:
        """Returns the seats with an open step: choosing plans, or drafting today's path."""
        return pending.seats(state)

    def legal(self, state: dict, seat: int) -> list[dict]:
        """Returns the plan pairs to keep, or the draft's next steps."""
        if state["phase"] == "plans":
            dealt = state["players"][seat]["dealt"]
            return [{"type": "keep_plans", "plans": sorted(pair)} for pair in combinations(dealt, 2)]
        return self.draft(state, seat).legal()

    def draft(self, state: dict, seat: int) -> Draft:
        """Rebuilds a seat's secret draft of today from its recorded moves (open or handed in)."""
        p = state["players"][seat]
        reserved = None if seat == state["starter"] else state["reserved"]
        guides = [g for g in p["guides"] if g not in p["guides_used"]]
        return Draft(self.board, state["dice"], p["pos"], reserved, guides, self.moves(state, seat))

    def moves(self, state: dict, seat: int) -> list[dict]:
        """Returns the recorded moves of a seat's draft of today (empty before it may draft)."""
        entry = pending.entry_of(state, seat, "draft")
        if entry is not None:
            return entry["data"]["moves"]
        return state["handed_in"][seat] or []

    # ---- actions ----------------------------------------------------------------

    def changes(self, state: dict, seat: int, action: dict) -> tuple[str, ...] | None:
        """A drafting move only writes the seat's recorded moves, kept in its pending step."""
        if state["phase"] == "day" and action["type"] in DRAFTING:
            return ("pending",)
        return None

    def copy_for(self, state: dict, seat: int, action: dict) -> dict:
        """Copies for a drafting move only the seat's own pending step and its list of moves.

        The other steps and the recorded moves themselves are shared: a move is never
        changed once recorded (``undo`` drops the last one from the list).
        """
        mine = pending.entry_of(state, seat, "draft") if self.changes(state, seat, action) else None
        if mine is None:
            return super().copy_for(state, seat, action)
        new = dict(state)
        new["log"] = list(state["log"])
        new["pending"] = [
            {**e, "data": {**e["data"], "moves": list(e["data"]["moves"])}} if e is mine else e
            for e in state["pending"]
        ]
        return new

    def play(self, state: dict, seat: int, action: dict) -> None:
        """Applies one action: plan choice, a draft move, undo or submit."""
        kind = action["type"]
        if kind == "keep_plans":
            self.keep_plans(state, seat, action["plans"])
        elif state["phase"] != "day":
            raise IllegalAction("Choose the two tour plans you keep first.", "gg.err.plans_first")
        elif kind == "undo":
            if not self.moves(state, seat):
                raise IllegalAction("There is nothing to undo.", "gg.err.nothing_to_undo")
            self.moves(state, seat).pop()
        elif kind == "submit":
            self.submit(state, seat)
        else:
            self.moves(state, seat).extend(self.draft(state, seat).play(action))

    def keep_plans(self, state: dict, seat: int, plans: list[str]) -> None:
        """Records a seat's secret plan choice; the last choice reveals all (seed "Setup")."""
        if state["phase"] != "plans":
            raise IllegalAction("Tour plans were chosen at the start of the game.", "gg.err.plans_chosen")
        player = state["players"][seat]
        if len(set(plans)) != 2 or not set(plans) <= set(player["dealt"]):
            raise IllegalAction("Keep two different tour plans from the four you were dealt.", "gg.err.keep_two")
        entry = pending.entry_of(state, seat, "plans")
        assert entry is not None  # only a seat with an open plans step may act
        pending.remove(state, entry)
        player["plans"] = sorted(plans)
        a, b = sorted(plans)
        log(state, to=[seat], key="gg.kept_own", a=a, b=b)
        if any(p["plans"] is None for p in state["players"]):
            log(state, key="gg.chose", who=who(seat))
            return
        for s, p in enumerate(state["players"]):
            a, b = p["plans"]
            log(
                state,
                key="gg.kept",
                who=who(s),
                a=a,
                b=b,
                a_points=data.PLANS[a][0],
                b_points=data.PLANS[b][0],
            )
        state["phase"] = "day"
        self.start_day(state)

    def submit(self, state: dict, seat: int) -> None:
        """Hands in a finished path; the starter's direction die becomes reserved."""
        draft = self.draft(state, seat)
        if not draft.drawing:
            raise IllegalAction("Give every die a role and draw the path first.", "gg.err.roles_first")
        if not draft.finished():
            verb = "is" if draft.left == 1 else "are"
            raise IllegalAction(
                f"Draw the whole path first: {hexes(draft.left)} {verb} left.",
                "gg.err.path_unfinished",
                {"left": draft.left},
            )
        entry = pending.entry_of(state, seat, "draft")
        assert entry is not None  # a seat acts in a day only with its draft open
        pending.remove(state, entry)
        state["handed_in"][seat] = entry["data"]["moves"]
        if seat == state["starter"]:
            # Seed: the starter's choices stay secret except which die gave direction.
            die = draft.roles["direction"]
            state["reserved"] = die
            if state["num_players"] > 1:
                log(
                    state,
                    key="gg.reserved",
                    who=who(seat),
                    die=die + 1,
                    value=state["dice"][die],
                )
                state["step"] = "others"
                for other in range(state["num_players"]):
                    if other != seat:
                        pending.push(state, other, "draft", moves=[])  # the others draft at once
                return
        else:
            log(state, key="gg.submitted", who=who(seat))
        if not self.seats_to_act(state):
            self.reveal(state)

    # ---- the day ----------------------------------------------------------------

    def start_day(self, state: dict) -> None:
        """Rolls the three public dice and passes the start to the left (seed "Gameplay")."""
        state["day"] += 1
        state["dice"] = [randint(state, 1, 6) for _ in range(3)]
        state["starter"] = (state["day"] - 1) % state["num_players"]
        state["step"] = "starter"
        state["reserved"] = None
        state["handed_in"] = [None] * state["num_players"]
        pending.push(state, state["starter"], "draft", moves=[])  # the starting player drafts alone first
        a, b, c = state["dice"]
        log(
            state,
            key="gg.day",
            day=state["day"],
            a=a,
            b=b,
            c=c,
            who=who(state["starter"]),
        )

    def reveal(self, state: dict) -> None:
        """Makes every path public, visits destinations, then ends the day or the game."""
        n = state["num_players"]
        for seat in [(state["starter"] + i) % n for i in range(n)]:
            self.travel(state, seat, self.draft(state, seat))
        if state["day"] >= data.DAYS:
            state["over"] = True
            state["phase"] = "over"
            state["step"] = None
            log(state, key="gg.over")
            log_winners(state, self.final_scores(state), "gg")
        else:
            self.start_day(state)

    def travel(self, state: dict, seat: int, draft: Draft) -> None:
        """Records a revealed path and the visit at its end (seed "Visited destinations")."""
        player = state["players"][seat]
        for g in draft.guides_used:
            player["guides_used"].append(g["guide"])
            sign = "+1" if g["delta"] > 0 else "-1"
            log(
                state,
                key="gg.guide_used",
                who=who(seat),
                guide=g["guide"].title(),
                die=g["die"] + 1,
                delta=sign,
            )
        code = self.board.dest_at.get(draft.pos)
        visit = code if code and code not in player["visited"] else None
        player["paths"].append(
            {
                "day": state["day"],
                "from": list(draft.start),
                "hexes": [list(h) for h in draft.path],
                "dice": list(draft.dice),
                "roles": dict(draft.roles),
                "direction_value": draft.direction_value,
                "guides": [dict(g) for g in draft.guides_used],
                "visit": visit,
            }
        )
        player["pos"] = list(draft.pos)
        where = dest_name(code) if code else "an empty hex"
        log(
            state,
            key="gg.path" if code else "gg.path_empty",
            who=who(seat),
            steps=len(draft.path),
            place=where,
            code=code,
        )
        if visit:
            self.visit(state, seat, visit)

    def visit(self, state: dict, seat: int, code: str) -> None:
        """Marks a destination, its tour-plan entries and its local guide."""
        player = state["players"][seat]
        player["visited"].append(code)
        log(
            state,
            key="gg.visit",
            who=who(seat),
            place=dest_name(code),
            code=code,
        )
        for plan in player["plans"]:
            if code in data.PLANS[plan][1] and scoring.plan_done(plan, player["visited"]):
                log(
                    state,
                    key="gg.plan_done",
                    who=who(seat),
                    plan=plan,
                    points=data.PLANS[plan][0],
                )
        for guide, where in data.GUIDES.items():
            if where == code and guide not in player["guides"]:
                player["guides"].append(guide)
                log(
                    state,
                    key="gg.guide",
                    who=who(seat),
                    guide=guide.title(),
                )

    # ---- views and the end ------------------------------------------------------

    def seat_view(self, state: dict, seat: int | None) -> dict:
        """Returns what ``seat`` may see (see ``view.py``)."""
        return view.seat_view(self, state, seat)

    def final_scores(self, state: dict) -> Outcome[scoring.Sheet]:
        """Returns scores, ranking (ties: fewest beaches, then shared), breakdown and winners."""
        return scoring.rank(state["players"])
