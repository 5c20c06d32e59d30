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

from difflib import SequenceMatcher


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
        if not _same(old, new):
            _diff_dict(old, new, path, ops)
        return
    if isinstance(old, list) and isinstance(new, list):
        if not _same(old, new):
            _diff_list(old, new, path, ops)
        return
    # Scalars, or a change of type. bool is an int in Python: compare types too.
    if type(old) is not type(new) or old != new:
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_dict(old: dict, new: dict, path: str, ops: list[dict]) -> None:
    sub: list[dict] = []
    kept = 0  # keys of new left as they were or patched inside
    for key, value in old.items():
        at = f"{path}/{_escape(key)}"
        if key not in new:
            sub.append({"op": "remove", "path": at})
        else:
            kept += _diff_item(value, new[key], at, sub)
    for key, value in new.items():
        if key not in old:
            sub.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
    _emit(sub, kept, new, path, ops)


def _diff_list(old: list, new: list, path: str, ops: list[dict]) -> None:
    if not old and not new:
        return
    if not old or not new:
        # Filled or emptied: one replace instead of an add or a remove per item.
        ops.append({"op": "replace", "path": path, "value": new})
        return
    if abs(len(new) - len(old)) == 1 and _one_moved(old, new, path, ops):
        return
    if len(new) != len(old):
        _edit_list(old, new, path, ops)
        return
    sub: list[dict] = []
    kept = 0  # items of new left as they were or patched inside
    for i in range(len(new)):
        kept += _diff_item(old[i], new[i], f"{path}/{i}", sub)
    _emit(sub, kept, new, path, ops)


def _edit_list(old: list, new: list, path: str, ops: list[dict]) -> None:
    """Patches a list that grew or shrank by the items put in or taken out where they are.

    A longest common subsequence of the items (compared by ``repr``, so ``0`` is no
    ``false``) keeps what stayed: a legal list that lost the choices one move used up
    becomes a few ``remove``s, not the whole list again. Ops run in order, so each
    index counts the edits before it (``shift``).
    """
    sub: list[dict] = []
    kept = shift = 0
    blocks = SequenceMatcher(None, [repr(x) for x in old], [repr(x) for x in new], autojunk=False)
    for tag, i1, i2, j1, j2 in blocks.get_opcodes():
        if tag == "equal":
            kept += i2 - i1
        elif tag == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                kept += _diff_item(old[i1 + k], new[j1 + k], f"{path}/{i1 + k + shift}", sub)
        else:
            sub.extend({"op": "remove", "path": f"{path}/{i1 + shift}"} for _ in range(i1, i2))
            sub.extend({"op": "add", "path": f"{path}/{i1 + shift + k}", "value": new[j1 + k]} for k in range(j2 - j1))
            shift += (j2 - j1) - (i2 - i1)
    _emit(sub, kept, new, path, ops)


def _diff_item(old, new, path: str, sub: list[dict]) -> int:
    """Diffs one member into ``sub``; returns 1 if it was kept or patched inside, 0 if replaced whole."""
    before = len(sub)
    _diff(old, new, path, sub)
    return 0 if len(sub) == before + 1 and sub[-1]["path"] == path else 1


def _emit(sub: list[dict], kept: int, new, path: str, ops: list[dict]) -> None:
    # When every member is new or replaced whole, replacing the container says the same in one op;
    # so does a replace shorter than the ops (repr's length stands in for JSON's; 30 for the op's keys).
    if len(sub) > 1 and path and (kept == 0 or len(repr(new)) + len(path) + 30 < len(repr(sub))):
        ops.append({"op": "replace", "path": path, "value": new})
    else:
        ops.extend(sub)


def _one_moved(old: list, new: list, path: str, ops: list[dict]) -> bool:
    """Finds one item inserted into or taken out of a list (not only at its end); adds that one op."""
    short, long = (old, new) if len(old) < len(new) else (new, old)
    i = 0
    while i < len(short) and _same(short[i], long[i]):
        i += 1
    if not _same(short[i:], long[i + 1 :]):
        return False
    if long is new:
        ops.append({"op": "add", "path": f"{path}/{i}" if i < len(old) else f"{path}/-", "value": new[i]})
    else:
        ops.append({"op": "remove", "path": f"{path}/{i}"})
    return True


def _same(a, b) -> bool:
    """Tells whether two JSON values are the same, 0 and false apart (== says 0 == False).

    Both tests run in C, so most of a view, which a move leaves alone, costs no Python walk;
    == stops at the first difference, and equal reprs rule out 0 for false or 1.0 for 1
    (a different key order only sends the caller on to the walk, which finds nothing).
    """
    return a == b and repr(a) == repr(b)
