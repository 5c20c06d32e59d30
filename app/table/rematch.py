"""A rematch: the same game, options and time control, the players one seat on.

One click after the final table opens the rematch as a lobby hosted by whoever clicked:
each old seat moves one place round the table (the second player now opens), bots keep
their seats, and every other person of the old match is offered their new seat
(``offer``: pending, then accepted, declined or replaced). A declined seat, and one the
host gives up waiting for, gets a bot. When no offer is pending the rematch starts by
itself. The old match points at its rematch (``rematch_id``), set in the same transaction
under the old match's row lock, so a second click, anyone's, joins that one rematch.
"""

from __future__ import annotations

import secrets

from sqlalchemy.ext.asyncio import async_object_session

from app import messages as msg
from app.errors import ServiceError
from app.events import SeatsChanged
from app.identity.security import new_id
from app.play.matches import MatchService
from app.store.models import Match, Player, Seat
from engines.bots import DEFAULT_LEVEL
from engines.core.rng import SEED_FORMAT


def bot_seat(st: Seat, offer: str) -> None:
    """Hands a rematch seat to a bot, remembering why (declined or replaced)."""
    st.kind, st.player_id, st.name, st.offer = "bot", None, f"Bot {st.seat + 1}", offer
    st.level = DEFAULT_LEVEL


def rotated(old: list[Seat]) -> list[Seat]:
    """Returns the seats of a rematch: old seat ``i + 1`` sits at ``i``, and the first goes last.

    >>> [st.name for st in rotated([Seat(seat=0, kind="player", name="Ana", player_id="a"),
    ...                             Seat(seat=1, kind="bot", name="Bot 2")])]
    ['Bot 1', 'Ana']
    """
    seats = []
    for i in range(len(old)):
        was = old[(i + 1) % len(old)]
        if was.kind == "player":
            seats.append(Seat(seat=i, kind="player", player_id=was.player_id, name=was.name, offer="pending"))
        else:
            level = was.level or DEFAULT_LEVEL
            seats.append(Seat(seat=i, kind="bot", player_id=None, name=f"Bot {i + 1}", level=level))
    return seats


class Rematches:
    """Asking for, answering and filling rematches, through the match service's changes."""

    def __init__(self, service: MatchService, on_offer=None):
        self.service = service
        #: Called with (rematch id, seats offered) once a rematch is opened (app/notices/turns.py).
        self.on_offer = on_offer

    async def ask(self, match_id: str, player: Player) -> tuple[Match, list[Seat]]:
        """Opens the rematch of a finished match, or accepts the caller's seat in the one already asked."""
        opened: list[Match] = []

        async def change(old: Match, seats: list[Seat]) -> None:
            if old.status != "finished":
                raise ServiceError(409, msg.REMATCH_NOT_FINISHED)
            if not any(st.kind == "player" and st.player_id == player.id for st in seats):
                raise ServiceError(403, msg.NOT_A_PLAYER)
            if old.rematch_id is not None:
                return
            new = Match(
                id=new_id(),
                game=old.game,
                options=old.options,
                seed=secrets.randbits(62),
                seed_format=SEED_FORMAT,
                num_seats=old.num_seats,
                status="open",
                v=0,
                state=None,
                host_id=player.id,
                clock=old.clock,
                rated=old.rated,
                rematch_of=old.id,
            )
            s = async_object_session(old)
            assert s is not None
            s.add(new)
            await s.flush()
            for st in rotated(seats):
                st.match_id = new.id
                if st.player_id == player.id:
                    st.offer = "accepted"
                s.add(st)
            old.rematch_id = new.id
            opened.append(new)

        old, _ = await self.service.change(match_id, change)
        assert old.rematch_id is not None
        if not opened:
            return await self.answer(old.rematch_id, player, accept=True, quiet=True)
        match, seats = await self.service.get(old.rematch_id)
        offered = [st for st in seats if st.offer == "pending"]
        if offered:
            if self.on_offer is not None:
                await self.on_offer(match.id, offered)
            return match, seats
        return await self._start_if_ready(match.id)

    async def answer(self, match_id: str, player: Player, accept: bool, quiet: bool = False):
        """Accepts or declines the caller's offered seat of a rematch; a declined seat gets a bot.

        ``quiet``: the caller's seat need not be pending (a second click on "rematch").
        """

        def change(match: Match, seats: list[Seat]) -> None:
            mine = next((st for st in seats if st.player_id == player.id and st.offer == "pending"), None)
            if match.status != "open" or mine is None:
                if quiet:
                    return
                raise ServiceError(409, msg.NO_OFFER)
            if accept:
                mine.offer = "accepted"
            else:
                bot_seat(mine, "declined")
            self._deal_if_ready(match, seats, dealt)

        dealt: list[Match] = []
        return await self._told(await self.service.change(match_id, change), dealt)

    async def replace(self, match_id: str, player: Player, seat: int):
        """Host only: a bot takes a seat whose player has not answered the offer."""

        def change(match: Match, seats: list[Seat]) -> None:
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            target = next((st for st in seats if st.seat == seat), None)
            if match.status != "open" or target is None or target.offer != "pending":
                raise ServiceError(409, msg.NO_OFFER)
            bot_seat(target, "replaced")
            self._deal_if_ready(match, seats, dealt)

        dealt: list[Match] = []
        return await self._told(await self.service.change(match_id, change), dealt)

    async def _start_if_ready(self, match_id: str) -> tuple[Match, list[Seat]]:
        """Deals a rematch nobody else was offered (a person and bots)."""
        dealt: list[Match] = []
        return await self._told(
            await self.service.change(match_id, lambda match, seats: self._deal_if_ready(match, seats, dealt)), dealt
        )

    def _deal_if_ready(self, match: Match, seats: list[Seat], dealt: list[Match]) -> None:
        """Deals a rematch (inside its change) once every seat is filled and no offer is pending."""
        ready = all(st.kind != "empty" and st.offer != "pending" for st in seats)
        if match.status == "open" and match.rematch_of is not None and ready:
            self.service.deal(match, seats)
            dealt.append(match)

    async def _told(self, changed: tuple[Match, list[Seat]], dealt: list[Match]) -> tuple[Match, list[Seat]]:
        """Tells the first turns and state of a rematch this change dealt, and the old match's
        pages that an answer came (their banner shows every seat's answer)."""
        if dealt:
            await self.service.dealt(changed[0])
        if changed[0].rematch_of is not None:
            await self.service.publish(SeatsChanged(changed[0].rematch_of))
        return changed
