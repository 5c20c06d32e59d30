"""The game log: readable lines in the game's words, some private to one seat.

Each entry is ``{"text", "to", "key", "args"}``: ``to=None`` means everyone,
else the seats that may read it. ``key`` and ``args`` are how a client shows
the line in its language (``static/js/games/<id>/log_strings.js``); ``text``
is the English fallback. Seats appear as :func:`seat_name` placeholders
(``{P0}``..``{P5}``), in ``text`` and in ``args``: only the service and the
client know the names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .outcome import Outcome


def seat_name(seat: int) -> str:
    """Returns the placeholder a client replaces with a seat's name.

    >>> seat_name(2)
    '{P2}'
    """
    return f"{{P{seat}}}"


def log(state: dict, text: str, to: list[int] | None = None, *, key: str, **args) -> None:
    """Appends a log line, public unless ``to`` names the seats that may read it.

    ``key`` is required: every line a player reads must be translatable.
    """
    state.setdefault("log", []).append({"text": text, "to": to, "key": key, "args": args})


def log_winners(state: dict, outcome: Outcome[Any], prefix: str) -> None:
    """Names the winner (or the seats sharing the win) on the game's last line.

    Keys ``<prefix>.winner`` and ``<prefix>.winners``; ``who`` holds the seats'
    placeholders, ``n`` the winning score.

    >>> s = {"log": []}
    >>> log_winners(s, {"winners": [2], "scores": [5, 7, 9]}, "g")
    >>> s["log"][-1]["text"], s["log"][-1]["key"]
    ('{P2} wins with 9 points.', 'g.winner')
    >>> log_winners(s, {"winners": [0, 1], "scores": [7, 7]}, "g")
    >>> s["log"][-1]["text"]
    '{P0}, {P1} share the win with 7 points.'
    """
    winners = outcome["winners"]
    who = ", ".join(seat_name(seat) for seat in winners)
    points = outcome["scores"][winners[0]]
    if len(winners) == 1:
        log(state, f"{who} wins with {points} points.", key=f"{prefix}.winner", who=who, n=points)
    else:
        log(state, f"{who} share the win with {points} points.", key=f"{prefix}.winners", who=who, n=points)


def visible(state: dict, seat: int | None, start: int = 0, *, text: bool = True) -> list[dict]:
    """Returns the log lines ``seat`` may read from index ``start`` on (spectators: public only).

    Each line carries ``n``, its index in the whole log, so a client can page back
    (``before=n``). A gap in ``n`` shows that others got private lines, so a game logs
    a private line only with a public event of the same action (the conformance
    suite checks it): then their count tells nothing the public event did not.
    ``text=False`` leaves ``text`` out of a line that has a key (a client that knows
    the game's keys shows it from key and args).

    >>> s = {"log": []}
    >>> log(s, "a", key="t.a"); log(s, "b", [1], key="t.b"); log(s, "c", key="t.c", n=3)
    >>> [l["n"] for l in visible(s, 0)], [l["n"] for l in visible(s, 1, start=1)]
    ([0, 2], [1, 2])
    >>> visible(s, None)[1]
    {'n': 2, 'text': 'c', 'key': 't.c', 'args': {'n': 3}}
    >>> visible(s, None, 2, text=False)
    [{'n': 2, 'key': 't.c', 'args': {'n': 3}}]
    """
    out = []
    entries = state.get("log", ())
    for n in range(max(start, 0), len(entries)):
        entry = entries[n]
        to = entry.get("to")
        if to is None or (seat is not None and seat in to):
            # .get: states stored before every line had a key still read.
            key = entry.get("key")
            if text or not key:
                out.append({"n": n, "text": entry["text"], "key": key, "args": entry.get("args", {})})
            else:
                out.append({"n": n, "key": key, "args": entry.get("args", {})})
    return out
