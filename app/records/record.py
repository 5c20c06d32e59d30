"""What the ratings show: a rater's ratings, their record in a game, and leaderboards.

Everything here comes from the rated results (``rating_results``), which hold only what a
finished match's public replay shows as well: who sat there, their places and scores.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.records.ratings import BOT_PREFIX, MODEL, ordinal
from app.store.models import Match, Player, Rating, RatingResult

#: How many of the latest results a record lists.
LAST = 10


def number(x: float | None) -> float | int | None:
    """A score as it was given (whole numbers stay whole)."""
    return int(x) if x is not None and float(x).is_integer() else x


def bot_level(rater: str) -> str | None:
    return rater[len(BOT_PREFIX) :] if rater.startswith(BOT_PREFIX) else None


async def names(s: AsyncSession, raters: set[str]) -> dict[str, str]:
    """Each rater's name now: a player's own, ``Bot · <level>`` for the bots of a level."""
    people = [r for r in raters if bot_level(r) is None]
    found = dict((await s.execute(select(Player.id, Player.name).where(Player.id.in_(people)))).all())
    return {r: found.get(r, "?") if bot_level(r) is None else f"Bot · {bot_level(r)}" for r in raters}


def who(rater: str, name: str) -> dict[str, Any]:
    return {"id": rater, "name": name, "bot": bot_level(rater)}


def shown(row: Any) -> dict[str, Any]:
    """A rating as the API shows it: the model's numbers and the one number shown to people."""
    return {"mu": row.mu, "sigma": row.sigma, "ordinal": ordinal(row.mu, row.sigma)}


async def exists(s: AsyncSession, rater: str) -> bool:
    """Tells whether ``rater`` names a player, or a bot level that has been rated."""
    if bot_level(rater) is None:
        return await s.get(Player, rater) is not None
    return (await s.execute(select(Rating.rater).where(Rating.rater == rater).limit(1))).first() is not None


async def ratings_of(s: AsyncSession, rater: str) -> list[dict[str, Any]]:
    """Every game the rater is rated in, with games and wins."""
    rows = (await s.execute(select(Rating).where(Rating.rater == rater).order_by(Rating.game))).scalars().all()
    return [{"game": r.game, **shown(r), "games": r.games, "wins": r.wins} for r in rows]


async def record(s: AsyncSession, rater: str, game: str) -> dict[str, Any]:
    """The rater's record in ``game``: rating and its history, counts, scores, last results, head-to-head."""
    q = (
        select(RatingResult)
        .where(RatingResult.game == game, RatingResult.rater == rater)
        .order_by(RatingResult.finished_at, RatingResult.id)
    )
    mine = list((await s.execute(q)).scalars().all())
    rating = await s.get(Rating, (game, rater))
    ids = [r.match_id for r in mine]
    others: dict[str, list[RatingResult]] = defaultdict(list)
    seats: dict[str, int] = {}
    if ids:
        q_all = select(RatingResult).where(RatingResult.match_id.in_(ids), RatingResult.rater != rater)
        for r in (await s.execute(q_all)).scalars():
            others[r.match_id].append(r)
        seats = dict((await s.execute(select(Match.id, Match.num_seats).where(Match.id.in_(ids)))).all())
    told = await names(s, {rater} | {r.rater for rs in others.values() for r in rs})
    history = [{"match_id": r.match_id, "at": r.finished_at.isoformat(), **shown(r)} for r in mine]
    scores = [r.score for r in mine if r.score is not None]
    return {
        "player": who(rater, told[rater]),
        "game": game,
        "rating": {**shown(rating), "games": rating.games, "wins": rating.wins} if rating else None,
        "history": history,
        "games": len(mine),
        "wins": sum(r.place == 1 for r in mine),
        "average_score": round(sum(scores) / len(scores), 1) if scores else None,
        "best_score": number(max(scores)) if scores else None,
        "last": [last(r, i, mine, history, others, seats, told) for i, r in reversed(list(enumerate(mine)))][:LAST],
        "head_to_head": head_to_head(mine, others, told),
    }


def last(r, i: int, mine: list, history: list, others: dict, seats: dict, told: dict) -> dict[str, Any]:
    """One result as the record lists it, with its replay and the rating it moved."""
    before = history[i - 1]["ordinal"] if i else ordinal(MODEL.mu, MODEL.sigma)
    return {
        "match_id": r.match_id,
        "at": r.finished_at.isoformat(),
        "place": r.place,
        "seats": seats.get(r.match_id),
        "score": number(r.score),
        "ordinal": history[i]["ordinal"],
        "change": history[i]["ordinal"] - before,
        "opponents": [who(o.rater, told[o.rater]) | {"place": o.place} for o in others[r.match_id]],
        "replay": f"/m/{r.match_id}?v=0",
    }


def head_to_head(mine: list, others: dict, told: dict) -> list[dict[str, Any]]:
    """Against each rater met: games together, and who placed better (the same place: a draw)."""
    met: dict[str, dict[str, int]] = {}
    for r in mine:
        for o in others[r.match_id]:
            tally = met.setdefault(o.rater, {"games": 0, "wins": 0, "losses": 0, "draws": 0})
            tally["games"] += 1
            key = "wins" if r.place < o.place else "losses" if r.place > o.place else "draws"
            tally[key] += 1
    order = sorted(met, key=lambda x: (-met[x]["games"], told[x].casefold()))
    return [who(x, told[x]) | met[x] for x in order]


async def circle(s: AsyncSession, player_id: str) -> set[str]:
    """The player and every rater they have played a rated match with."""
    theirs = select(RatingResult.match_id).where(RatingResult.rater == player_id)
    q = select(RatingResult.rater).where(RatingResult.match_id.in_(theirs)).distinct()
    return {player_id, *(await s.execute(q)).scalars().all()}


async def leaderboard(s: AsyncSession, game: str, among: set[str] | None) -> list[dict[str, Any]]:
    """The rated in ``game`` (only ``among``, unless ``None``), best ordinal first."""
    q = select(Rating).where(Rating.game == game)
    if among is not None:
        q = q.where(Rating.rater.in_(among))
    rows = list((await s.execute(q)).scalars().all())
    told = await names(s, {r.rater for r in rows})
    out = [who(r.rater, told[r.rater]) | shown(r) | {"games": r.games, "wins": r.wins} for r in rows]
    out.sort(key=lambda x: (-x["ordinal"], x["name"].casefold()))
    return [{"rank": i + 1, **x} for i, x in enumerate(out)]
