"""The lobby: a match opened by its host, seats taken and left, bots added, the start.

Every change runs under the match's lock in one transaction (``MatchService.transact``) and
is announced to the match's sockets; the start deals the game (``MatchService.deal``).
"""

from __future__ import annotations

import logging
import secrets

from sqlalchemy.orm import object_session

from app import messages as msg
from app.errors import ServiceError
from app.identity.security import new_id
from app.play.matches import MatchService, game_of
from app.store.models import Match, Player, Seat
from engines.bots import DEFAULT_LEVEL, LEVELS
from engines.core.rng import SEED_FORMAT

log = logging.getLogger("caravela.lobby")


def known_level(level: str) -> str:
    """Returns a bot level a host may choose, or refuses it (422).

    >>> known_level("strong")
    'strong'
    >>> known_level("shark")
    Traceback (most recent call last):
    app.errors.ServiceError: There is no bot level 'shark': choose easy, normal, strong.
    """
    if level not in LEVELS:
        raise ServiceError(422, msg.UNKNOWN_LEVEL.format(level=level, levels=", ".join(LEVELS)))
    return level


#: What a lobby that can no longer be joined says, by why it ended (``Match.ended``) or its status.
ENDED = {
    "expired": msg.LOBBY_EXPIRED,
    "cancelled": msg.LOBBY_CANCELLED,
    "abandoned": msg.MATCH_ABANDONED,
    "finished": msg.MATCH_OVER,
}


class Lobby:
    """Opening matches and changing their seats before the start."""

    def __init__(self, service: MatchService):
        self.service = service

    async def create(
        self,
        host: Player,
        game_id: str,
        num_seats: int,
        options: dict | None,
        *,
        seed: int | None = None,
        clock: dict | None = None,
        rated: bool = True,
    ) -> tuple[Match, list[Seat]]:
        """Opens a match hosted by ``host`` in seat 0.

        The seed is drawn from ``secrets``; only the admin API passes ``seed``, and
        such a match is marked ``seed_fixed`` for every seat to see.
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
            seed_format=SEED_FORMAT,
            num_seats=num_seats,
            status="open",
            v=0,
            state=None,
            host_id=host.id,
            clock=clock,
            rated=rated,
        )
        async with self.service.sessions.begin() as s:
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
        return await self.service.get(match.id)

    @staticmethod
    def _must_be_open(match: Match) -> None:
        if match.status != "open":
            raise ServiceError(409, ENDED.get(match.ended or match.status, msg.NOT_OPEN))

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

        return await self.service.transact(match_id, change)

    async def leave(self, match_id: str, player: Player):
        def change(match, seats):
            self._must_be_open(match)
            mine = [st for st in seats if st.player_id == player.id]
            if not mine:
                raise ServiceError(409, msg.NOT_SEATED)
            for st in mine:
                st.kind, st.player_id, st.name, st.level = "empty", None, "", None

        return await self.service.transact(match_id, change)

    def _host_seat(self, match: Match, seats: list[Seat], player: Player, seat: int) -> Seat:
        if match.host_id != player.id:
            raise ServiceError(403, msg.NOT_HOST)
        self._must_be_open(match)
        if not 0 <= seat < len(seats):
            raise ServiceError(422, msg.SEAT_OUT_OF_RANGE.format(last=len(seats) - 1))
        return seats[seat]

    async def add_bot(self, match_id: str, player: Player, seat: int, level: str = DEFAULT_LEVEL):
        """Host only, before the start: a bot of a level (each level is rated on its own) takes an empty seat."""
        known_level(level)

        def change(match, seats):
            target = self._host_seat(match, seats, player, seat)
            if target.kind != "empty":
                raise ServiceError(409, msg.SEAT_TAKEN)
            target.kind, target.player_id, target.name = "bot", None, f"Bot {seat + 1}"
            target.level = level

        return await self.service.transact(match_id, change)

    async def set_level(self, match_id: str, player: Player, seat: int, level: str):
        """Host only: the level of a bot seat before the start, or of the bot that stands in for a player.

        A player's seat keeps the level its bot plays at when the player is away or resigned
        (``None``: the default), chosen before or during the match; a bot's own level, the
        identity it is rated as, is fixed at the start.
        """
        known_level(level)

        def change(match, seats):
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            if match.status not in ("open", "running"):
                raise ServiceError(409, ENDED.get(match.ended or match.status, msg.NOT_OPEN))
            if not 0 <= seat < len(seats):
                raise ServiceError(422, msg.SEAT_OUT_OF_RANGE.format(last=len(seats) - 1))
            target = seats[seat]
            if target.kind == "empty":
                raise ServiceError(409, msg.NO_LEVEL_HERE)
            if target.kind == "bot" and match.status != "open":
                raise ServiceError(409, msg.LEVEL_FIXED)
            target.level = level

        return await self.service.transact(match_id, change)

    async def set_rated(self, match_id: str, player: Player, rated: bool):
        """Host only, before the start: whether the match counts for the ratings."""

        def change(match, seats):
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            self._must_be_open(match)
            match.rated = rated

        return await self.service.transact(match_id, change)

    async def remove_bot(self, match_id: str, player: Player, seat: int):
        def change(match, seats):
            target = self._host_seat(match, seats, player, seat)
            if target.kind != "bot":
                raise ServiceError(409, msg.NOT_A_BOT)
            target.kind, target.name, target.level = "empty", "", None

        return await self.service.transact(match_id, change)

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

        return await self.service.transact(match_id, change)

    async def start(self, match_id: str, player: Player):
        def change(match, seats):
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            self._must_be_open(match)
            self.service.deal(match, seats)

        match, seats = await self.service.transact(match_id, change)
        await self.service.dealt(match)
        return match, seats

    async def cancel(self, match_id: str, player: Player):
        """Host only: calls off an open match; it is marked abandoned and leaves every list."""

        def change(match, seats):
            if match.host_id != player.id:
                raise ServiceError(403, msg.NOT_HOST)
            self._must_be_open(match)
            match.status, match.ended = "abandoned", "cancelled"

        return await self.service.transact(match_id, change)

    async def abort(self, match_id: str):
        def change(match, seats):
            if match.status in ("finished", "abandoned"):
                raise ServiceError(409, msg.NOT_RUNNING.format(status=match.status))
            match.status, match.ended = "abandoned", "abandoned"

        return await self.service.transact(match_id, change)
