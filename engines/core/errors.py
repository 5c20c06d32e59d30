"""Errors an engine raises. Nothing here knows about HTTP or sockets."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow right now.

    ``str(err)`` is the English sentence shown to a player as it is. ``key`` and
    ``args`` let a client translate it like a log line (the game's
    ``static/js/games/<id>/log_strings.json``); args may hold ``{P0}`` seat placeholders.

    >>> err = IllegalAction("A bid must be higher than 3.", "goa.err.bid_low", {"high": 3})
    >>> str(err), err.key, err.args
    ('A bid must be higher than 3.', 'goa.err.bid_low', {'high': 3})
    """

    def __init__(self, message: str, key: str | None = None, args: dict | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.reason_args = dict(args or {})

    @property
    def args(self) -> dict:  # type: ignore[override]
        """Returns the translation arguments (the message itself is ``str(err)``)."""
        return self.reason_args

    def reason(self) -> dict:
        """Returns the refusal as plain JSON data: ``{"text", "key", "args"}``."""
        return {"text": str(self), "key": self.key, "args": dict(self.reason_args)}
