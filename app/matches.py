"""Matches as the service keeps them: lobby changes, accepting actions, replay.

Accepting an action is one transaction (DESIGN.md): insert the action as
version v+1 and move the match from v to v+1 only if it is still at v; commit,
then publish. The unique keys on (match, v) and (match, action id) are the real
guards, so two workers, or a retry of the same move, can never apply it twice.
Publishing is best effort: once committed, a move stands even if telling the
sockets fails (they catch up on their next resync). Nothing here knows about
HTTP or sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import secrets
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, and_, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import object_session
from sqlalchemy.pool import QueuePool

import engines
from engines import IllegalAction

from . import messages as msg
from . import onehop
from . import protocol as P
from .models import Action, Match, Player, Seat, utcnow
from .onehop import Batch, Unbatchable
from .security import new_id
from .standing import standing

log = logging.getLogger("caravela.matches")

#: Pooled database connections kept free of moves for everything else.
SPARE_CONNECTIONS = 5


class ServiceError(Exception):
    """A request the service refuses; ``status`` is the HTTP status it maps to.

    ``key``/``args`` let a client translate ``reason``; an app message
    (:class:`app.messages.Message`) brings its own.
    """

    def __init__(self, status: int, reason: str, key: str | None = None, args: dict | None = None):
        super().__init__(reason)
        self.status = status
        self.reason = str(reason)
        self.key = key or getattr(reason, "key", None)
        self.args_ = args if args is not None else dict(getattr(reason, "args", None) or {})


class Rejected(ServiceError):
    """An action refused; the match is unchanged."""

    def __init__(self, reason: str, status: int = 409, key: str | None = None, args: dict | None = None):
        super().__init__(status, reason, key, args)

    @classmethod
    def illegal(cls, err: IllegalAction) -> Rejected:
        """Returns the refusal of an engine's ``IllegalAction``, with its key and args when it has them."""
        args = getattr(err, "args", None)
        return cls(str(err), status=422, key=getattr(err, "key", None), args=args if isinstance(args, dict) else {})


class Stale(Rejected):
    """An intent made on a version that is not the match's now; the socket sends a fresh state."""


def same_action(a: dict, b: dict) -> bool:
    """Tells whether two normalised actions are one move (as JSON: ``0`` is not ``false``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


class _MatchLocks:
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


@dataclass
class Accepted:
    v: int
    state: dict
    status: str
    duplicate: bool = False
    clocked: bool = False  # the match has a time control: its seats' clocks changed too
    move: tuple[int, dict] | None = None  # (seat, normalised action): other workers may apply it (app/hub.py)


def game_of(game_id: str):
    """Returns the engine of a game id or a 404 ServiceError."""
    try:
        return engines.get_game(game_id)
    except KeyError:
        raise ServiceError(404, msg.UNKNOWN_GAME.format(game=game_id)) from None


class MatchService:
    """The matches of this process: sessions in, committed versions out to ``publish``."""

    def __init__(self, engine: AsyncEngine, publish, one_writer: bool = False):
        self.engine = engine
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)
        self.publish = publish  # async (match_id, kind, v, state|None, move|None) -> None
        # SQLite has one writer at a time and makes the others sleep and retry; queueing
        # writes here instead keeps a busy table from stalling every other match.
        self._writer = asyncio.Lock() if one_writer else contextlib.nullcontext()
        # Moves in flight never outnumber the pooled connections (a few stay for sockets,
        # pages and the notice sender): past the pool, every move would open and close an
        # overflow connection of its own, which costs more than the move (issue 14).
        pooled = engine.pool.size() if isinstance(engine.pool, QueuePool) else 1
        self._in_flight = asyncio.Semaphore(max(1, pooled - SPARE_CONNECTIONS))
        # A move is two trips, its read and its writes (app/onehop.py), not a trip or several
        # hand-offs per statement.
        self._one_hop = engine.dialect.driver in ("aiosqlite", "asyncpg")
        #: Called inside a move's transaction with (conn, match id, v, seats that just became
        #: to-act), before the commit: turn notices are stored with the move (app/notices.py).
        self.on_turn: Callable[..., Awaitable[None]] | None = None
        #: Sockets per seat of each match on this worker; a match leaves it with its last socket.
        self.presence: dict[str, Counter] = {}
        #: The clock rules (app/clocks.py), set by the app; moves of a timed match call its ``turn``.
        self.clocks: Any = None
        self._locks = _MatchLocks()
        # Refusals are not cached (issue 13): one that depends on the state (turn, version)
        # may become legal later, and caching it would block that move; one that does
        # not (malformed, bad characters) is cheaper to recompute than to remember. A
        # refusal changes nothing, so answering a retried id afresh applies nothing twice.

    def arrive(self, match_id: str, seat: int) -> bool:
        """Counts a socket of ``seat`` (shown online); tells whether the seat just came online."""
        online = self.presence.setdefault(match_id, Counter())
        online[seat] += 1
        return online[seat] == 1

    def depart(self, match_id: str, seat: int) -> bool:
        """Uncounts a socket of ``seat``; tells whether the seat just went away.

        A match with no socket left is forgotten.
        """
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

    async def _tell(
        self, match_id: str, kind: str, v: int, state: dict | None, move: tuple[int, dict] | None = None
    ) -> None:
        """Publishes a committed change, best effort: a failure is logged, never raised."""
        try:
            await self.publish(match_id, kind, v, state, move)
        except Exception:  # noqa: BLE001 - the change is committed; sockets resync later
            log.exception("publish failed after commit", extra={"match": match_id, "v": v})

    # ---- players ---------------------------------------------------------------------

    async def create_player(self, name: str, device: str = "Browser") -> tuple[Player, str]:
        """Creates a player signed in on its first device; returns it and that device's token."""
        from .devices import new_device  # devices.py builds on this module's errors

        player = Player(id=new_id(), name=name.strip())
        first, token = new_device(player.id, device)
        async with self.sessions.begin() as s:
            s.add(player)
            await s.flush()
            s.add(first)
        return player, token

    async def rename_player(self, player: Player, name: str) -> Player:
        async with self.sessions.begin() as s:
            await s.execute(update(Player).where(Player.id == player.id).values(name=name.strip()))
            await s.execute(update(Seat).where(Seat.player_id == player.id).values(name=name.strip()))
            seated = (await s.execute(select(Seat.match_id).where(Seat.player_id == player.id))).scalars().all()
        for match_id in set(seated):
            await self._tell(match_id, "match", -1, None)
        player.name = name.strip()
        return player

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
        game = engines.GAMES.get(match.game)
        online = self.presence.get(match.id, Counter())
        now = utcnow()
        return {
            "id": match.id,
            "game": match.game,
            "title": game.title if game else match.game,
            "status": match.status,
            "v": match.v,
            "options": match.options,
            "seed_fixed": bool(match.seed_fixed),
            "host_id": match.host_id,
            "created_at": match.created_at.isoformat() if match.created_at else None,
            "rematch_of": match.rematch_of,
            "rematch_id": match.rematch_id,
            "outcome": standing(match, seats),
            "clock": match.clock,
            "seats": [
                {
                    "seat": st.seat,
                    "kind": st.kind,
                    "name": st.name,
                    "player_id": st.player_id,
                    "online": st.kind == "bot" or online[st.seat] > 0,
                    "away": bool(st.away),
                    "resigned": bool(st.resigned),
                    "offer": st.offer,
                    **clock_left(match.clock, st, now),
                }
                for st in seats
            ],
        }

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

    # ---- lobby -------------------------------------------------------------------------

    async def create(
        self,
        host: Player,
        game_id: str,
        num_seats: int,
        options: dict | None,
        *,
        seed: int | None = None,
        clock: dict | None = None,
    ) -> tuple[Match, list[Seat]]:
        """Opens a match hosted by ``host`` in seat 0.

        The seed is drawn from ``secrets``; only the admin API passes ``seed``, and
        such a match is marked ``seed_fixed`` for every seat to see (issue 13).
        """
        game = game_of(game_id)
        if not game.min_players <= num_seats <= game.max_players:
            raise ServiceError(
                422, f"{game.title} takes {game.min_players} to {game.max_players} players, not {num_seats}."
            )
        try:
            opts = game.options_model.model_validate(options or {}).model_dump()
        except Exception as err:  # pydantic.ValidationError
            raise ServiceError(422, f"Bad options: {err}") from None
        match = Match(
            id=new_id(),
            game=game_id,
            options=opts,
            seed=seed if seed is not None else secrets.randbits(62),
            seed_fixed=seed is not None,
            num_seats=num_seats,
            status="open",
            v=0,
            state=None,
            host_id=host.id,
            clock=clock,
        )
        async with self.sessions.begin() as s:
            s.add(match)
            await s.flush()
            for i in range(num_seats):
                s.add(
                    Seat(
                        match_id=match.id,
                        seat=i,
                        kind="player" if i == 0 else "empty",
                        player_id=host.id if i == 0 else None,
                        name=host.name if i == 0 else "",
                    )
                )
        log.info("match created", extra={"match": match.id, "v": 0})
        return await self.get(match.id)

    async def _lobby_change(self, match_id: str, change) -> tuple[Match, list[Seat]]:
        """Runs ``change(match, seats)`` under the match's lock in one transaction, then publishes."""
        async with self._locks.hold(match_id), self._writer:
            async with self.sessions.begin() as s:
                match, seats = await self.load(s, match_id, lock=True)
                done = change(match, seats)
                if inspect.isawaitable(done):  # a change that adds rows (a rematch) awaits its flush
                    await done
                match.updated_at = utcnow()  # a lobby's expiry counts from here (app/expiry.py)
            match, seats = await self.get(match_id)
        await self._tell(match_id, "match", match.v, None)
        return match, seats

    async def change(self, match_id: str, change) -> tuple[Match, list[Seat]]:
        """Runs ``change(match, seats)`` in any status, like a lobby change (resign, rematch).

        The bots hear the current version again, so a seat its bot now plays moves at once.
        """
        match, seats = await self._lobby_change(match_id, change)
        if match.status == "running":
            await self._tell(match_id, "state", match.v, match.state)
        return match, seats

    @staticmethod
    def _must_be_open(match: Match) -> None:
        if match.status != "open":
            raise ServiceError(409, msg.NOT_OPEN)

    async def join(self, match_id: str, player: Player, seat: int | None = None):
        def change(match, seats):
            self._must_be_open(match)
            if any(st.player_id == player.id for st in seats):
                raise ServiceError(409, msg.ALREADY_SEATED)
            if seat is None:
                free = [st for st in seats if st.kind == "empty"]
                if not free:
                    raise ServiceError(409, msg.NO_FREE_SEAT)
                target = free[0]
            else:
                if not 0 <= seat < len(seats):
                    raise ServiceError(422, msg.SEAT_OUT_OF_RANGE.format(last=len(seats) - 1))
                target = seats[seat]
                if target.kind != "empty":
                    raise ServiceError(409, msg.SEAT_TAKEN)
            target.kind, target.player_id, target.name = "player", player.id, player.name

        return await self._lobby_change(match_id, change)

    async def leave(self, match_id: str, player: Player):
        def change(match, seats):
            self._must_be_open(match)
            mine = [st for st in seats if st.player_id == player.id]
            if not mine:
                raise ServiceError(409, msg.NOT_SEATED)
            for st in mine:
                st.kind, st.player_id, st.name = "empty", None, ""

        return await self._lobby_change(match_id, change)

    def _host_seat(self, match: Match, seats: list[Seat], player: Player, seat: int) -> Seat:
        if match.host_id != player.id:
            raise ServiceError(403, msg.NOT_HOST)
        self._must_be_open(match)
        if not 0 <= seat < len(seats):
            raise ServiceError(422, msg.SEAT_OUT_OF_RANGE.format(last=len(seats) - 1))
        return seats[seat]

    async def add_bot(self, match_id: str, player: Player, seat: int):
        def change(match, seats):
            target = self._host_seat(match, seats, player, seat)
            if target.kind != "empty":
                raise ServiceError(409, msg.SEAT_TAKEN)
            target.kind, target.player_id, target.name = "bot", None, f"Bot {seat + 1}"

        return await self._lobby_change(match_id, change)

    async def remove_bot(self, match_id: str, player: Player, seat: int):
        def change(match, seats):
            target = self._host_seat(match, seats, player, seat)
            if target.kind != "bot":
                raise ServiceError(409, msg.NOT_A_BOT)
            target.kind, target.name = "empty", ""

        return await self._lobby_change(match_id, change)

    async def remove_seat(self, match_id: str, player: Player, seat: int):
        """Host only: drops an empty seat before the start; the seats after it move up one."""

        def change(match, seats):
            target = self._host_seat(match, seats, player, seat)
            if target.kind != "empty":
                raise ServiceError(409, msg.SEAT_NOT_EMPTY)
            low = game_of(match.game).min_players
            if len(seats) <= low:
                raise ServiceError(409, msg.TOO_FEW_SEATS.format(min=low))
            # Who sits where moves, not the rows: the key (match, seat) never changes.
            moved = [c.key for c in Seat.__table__.columns if c.key not in ("match_id", "seat")]
            for upper, lower in zip(seats[seat + 1 :], seats[seat:], strict=False):
                for key in moved:
                    setattr(lower, key, getattr(upper, key))
            session = object_session(seats[-1])
            assert session is not None  # loaded by _lobby_change's open session
            session.delete(seats[-1])
            match.num_seats = len(seats) - 1

        return await self._lobby_change(match_id, change)

    async def start(self, match_id: str, player: Player):
        def change(match, seats):
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            self._must_be_open(match)
            self.deal(match, seats)

        match, seats = await self._lobby_change(match_id, change)
        await self.dealt(match)
        return match, seats

    def deal(self, match: Match, seats: list[Seat]) -> None:
        """Deals an open match whose every seat is filled (inside a change's transaction)."""
        if any(st.kind == "empty" for st in seats):
            raise ServiceError(409, msg.SEATS_NOT_FILLED)
        if any(st.offer == "pending" for st in seats):  # a rematch starts once all have answered
            raise ServiceError(409, msg.OFFERS_PENDING)
        game = game_of(match.game)
        match.state = game.setup(match.num_seats, match.seed, match.options)
        match.status, match.v = "running", 0
        if self.clocks is not None:
            self.clocks.start(match, seats, game.to_act(match.state))

    async def dealt(self, match: Match) -> None:
        """Tells a match just dealt (committed): its first turns' notices, then its state."""
        match_id = match.id
        if self.on_turn is not None and match.state is not None:
            async with self._writer, self.engine.begin() as conn:
                await self.on_turn(conn, match_id, 0, game_of(match.game).to_act(match.state))
        log.info("match started", extra={"match": match_id, "v": 0})
        await self._tell(match_id, "state", 0, match.state)

    async def cancel(self, match_id: str, player: Player):
        """Host only: calls off an open match; it is marked abandoned and leaves every list."""

        def change(match, seats):
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            self._must_be_open(match)
            match.status = "abandoned"

        return await self._lobby_change(match_id, change)

    async def abort(self, match_id: str):
        def change(match, seats):
            if match.status in ("finished", "abandoned"):
                raise ServiceError(409, msg.NOT_RUNNING.format(status=match.status))
            match.status = "abandoned"

        return await self._lobby_change(match_id, change)

    # ---- playing -----------------------------------------------------------------------

    async def accept(self, match_id: str, seat: int, action_id: str, v: int | None, action: dict) -> Accepted:
        """Applies an action of ``seat`` as the next version, or raises :class:`Rejected`.

        ``v`` is the version the client acted on (``None``: don't check). A stale
        ``v`` is refused (:class:`Stale`), except in simultaneous steps, where each
        submission is independent of the others'. ``action_id`` is the seat's own:
        the same id from another seat is another move.
        """
        bad = P.unreadable(action_id, action)
        if bad:
            raise Rejected(bad, status=422)
        async with self._locks.hold(match_id):
            for _attempt in range(5):
                try:
                    async with self._writer:
                        accepted = await self._accept_once(match_id, seat, action_id, v, action)
                except _Conflict:
                    continue  # another worker moved first; look again
                await self._announce(match_id, accepted)
                return accepted
        raise Rejected(msg.BUSY, status=503)

    async def _accept_once(self, match_id, seat, action_id, v, action) -> Accepted:
        # SQLAlchemy Core statements built once (_MOVE_SQL), not the ORM: this is the hot
        # path of every move, and building or flushing statements cost more than the rules.
        async with self._in_flight, self.engine.connect() as conn:
            asked = {"match_id": match_id, "seat": seat, "action_id": action_id}
            match: Any  # a row: the match's columns, and this seat's earlier action of the same id
            if self._one_hop:
                match = await onehop.fetch_one(conn, _MOVE_SQL.read, asked)
            else:
                match = (await conn.execute(_MOVE_SQL.read, asked)).one_or_none()
            if match is None:
                raise Rejected(msg.UNKNOWN_MATCH, status=404)
            game = game_of(match.game)
            try:
                action = game.normalize_action(action)
            except IllegalAction as err:
                raise Rejected.illegal(err) from None
            if match.done_v is not None:
                if not same_action(match.done_action, action):
                    raise Rejected(msg.ACTION_ID_REUSED)
                return Accepted(match.done_v, match.state, match.status, duplicate=True)
            if match.status != "running":
                raise Rejected(msg.NOT_RUNNING.format(status=match.status))
            old_v = match.v
            if v is not None and v > old_v:
                raise Stale(msg.FUTURE_VERSION.format(got=v, now=old_v))
            if v is not None and v != old_v and not await self._independent(conn, match_id, match, seat, v, game):
                raise Stale(msg.STALE.format(got=v, now=old_v))
            try:
                new_state = game.apply(match.state, seat, action)
            except IllegalAction as err:
                raise Rejected.illegal(err) from None
            status = "finished" if game.outcome(new_state) is not None else "running"
            to_act = game.to_act(new_state)
            now = utcnow()
            row = {
                "match_id": match_id,
                "v": old_v + 1,
                "action_id": action_id,
                "seat": seat,
                "action": action,
                "to_act": sorted(to_act),
                "created_at": now,
            }
            move = {
                "match_id": match_id,
                "old_v": old_v,
                "new_v": old_v + 1,
                "new_state": new_state,
                "new_status": status,
                "moved_at": now,
            }
            became = to_act - game.to_act(match.state)
            try:
                if not await self._write_in_one_hop(conn, row, move, became, match.clock):
                    await conn.execute(_MOVE_SQL.insert, row)
                    moved = await conn.execute(_MOVE_SQL.move, move)
                    if moved.rowcount != 1:
                        raise _Conflict()
                    if became and self.on_turn is not None:
                        await self.on_turn(conn, match_id, old_v + 1, became)
                    if match.clock is not None and self.clocks is not None:
                        await self.clocks.turn(conn, match_id, match.clock, game.to_act(match.state), to_act, seat)
                if conn.in_transaction():  # the one hop committed on the driver already
                    await conn.commit()
            except (IntegrityError, _Conflict):
                await conn.rollback()
                raise _Conflict() from None
        log.info("action accepted", extra={"match": match_id, "v": old_v + 1, "seat": seat})
        return Accepted(old_v + 1, new_state, status, clocked=match.clock is not None, move=(seat, action))

    async def _write_in_one_hop(self, conn, row: dict, move: dict, became: set[int], clock: dict | None) -> bool:
        """Writes a move (action, compare-and-set, turn notices) in one trip (app/onehop.py):
        on SQLite with its commit, on PostgreSQL as one statement; tells whether it did. A
        clocked move reads its seats first, and a statement a batch cannot run falls back
        too: the caller writes as usual.
        """
        if not self._one_hop or clock is not None:
            return False
        batch = Batch(self.engine.dialect)
        try:
            if self.engine.dialect.driver == "asyncpg":
                batch.add(_MOVE_SQL.act_if_moved, {**row, **move})
            else:
                batch.add(_MOVE_SQL.insert, row)
                batch.add(_MOVE_SQL.move, move, rowcount=1)
            if became and self.on_turn is not None:
                await self.on_turn(batch, move["match_id"], move["new_v"], became)
        except Unbatchable:
            return False  # nothing ran yet
        if not await batch.run(conn, commit=True):
            raise _Conflict()  # nothing of it was kept
        return True

    async def _announce(self, match_id: str, done: Accepted) -> None:
        """Publishes a committed version (never before the commit: DESIGN.md)."""
        if done.duplicate:
            return
        await self._tell(match_id, "state", done.v, done.state, done.move)
        if done.status == "finished" or done.clocked:  # the summary carries the clocks
            await self._tell(match_id, "match", done.v, None)

    @staticmethod
    async def _independent(conn, match_id: str, match, seat: int, v: int, game) -> bool:
        """Tells whether an intent made at version ``v`` still stands now.

        It does in a simultaneous step: the seat may still act, and every action
        since ``v`` was another seat's submission, which this seat could not see.
        """
        if not 0 <= v < match.v or seat not in game.to_act(match.state):
            return False
        rows = (
            await conn.execute(
                select(Action.v, Action.seat, Action.to_act).where(Action.match_id == match_id, Action.v >= v)
            )
        ).all()
        at_v = next((r.to_act for r in rows if r.v == v), None)
        if at_v is None:  # version 0: nothing was played yet
            at_v = sorted(game.to_act(game.setup(match.num_seats, match.seed, match.options)))
        return seat in at_v and all(r.seat != seat for r in rows if r.v > v)

    async def actions(self, match_id: str) -> list[Action]:
        async with self.sessions() as s:
            rows = await s.execute(select(Action).where(Action.match_id == match_id).order_by(Action.v))
            return list(rows.scalars().all())


def clock_left(clock: dict | None, seat: Seat, now: datetime) -> dict:
    """Returns a seat's clock as everyone may see it: ms left now, and whether it is running.

    Live: the bank, less the time since its turn began; over days: until the deadline. A
    client counts ``left_ms`` down from when it read it while ``running`` (docs/protocol.md).
    """
    if clock is None:
        return {"left_ms": None, "running": False}
    running = seat.turn_since is not None
    left: int | None = None
    if clock["kind"] == "live":
        spent = (now - seat.turn_since) // timedelta(milliseconds=1) if seat.turn_since else 0
        left = max(0, (seat.clock_ms or 0) - spent)
    elif seat.deadline_at is not None:
        left = max(0, (seat.deadline_at - now) // timedelta(milliseconds=1))
    return {"left_ms": left, "running": running}


class _Conflict(Exception):
    """The match moved on between our read and our write."""


class _MoveStatements:
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


_MOVE_SQL = _MoveStatements()
