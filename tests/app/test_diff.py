"""The direct view diff is a correct RFC 6902 patch (checked with jsonpatch).

Results are compared as JSON text, never with Python ``==``: there ``0 == False`` and
``1 == True``, so a patch that leaves ``0`` where ``false`` belongs would pass unseen.
"""

import json

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.diff import diff


def as_json(value) -> str:
    return json.dumps(value, sort_keys=True)


keys = st.text(alphabet="ab/~", max_size=3)  # "/" and "~" are the characters a JSON Pointer escapes
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | keys,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)


@given(json_values, json_values)
@settings(max_examples=300, deadline=None)
def test_applying_the_diff_gives_the_new_document(old, new):
    assert as_json(jsonpatch.apply_patch(old, diff(old, new))) == as_json(new)


def test_equal_documents_give_no_operations():
    view = {"a": [1, {"b": True}], "c": None}
    assert diff(view, {"a": [1, {"b": True}], "c": None}) == []


def test_true_and_one_are_different_values():
    assert diff({"x": 1}, {"x": True}) == [{"op": "replace", "path": "/x", "value": True}]


def test_a_list_shrinking_to_false_does_not_keep_the_zero():
    """Issues 7 and 13: [0, 5] -> [false] left [0], because 0 == False in Python."""
    old, new = {"l": [0, 5]}, {"l": [False]}
    assert as_json(jsonpatch.apply_patch(old, diff(old, new))) == as_json(new)


def test_a_list_shrinking_to_true_does_not_keep_the_one():
    old, new = [1, {"a": 0}, 2], [True, {"a": False}]
    assert as_json(jsonpatch.apply_patch(old, diff(old, new))) == as_json(new)
