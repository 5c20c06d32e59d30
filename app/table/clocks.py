"""Deadlines and away seats, the same for every game.

The clocks themselves are charged and started by each move (``app/play/clock.py``).
Every worker runs a sweeper: each round it notes which seats have a page open here
(``last_seen_at``) and claims passed deadlines with ``FOR UPDATE SKIP LOCKED``, so with
several workers exactly one acts on each. A passed deadline marks the seat *away*; its bot
then plays for it (app/table/bots.py) until the player takes the seat back. Deadlines live in the
database, so a restart loses none. An away seat gets no deadline (its bot moves at once).
"""

from __future__ import annotations

import logging
import math
import time
from datetime import timedelta

from sqlalchemy import and_, or_, select, tuple_, update

from app import messages as msg
from app.errors import ServiceError
from app.events import Moved
from app.ops.rounds import Rounds
from app.ops.settings import Settings
from app.play.clock import ms
from app.play.matches import MatchService
from app.store.models import Match, Player, Seat, utcnow
from engines.core.log import seat_name

log = logging.getLogger("caravela.clocks")

BATCH = 50
#: Seconds between two stamps of ``last_seen_at`` for a page that stays open.
SEEN_EVERY = 30.0
#: A live seat taken back with less than this in its bank gets this much, so it can move at all.
MIN_BANK = timedelta(minutes=1)


def too_soon(name: str, ago: timedelta, wait: timedelta) -> str:
    """Returns why the host may not hand a seat over yet, and in how long they may: minutes, or hours past two.

    >>> too_soon("Ben", timedelta(seconds=20), timedelta(seconds=10))
    'Ben was here 1 min ago: you may hand the seat to its bot in 1 min, if they stay away.'
    >>> too_soon("Ben", timedelta(minutes=50), timedelta(hours=23, minutes=10))
    'Ben was here 1 h ago: you may hand the seat to its bot in 24 h, if they stay away.'
    """

    def count(t: timedelta, unit: int, whole=math.floor) -> int:
        return max(1, whole(t.total_seconds() / unit))  # never "0 min"

    if wait > timedelta(hours=2):
        return msg.STILL_HERE_HOURS.format(name=name, ago=count(ago, 3600), hours=count(wait, 3600, math.ceil))
    return msg.STILL_HERE.format(name=name, ago=count(ago, 60), minutes=count(wait, 60, math.ceil))


class Clocks:
    """Away seats (taken back, handed to a bot) and this worker's deadline sweeper."""

    def __init__(self, service: MatchService, settings: Settings):
        self.service = service
        self.settings = settings
        self.rules = service.clocks
        #: Deadlines this worker claimed since it started (tests count them across workers).
        self.claimed = 0
        #: When this worker last stamped each open page's seat (``time.monotonic()``).
        self._stamped: dict[tuple[str, int], float] = {}
        self._rounds: Rounds | None = None

    def away_after(self, clock: dict | None) -> timedelta:
        """Returns how long a player must be offline before the host may hand the seat to its bot."""
        days = clock is not None and clock["kind"] == "days"
        return timedelta(seconds=self.settings.away_after_days if days else self.settings.away_after_live)

    # ---- away seats ---------------------------------------------------------------------

    async def take_back(self, match_id: str, player: Player) -> tuple[Match, list[Seat]]:
        """The player's seat is theirs again: its bot stops, and its clock runs for them."""

        def change(match: Match, seats: list[Seat]) -> None:
            mine = next((st for st in seats if st.player_id == player.id), None)
            if mine is None:
                raise ServiceError(409, msg.NOT_SEATED)
            if match.status != "running":
                raise ServiceError(409, msg.NOT_RUNNING.format(status=match.status))
            if mine.resigned:  # its bot plays it to the end
                raise ServiceError(409, msg.RESIGNED)
            if not mine.away:
                raise ServiceError(409, msg.NOT_AWAY)
            mine.away = False
            mine.last_seen_at = now = utcnow()
            if match.clock is None:
                return
            if match.clock["kind"] == "live":
                mine.clock_ms = max(mine.clock_ms or 0, ms(MIN_BANK * self.rules.scale))
            if mine.turn_since is not None:  # its turn: the clock runs from now
                for key, value in self.rules.begin(match.clock, mine, now).items():
                    setattr(mine, key, value)

        return await self.service.transact(match_id, change)

    async def hand_to_bot(self, match_id: str, host: Player, seat: int) -> tuple[Match, list[Seat]]:
        """Host only: a seat whose player has been offline long enough is played by its bot."""

        def change(match: Match, seats: list[Seat]) -> None:
            if match.host_id != host.id:
                raise ServiceError(403, msg.NOT_HOST)
            if match.status != "running":
                raise ServiceError(409, msg.NOT_RUNNING.format(status=match.status))
            if not 0 <= seat < len(seats):
                raise ServiceError(422, msg.SEAT_OUT_OF_RANGE.format(last=len(seats) - 1))
            target = seats[seat]
            if target.kind != "player":
                raise ServiceError(409, msg.NOT_A_PERSON)
            if target.away:
                raise ServiceError(409, msg.ALREADY_AWAY)
            online = self.service.presence.get(match_id)
            if online and online[seat]:
                raise ServiceError(409, msg.ONLINE_NOW.format(name=target.name))
            seen = target.last_seen_at
            if seen is not None and (wait := self.away_after(match.clock) - (utcnow() - seen)) > timedelta(0):
                raise ServiceError(409, too_soon(target.name, utcnow() - seen, wait))
            target.away, target.deadline_at = True, None

        match, seats = await self.service.transact(match_id, change)
        await self._wake(match)
        return match, seats

    async def _wake(self, match: Match) -> None:
        """Lets the bots of this worker look at the match again (an away seat may act now)."""
        await self.service.tell(Moved(match.id, match.v, match.state))

    # ---- the sweeper --------------------------------------------------------------------

    def start_sweeper(self) -> None:
        self._rounds = Rounds("the deadline sweeper's round", self.round, self.settings.clock_every)
        self._rounds.start()

    async def stop_sweeper(self) -> None:
        """Lets the current round finish (never cancelled inside a transaction), then stops."""
        if self._rounds is not None:
            await self._rounds.stop()

    async def round(self) -> int:
        """Runs one round (seen, claim, wake the bots); returns how many deadlines it claimed."""
        await self._note_seen()
        claimed = await self._claim()
        self.claimed += len(claimed)
        for match_id in sorted({m for m, _seat in claimed}):
            away = [seat for m, seat in claimed if m == match_id]
            try:
                # The story says why a bot now moves for the seat (its log and its replay show it);
                # written after the claim, with the match locked first, as every move locks it.
                match, _ = await self.service.transact(match_id, lambda m, _s, away=away: self._timed_out(m, away))
                await self._wake(match)
            except Exception:  # noqa: BLE001 - one match must not stop the others
                log.exception("waking the bot of an away seat failed", extra={"match": match_id})
        return len(claimed)

    @staticmethod
    def _timed_out(match: Match, seats: list[int]) -> None:
        for seat in seats:
            match.note("app.log.timed_out", who=seat_name(seat))

    async def _note_seen(self) -> None:
        """Stamps ``last_seen_at`` on the seats with a page open on this worker.

        A page just opened is stamped in the next round, then every ``SEEN_EVERY``: the
        limits are minutes long, and a busy server should not write every second per table.
        """
        now, tick = utcnow(), time.monotonic()
        open_pages = {(m, seat) for m, online in list(self.service.presence.items()) for seat, n in online.items() if n}
        self._stamped = {page: at for page, at in self._stamped.items() if page in open_pages}
        due = sorted(page for page in open_pages if tick - self._stamped.get(page, -SEEN_EVERY) >= SEEN_EVERY)
        if not due:
            return
        # One statement, however many pages are due (one per page cost a round trip each).
        async with self.service.sessions.begin() as s:
            await s.execute(update(Seat).where(tuple_(Seat.match_id, Seat.seat).in_(due)).values(last_seen_at=now))
        self._stamped.update((page, tick) for page in due)

    async def _claim(self) -> list[tuple[str, int]]:
        """Marks away the seats whose deadline passed; locked rows are another worker's."""
        now = utcnow()
        async with self.service.sessions.begin() as s:
            due = (
                await s.execute(
                    select(Seat.match_id, Seat.seat)
                    .where(Seat.deadline_at <= now, Seat.away.is_(False))
                    .order_by(Seat.deadline_at)
                    .limit(BATCH)
                    .with_for_update(skip_locked=True)
                )
            ).all()
            if not due:
                return []
            # Due is checked again in the write itself, so the claim holds where the row locks
            # above are weaker (SQLite has none; it has one writer instead).
            claimed = await s.execute(
                update(Seat)
                .where(
                    or_(*(and_(Seat.match_id == m, Seat.seat == seat) for m, seat in due)),
                    Seat.deadline_at <= now,
                    Seat.away.is_(False),
                )
                .values(away=True, deadline_at=None)
                .returning(Seat.match_id, Seat.seat)
            )
            rows = [(r.match_id, r.seat) for r in claimed]
        for match_id, seat in rows:
            log.info("deadline passed: the seat's bot plays for it", extra={"match": match_id, "seat": seat})
        return rows
