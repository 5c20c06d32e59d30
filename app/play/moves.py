"""What accepting a move writes: its answer, and its statements, built once.

A move is one transaction: the action row as version v+1 and the match moved from v to v+1
only if it is still at v. The unique keys on (match, v) and (match, seat, action id) are the
real guards, so two workers, or a retry of the same move, can never apply it twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, and_, bindparam, insert, select, update

from app.store.models import Action, Match


def same_action(a: dict, b: dict) -> bool:
    """Tells whether two normalised actions are one move (as JSON: ``0`` is not ``false``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@dataclass
class Accepted:
    """A committed version, as its mover is answered and the hub is told."""

    v: int
    state: dict
    status: str
    duplicate: bool = False
    clocked: bool = False  # the match has a time control: its seats' clocks changed too
    move: tuple[int, dict] | None = None  # (seat, normalised action): other workers may apply it (app/play/hub.py)


class Conflict(Exception):
    """The match moved on between our read and our write."""


class MoveStatements:
    """The statements of accepting a move, built once and run with parameters.

    ``read`` fetches the match and this seat's earlier action of the same id in one
    round trip (the idempotency check); ``move`` is the compare-and-set from ``old_v``.
    ``act_if_moved`` is both writes in one PostgreSQL statement: the action row takes its
    match id from the compare-and-set's RETURNING, so when the match was not at ``old_v``
    the id is NULL, the NOT NULL key refuses the row and the statement (every write
    gathered with it too) fails as a whole.
    """

    def __init__(self) -> None:
        M, A = cast(Table, Match.__table__), cast(Table, Action.__table__)
        earlier = and_(A.c.match_id == M.c.id, A.c.seat == bindparam("seat"), A.c.action_id == bindparam("action_id"))
        self.read = (
            select(
                M.c.game,
                M.c.num_seats,
                M.c.seed,
                M.c.options,
                M.c.status,
                M.c.v,
                M.c.state,
                M.c.clock,
                A.c.v.label("done_v"),
                A.c.action.label("done_action"),
            )
            .select_from(M.outerjoin(A, earlier))
            .where(M.c.id == bindparam("match_id"))
        )
        self.insert = insert(A)
        self.move = (
            update(M)
            .where(M.c.id == bindparam("match_id"), M.c.v == bindparam("old_v"))
            .values(
                v=bindparam("new_v", type_=M.c.v.type),
                state=bindparam("new_state", type_=M.c.state.type),
                status=bindparam("new_status"),
                updated_at=bindparam("moved_at", type_=M.c.updated_at.type),
            )
        )
        moved = self.move.returning(M.c.id).cte("moved")
        self.act_if_moved = insert(A).values(
            {
                c: select(moved.c.id).scalar_subquery() if c == "match_id" else bindparam(c, type_=A.c[c].type)
                for c in ("match_id", "v", "action_id", "seat", "action", "to_act", "created_at")
            }
        )


MOVE_SQL = MoveStatements()


class MatchLocks:
    """One asyncio lock per match, forgotten as soon as nobody holds or awaits it."""

    def __init__(self) -> None:
        self._held: dict[str, list] = {}  # match id -> [lock, users]

    @contextlib.asynccontextmanager
    async def hold(self, match_id: str):
        entry = self._held.setdefault(match_id, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:
                yield
        finally:
            entry[1] -= 1
            if entry[1] == 0:
                del self._held[match_id]

    def __contains__(self, match_id: str) -> bool:
        return match_id in self._held
