"""A player resigns: the seat stays theirs, played by its bot to the end and ranked last.

With nobody left at the table (every person's seat resigned), the match is abandoned:
bots alone would play on for no one. The final standing (app/play/standing.py) puts resigned
seats last; a resigned player can no longer act on the seat (app/routes/play.py, app/play/socket.py).
"""

from __future__ import annotations

from app import messages as msg
from app.errors import ServiceError
from app.play.matches import MatchService
from app.store.models import Match, Player, Seat
from engines.core.log import seat_name


def people_left(seats: list[Seat]) -> bool:
    """Tells whether a person still plays at the table (a seat held by a player who did not resign)."""
    return any(st.kind == "player" and not st.resigned for st in seats)


async def resign(service: MatchService, match_id: str, player: Player) -> tuple[Match, list[Seat]]:
    """Resigns the player's seat of a running match; abandons the match when no person is left."""

    def change(match: Match, seats: list[Seat]) -> None:
        if match.status != "running":
            raise ServiceError(409, msg.NOT_RUNNING.format(status=match.status))
        mine = next((st for st in seats if st.kind == "player" and st.player_id == player.id), None)
        if mine is None:
            raise ServiceError(403, msg.NOT_SEATED)
        if mine.resigned:
            raise ServiceError(409, msg.RESIGNED)
        mine.resigned = mine.away = True
        match.note("app.log.resigned", who=seat_name(mine.seat))
        if not people_left(seats):
            match.status, match.ended = "abandoned", "abandoned"

    return await service.change(match_id, change)
