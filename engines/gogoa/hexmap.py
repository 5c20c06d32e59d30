"""Hex geometry of the Go Goa sheet: coordinates, the compass, stepping and the bounce.

Hexes are flat-topped, stored as axial ``(q, r)`` tuples (lists in JSON state).
The sheet's tables in ``data.py`` use odd-q offset ``(col, row)``; this module
converts them once. Pure functions and an immutable :class:`Board`; no game state.
"""

from __future__ import annotations

from . import data

Hex = tuple[int, int]

#: Die face -> axial step; see ``data.COMPASS`` for provenance.
COMPASS: dict[int, Hex] = dict(data.COMPASS)
HEADINGS = (1, 2, 3, 4, 5, 6)


def offset_to_axial(col: int, row: int) -> Hex:
    """Returns the axial hex of an odd-q offset position (odd columns sit half a hex lower)."""
    return (col, row - (col - (col & 1)) // 2)


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Returns the odd-q offset position (col, row) of an axial hex."""
    return (q, r + (q - (q & 1)) // 2)


def opposite(heading: int) -> int:
    """Returns the reverse compass heading (1<->4, 2<->5, 3<->6)."""
    return (heading + 2) % 6 + 1


def distance(a: Hex, b: Hex) -> int:
    """Returns the number of steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def as_hex(h) -> Hex:
    """Returns ``h`` as a ``(q, r)`` tuple (JSON state holds hexes as two-item lists)."""
    q, r = h
    return (q, r)


def neighbour(h: Hex, heading: int) -> Hex:
    """Returns the hex one step from ``h`` towards ``heading`` (on the map or not)."""
    dq, dr = COMPASS[heading]
    return (h[0] + dq, h[1] + dr)


class Board:
    """The sheet: land hexes, Start Here and the destinations, with bounce-aware stepping.

    >>> b = Board([(0, 0), (0, 1)], (0, 0), {})
    >>> b.advance((0, 0), 1)   # north is off the map: bounce south
    ((0, 1), 4)
    """

    def __init__(self, land, start: Hex, destinations: dict[str, tuple[str, str, Hex]]):
        self.land = frozenset(as_hex(h) for h in land)
        self.start = as_hex(start)
        self.destinations = {code: (name, kind, as_hex(h)) for code, (name, kind, h) in destinations.items()}
        self.dest_at = {h: code for code, (_, _, h) in self.destinations.items()}
        if self.start not in self.land:
            raise ValueError("Start must be a land hex")
        # Index tables let the bot search paths with plain ints.
        self.hexes = sorted(self.land)
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.moves = [[self._move_index(h, d) for d in range(7)] for h in self.hexes]

    def _move_index(self, h: Hex, heading: int):
        if heading == 0:
            return None
        moved = self.advance(h, heading)
        return None if moved is None else (self.index[moved[0]], moved[1])

    def advance(self, h: Hex, heading: int) -> tuple[Hex, int] | None:
        """Returns (next hex, heading after it) for one step, bouncing off the edge.

        A step that would leave the map goes the opposite way instead and the path
        keeps that reversed heading (seed: "continues drawing in the opposite
        direction"). ``None`` means both sides are off the map: no step is possible.
        """
        ahead = neighbour(h, heading)
        if ahead in self.land:
            return ahead, heading
        back = opposite(heading)
        behind = neighbour(h, back)
        if behind in self.land:
            return behind, back
        return None

    def blocked(self, h: Hex, heading: int) -> bool:
        """Tells whether a path from ``h`` bumps into edges on both sides along ``heading``."""
        return self.advance(h, heading) is None

    def line(self, h: Hex, heading: int, steps: int) -> list[Hex]:
        """Returns up to ``steps`` hexes a straight path would enter, bounces included."""
        out = []
        for _ in range(steps):
            moved = self.advance(h, heading)
            if moved is None:
                break
            h, heading = moved
            out.append(h)
        return out


def goa_board() -> Board:
    """Builds the designed map of Goa from ``data.py``."""
    land = [
        offset_to_axial(col, row)
        for row, runs in data.LAND_ROWS.items()
        for first, last in runs
        for col in range(first, last + 1)
    ]
    dests = {code: (name, kind, offset_to_axial(*pos)) for code, (name, kind, pos) in data.DESTINATIONS.items()}
    return Board(land, offset_to_axial(*data.START), dests)


_BOARDS: dict = {}


def board_of(view: dict) -> Board:
    """Returns the Board drawn in a view's sheet (built once per sheet): what a bot may know of the map."""
    sheet = view["sheet"]
    key = (tuple(sheet["start"]), len(sheet["land"]))
    if key not in _BOARDS:
        dests = {d["code"]: (d["name"], d["type"], tuple(d["hex"])) for d in sheet["destinations"]}
        land = [(q, r) for q, first, last in sheet["land"] for r in range(first, last + 1)]
        _BOARDS[key] = Board(land, tuple(sheet["start"]), dests)
    return _BOARDS[key]
