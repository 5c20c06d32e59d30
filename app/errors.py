"""The refusals of the service: each maps to an HTTP status and, on the socket, a ``reject``.

Every room of ``app/`` raises these, and the route table turns them into answers; a
refusal changes nothing.
"""

from __future__ import annotations

from engines import IllegalAction


class ServiceError(Exception):
    """A request the service refuses; ``status`` is the HTTP status it maps to.

    ``key``/``args`` let a client translate ``reason``; an app message
    (:class:`app.messages.Message`) brings its own.
    """

    def __init__(self, status: int, reason: str, key: str | None = None, args: dict | None = None):
        super().__init__(reason)
        self.status = status
        self.reason = str(reason)
        self.key = key or getattr(reason, "key", None)
        self.args_ = args if args is not None else dict(getattr(reason, "args", None) or {})


class Rejected(ServiceError):
    """An action refused; the match is unchanged."""

    def __init__(self, reason: str, status: int = 409, key: str | None = None, args: dict | None = None):
        super().__init__(status, reason, key, args)

    @classmethod
    def illegal(cls, err: IllegalAction) -> Rejected:
        """Returns the refusal of an engine's ``IllegalAction``, with its key and args when it has them."""
        args = getattr(err, "args", None)
        return cls(str(err), status=422, key=getattr(err, "key", None), args=args if isinstance(args, dict) else {})


class Stale(Rejected):
    """An intent made on a version that is not the match's now; the socket sends a fresh state."""
