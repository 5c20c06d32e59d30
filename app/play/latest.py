"""The newest version this worker committed of each match it moves: the next move skips its read.

A move reads its match first (version, state, status, the seat's earlier action of the same
id, its secret draft). When the version a move acts on is one this worker has just
committed, it holds what that read would give, and the move goes straight to its writes:
one trip to the database instead of two. Skipping it stays safe because the writes guard
themselves: the compare-and-set moves the match only from that version and only while it
runs (another worker's move, a resignation or a cancel in between make it miss, and the
move is read and tried again), and the unique key on (match, seat, action id) refuses an
id already played (tried again, the read finds it and answers as before).

Kept only for what a move could not otherwise know: a game without secret drafts (the draft
is in the read), a match without a clock (its seats' clocks are read) that is still running.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Matches kept at most; the oldest goes first (a worker moves far fewer at once).
LIMIT = 4096


@dataclass(frozen=True, slots=True)
class Latest:
    """What a move's read gives, as this worker committed it: no earlier action of the id, no draft."""

    game: str
    num_seats: int
    seed: Any
    seed_format: Any
    options: Any
    v: int
    state: dict
    status: str = "running"
    clock: None = None
    done_v: None = None
    done_action: None = None
    draft_d: None = None
    draft_steps: None = None
    draft_handed: None = None


class LatestVersions:
    """The newest committed version of each match this worker moved, while nothing else is known."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._kept: dict[str, Latest] = {}

    def at(self, match_id: str, v: int | None) -> Latest | None:
        """Returns the match as a move acting on version ``v`` would read it, if this worker holds ``v``."""
        known = self._kept.get(match_id)
        return known if known is not None and known.v == v else None

    def moved(self, match_id: str, read: Any, v: int, state: dict) -> None:
        """Keeps version ``v`` (``state``) of a running match, with the rest of its ``read``."""
        self._kept.pop(match_id, None)  # to the end: the oldest is first
        if len(self._kept) >= self.limit:
            del self._kept[next(iter(self._kept))]
        self._kept[match_id] = Latest(read.game, read.num_seats, read.seed, read.seed_format, read.options, v, state)

    def forget(self, match_id: str) -> None:
        self._kept.pop(match_id, None)
