// patch.js: RFC 6902 apply, atomic on failure.
import { test } from "node:test";
import assert from "node:assert/strict";

import { applyPatch, parsePointer, PatchError } from "../../static/js/core/patch.js";

const text = (v) => JSON.stringify(v);

test("pointers unescape ~1 to / and ~0 to ~, in that order", () => {
  assert.deepEqual(parsePointer("/a~1b/c~0d/~01"), ["a/b", "c~d", "~1"]);
  assert.deepEqual(parsePointer(""), []);
  assert.throws(() => parsePointer("a"), PatchError);
});

test("add, remove and replace reach into objects and arrays", () => {
  const doc = { a: [1, 2], b: { c: 0 } };
  const out = applyPatch(doc, [
    { op: "add", path: "/a/-", value: 3 },
    { op: "add", path: "/a/0", value: 0 },
    { op: "remove", path: "/a/1" },
    { op: "replace", path: "/b/c", value: false },
    { op: "add", path: "/b/~1x", value: null },
  ]);
  assert.equal(text(out), text({ a: [0, 2, 3], b: { c: false, "/x": null } }));
});

test("move, copy and test follow the RFC", () => {
  const out = applyPatch({ a: { x: 1 }, b: [] }, [
    { op: "copy", from: "/a/x", path: "/b/0" },
    { op: "move", from: "/a", path: "/c" },
    { op: "test", path: "/c/x", value: 1 },
  ]);
  assert.equal(text(out), text({ b: [1], c: { x: 1 } }));
});

test("a failing op leaves the input untouched", () => {
  const doc = { a: [1] };
  assert.throws(() => applyPatch(doc, [{ op: "add", path: "/a/-", value: 2 }, { op: "remove", path: "/zzz" }]), PatchError);
  assert.equal(text(doc), text({ a: [1] }));
});

test("a test op tells 0 from false and 1 from true", () => {
  assert.throws(() => applyPatch({ x: 0 }, [{ op: "test", path: "/x", value: false }]), PatchError);
  assert.throws(() => applyPatch({ x: [1] }, [{ op: "test", path: "/x", value: [true] }]), PatchError);
});

test("array indexes must be plain numbers within range", () => {
  assert.throws(() => applyPatch([1], [{ op: "replace", path: "/01", value: 2 }]), PatchError);
  assert.throws(() => applyPatch([1], [{ op: "remove", path: "/1" }]), PatchError);
  assert.throws(() => applyPatch([1], [{ op: "remove", path: "/-" }]), PatchError);
});

test("replacing the root gives the new document", () => {
  assert.equal(text(applyPatch({ a: 1 }, [{ op: "replace", path: "", value: [false] }])), "[false]");
});

test("a key named __proto__ is an ordinary key, never the prototype", () => {
  const doc = JSON.parse('{"a": {"__proto__": 1}}');
  const out = applyPatch(doc, [
    { op: "add", path: "/__proto__", value: { polluted: true } },
    { op: "replace", path: "/a/__proto__", value: 2 },
  ]);
  assert.equal(text(out), '{"a":{"__proto__":2},"__proto__":{"polluted":true}}');
  assert.equal(out.polluted, undefined);
  assert.equal({}.polluted, undefined);
});
