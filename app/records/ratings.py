"""Ratings per game: openskill's Plackett–Luce model over the final standing of rated matches.

Who is rated: every seat of a finished match that the host left rated and where at least
two people played (one person against bots is practice, not a result between friends).
People are rated as themselves, whatever played their seat while they were away; bots as one
identity per game and level (``bot:normal``), so people can measure themselves against them.
Ranks are the standing's places (app/play/standing.py): ties share a place, resigned seats
come last. A bot level sitting at several seats of one match plays several teams, each from
its current rating, and keeps the mean of their new ratings (and one game, won if any of
them won).

The update is written in the transaction that stores the finishing move (``finished``), so
it commits exactly when the move does: a second worker's copy of that move loses the
compare-and-set on the version and rolls back before reaching it. Finishing moves of one
game take a PostgreSQL advisory lock for that game first, so they are rated one at a time
and ``finished_at``, read once the lock is held, is the order they were rated in:
``rebuild`` replays that order and gets the same numbers.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.ext.asyncio import AsyncConnection

from app.play.standing import standing
from app.store.models import Match, Rating, RatingResult, Seat, utcnow

#: The library's own model and defaults (mu 25, sigma 25/3, ordinal mu − 3·sigma).
MODEL = PlackettLuce()
BOT_PREFIX = "bot:"


def bot_rater(level: str) -> str:
    """The rated identity of a game's bots of one level (``bot:normal``)."""
    return f"{BOT_PREFIX}{level}"


def ordinal(mu: float, sigma: float) -> float:
    """The one number a rating is shown as: the library's conservative estimate."""
    return MODEL.create_rating([mu, sigma]).ordinal()


@dataclass(frozen=True)
class Entry:
    """A seat as the ratings see it: who, and where the standing placed it."""

    rater: str
    seat: int
    place: int
    score: float | None


def entries(match: Any, seats: Sequence[Any]) -> list[Entry] | None:
    """Returns the rated seats of a finished match in seat order, or ``None`` when it is not rated."""
    people = {st.player_id for st in seats if st.kind == "player" and st.player_id}
    if not match.rated or len(people) < 2:
        return None
    figures = standing(match, seats)
    if figures is None:
        return None
    out = []
    for st in seats:
        rater = st.player_id if st.kind == "player" else bot_rater(st.level or "normal")
        score = figures["scores"][st.seat] if st.seat < len(figures["scores"]) else None
        out.append(Entry(rater, st.seat, figures["places"][st.seat], score))
    return out


@dataclass
class Now:
    """A rater's rating and counts before (and, once rated, after) a match."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0


def rate(current: dict[str, Now], seats: list[Entry]) -> dict[str, Now]:
    """Returns every rater's rating after a match (``current`` misses those never rated)."""
    fresh = {e.rater: current.get(e.rater) or Now(MODEL.mu, MODEL.sigma) for e in seats}
    teams = [[MODEL.create_rating([fresh[e.rater].mu, fresh[e.rater].sigma])] for e in seats]
    after = MODEL.rate(teams, ranks=[e.place for e in seats])
    got: dict[str, list] = {}
    for e, team in zip(seats, after, strict=True):
        got.setdefault(e.rater, []).append(team[0])
    out = {}
    for rater, ratings in got.items():
        was = fresh[rater]
        won = any(e.place == 1 for e in seats if e.rater == rater)
        out[rater] = Now(
            sum(r.mu for r in ratings) / len(ratings),
            sum(r.sigma for r in ratings) / len(ratings),
            was.games + 1,
            was.wins + int(won),
        )
    return out


def results(match_id: str, game: str, seats: list[Entry], after: dict[str, Now], at: datetime) -> list[dict]:
    """The ``rating_results`` rows of a rated match: one per rater, from its best placed seat."""
    best: dict[str, Entry] = {}
    for e in seats:
        if e.rater not in best or e.place < best[e.rater].place:
            best[e.rater] = e
    return [
        {
            "match_id": match_id,
            "game": game,
            "rater": rater,
            "seat": e.seat,
            "place": e.place,
            "score": e.score,
            "mu": after[rater].mu,
            "sigma": after[rater].sigma,
            "finished_at": at,
        }
        for rater, e in best.items()
    ]


async def lock_game(conn: AsyncConnection, game: str) -> None:
    """Rates one match of ``game`` at a time on PostgreSQL (held to the transaction's end).

    SQLite has one writer at a time already.
    """
    if conn.dialect.name == "postgresql":
        key = zlib.crc32(f"caravela:ratings:{game}".encode())
        await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})


async def now_under_lock(conn: AsyncConnection) -> datetime:
    """The time a match is rated at, read once its game's lock is held: the order of rating.

    PostgreSQL's own clock, so workers on several machines agree on the order whatever their
    clocks say; SQLite has one process.
    """
    if conn.dialect.name == "postgresql":
        return (await conn.execute(text("SELECT clock_timestamp()"))).scalar_one()
    return utcnow()


async def finished(conn: AsyncConnection, match_id: str) -> None:
    """Rates a match whose finishing move this transaction has just stored (the service's hook)."""
    match = (await conn.execute(select(Match.__table__).where(Match.id == match_id))).one()
    seats = (await conn.execute(select(Seat.__table__).where(Seat.match_id == match_id).order_by(Seat.seat))).all()
    rated = entries(match, seats)
    if rated is not None:
        await lock_game(conn, match.game)
    at = await now_under_lock(conn)
    await conn.execute(update(Match).where(Match.id == match_id).values(finished_at=at))
    if rated is None:
        return
    raters = sorted({e.rater for e in rated})
    q = select(Rating.__table__).where(Rating.game == match.game, Rating.rater.in_(raters))
    current = {r.rater: Now(r.mu, r.sigma, r.games, r.wins) for r in (await conn.execute(q)).all()}
    after = rate(current, rated)
    for rater, now in after.items():
        values = {"mu": now.mu, "sigma": now.sigma, "games": now.games, "wins": now.wins}
        if rater in current:
            await conn.execute(update(Rating).where(Rating.game == match.game, Rating.rater == rater).values(**values))
        else:
            await conn.execute(insert(Rating).values(game=match.game, rater=rater, **values))
    await conn.execute(insert(RatingResult), results(match_id, match.game, rated, after, at))


async def rebuild(conn: AsyncConnection, games: Iterable[str]) -> int:
    """Recomputes every rating from the finished matches in the order they finished.

    Returns how many matches were rated. Runs in the caller's transaction, holding the lock
    of each game (``games`` and every game played), so no finishing move is rated halfway.
    """
    if conn.dialect.name == "postgresql":
        played = (await conn.execute(select(Match.game).distinct())).scalars().all()
        for game in sorted({*games, *played}):
            await lock_game(conn, game)
    # On SQLite the first statement writes, so the transaction holds the one write lock from
    # the start (a read first could find the database moved on when it came to write).
    await conn.execute(delete(RatingResult))
    await conn.execute(delete(Rating))
    q = (
        select(Match.__table__)
        .where(Match.status == "finished", Match.finished_at.is_not(None))
        .order_by(Match.finished_at, Match.id)
    )
    matches = (await conn.execute(q)).all()
    seats: dict[str, list] = {}
    if matches:
        done = select(Match.id).where(Match.status == "finished")
        rows = await conn.execute(
            select(Seat.__table__).where(Seat.match_id.in_(done)).order_by(Seat.match_id, Seat.seat)
        )
        for st in rows.all():
            seats.setdefault(st.match_id, []).append(st)
    now: dict[tuple[str, str], Now] = {}
    rows_out: list[dict] = []
    count = 0
    for match in matches:
        rated = entries(match, seats.get(match.id, []))
        if rated is None:
            continue
        current = {e.rater: now[match.game, e.rater] for e in rated if (match.game, e.rater) in now}
        after = rate(current, rated)
        for rater, got in after.items():
            now[match.game, rater] = got
        rows_out += results(match.id, match.game, rated, after, match.finished_at)
        count += 1
    if now:
        await conn.execute(
            insert(Rating),
            [
                {"game": g, "rater": r, "mu": x.mu, "sigma": x.sigma, "games": x.games, "wins": x.wins}
                for (g, r), x in now.items()
            ],
        )
    if rows_out:
        await conn.execute(insert(RatingResult), rows_out)
    return count


async def rebuild_database(url: str) -> int:
    """``python -m app ratings --rebuild``: :func:`rebuild` in one transaction on the database at ``url``."""
    import engines
    from app.store.db import make_engine

    db = make_engine(url)
    try:
        async with db.begin() as conn:
            return await rebuild(conn, engines.GAMES)
    finally:
        await db.dispose()
