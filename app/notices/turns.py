"""Turn notices: a row when a seat's turn comes, and a background sender with retries.

When a seat becomes one that may act, the move's own transaction stores a pending notice
for its player (people with a channel only; bots get none), due after a quiet delay. The
sender of every worker then, each round:

1. drops the notices of seats whose page is open on this worker (they saw their turn), and
   when the last page of a seat closes, starts its latest such notice's quiet delay again:
   a turn seen but not played is noticed once the page is gone (the send checks the seat
   still has to act, so a turn played meanwhile sends nothing);
2. claims due notices (``FOR UPDATE SKIP LOCKED`` on PostgreSQL, and a lease), so that
   with several workers each notice is sent by one of them;
3. drops a notice whose seat has moved since, or whose match is over; else sends it on
   each channel the player chose, remembering each success, so a retry never repeats one.

A failure is retried later with a doubling delay; a restart loses nothing, since the rows
are the queue. No move ever waits for a channel.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta

from sqlalchemy import delete, exists, func, or_, select, tuple_, update

import engines
from app.notices.channels import ChannelError, Channels, TurnNotice
from app.notices.push import Push, Subscription, last_move, payload
from app.ops.links import configured_base
from app.ops.rounds import Rounds
from app.ops.settings import Settings
from app.play.matches import MatchService
from app.store.models import Action, Match, Notice, Player, PushSubscription, Seat, utcnow

log = logging.getLogger("caravela.notices")

#: How long a worker owns a claimed notice before another may take it over (a crashed worker).
LEASE = timedelta(minutes=2)
BATCH = 20
#: After this many tries a notice is given up ("failed"); with the doubling delay about a day.
MAX_ATTEMPTS = 12
#: The longest wait between two tries.
MAX_RETRY = timedelta(hours=2)
#: The version of a "rematch offered" notice: the rematch has not started.
OFFER_V = -1
#: Links in a notice start here when neither PUBLIC_URL nor the player's page told us better.
FALLBACK_SITE = "http://localhost:8000"
#: Why a notice was dropped while its seat's page was open; such a one may be armed again.
PAGE_OPEN = "the page was open"


class Notices:
    """The notice rows of this database and this worker's sender."""

    def __init__(
        self,
        service: MatchService,
        settings: Settings,
        channels: Channels | None = None,
        push: Push | None = None,
        waiting: Callable[[str], Awaitable[int]] | None = None,
    ):
        self.service = service
        self.settings = settings
        self.channels = channels or Channels(settings)
        #: Web Push (None until the keys are loaded), and how many matches wait for a player (the app badge).
        self.push = push
        self.waiting = waiting
        self.delay = timedelta(seconds=settings.notice_delay)
        self._rounds = Rounds("the notice sender's round", self.round, settings.notice_every)
        #: The (match, seat) pages open on this worker at the last round.
        self._open: set[tuple[str, int]] = set()

    async def offer(self, match_id: str, seats: Iterable[Seat]) -> None:
        """Stores a pending "rematch offered" notice for each offered seat whose player chose a channel.

        Its version is ``OFFER_V`` (before the rematch's first turn, whose notice is ``v`` 0);
        it goes out after the same quiet delay, unless the offer was answered by then.
        """
        async with self.service.sessions.begin() as s:
            pushed = exists().where(PushSubscription.player_id == Player.id)
            players = {
                p.id: (p, has_push)
                for p, has_push in await s.execute(
                    select(Player, pushed).where(Player.id.in_([st.player_id for st in seats if st.player_id]))
                )
            }
            due = utcnow() + self.delay
            for st in seats:
                player, has_push = players.get(st.player_id or "", (None, False))
                if player is not None and (player.email or player.webhook_url or has_push):
                    s.add(
                        Notice(
                            match_id=match_id,
                            v=OFFER_V,
                            seat=st.seat,
                            player_id=player.id,
                            status="pending",
                            due_at=due,
                            attempts=0,
                        )
                    )

    # ---- the sender ---------------------------------------------------------------------

    def start(self) -> None:
        self._rounds.start()

    async def stop(self) -> None:
        await self._rounds.stop()

    async def round(self) -> int:
        """Runs one round (seen, claim, send); returns how many notices it claimed."""
        await self._drop_seen()
        claimed = await self._claim()
        for notice_id in claimed:
            try:
                await self._send(notice_id)
            except Exception:  # noqa: BLE001 - one bad notice must not stop the others
                log.exception("sending a notice failed", extra={"notice": notice_id})
        return len(claimed)

    async def _drop_seen(self) -> None:
        """Marks moot the pending notices of seats with a page open on this worker; re-arms those whose pages closed."""
        open_pages = [(m, seat) for m, online in list(self.service.presence.items()) for seat, n in online.items() if n]
        closed = sorted(self._open - set(open_pages))
        self._open = set(open_pages)
        if closed:
            await self._rearm(closed)
        if not open_pages:
            return
        # One statement, however many pages are open (one per page cost a round trip each).
        async with self.service.sessions.begin() as s:
            await s.execute(
                update(Notice)
                .where(
                    tuple_(Notice.match_id, Notice.seat).in_(open_pages),
                    Notice.status == "pending",
                )
                .values(status="moot", last_error=PAGE_OPEN)
            )

    async def _rearm(self, closed: list[tuple[str, int]]) -> None:
        """Starts the quiet delay again for the latest turn notice of each seat whose last page closed."""
        async with self.service.sessions.begin() as s:
            for match_id, seat in closed:
                latest = select(func.max(Notice.v)).where(
                    Notice.match_id == match_id, Notice.seat == seat, Notice.v != OFFER_V
                )
                await s.execute(
                    update(Notice)
                    .where(
                        Notice.match_id == match_id,
                        Notice.seat == seat,
                        Notice.v == latest.scalar_subquery(),
                        Notice.status == "moot",
                        Notice.last_error == PAGE_OPEN,
                    )
                    .values(status="pending", due_at=utcnow() + self.delay, last_error=None, claimed_until=None)
                )

    async def _claim(self) -> list[int]:
        """Takes due notices for this worker: locked rows are skipped, and a lease keeps them."""
        now = utcnow()
        async with self.service.sessions.begin() as s:
            ids = (
                (
                    await s.execute(
                        select(Notice.id)
                        .where(
                            Notice.status == "pending",
                            Notice.due_at <= now,
                            or_(Notice.claimed_until.is_(None), Notice.claimed_until < now),
                        )
                        .order_by(Notice.due_at)
                        .limit(BATCH)
                        .with_for_update(skip_locked=True)
                    )
                )
                .scalars()
                .all()
            )
            if not ids:
                return []
            # Claimable is checked again in the write itself, so the claim holds even where
            # the row locks above are weaker (SQLite has none; it has one writer instead).
            claimed = await s.execute(
                update(Notice)
                .where(
                    Notice.id.in_(ids),
                    Notice.status == "pending",
                    or_(Notice.claimed_until.is_(None), Notice.claimed_until < now),
                )
                .values(claimed_until=now + LEASE, attempts=Notice.attempts + 1)
                .returning(Notice.id)
            )
            return sorted(claimed.scalars().all())

    async def _send(self, notice_id: int) -> None:
        async with self.service.sessions() as s:
            notice = await s.get(Notice, notice_id)
            if notice is None:
                return
            player = await s.get(Player, notice.player_id)
            match = await s.get(Match, notice.match_id)
            seats = list(
                (await s.execute(select(Seat).where(Seat.match_id == notice.match_id).order_by(Seat.seat))).scalars()
            )
            subs = [
                Subscription(r.id, r.endpoint, r.p256dh, r.auth, r.lang)
                for r in (
                    await s.execute(select(PushSubscription).where(PushSubscription.player_id == notice.player_id))
                ).scalars()
            ]
            why_not = await self._moot(s, notice, match)
        online = self.service.presence.get(notice.match_id)
        if why_not is None and online and online[notice.seat]:
            why_not = PAGE_OPEN
        if player is None or match is None or why_not:
            await self._finish(notice_id, status="moot", error=why_not)
            return
        site = configured_base(self.settings) or player.site_url or FALLBACK_SITE
        game = engines.GAMES.get(match.game)
        turn = TurnNotice(
            game=game.title if game else match.game,
            match_url=f"{site}/m/{match.id}",
            match_id=match.id,
            others=", ".join(st.name for st in seats if st.seat != notice.seat and st.kind != "empty"),
            seat=notice.seat,
            v=notice.v,
            kind="rematch" if notice.v == OFFER_V else "turn",
        )
        errors = []
        if player.email and self.channels.email_on and notice.email_sent_at is None:
            try:
                unsubscribe = f"{site}/api/notices/unsubscribe?key={player.unsubscribe_key}"
                await self.channels.email(player.email, turn, unsubscribe)
                await self._mark(notice_id, email_sent_at=utcnow())
            except ChannelError as err:
                errors.append(str(err))
        if player.webhook_url and notice.webhook_sent_at is None:
            try:
                await self.channels.webhook(player.webhook_url, turn)
                await self._mark(notice_id, webhook_sent_at=utcnow())
            except ChannelError as err:
                errors.append(str(err))
        if subs and self.push is not None:
            errors += await self._push(notice, subs, turn, match, seats, site)
        if not errors:
            await self._finish(notice_id, status="sent")
        elif notice.attempts >= MAX_ATTEMPTS:
            await self._finish(notice_id, status="failed", error="; ".join(errors))
        else:
            retry = min(timedelta(seconds=self.settings.notice_retry * 2 ** (notice.attempts - 1)), MAX_RETRY)
            log.warning("a notice will be retried", extra={"notice": notice_id, "match": notice.match_id})
            await self._mark(notice_id, due_at=utcnow() + retry, claimed_until=None, last_error="; ".join(errors)[:300])

    async def _push(
        self, notice: Notice, subs: list[Subscription], turn: TurnNotice, match: Match, seats: list[Seat], site: str
    ) -> list[str]:
        """Sends the notice to each subscription it has not reached yet; returns the failures.

        Each success (or a subscription its push service has forgotten, which is deleted) is
        remembered on the row at once, so a retry reaches only the devices still missing it.
        """
        assert self.push is not None
        done, errors = set(notice.push_done or []), []
        names = {st.seat: st.name for st in seats}
        game = engines.GAMES.get(match.game)
        waiting = await self.waiting(notice.player_id) if self.waiting else 0
        subject = self.settings.vapid_subject or configured_base(self.settings) or site
        said: dict[str, dict] = {}
        for sub in subs:
            if sub.id in done:
                continue
            if sub.lang not in said:
                move = last_move(game, match.state, notice.seat, names, sub.lang) if game and match.state else None
                said[sub.lang] = payload(turn, sub.lang, move, waiting)
            try:
                if not await self.push.send(sub, said[sub.lang], subject):
                    async with self.service.sessions.begin() as s:
                        await s.execute(delete(PushSubscription).where(PushSubscription.id == sub.id))
            except ChannelError as err:
                errors.append(str(err))
                continue
            done.add(sub.id)
            await self._mark(notice.id, push_done=sorted(done))
        return errors

    @staticmethod
    async def _moot(s, notice: Notice, match: Match | None) -> str | None:
        """Returns why a notice no longer matters (the match is over, the seat moved), or None."""
        if notice.v == OFFER_V:
            offer = (
                await s.execute(select(Seat.offer).where(Seat.match_id == notice.match_id, Seat.seat == notice.seat))
            ).scalar_one_or_none()
            waiting = match is not None and match.status == "open" and offer == "pending"
            return None if waiting else "the offer was answered"
        if match is None or match.status != "running":
            return "the match is not running"
        moved = (
            await s.execute(
                select(Action.v)
                .where(Action.match_id == notice.match_id, Action.seat == notice.seat, Action.v > notice.v)
                .limit(1)
            )
        ).first()
        if moved is not None:
            return "the seat has moved since"
        game = engines.GAMES.get(match.game)
        if game is not None and match.state is not None and notice.seat not in game.to_act(match.state):
            return "the seat may not act now"
        return None

    async def _mark(self, notice_id: int, **values: datetime | str | list | None) -> None:
        async with self.service.sessions.begin() as s:
            await s.execute(update(Notice).where(Notice.id == notice_id).values(**values))

    async def _finish(self, notice_id: int, status: str, error: str | None = None) -> None:
        await self._mark(notice_id, status=status, claimed_until=None, last_error=error)


def new_unsubscribe_key() -> str:
    """Returns the secret of a player's unsubscribe link (it can only switch e-mail off)."""
    return secrets.token_urlsafe(24)
