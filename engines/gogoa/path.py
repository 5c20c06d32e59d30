"""Path drafting for one seat and one day: guides, dice roles, steps and deviations.

A draft is stored as the list of small moves the seat made (so ``undo`` just drops
the last one) and rebuilt here by replaying them. :class:`Draft` checks every rule
of "Drawing paths" and lists the legal next steps. Pure: knows no seats or log.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from ..core import IllegalAction
from .hexmap import HEADINGS, Board, Hex, as_hex

ROLES = ("direction", "distance", "deviation")


def hexes(n: int) -> str:
    """Returns "1 hex" or "n hexes" for the English text of a refusal.

    >>> hexes(1), hexes(3)
    ('1 hex', '3 hexes')
    """
    return f"{n} hex" if n == 1 else f"{n} hexes"


def wrap(value: int) -> int:
    """Returns a die value moved back into 1..6 (a guide may turn a 6 into a 1 and back)."""
    return (value - 1) % 6 + 1


@lru_cache(maxsize=4096)
def end_indices(board: Board, at: int, heading: int, left: int, deviations: int, turned: bool) -> frozenset[int]:
    """Returns the board indices a path can end on (a search over hex, heading, hexes and turns left).

    Every seat's view asks this after each action, for up to six die assignments:
    the answer depends only on its arguments, so it is kept.
    """
    out: set[int] = set()
    seen: set[tuple[int, int, int, int]] = set()
    # A turn is always followed by a step here, so "no two turns at one point" needs no flag.
    todo = [(at, heading, left, deviations, turned)]
    while todo:
        here, head, n, dev, just = todo.pop()
        if n == 0:
            out.add(here)
            continue
        for h in HEADINGS:
            cost = h != head
            moved = board.moves[here][h]
            if moved is None or (cost and (just or not dev)):
                continue
            point = (moved[0], moved[1], n - 1, dev - cost)
            if point not in seen:
                seen.add(point)
                todo.append((*point, False))
    return frozenset(out)


class Draft:
    """The secret day of one seat, rebuilt from its moves.

    ``reserved`` is the die the starting player used for direction (``None`` for
    the starting player and in solo games); ``guides`` are the seat's circled,
    still unused local guides.
    """

    def __init__(self, board: Board, dice, pos, reserved: int | None, guides, moves=()):
        self.board = board
        self.dice = list(dice)
        self.reserved = reserved
        self.guides = list(guides)
        self.guides_used: list[dict] = []
        self.roles: dict[str, int] = {}
        self.direction_value: int | None = None
        self.start = as_hex(pos)
        self.pos: Hex = self.start
        self.heading: int | None = None
        self.path: list[Hex] = []
        self.deviations = 0
        self.deviations_left = 0
        self.left = 0
        self.last = None
        # Recorded moves were checked when they were made, against this same day: replaying
        # them needs no second check (which would list every assignment again).
        self.checked = False
        for move in moves:
            self.play(move)
        self.checked = True

    # ---- where the draft stands -------------------------------------------------

    @property
    def drawing(self) -> bool:
        """Tells whether all three dice have their roles (the path is being drawn)."""
        return len(self.roles) == 3

    def finished(self) -> bool:
        """Tells whether the path may be submitted (it has its full length).

        A path never gets stuck: the start heading and every deviation are chosen
        so that a step exists, and after any step the hex just left lies behind,
        so the next step can at worst bounce back onto it.
        """
        return self.drawing and self.left == 0

    def direction_choices(self) -> list[tuple[int, int | None]]:
        """Returns the (die, value) pairs allowed for direction; value None = the die's own.

        Seed "Special cases while drawing": the reserved die may not give direction,
        unless every other die bumps into edges on both sides at once; if the
        reserved die does too, any die may be used with any value. The last remedy
        also covers a starting player whose three dice all bump (seed is silent).
        """

        def free(die: int) -> bool:
            return not self.board.blocked(self.pos, self.dice[die])

        usable: list[tuple[int, int | None]] = [(d, None) for d in range(3) if d != self.reserved and free(d)]
        if usable:
            return usable
        if self.reserved is not None and free(self.reserved):
            return [(self.reserved, None)]
        # "Any value they wish": values that would also bump both edges are left out,
        # so the path can always be drawn to its full length.
        return [(d, v) for d in range(3) for v in HEADINGS if not self.board.blocked(self.pos, v)]

    def assign_options(self) -> list[dict]:
        """Returns every die-role assignment that still leaves a legal full assignment."""
        choices = self.direction_choices()
        out: list[dict] = []
        for perm in permutations(range(3)):
            full = dict(zip(ROLES, perm, strict=True))
            if any(full[r] != d for r, d in self.roles.items()):
                continue
            for die, value in choices:
                if die != full["direction"]:
                    continue
                if "direction" in self.roles and value != self.direction_value:
                    continue
                for role in ROLES:
                    if role in self.roles:
                        continue
                    option = {"type": "assign", "role": role, "die": full[role], "value": None}
                    if role == "direction":
                        option["value"] = value
                    if option not in out:
                        out.append(option)
        return out

    def path_heading(self) -> int:
        """Returns the heading of the path being drawn (it has one once every die has a role)."""
        if self.heading is None:
            raise RuntimeError("The path has no heading before every die has a role.")
        return self.heading

    def deviation_headings(self) -> list[int]:
        """Returns the headings a deviation may turn to now."""
        if not self.drawing or self.left == 0 or self.deviations_left == 0:
            return []
        if self.last == "deviate":
            return []  # one deviation per point; undo it to pick another heading
        return [h for h in HEADINGS if h != self.heading and self.board.advance(self.pos, h) is not None]

    def legal(self) -> list[dict]:
        """Returns every legal next action of this draft (``undo`` included)."""
        out: list[dict] = []
        if not self.drawing:
            if not self.roles:
                # Seed "Local guides": crossed off before choosing dice.
                for guide in self.guides:
                    if all(g["guide"] != guide for g in self.guides_used):
                        out += [
                            {"type": "use_guide", "guide": guide, "die": d, "delta": delta}
                            for d in range(3)
                            for delta in (-1, 1)
                        ]
            out += self.assign_options()
        else:
            ahead = len(self.board.line(self.pos, self.path_heading(), self.left))
            out += [{"type": "step", "count": k} for k in range(1, ahead + 1)]
            out += [{"type": "deviate", "heading": h} for h in self.deviation_headings()]
            if self.finished():
                out.append({"type": "submit"})
        if self.last is not None:
            out.append({"type": "undo"})
        return out

    # ---- moves ------------------------------------------------------------------

    def play(self, move: dict) -> list[dict]:
        """Applies one action to the draft and returns the moves to record (one per hex).

        Raises ``IllegalAction`` when a rule of "Drawing paths" forbids it.
        """
        kind = move["type"]
        if kind == "use_guide":
            self._use_guide(move["guide"], move["die"], move["delta"])
            recorded = [move]
        elif kind == "assign":
            self._assign(move["role"], move["die"], move.get("value"))
            recorded = [move]
        elif kind == "step":
            recorded = [{"type": "step"} for _ in range(move.get("count", 1))]
            if not self.drawing:
                raise IllegalAction("Give every die a role before drawing the path.", "gg.err.roles_before_path")
            if len(recorded) > self.left:
                raise IllegalAction(
                    f"The path has only {hexes(self.left)} left to draw.", "gg.err.too_far", {"left": self.left}
                )
            for _ in recorded:
                self._step()
        elif kind == "deviate":
            self._deviate(move["heading"])
            recorded = [move]
        else:
            raise IllegalAction(f"'{kind}' is not a drafting move.", "gg.err.not_drafting", {"kind": kind})
        self.last = kind
        return recorded

    def _use_guide(self, guide: str, die: int, delta: int) -> None:
        if self.roles:
            raise IllegalAction("Local guides are hired before choosing dice.", "gg.err.guide_late")
        if guide not in self.guides:
            raise IllegalAction(
                f"You have no unused {guide.title()} guide.", "gg.err.no_guide", {"guide": guide.title()}
            )
        if any(g["guide"] == guide for g in self.guides_used):
            raise IllegalAction(
                f"The {guide.title()} guide is already hired today.", "gg.err.guide_hired", {"guide": guide.title()}
            )
        self.dice[die] = wrap(self.dice[die] + delta)
        self.guides_used.append({"guide": guide, "die": die, "delta": delta})

    def _assign(self, role: str, die: int, value: int | None) -> None:
        if self.drawing:
            raise IllegalAction("Every die already has a role.", "gg.err.all_roles")
        if role in self.roles:
            raise IllegalAction(
                f"A die is already used for {role}; undo to change it.", "gg.err.role_taken", {"role": role}
            )
        if die in self.roles.values():
            raise IllegalAction("That die already has a role.", "gg.err.die_taken")
        option = {"type": "assign", "role": role, "die": die, "value": value}
        if self.checked and option not in self.assign_options():
            if role == "direction" and die == self.reserved:
                raise IllegalAction(
                    "That die is reserved: the starting player used it for direction.", "gg.err.reserved"
                )
            if value is not None:
                raise IllegalAction(
                    "A direction value of your choice is allowed only when every die bumps both edges.",
                    "gg.err.free_value",
                )
            raise IllegalAction(
                "That die cannot take this role: no legal direction would be left.", "gg.err.no_direction"
            )
        self.roles[role] = die
        if role == "direction":
            self.direction_value = value
        if self.drawing:
            self.heading = self.direction_value or self.dice[self.roles["direction"]]
            self.left = self.dice[self.roles["distance"]]
            # Seed: deviation 1-3 allows one turn, 4-6 allows two; each is optional.
            self.deviations = 1 if self.dice[self.roles["deviation"]] <= 3 else 2
            self.deviations_left = self.deviations

    def _step(self) -> None:
        moved = self.board.advance(self.pos, self.path_heading())
        if moved is None:
            raise IllegalAction("The path bumps into edges on both sides; use a deviation.", "gg.err.bumps")
        self.pos, self.heading = moved
        self.path.append(self.pos)
        self.left -= 1

    def _deviate(self, heading: int) -> None:
        if not self.drawing:
            raise IllegalAction("Give every die a role before using a deviation.", "gg.err.roles_before_deviation")
        if self.left == 0:
            raise IllegalAction("The path is complete.", "gg.err.path_complete")
        if self.deviations_left == 0:
            raise IllegalAction("No deviation is left today.", "gg.err.no_deviation")
        if self.checked and heading not in self.deviation_headings():
            raise IllegalAction("A deviation must turn to a new direction that leaves this hex.", "gg.err.bad_heading")
        self.heading = heading
        self.deviations_left -= 1

    # ---- where the path can end (only the last hex scores) -----------------------

    def ends_from(self, pos: Hex, heading: int, left: int, deviations: int, just_deviated: bool = False) -> set[Hex]:
        """Returns every hex a path can end on: straight steps, bounces and up to ``deviations`` turns.

        The same rules as :meth:`_step` and :meth:`_deviate` (no two turns at one point).

        >>> b = Board([(0, 0), (0, 1), (0, 2), (1, 0)], (0, 0), {})
        >>> sorted(Draft(b, [1, 1, 1], (0, 0), None, []).ends_from((0, 0), 4, 2, 0))
        [(0, 2)]
        >>> sorted(Draft(b, [1, 1, 1], (0, 0), None, []).ends_from((0, 0), 4, 1, 1))
        [(0, 1), (1, 0)]
        """
        found = end_indices(self.board, self.board.index[pos], heading, left, deviations, just_deviated)
        return {self.board.hexes[i] for i in found}

    def ends(self) -> list[Hex]:
        """Returns the hexes where the path being drawn can still end, sorted."""
        if not self.drawing:
            return []
        return sorted(
            self.ends_from(self.pos, self.path_heading(), self.left, self.deviations_left, self.last == "deviate")
        )

    def reach(self) -> list[dict]:
        """Returns, for every full die assignment still open, the destinations its path can end on.

        Shown before the dice are given roles ("which plan destinations could each
        assignment reach"); the assignment is keyed by the die of each role and the
        free direction value (``None`` = the die's own).
        """
        out: list[dict] = []
        for perm in permutations(range(3)):
            full = dict(zip(ROLES, perm, strict=True))
            if any(full[r] != d for r, d in self.roles.items()):
                continue
            for die, value in self.direction_choices():
                if die != full["direction"] or ("direction" in self.roles and value != self.direction_value):
                    continue
                heading = value or self.dice[die]
                deviations = 1 if self.dice[full["deviation"]] <= 3 else 2
                hexes = self.ends_from(self.pos, heading, self.dice[full["distance"]], deviations)
                dests = sorted(self.board.dest_at[h] for h in hexes if h in self.board.dest_at)
                out.append({**full, "value": value, "dests": dests})
        return out

    # ---- what the seat's own view shows -----------------------------------------

    def summary(self) -> dict:
        """Returns the draft data the seat's own client draws (never shown to others)."""
        out = {
            "dice": list(self.dice),
            "guides_used": [dict(g) for g in self.guides_used],
            "roles": {r: self.roles.get(r) for r in ROLES},
            "direction_value": self.direction_value,
            "position": list(self.pos),
            "path": [list(h) for h in self.path],
            "drawing": self.drawing,
            "finished": self.finished(),
            "just_deviated": self.last == "deviate",
        }
        if self.drawing:
            out.update(
                ends=[list(h) for h in self.ends()],
                heading=self.heading,
                steps_left=self.left,
                deviations=self.deviations,
                deviations_left=self.deviations_left,
                ahead=[list(h) for h in self.board.line(self.pos, self.path_heading(), self.left)],
                deviation_options=[
                    {"heading": h, "hexes": [list(x) for x in self.board.line(self.pos, h, self.left)]}
                    for h in self.deviation_headings()
                ],
            )
        else:
            out["direction_choices"] = [{"die": d, "value": v} for d, v in self.direction_choices()]
            out["reach"] = self.reach()
        return out
