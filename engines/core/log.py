"""The game log: what happened, some lines private to one seat, as keys and args.

Each entry is ``{"to", "key", "args"}``: ``to=None`` means everyone, else the seats that
may read it. The words of each key, in every language, are written once, in the game's
table ``static/js/games/<id>/log_strings.json``, which the page and the service
(``app/wording.py``) both read; an engine writes no sentence of its own. Seats appear as
:func:`seat_name` placeholders (``{P0}``..``{P5}``) in ``args``: only the service and the
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


def log(state: dict, to: list[int] | None = None, *, key: str, **args) -> None:
    """Appends a log line, public unless ``to`` names the seats that may read it.

    >>> s = {}
    >>> log(s, [1], key="goa.bids", who=seat_name(1), n=3); s["log"]
    [{'to': [1], 'key': 'goa.bids', 'args': {'who': '{P1}', 'n': 3}}]
    """
    state.setdefault("log", []).append({"to": to, "key": key, "args": args})


def log_winners(state: dict, outcome: Outcome[Any], prefix: str) -> None:
    """Names the winner (or the seats sharing the win) on the game's last line.

    Keys ``<prefix>.winner`` and ``<prefix>.winners``; ``who`` holds the seats'
    placeholders, ``n`` the winning score.

    >>> s = {"log": []}
    >>> log_winners(s, {"winners": [2], "scores": [5, 7, 9]}, "g"); s["log"][-1]["key"], s["log"][-1]["args"]
    ('g.winner', {'who': '{P2}', 'n': 9})
    >>> log_winners(s, {"winners": [0, 1], "scores": [7, 7]}, "g"); s["log"][-1]["key"], s["log"][-1]["args"]
    ('g.winners', {'who': '{P0}, {P1}', 'n': 7})
    """
    winners = outcome["winners"]
    who = ", ".join(seat_name(seat) for seat in winners)
    points = outcome["scores"][winners[0]]
    log(state, key=f"{prefix}.winner" if len(winners) == 1 else f"{prefix}.winners", who=who, n=points)


def visible(state: dict, seat: int | None, start: int = 0) -> list[dict]:
    """Returns the log lines ``seat`` may read from index ``start`` on (spectators: public only).

    Each line carries ``n``, its index in the whole log, so a client can page back
    (``before=n``). A gap in ``n`` shows that others got private lines, so a game logs
    a private line only with a public event of the same action (the conformance
    suite checks it): then their count tells nothing the public event did not.
    A line of a state stored when lines still carried their English ``text`` keeps it.

    >>> s = {"log": []}
    >>> log(s, key="t.a"); log(s, [1], key="t.b"); log(s, key="t.c", n=3)
    >>> [l["n"] for l in visible(s, 0)], [l["n"] for l in visible(s, 1, start=1)]
    ([0, 2], [1, 2])
    >>> visible(s, None, 2)
    [{'n': 2, 'key': 't.c', 'args': {'n': 3}}]
    """
    out = []
    entries = state.get("log", ())
    for n in range(max(start, 0), len(entries)):
        entry = entries[n]
        to = entry.get("to")
        if to is None or (seat is not None and seat in to):
            line = {"n": n, "key": entry.get("key"), "args": entry.get("args", {})}
            if "text" in entry:
                line["text"] = entry["text"]
            out.append(line)
    return out
