"""Final scoring (seed "Scoring Victory Points"): base points, then the five sheet columns.

Workers, ships on the board and each full 200 Cruzados score 1 VP each. Each
column scores (base VP + VP of its privileges) per achievement; the King's
privilege is placed first on the free position where it scores most. Ties go to
the Navegador card's holder, then to whoever would receive it next.
"""

from __future__ import annotations

from typing import TypedDict

from ..core import Outcome, rank
from . import data
from .state import achievements, ships_on_board


class Breakdown(TypedDict):
    """One seat's points per category, where its King's privilege went, and its money."""

    workers: int
    ships: int
    cash: int
    colonies: int
    factories: int
    explorers: int
    shipyards: int
    churches: int
    king: str | None
    money: int


CATEGORIES = ("workers", "ships", "cash", *data.COLUMNS)


def king_column(player: dict) -> str | None:
    """Returns the free column where the King's privilege scores most (None if the sheet is full).

    >>> from engines.navegador.state import new_player
    >>> king_column(new_player())
    'shipyards'
    """
    counts = achievements(player)
    free = [c for c in data.COLUMNS if player["privileges"][c] < data.PRIVILEGES_PER_COLUMN]
    if not free:
        return None
    return max(free, key=lambda c: data.PRIVILEGE_VP[c] * counts[c])  # ties: the leftmost column


def column_points(player: dict, column: str, king: str | None) -> int:
    """Returns a column's points: (base + privilege VP) × achievements."""
    privileges = player["privileges"][column] + (king == column)
    per_item = data.BASE_VP[column] + data.PRIVILEGE_VP[column] * privileges
    return per_item * achievements(player)[column]


def breakdown_of(state: dict, seat: int) -> Breakdown:
    """Returns one seat's points per category."""
    p = state["players"][seat]
    king = p["king_column"] if "king_column" in p else king_column(p)
    cols = {c: column_points(p, c, king) for c in data.COLUMNS}
    return {
        "workers": p["workers"],
        "ships": ships_on_board(state, seat),
        "cash": p["money"] // data.CASH_PER_VP,
        "colonies": cols["colonies"],
        "factories": cols["factories"],
        "explorers": cols["explorers"],
        "shipyards": cols["shipyards"],
        "churches": cols["churches"],
        "king": king,
        "money": p["money"],
    }


def card_order(state: dict) -> list[int]:
    """Returns each seat's tie-break: 0 for the holder, -1 for the next to receive it (right), ..."""
    n, holder = state["num_players"], state["card"]["holder"]
    return [-((holder - seat) % n) for seat in range(n)]


def final_scores(state: dict) -> Outcome[Breakdown]:
    """Returns scores, placings (ties by the Navegador card) and breakdown."""
    breakdown = [breakdown_of(state, s) for s in range(state["num_players"])]
    scores = [sum(b[c] for c in CATEGORIES) for b in breakdown]  # type: ignore[literal-required]
    return {"scores": scores, **rank(scores, card_order(state)), "breakdown": breakdown}
