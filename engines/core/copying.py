"""Copying states: deep where a move may write, shared where nothing changes in place.

A move's new state is a copy of the old one that ``play`` may change freely. Copying a
whole state per move costs more than most rules, so a game may say how its keys change
(``Game.shared``, ``replaced``, ``lent``, ``flat``) and only what may be written is copied;
the conformance tests play every game beside its states read back from JSON, which share
nothing, so a plan that aliases a record is caught.
"""

from __future__ import annotations

import marshal
import pickle
from collections.abc import Callable
from typing import Any


def clone(state: Any, shared: tuple[str, ...] = ("log",)) -> Any:
    """Returns a copy of a JSON-like state (or any part of one) that may be changed freely.

    Deep, except the lists named in ``shared``: their items are never changed once
    appended (the log's lines, a stack of kept states), so the copy gets a new list
    of the same items and a long game does not pay for copying its history on every
    action. A name is a key of the state, or ``"key.*.sub"``: the list ``sub`` of
    each item of the list ``key`` (``"players.*.paths"``).

    >>> s = {"rng": 1, "log": [{"text": "a"}], "players": [{"ships": 1, "paths": [[0]]}]}
    >>> c = clone(s, ("log", "players.*.paths")); c["players"][0]["ships"] = 2; c["log"].append({"text": "b"})
    >>> s["players"][0]["ships"], len(s["log"]), list(c) == list(s)
    (1, 1, True)
    >>> c["players"][0]["paths"][0] is s["players"][0]["paths"][0]
    True
    """
    return clone_except(state, [name.split(".") for name in shared])


def copy_plain(obj: Any) -> Any:
    """Returns a deep copy of plain data (dicts, lists, scalars)."""
    # marshal copies dicts, lists and scalars (keeping aliases, as pickle does) in about
    # half pickle's time; anything else it refuses goes through pickle.
    try:
        return marshal.loads(marshal.dumps(obj))
    except ValueError:
        return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))


def clone_except(obj: Any, paths: list[list[str]]) -> Any:
    """Returns a deep copy of ``obj`` whose lists at ``paths`` are new lists of the same items."""
    # One copy of the state with the shared lists left out (a placeholder keeps each
    # key's place), then the shared lists go back in as new lists of the same items.
    out = copy_plain(_strip(obj, paths))
    _graft(out, obj, paths)
    return out


def _strip(obj: Any, paths: list[list[str]]) -> Any:
    if isinstance(obj, list) and paths and all(p[0] == "*" for p in paths):
        rest = [p[1:] for p in paths]
        return [_strip(item, rest) for item in obj]
    if not isinstance(obj, dict) or not any(p[0] in obj for p in paths):
        return obj
    whole = {p[0] for p in paths if len(p) == 1}
    deeper: dict[str, list[list[str]]] = {}
    for p in paths:
        if len(p) > 1:
            deeper.setdefault(p[0], []).append(p[1:])
    return {k: None if k in whole else _strip(v, deeper[k]) if k in deeper else v for k, v in obj.items()}


def _graft(out: Any, obj: Any, paths: list[list[str]]) -> None:
    if isinstance(obj, list) and paths and all(p[0] == "*" for p in paths):
        rest = [p[1:] for p in paths]
        for mine, item in zip(out, obj, strict=True):
            _graft(mine, item, rest)
        return
    if not isinstance(obj, dict):
        return
    for path in paths:
        key = path[0]
        if key not in obj:
            continue
        if len(path) == 1:
            out[key] = list(obj[key]) if isinstance(obj[key], list) else copy_plain(obj[key])
        else:
            _graft(out[key], obj[key], [path[1:]])


#: Values a copy of the state shares: nothing can change them in place.
IMMUTABLE = frozenset({int, float, str, bool, type(None)})

#: The key of a state in ``play`` that names the records still lent by the state before
#: (``(list key, index)`` pairs; see ``Game.lent``). ``apply`` takes it out after ``play``.
LENT = "_lent"


def own(state: dict, key: str, i: int, copy: Callable[[Any], Any] | None = None) -> Any:
    """Returns item ``i`` of the list ``state[key]``, the state's own to change.

    In ``play`` the records of a ``Game.lent`` list still belong to the state before
    until taken with ``own``, which copies each the first time (deep, or with ``copy``:
    a game's own copy of a record, which knows which parts are never changed in place).
    Anywhere else (a state that lends nothing) it is ``state[key][i]``.

    >>> old = {"players": [{"ships": 1}, {"ships": 2}]}
    >>> new = {"players": list(old["players"]), LENT: {("players", 0), ("players", 1)}}
    >>> own(new, "players", 1)["ships"] += 1
    >>> old["players"][1]["ships"], new["players"][1]["ships"], new["players"][0] is old["players"][0]
    (2, 3, True)
    """
    lent = state.get(LENT)
    if lent and (key, i) in lent:
        lent.remove((key, i))
        state[key][i] = (copy or copy_plain)(state[key][i])
    return state[key][i]
