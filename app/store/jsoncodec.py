"""JSON as the service writes it to sockets and to the database: orjson, compact.

The same JSON the standard library writes with ``separators=(",", ":")`` (non-string keys
become strings, as there; non-ASCII stays UTF-8 instead of ``\\u`` escapes), at a fraction
of the cost: every move serialises a state for the database and a frame per seat.

>>> dumps({"a": [1, None, True], 2: "é"})
'{"a":[1,null,true],"2":"é"}'
"""

from __future__ import annotations

import orjson

loads = orjson.loads


def dumps(value) -> str:
    """Returns compact JSON text (UTF-8, nothing escaped that need not be)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
