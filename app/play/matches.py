"""Matches as the service keeps them: reading them, changing them, accepting moves.

Accepting an action is one transaction (the statements are in ``app/play/moves.py``):
insert the action as version v+1 and move the match from v to v+1 only if it is still
at v; commit, then publish. Publishing is best effort: once committed, a move stands
even if telling the sockets fails (they catch up on their next resync). Nothing here
knows about HTTP or sockets. What a move must also write in its transaction (turn
notices, clocks) is handed in when the service is built.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.pool import QueuePool

import engines
from app import messages as msg
from app.errors import Rejected, ServiceError, Stale
from app.events import Event, Moved, SeatsChanged
from app.play import onehop
from app.play import protocol as P
from app.play.clock import ClockRules
from app.play.drafts import SeatDraft, hand_in, playable, read_drafts, store_draft
from app.play.groupcommit import GroupCommit
from app.play.latest import LatestVersions
from app.play.moves import MOVE_SQL, Accepted, Conflict, MatchLocks, same_action, still_stands
from app.play.onehop import Batch, Held, HeldConnections, Unbatchable
from app.play.summary import summary
from app.store.models import Action, Match, Player, Seat, utcnow
from engines import IllegalAction

#: Written inside a move's transaction, handed in by higher rooms: its turn notices (conn, match
#: id, v, seats that just became to-act: ``app/notices/rows.py``), and, for a move that ends the
#: match, what its end changes (conn, match id: its ratings, ``app/records/ratings.py``).
TurnHook = Callable[[Any, str, int, set[int]], Awaitable[None]]
FinishHook = Callable[[Any, str], Awaitable[None]]

log = logging.getLogger("caravela.matches")

#: Pooled database connections kept free of moves for everything else.
SPARE_CONNECTIONS = 5


def game_of(game_id: str):
    """Returns the engine of a game id or a 404 ServiceError."""
    try:
        return engines.get_game(game_id)
    except KeyError:
        raise ServiceError(404, msg.UNKNOWN_GAME.format(game=game_id)) from None


class MatchService:
    """The matches of this process: sessions in, committed versions out to ``publish``."""

    def __init__(
        self,
        engine: AsyncEngine,
        publish,
        *,
        one_writer: bool = False,
        clocks: ClockRules | None = None,
        on_turn: TurnHook | None = None,
        on_finish: FinishHook | None = None,
    ):
        self.engine = engine
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)
        self.publish = publish  # async (Event) -> None: the hub
        # SQLite has one writer at a time and makes the others sleep and retry; queueing
        # writes here instead keeps a busy table from stalling every other match.
        self._writer = asyncio.Lock() if one_writer else contextlib.nullcontext()
        # Moves in flight never outnumber the pooled connections (a few stay for sockets, pages and the
        # notice sender): past the pool, every move would open and close an overflow connection of its
        # own, which costs more than the move (measured: docs/benchmarks.md). Each move's connection is
        # held out of the pool between moves (app/play/onehop.py): no more than moves in flight.
        pooled = engine.pool.size() if isinstance(engine.pool, QueuePool) else 1
        # A move is two trips, its read and its writes (app/play/onehop.py), not one or more per statement.
        self._one_hop = engine.dialect.driver in ("aiosqlite", "asyncpg")
        # SQLite: moves of different matches read and play side by side and their writes share one
        # commit (app/play/groupcommit.py); the writer lock is taken for the writes alone. Each such
        # move holds an idle connection while it waits: one pooled connection stays for the rest.
        self._group = GroupCommit(self._writer) if one_writer and engine.dialect.driver == "aiosqlite" else None
        in_flight = pooled - 1 if self._group is not None else pooled - SPARE_CONNECTIONS
        self._in_flight = asyncio.Semaphore(max(1, in_flight))
        self._held = HeldConnections(engine, keep_after=(Rejected, Conflict))
        #: Called inside a move's transaction, before the commit (turn notices; ratings at the end).
        self.on_turn, self.on_finish = on_turn, on_finish
        #: Sockets per seat of each match on this worker; a match leaves it with its last socket.
        self.presence: dict[str, Counter] = {}
        #: The clock rules: a move of a timed match charges and starts its seats' clocks.
        self.clocks = clocks or ClockRules()
        self._locks, self._latest = MatchLocks(), LatestVersions()
        # Refusals are not cached: one that depends on the state (turn, version) may become legal later,
        # and caching it would block that move; one that does not (malformed, bad characters) is cheaper
        # to recompute than to remember. A refusal changes nothing: a retried id answered afresh applies nothing twice.

    async def close(self) -> None:
        await self._held.close()  # the connections held for moves, back to the pool before the engine is disposed

    def arrive(self, match_id: str, seat: int) -> bool:
        """Counts a socket of ``seat`` (shown online); tells whether the seat just came online."""
        online = self.presence.setdefault(match_id, Counter())
        online[seat] += 1
        return online[seat] == 1

    def depart(self, match_id: str, seat: int) -> bool:
        """Uncounts a socket of ``seat``; tells whether it just went away (a match with none left is forgotten)."""
        online = self.presence.get(match_id)
        if online is None:
            return False
        online[seat] -= 1
        gone = online[seat] <= 0
        if not +online:
            del self.presence[match_id]
        return gone

    def keeps(self, match_id: str) -> bool:
        """Tells whether this worker holds anything for a match (presence or a lock)."""
        return match_id in self.presence or match_id in self._locks

    async def tell(self, event: Event) -> None:
        """Publishes a committed change, best effort: a failure is logged, never raised."""
        try:
            await self.publish(event)
        except Exception:  # noqa: BLE001 - the change is committed; sockets resync later
            log.exception("publish failed after commit", extra={"match": getattr(event, "match_id", None)})

    # ---- reading -----------------------------------------------------------------------

    async def load(self, s: AsyncSession, match_id: str, lock: bool = False) -> tuple[Match, list[Seat]]:
        q = select(Match).where(Match.id == match_id)
        if lock:
            q = q.with_for_update()
        match = (await s.execute(q)).scalar_one_or_none()
        if match is None:
            raise ServiceError(404, msg.UNKNOWN_MATCH)
        seats = (await s.execute(select(Seat).where(Seat.match_id == match_id).order_by(Seat.seat))).scalars().all()
        return match, list(seats)

    async def player_by_id(self, player_id: str) -> Player:
        async with self.sessions() as s:
            player = await s.get(Player, player_id)
        if player is None:
            raise ServiceError(404, msg.UNKNOWN_PLAYER)
        return player

    async def get(self, match_id: str) -> tuple[Match, list[Seat]]:
        async with self.sessions() as s:
            return await self.load(s, match_id)

    def summary(self, match: Match, seats: list[Seat]) -> dict:
        """Returns what anyone may know of a match: never its state, seed or tokens."""
        return summary(match, seats, self.presence.get(match.id, Counter()), utcnow())

    async def list_matches(
        self, statuses: tuple[str, ...] = ("open", "running"), game: str | None = None, limit: int = 100
    ) -> list[tuple[Match, list[Seat]]]:
        """Returns matches of these statuses with their seats, newest first."""
        async with self.sessions() as s:
            q = select(Match).where(Match.status.in_(statuses)).order_by(Match.created_at.desc()).limit(limit)
            if game:
                q = q.where(Match.game == game)
            matches = (await s.execute(q)).scalars().all()
            ids = [m.id for m in matches]
            seats: list[Seat] = []
            if ids:
                q_seats = select(Seat).where(Seat.match_id.in_(ids)).order_by(Seat.seat)
                seats = list((await s.execute(q_seats)).scalars().all())
        by_match = defaultdict(list)
        for st in seats:
            by_match[st.match_id].append(st)
        return [(m, by_match[m.id]) for m in matches]

    async def transact(self, match_id: str, change) -> tuple[Match, list[Seat]]:
        """Runs ``change(match, seats)`` under the match's lock in one transaction, then publishes."""
        async with self._locks.hold(match_id), self._writer:
            async with self.sessions.begin() as s:
                match, seats = await self.load(s, match_id, lock=True)
                done = change(match, seats)
                if inspect.isawaitable(done):  # a change that adds rows (a rematch) awaits its flush
                    await done
                match.updated_at = utcnow()  # a lobby's expiry counts from here (app/table/expiry.py)
            match, seats = await self.get(match_id)
        await self.tell(SeatsChanged(match_id, match.v))
        return match, seats

    async def change(self, match_id: str, change) -> tuple[Match, list[Seat]]:
        """Runs ``change(match, seats)`` in any status, like a lobby change (resign, rematch).

        The bots hear the current version again, so a seat its bot now plays moves at once.
        """
        match, seats = await self.transact(match_id, change)
        if match.status == "running":
            await self.tell(Moved(match_id, match.v, match.state))
        return match, seats

    # ---- starting ----------------------------------------------------------------------

    def deal(self, match: Match, seats: list[Seat]) -> None:
        """Deals an open match whose every seat is filled (inside a change's transaction)."""
        if any(st.kind == "empty" for st in seats):
            raise ServiceError(409, msg.SEATS_NOT_FILLED)
        if any(st.offer == "pending" for st in seats):  # a rematch starts once all have answered
            raise ServiceError(409, msg.OFFERS_PENDING)
        game = game_of(match.game)
        match.state = game.setup(match.num_seats, match.seed, match.options, seed_format=match.seed_format)
        match.status, match.v = "running", 0
        self.clocks.start(match, seats, game.to_act(match.state))

    async def dealt(self, match: Match) -> None:
        """Tells a match just dealt (committed): its first turns' notices, then its state."""
        match_id = match.id
        if self.on_turn is not None and match.state is not None:
            async with self._writer, self.engine.begin() as conn:
                await self.on_turn(conn, match_id, 0, game_of(match.game).to_act(match.state))
        log.info("match started", extra={"match": match_id, "v": 0})
        await self.tell(Moved(match_id, 0, match.state))

    # ---- playing -----------------------------------------------------------------------

    async def accept(
        self, match_id: str, seat: int, action_id: str, v: int | None, action: dict, steps: Sequence[dict] = ()
    ) -> Accepted:
        """Applies an action of ``seat`` as the next version, or raises :class:`Rejected`.

        ``v`` is the version the client acted on (``None``: don't check). A stale ``v`` is refused
        (:class:`Stale`), except in simultaneous steps, where each submission is independent of the
        others'. ``action_id`` is the seat's own: the same id from another seat is another move. A draft
        move (``Game.draft_actions``) is kept in the seat's secret draft (app/play/drafts.py); ``steps``,
        draft moves a bot made in one go, are played first, as if sent one by one.
        """
        if bad := P.unreadable(action_id, action):
            raise Rejected(bad, status=422)
        async with self._locks.hold(match_id):
            for _attempt in range(5):
                try:
                    async with self._writer if self._group is None else contextlib.nullcontext():
                        accepted = await self._accept_once(match_id, seat, action_id, v, action, steps)
                except Conflict:
                    continue  # another worker moved first; look again
                await self._announce(match_id, accepted)
                return accepted
        raise Rejected(msg.BUSY, status=503)

    async def _accept_once(self, match_id, seat, action_id, v, action, steps=()) -> Accepted:
        # SQLAlchemy Core statements built once (MOVE_SQL), not the ORM: this is the hot
        # path of every move, and building or flushing statements cost more than the rules.
        async with self._in_flight, self._held.one() as held:
            conn = held.conn  # and held.driver, its driver's connection
            asked = {"match_id": match_id, "seat": seat, "action_id": action_id}
            # Its row, this seat's earlier action of the id, its draft: not read if v was committed here (latest.py).
            match: Any = None if steps else self._latest.at(match_id, v)
            if match is None and self._one_hop:
                match = await onehop.fetch_one(conn, MOVE_SQL.read, asked, held.driver)
            elif match is None:
                match = (await conn.execute(MOVE_SQL.read, asked)).one_or_none()
            if match is None:
                raise Rejected(msg.UNKNOWN_MATCH, status=404)
            game = game_of(match.game)
            draft = SeatDraft.of(match.draft_d, match.draft_steps, match.draft_handed)
            try:
                action = game.normalize_action(action)
                steps = [game.normalize_action(step) for step in steps]
            except IllegalAction as err:
                raise Rejected.illegal(err) from None
            done = draft.find(action_id)
            if match.done_v is not None or done is not None:
                if not same_action(match.done_action if done is None else done["action"], action):
                    raise Rejected(msg.ACTION_ID_REUSED)
                seen = match.done_v + draft.d if done is None else done["at"]
                return Accepted(match.v, match.state, match.status, duplicate=True, seen=seen)
            if match.status != "running":
                raise Rejected(msg.NOT_RUNNING.format(status=match.status))
            old_v, now_seen = match.v, match.v + draft.d
            if v is not None and v > now_seen:
                raise Stale(msg.FUTURE_VERSION.format(got=v, now=now_seen))
            stands = v is None or v == now_seen
            if not stands and not await still_stands(conn, match_id, match, seat, v, game, draft.d, draft.last_at()):
                raise Stale(msg.STALE.format(got=v, now=now_seen))
            try:
                # The seat's secret draft is played first: what it sees, and what it acts on.
                own, draft = playable(game, match.state, seat, draft)
                for step in steps:
                    if not game.is_draft(step):
                        raise IllegalAction("Only draft moves may come before a move.", "core.err.not_legal")
                    own = game.apply(own, seat, step)
                new_state = game.apply(own, seat, action)
            except IllegalAction as err:
                raise Rejected.illegal(err) from None
            # A bot's steps get ids of their own (``<id>.<n>``), so a retry is known as one.
            made = [{"id": f"{action_id}.{n}", "action": a, "at": now_seen + 1} for n, a in enumerate(steps)]
            if game.is_draft(action):  # each draft move is one more version of what this seat sees
                made = [*made, {"id": action_id, "action": action}]
                made = [{**step, "at": now_seen + 1 + n} for n, step in enumerate(made)]
                async with self._writes():
                    return await store_draft(conn, match_id, match.v, seat, draft, made, new_state)
            handed = [*draft.steps, *made]
            status = "finished" if game.outcome(new_state) is not None else "running"
            to_act = game.to_act(new_state)
            now = utcnow()
            row = dict(match_id=match_id, v=old_v + 1, action_id=action_id, seat=seat, action=action)
            row.update(to_act=sorted(to_act), created_at=now)
            move = dict(match_id=match_id, old_v=old_v, new_v=old_v + 1, new_state=new_state, new_status=status)
            move["moved_at"] = now
            became = to_act - game.to_act(match.state)
            try:
                if handed or not await self._write_in_one_hop(held, row, move, became, match.clock):
                    await self._write_the_usual_way(conn, match, seat, draft, handed, row, move, became, to_act)
                if conn.in_transaction():  # the one hop committed on the driver already
                    await conn.commit()
            except (IntegrityError, Conflict):
                self._latest.forget(match_id)
                await conn.rollback()
                raise Conflict() from None
        kept = status == "running" and match.clock is None and not game.draft_actions
        self._latest.moved(match_id, match, old_v + 1, new_state) if kept else self._latest.forget(match_id)
        log.info("action accepted", extra={"match": match_id, "v": old_v + 1, "seat": seat})
        played = tuple(step["action"] for step in handed)
        clocked, seen = match.clock is not None, old_v + 1 + draft.d
        return Accepted(old_v + 1, new_state, status, clocked=clocked, move=(seat, action), seen=seen, steps=played)

    def _writes(self):
        """The writer lock for writes that do not go through the group commit (SQLite: held for them alone)."""
        return self._writer if self._group is not None else contextlib.nullcontext()

    async def _write_the_usual_way(self, conn, match, seat, draft, handed, row, move, became, to_act) -> None:
        """Writes a move statement by statement and commits (clocks, ratings, handed-in drafts)."""
        match_id, old_v, status = row["match_id"], move["old_v"], move["new_status"]
        async with self._writes():
            try:
                await conn.execute(MOVE_SQL.insert, {**row, "steps": handed} if handed else row)
                moved = await conn.execute(MOVE_SQL.move, move)
                if moved.rowcount != 1:
                    raise Conflict()
                if draft.steps or draft.dropped:
                    await hand_in(conn, match_id, seat, draft)
                if became and self.on_turn is not None:
                    await self.on_turn(conn, match_id, old_v + 1, became)
                if match.clock is not None:
                    before = game_of(match.game).to_act(match.state)
                    await self.clocks.turn(conn, match_id, match.clock, before, to_act, seat)
                if status == "finished" and self.on_finish is not None:
                    await self.on_finish(conn, match_id)
                await conn.commit()
            except (IntegrityError, Conflict):
                await conn.rollback()  # inside the writer lock: the database's write lock goes with it
                raise Conflict() from None

    async def _write_in_one_hop(self, held: Held, row: dict, move: dict, became: set[int], clock: dict | None) -> bool:
        """Writes a move (action, compare-and-set, turn notices) in one trip (app/play/onehop.py): on SQLite
        with its commit, on PostgreSQL as one statement; tells whether it did. Clocked and finishing moves (they
        read their seats, their match's ratings) and a statement a batch cannot run fall back to the usual way."""
        if not self._one_hop or clock is not None or (move["new_status"] == "finished" and self.on_finish):
            return False
        batch = Batch(self.engine.dialect)
        try:
            if self.engine.dialect.driver == "asyncpg":
                batch.add(MOVE_SQL.act_if_moved, {**row, **move})
            else:
                batch.add(MOVE_SQL.insert, row)
                batch.add(MOVE_SQL.move, move, rowcount=1)
            if became and self.on_turn is not None:
                await self.on_turn(batch, move["match_id"], move["new_v"], became)
        except Unbatchable:
            return False  # nothing ran yet
        run = batch.run(held.conn, True, held.driver) if self._group is None else self._group.run(held.driver, batch)
        if not await run:
            raise Conflict()  # nothing of it was kept
        return True

    async def _announce(self, match_id: str, done: Accepted) -> None:
        """Publishes a committed version, never before the commit: a socket must not see a version
        that replay would not rebuild (docs/design.md)."""
        if done.duplicate:
            return
        if done.drafted is not None:
            await self.tell(done.drafted)
            return
        await self.tell(Moved(match_id, done.v, done.state, done.move, done.steps))
        if done.status == "finished" or done.clocked:  # the summary carries the clocks
            await self.tell(SeatsChanged(match_id, done.v))

    async def drafts(self, match_id: str) -> dict[int, SeatDraft]:
        """Returns the secret drafts of a match's seats (only a seat's own sockets may see one)."""
        async with self.engine.connect() as conn:
            return await read_drafts(conn, match_id)

    async def actions(self, match_id: str) -> list[Action]:
        async with self.sessions() as s:
            rows = await s.execute(select(Action).where(Action.match_id == match_id).order_by(Action.v))
            return list(rows.scalars().all())
