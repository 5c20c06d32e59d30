"""The direct view diff is a correct RFC 6902 patch (checked with jsonpatch)."""

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.diff import diff

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(alphabet="ab/~", max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet="ab/~", max_size=3), inner, max_size=4),
    max_leaves=20,
)


@given(json_values, json_values)
@settings(max_examples=300, deadline=None)
def test_applying_the_diff_gives_the_new_document(old, new):
    assert jsonpatch.apply_patch(old, diff(old, new)) == new


def test_equal_documents_give_no_operations():
    view = {"a": [1, {"b": True}], "c": None}
    assert diff(view, {"a": [1, {"b": True}], "c": None}) == []


def test_true_and_one_are_different_values():
    assert diff({"x": 1}, {"x": True}) == [{"op": "replace", "path": "/x", "value": True}]
