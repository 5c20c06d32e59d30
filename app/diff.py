"""RFC 6902 JSON Patch between two views, computed directly (not by jsonpatch).

``jsonpatch.make_patch`` costs milliseconds on a 20 KB view; walking the two
trees once costs tens of microseconds, and each seat gets its own patch on
every move.

>>> for op in diff({"a": 1, "l": [1]}, {"a": 2, "l": [1, 2], "n": None}):
...     print(op)
{'op': 'replace', 'path': '/a', 'value': 2}
{'op': 'add', 'path': '/l/-', 'value': 2}
{'op': 'add', 'path': '/n', 'value': None}
"""

from __future__ import annotations


def _escape(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def diff(old, new) -> list[dict]:
    """Returns the operations that turn ``old`` into ``new``."""
    ops: list[dict] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old, new, path: str, ops: list[dict]) -> None:
    if old is new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in old.items():
            sub = f"{path}/{_escape(key)}"
            if key not in new:
                ops.append({"op": "remove", "path": sub})
            else:
                _diff(value, new[key], sub, ops)
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
        return
    if isinstance(old, list) and isinstance(new, list):
        common = min(len(old), len(new))
        if len(new) >= len(old):
            for i in range(common):
                _diff(old[i], new[i], f"{path}/{i}", ops)
            for value in new[common:]:
                ops.append({"op": "add", "path": f"{path}/-", "value": value})
            return
        # Not `new == old[:len(new)]`: Python's 0 == False would keep a 0 where false belongs.
        if not diff(old[: len(new)], new):
            # Shrunk from the end: remove the tail, last index first.
            for i in range(len(old) - 1, len(new) - 1, -1):
                ops.append({"op": "remove", "path": f"{path}/{i}"})
            return
        ops.append({"op": "replace", "path": path, "value": new})
        return
    # Scalars, or a change of type. bool is an int in Python: compare types too.
    if type(old) is not type(new) or old != new:
        ops.append({"op": "replace", "path": path, "value": new})
