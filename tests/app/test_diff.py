"""The direct view diff is a correct RFC 6902 patch (checked with jsonpatch).

Results are compared as JSON text, never with Python ``==``: there ``0 == False`` and
``1 == True``, so a patch that leaves ``0`` where ``false`` belongs would pass unseen.
"""

import json

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.play.diff import diff


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
    """A regression: [0, 5] -> [false] left [0], because 0 == False in Python."""
    old, new = {"l": [0, 5]}, {"l": [False]}
    assert as_json(jsonpatch.apply_patch(old, diff(old, new))) == as_json(new)


def test_a_list_shrinking_to_true_does_not_keep_the_one():
    old, new = [1, {"a": 0}, 2], [True, {"a": False}]
    assert as_json(jsonpatch.apply_patch(old, diff(old, new))) == as_json(new)


def test_a_list_filled_or_emptied_is_one_replace():
    assert diff({"legal": []}, {"legal": [{"type": "a"}, {"type": "b"}]}) == [
        {"op": "replace", "path": "/legal", "value": [{"type": "a"}, {"type": "b"}]}
    ]
    assert diff({"legal": [{"type": "a"}, {"type": "b"}]}, {"legal": []}) == [
        {"op": "replace", "path": "/legal", "value": []}
    ]


def test_one_item_taken_out_or_put_into_a_list_is_one_op():
    old = {"l": [0, {"a": 1}, 2, 3]}
    assert diff(old, {"l": [{"a": 1}, 2, 3]}) == [{"op": "remove", "path": "/l/0"}]
    assert diff(old, {"l": [0, {"a": 1}, 9, 2, 3]}) == [{"op": "add", "path": "/l/2", "value": 9}]
    assert diff(old, {"l": [False, {"a": 1}, 2]}) != [{"op": "remove", "path": "/l/3"}]  # false is not 0


def test_a_container_whose_every_member_is_replaced_is_replaced_whole():
    assert diff({"d": {"a": 1, "b": 2}, "l": [1, 2]}, {"d": {"a": 3, "b": 4}, "l": [3, 4, 5]}) == [
        {"op": "replace", "path": "/d", "value": {"a": 3, "b": 4}},
        {"op": "replace", "path": "/l", "value": [3, 4, 5]},
    ]


def test_several_ops_in_a_container_become_one_replace_only_when_that_is_shorter():
    assert diff({"l": [1, 2, 3]}, {"l": [1, 5, 6]}) == [{"op": "replace", "path": "/l", "value": [1, 5, 6]}]
    # A long member kept as it is: the ops per member stay.
    big = {"name": "a long member, which a replace of the list would send again for nothing"}
    assert diff({"l": [big, 2, 3]}, {"l": [big, 5, 6]}) == [
        {"op": "replace", "path": "/l/1", "value": 5},
        {"op": "replace", "path": "/l/2", "value": 6},
    ]


def test_two_empty_lists_give_no_operations():
    assert diff({"l": [], "d": {}}, {"l": [], "d": {}}) == []


def test_items_taken_out_of_a_list_in_places_are_removes_not_the_list_again():
    """A legal list losing the choices a move used up (Go Goa's dice): a remove each."""
    old = [{"type": "assign", "role": r, "die": d} for d in (0, 1, 2) for r in ("direction", "distance", "deviation")]
    new = [a for a in old if a["die"] != 1] + [{"type": "undo"}]
    ops = diff({"legal": old}, {"legal": new})
    assert [op["op"] for op in ops] == ["remove"] * 3 + ["add"]
    assert as_json(jsonpatch.apply_patch({"legal": old}, ops)) == as_json({"legal": new})
