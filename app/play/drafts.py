"""Secret drafts: a seat's moves inside a secret step, kept apart from the public versions.

A game names the actions that only build the acting seat's secret draft
(``Game.draft_actions``: Go Goa's guide, dice roles, steps, deviations, undo). Were each
one a version of the match, anyone could count them -- the summary's ``v``, a clock frame
per move, the next patch's number -- and learn how many steps, undos and guides a seat
used, and when. So a draft move is stored per seat (table ``drafts``) with the seat's own
draft version ``d``, acknowledged to that seat's sockets only, and sends nothing to anyone
else. The seat's next other action (its submit) is one public version, and its row stores
the draft's moves beside it (``Action.steps``), so replay plays every move.

What a seat sees is the public state with its draft played on it, at version ``v + d``:
both only grow, each by one per event this seat sees, so that number orders the seat's views
as ``v`` orders everyone else's, and the client needs no second counter.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import cast

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from app.events import Drafted
from app.play.moves import Accepted, Conflict
from app.store.models import Draft, utcnow
from engines import IllegalAction

log = logging.getLogger("caravela.drafts")


@dataclass(frozen=True, slots=True)
class SeatDraft:
    """A seat's draft as stored: its draft version, open steps and last handed-in steps."""

    d: int = 0
    steps: tuple[dict, ...] = ()  # each {id, action, at}
    handed: tuple[dict, ...] = ()
    stored: bool = False  # a row exists (else the first move inserts it)
    dropped: bool = False  # its stored steps no longer played and were left out

    @classmethod
    def of(cls, d: int | None, steps: list | None, handed: list | None) -> SeatDraft:
        """Returns a draft from its row's columns (all ``None``: the seat never drafted)."""
        if d is None:
            return cls()
        return cls(d, tuple(steps or ()), tuple(handed or ()), stored=True)

    @property
    def actions(self) -> list[dict]:
        """Returns the open draft's actions, in order."""
        return [step["action"] for step in self.steps]

    def own(self) -> tuple[int, tuple[dict, ...]]:
        """Returns what a seat's sockets need of it: its draft version and open actions."""
        return self.d, tuple(self.actions)

    def find(self, action_id: str) -> dict | None:
        """Returns the step of this id, open or handed in last, if the seat made one."""
        return next((s for s in (*self.steps, *self.handed) if s["id"] == action_id), None)

    def last_at(self) -> int:
        """Returns the seat's version after its last draft move (-1: none kept)."""
        return max((s["at"] for s in (*self.steps, *self.handed)), default=-1)


def own_state(game, state: dict, seat: int | None, draft: SeatDraft) -> dict:
    """Returns the state as ``seat`` sees it: the public one with its open draft played on it."""
    return played_on(game, state, seat, draft.actions) if draft.steps else state


def playable(game, state: dict, seat: int, draft: SeatDraft) -> tuple[dict, SeatDraft]:
    """Returns the state the seat acts on and its draft, without steps that no longer play."""
    own = own_state(game, state, seat, draft)
    if draft.steps and own is state:  # left out (logged): the next move starts afresh
        return own, replace(draft, steps=(), dropped=True)
    return own, draft


def played_on(game, state: dict, seat: int | None, actions) -> dict:
    """Returns ``state`` after the seat's draft ``actions``.

    A draft that no longer plays (never expected: a draft depends on nothing another seat
    does) is logged and left out, so the seat can act again rather than be stuck.
    """
    try:
        return game.apply_all(state, seat, actions)
    except IllegalAction:
        log.warning("a stored draft no longer plays; it is left out", extra={"seat": seat})
        return state


class DraftStatements:
    """The statements of drafts, built once: read a match's, add a step, hand one in."""

    def __init__(self) -> None:
        D = cast(Table, Draft.__table__)
        self.read = select(D.c.seat, D.c.d, D.c.steps, D.c.handed).where(D.c.match_id == bindparam("match_id"))
        self.insert = insert(D)
        self.step = (
            update(D)
            .where(D.c.match_id == bindparam("of_match"), D.c.seat == bindparam("of_seat"), D.c.d == bindparam("old_d"))
            .values(
                d=bindparam("new_d"), steps=bindparam("new_steps", type_=D.c.steps.type), updated_at=bindparam("at")
            )
        )
        self.hand_in = (
            update(D)
            .where(D.c.match_id == bindparam("of_match"), D.c.seat == bindparam("of_seat"), D.c.d == bindparam("old_d"))
            .values(steps=[], handed=bindparam("new_handed", type_=D.c.handed.type), updated_at=bindparam("at"))
        )


DRAFT_SQL = DraftStatements()


async def add_step(conn: AsyncConnection, match_id: str, seat: int, draft: SeatDraft, steps: list[dict]) -> None:
    """Stores a draft's steps as draft version ``d`` + its new steps, if the draft is still at ``d``.

    Raises :class:`Conflict` when another move of the seat came first (another device, on
    another worker): the caller reads again.
    """
    now = utcnow()
    if draft.stored:
        new_d = draft.d + len(steps) - len(draft.steps)
        params = {
            "of_match": match_id,
            "of_seat": seat,
            "old_d": draft.d,
            "new_d": new_d,
            "new_steps": steps,
            "at": now,
        }
        if (await conn.execute(DRAFT_SQL.step, params)).rowcount != 1:
            raise Conflict()
    else:  # the seat's first draft move: a second device's first one fails on the key
        row = {"match_id": match_id, "seat": seat, "d": len(steps), "steps": steps, "handed": [], "updated_at": now}
        await conn.execute(DRAFT_SQL.insert, row)


async def store_draft(
    conn: AsyncConnection, match_id: str, v: int, seat: int, draft: SeatDraft, made: list[dict], own: dict
) -> Accepted:
    """Stores draft moves as the seat's next draft versions: no public version, nobody else told.

    ``v`` is the match's version, ``own`` the state the seat sees after them.
    """
    try:
        await add_step(conn, match_id, seat, draft, [*draft.steps, *made])
        await conn.commit()
    except (IntegrityError, Conflict):
        await conn.rollback()
        raise Conflict() from None
    d = draft.d + len(made)
    log.info("draft move accepted", extra={"match": match_id, "seat": seat})
    drafted = Drafted(match_id, seat, d, tuple(draft.actions + [step["action"] for step in made]))
    return Accepted(v, own, "running", seen=v + d, drafted=drafted)


async def hand_in(conn: AsyncConnection, match_id: str, seat: int, draft: SeatDraft) -> None:
    """Empties a draft whose steps a public action just stored (in that action's transaction)."""
    params = {"of_match": match_id, "of_seat": seat, "old_d": draft.d, "new_handed": list(draft.steps), "at": utcnow()}
    if (await conn.execute(DRAFT_SQL.hand_in, params)).rowcount != 1:
        raise Conflict()


async def read_drafts(conn: AsyncConnection, match_id: str) -> dict[int, SeatDraft]:
    """Returns the drafts of a match's seats (a seat that never drafted is absent)."""
    rows = (await conn.execute(DRAFT_SQL.read, {"match_id": match_id})).all()
    return {r.seat: SeatDraft.of(r.d, r.steps, r.handed) for r in rows}
