"""What anyone may know of a match: its summary, never its state, seed or tokens.

Every page, list and socket ``match`` frame carries it: the seats with who is online, since
when a seat's player was last seen (so a page can say "offline since 14:02" apart from "played
by its bot"), the clocks, the final standing, the service's lines of the story and why a
match ended unplayed.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import engines
from app.ops.text import name_key
from app.play.clock import clock_left
from app.play.standing import standing
from app.store.models import Match, Seat
from app.wording import notes_with_words


def summary(match: Match, seats: list[Seat], online: Counter, now: datetime) -> dict:
    """Returns the summary of a match whose seats have ``online[seat]`` pages open on this worker."""
    game = engines.GAMES.get(match.game)
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
        "ended": match.ended,
        "notes": notes_with_words(match.notes),
        "rated": bool(match.rated),
        "seats": [
            {
                "seat": st.seat,
                "kind": st.kind,
                "name": st.name,
                "name_key": name_key(st.name),
                "player_id": st.player_id,
                "online": st.kind == "bot" or online[st.seat] > 0,
                "seen_at": st.last_seen_at.isoformat() if st.kind == "player" and st.last_seen_at else None,
                "away": bool(st.away),
                "resigned": bool(st.resigned),
                "offer": st.offer,
                "level": st.level,
                **clock_left(match.clock, st, now),
            }
            for st in seats
        ],
    }
