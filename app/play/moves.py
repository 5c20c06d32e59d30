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

from sqlalchemy import Table, and_, bindparam, insert, literal_column, select, update

from app.events import Drafted
from app.store.models import Action, Draft, Match


def same_action(a: dict, b: dict) -> bool:
    """Tells whether two normalised actions are one move (as JSON: ``0`` is not ``false``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@dataclass
class Accepted:
    """A committed move, as its mover is answered and the hub is told.

    ``v`` is the match's public version; ``seen`` the version of what the mover sees after
    it (``v`` plus its draft version: app/play/drafts.py), which its ``ack`` carries. A
    draft move leaves ``v`` as it was and is told to the mover's sockets only (``drafted``).
    """

    v: int
    state: dict
    status: str
    duplicate: bool = False
    clocked: bool = False  # the match has a time control: its seats' clocks changed too
    move: tuple[int, dict] | None = None  # (seat, normalised action): other workers may apply it (app/play/hub.py)
    seen: int = -1  # the mover's version after it (-1: ``v``)
    steps: tuple[dict, ...] = ()  # the draft actions the move handed in, played before it
    drafted: Drafted | None = None  # a draft move: what the mover's sockets are told

    def __post_init__(self) -> None:
        if self.seen < 0:
            self.seen = self.v


class Conflict(Exception):
    """The match moved on between our read and our write."""


class MoveStatements:
    """The statements of accepting a move, built once and run with parameters.

    ``read`` fetches the match, this seat's earlier action of the same id (the
    idempotency check) and the seat's secret draft in one round trip; ``move`` is the compare-and-set from ``old_v``
    of a running match (a move that skipped its read, app/play/latest.py, relies on both).
    ``act_if_moved`` is both writes in one PostgreSQL statement: the action row takes its
    match id from the compare-and-set's RETURNING, so when the match was not at ``old_v``
    the id is NULL, the NOT NULL key refuses the row and the statement (every write
    gathered with it too) fails as a whole.
    """

    def __init__(self) -> None:
        M, A = cast(Table, Match.__table__), cast(Table, Action.__table__)
        D = cast(Table, Draft.__table__)
        earlier = and_(A.c.match_id == M.c.id, A.c.seat == bindparam("seat"), A.c.action_id == bindparam("action_id"))
        draft = and_(D.c.match_id == M.c.id, D.c.seat == bindparam("seat"))
        self.read = (
            select(
                M.c.game,
                M.c.num_seats,
                M.c.seed,
                M.c.seed_format,
                M.c.options,
                M.c.status,
                M.c.v,
                M.c.state,
                M.c.clock,
                A.c.v.label("done_v"),
                A.c.action.label("done_action"),
                D.c.d.label("draft_d"),
                D.c.steps.label("draft_steps"),
                D.c.handed.label("draft_handed"),
            )
            .select_from(M.outerjoin(A, earlier).outerjoin(D, draft))
            .where(M.c.id == bindparam("match_id"))
        )
        self.insert = insert(A)
        self.move = (
            update(M)
            .where(
                M.c.id == bindparam("match_id"), M.c.v == bindparam("old_v"), M.c.status == literal_column("'running'")
            )
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


async def still_stands(conn, match_id: str, match, seat: int, v: int, game, d: int, drafted_at: int) -> bool:
    """Tells whether an intent the seat made at its version ``v`` still stands now.

    It does in a simultaneous step when the seat could act at ``v``, still can, and made no
    move since (others' submissions are secret and cannot have changed its choice). The
    seat's versions count its draft moves too (``d``; its last at ``drafted_at``): a second
    send of a draft move made at ``v`` -- a double click -- is a move since, and refused.
    """
    if drafted_at > v:
        return False  # a draft move of its own since
    public = v - d  # no draft move since: the match's version then
    if not 0 <= public < match.v or seat not in game.to_act(match.state):
        return False
    rows = (
        await conn.execute(
            select(Action.v, Action.seat, Action.to_act).where(Action.match_id == match_id, Action.v >= public)
        )
    ).all()
    at_v = next((r.to_act for r in rows if r.v == public), None)
    if at_v is None:  # version 0: nothing was played yet
        at_v = sorted(
            game.to_act(game.setup(match.num_seats, match.seed, match.options, seed_format=match.seed_format))
        )
    return seat in at_v and all(r.seat != seat for r in rows if r.v > public)


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
