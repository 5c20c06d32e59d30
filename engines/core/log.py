"""The game log: readable lines in the game's words, some private to one seat.

Each entry is ``{"text": str, "to": None | [seat, ...]}``; ``to=None`` means
everyone. ``{P0}``..``{P5}`` in a text stand for the seats' names, which only
the service and the client know. ``key`` and ``args`` (optional) let a client
translate a line; ``text`` is the English fallback.
"""


def log(state: dict, text: str, to: list[int] | None = None, key: str | None = None, **args) -> None:
    """Appends a log line, public unless ``to`` names the seats that may read it."""
    entry: dict = {"text": text, "to": to}
    if key:
        entry["key"] = key
        entry["args"] = args
    state.setdefault("log", []).append(entry)


def visible(state: dict, seat: int | None, start: int = 0) -> list[dict]:
    """Returns the log lines ``seat`` may read from index ``start`` on (spectators: public only).

    Each line carries ``n``, its index in the whole log, so a client can page back
    (``before=n``) without learning how many private lines others received.

    >>> s = {"log": [{"text": "a", "to": None}, {"text": "b", "to": [1]}, {"text": "c", "to": None}]}
    >>> [l["n"] for l in visible(s, 0)], [l["n"] for l in visible(s, 1, start=1)]
    ([0, 2], [1, 2])
    """
    out = []
    entries = state.get("log", ())
    for n in range(max(start, 0), len(entries)):
        entry = entries[n]
        to = entry.get("to")
        if to is None or (seat is not None and seat in to):
            line = {"n": n, "text": entry["text"]}
            if "key" in entry:
                line["key"] = entry["key"]
                line["args"] = entry["args"]
            out.append(line)
    return out
