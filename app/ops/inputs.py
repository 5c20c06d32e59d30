"""The gate every HTTP request passes before a route sees it: address, content type, size, JSON.

Routes and pydantic models judge what an input means; this gate only makes sure it is
something every layer below can hold: JSON without NaN or Infinity, nested no deeper than
any real body, and text without NUL characters (PostgreSQL refuses them) or lone
surrogates (no UTF-8 encoder takes them). A refusal is a 4xx with one sentence.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import unquote_to_bytes

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 65_536  # the biggest real body (an action) is a few hundred bytes
MAX_DEPTH = 32  # the deepest real body (an action inside a request) is 4 levels
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

NOT_JSON_TYPE = "Send the body as JSON, with the header Content-Type: application/json."
TOO_BIG = "The body is larger than {limit} bytes."
TOO_DEEP = "The body is nested too deep (more than {depth} levels)."
NOT_UTF8 = "The body is not valid UTF-8."
NOT_JSON = "The body is not valid JSON: {why}."
NUL_IN_TEXT = "{where}: the NUL character is not allowed."
NOT_UNICODE = "{where}: not valid Unicode text (a lone surrogate)."
NUL_IN_ADDRESS = "The address holds a NUL character, which no name or id may contain."


class BadInput(Exception):
    """An input refused before any route runs; ``status`` is the HTTP status."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason


class BadText(BadInput):
    """Text no database we support can store: a NUL character or a lone surrogate."""


class TooDeep(BadInput):
    """JSON nested deeper than any real input."""


def check_text(text: str, where: str) -> None:
    """Raises :class:`BadText` unless ``text`` can be stored by every database we support."""
    if "\x00" in text:
        raise BadText(422, NUL_IN_TEXT.format(where=where))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadText(422, NOT_UNICODE.format(where=where)) from None


def check_json(value: object, where: str = "body", depth: int = 0, limit: int = MAX_DEPTH) -> None:
    """Walks parsed JSON and raises :class:`BadInput` at its first unstorable part.

    The socket checks actions with it too (``app/play/protocol.py``), with a lower ``limit``.
    Recursion is safe: it stops at ``limit`` levels.
    """
    if depth > limit:
        raise TooDeep(422, TOO_DEEP.format(depth=limit))
    if isinstance(value, str):
        check_text(value, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key, f"{where} (a field name)")
            check_json(item, key if where == "body" else f"{where}.{key}", depth + 1, limit)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_json(item, f"{where}.{i}", depth + 1, limit)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large")
    return number


def parse_json(body: bytes) -> object:
    """Returns the body parsed as strict JSON, or raises :class:`BadInput` saying why not."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(422, NOT_UTF8) from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise TooDeep(422, TOO_DEEP.format(depth=MAX_DEPTH)) from None
    except json.JSONDecodeError as err:
        raise BadInput(422, NOT_JSON.format(why=f"{err.msg.lower()} at character {err.pos}")) from None
    except ValueError as err:  # NaN, Infinity, 1e400, integers past Python's digit limit
        raise BadInput(422, NOT_JSON.format(why=str(err).split(";")[0].rstrip("."))) from None
    check_json(value)
    return value


def is_json_type(content_type: str) -> bool:
    """Tells whether a Content-Type header names JSON (``application/json``, ``…+json``)."""
    kind = content_type.split(";")[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


def check_address(scope: Scope) -> None:
    """Raises :class:`BadInput` when the path or query string holds a NUL character."""
    query = unquote_to_bytes(scope.get("query_string", b"").replace(b"+", b" "))
    if "\x00" in scope.get("path", "") or b"\x00" in query:
        raise BadInput(422, NUL_IN_ADDRESS)


class InputGate:
    """ASGI middleware: refuses unstorable input, then hands the buffered body to the app."""

    def __init__(self, app: ASGIApp):
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not a coroutine when it only checks the address: a socket's session would keep this
        # layer's frame for its whole life (docs/benchmarks.md, idle sockets).
        if scope["type"] not in ("http", "websocket"):
            return self.app(scope, receive, send)
        try:
            check_address(scope)
        except BadInput as err:
            return self._refuse(scope, send, err)
        if scope["type"] == "http" and scope["method"] in BODY_METHODS:
            return self._with_body(scope, receive, send)
        return self.app(scope, receive, send)

    async def _with_body(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            receive = await self._checked_body(scope, receive)
        except BadInput as err:
            await self._refuse(scope, send, err)
            return
        await self.app(scope, receive, send)

    @staticmethod
    async def _checked_body(scope: Scope, receive: Receive) -> Receive:
        """Reads the whole body, checks it, and returns a ``receive`` that replays it."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        declared = headers.get("content-length", "0")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            raise BadInput(413, TOO_BIG.format(limit=MAX_BODY_BYTES))
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BODY_BYTES:
                raise BadInput(413, TOO_BIG.format(limit=MAX_BODY_BYTES))
        if body:
            if not is_json_type(headers.get("content-type", "")):
                raise BadInput(415, NOT_JSON_TYPE)
            parse_json(body)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        return replay

    @staticmethod
    async def _refuse(scope: Scope, send: Send, err: BadInput) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": err.reason[:120]})
            return
        payload = json.dumps({"detail": err.reason}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
        await send({"type": "http.response.start", "status": err.status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
