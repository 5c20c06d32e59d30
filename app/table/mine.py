"""A player's own matches at a glance: their turn first, then waiting ones, then finished ones.

Whose turn it is comes from the newest action row (``actions.to_act`` is stored with
every move), so the list reads no state except at version 0 and for final results.
Outcomes are public once a match is over; nothing here reveals a hidden value.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import and_, select

import engines
from app.play.matches import MatchService
from app.store.models import Action, Match, Seat

#: Finished matches shown (the newest); running and open ones are all shown.
FINISHED_SHOWN = 10


async def my_matches(service: MatchService, player_id: str) -> dict[str, list[dict[str, Any]]]:
    """Returns ``{"turn", "waiting", "finished"}``: the player's matches as summaries plus
    ``my_seat``, ``to_act``, ``last_move_at`` and, when over, ``outcome``."""
    async with service.sessions() as s:
        mine = select(Seat.match_id).where(Seat.player_id == player_id, Seat.kind == "player")
        live = (
            (
                await s.execute(
                    select(Match)
                    .where(Match.id.in_(mine), Match.status.in_(("open", "running")))
                    .order_by(Match.updated_at.desc())
                )
            )
            .scalars()
            .all()
        )
        done = (
            (
                await s.execute(
                    select(Match)
                    .where(Match.id.in_(mine), Match.status == "finished")
                    .order_by(Match.updated_at.desc())
                    .limit(FINISHED_SHOWN)
                )
            )
            .scalars()
            .all()
        )
        matches = [*live, *done]
        ids = [m.id for m in matches]
        seats: dict[str, list[Seat]] = defaultdict(list)
        last: dict[str, Any] = {}
        if ids:
            for st in (await s.execute(select(Seat).where(Seat.match_id.in_(ids)).order_by(Seat.seat))).scalars():
                seats[st.match_id].append(st)
            newest = await s.execute(
                select(Action.match_id, Action.to_act, Action.created_at)
                .join(Match, and_(Match.id == Action.match_id, Match.v == Action.v))
                .where(Action.match_id.in_(ids))
            )
            last = {row.match_id: row for row in newest}
    out: dict[str, list[dict[str, Any]]] = {"turn": [], "waiting": [], "finished": []}
    for match in matches:
        entry = service.summary(match, seats[match.id])
        own = next(st for st in seats[match.id] if st.player_id == player_id)
        my_seat = own.seat
        game = engines.GAMES.get(match.game)
        row = last.get(match.id)
        to_act: list[int] = []
        if match.status == "running":
            if row is not None:
                to_act = list(row.to_act)
            elif game is not None and match.state is not None:
                to_act = sorted(game.to_act(match.state))
        entry.update(
            my_seat=my_seat, to_act=to_act, last_move_at=row.created_at.isoformat() if row is not None else None
        )
        if match.status == "finished":  # the summary holds its outcome, resigned seats last
            out["finished"].append(entry)
        else:
            # A seat its bot plays (away, resigned) is not waiting for its player.
            out["turn" if my_seat in to_act and not own.away else "waiting"].append(entry)
    return out
