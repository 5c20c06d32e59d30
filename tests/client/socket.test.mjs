// socket.js: when a patch applies, and when the page must ask for a full state.
import { test } from "node:test";
import assert from "node:assert/strict";

import { patchPlan } from "../../static/js/core/socket.js";

test("a patch applies when its base is our version, even after skipped versions", () => {
  assert.equal(patchPlan(4, { type: "patch", base: 4, v: 9 }), "apply");
});

test("a patch from another base asks for a full state instead of applying on the wrong view", () => {
  assert.equal(patchPlan(4, { type: "patch", base: 6, v: 9 }), "sync");
  assert.equal(patchPlan(4, { type: "patch", base: 3, v: 9 }), "sync");
});

test("a patch we already have is ignored", () => {
  assert.equal(patchPlan(9, { type: "patch", base: 4, v: 9 }), "ignore");
  assert.equal(patchPlan(9, { type: "patch", base: 7, v: 8 }), "ignore");
});

test("without a view every patch asks for a state", () => {
  assert.equal(patchPlan(null, { type: "patch", base: 0, v: 1 }), "sync");
  assert.equal(patchPlan(3, { type: "patch", base: 3 }), "sync");
});

test("an older server's patch without base starts from v-1", () => {
  assert.equal(patchPlan(4, { type: "patch", v: 5 }), "apply");
  assert.equal(patchPlan(4, { type: "patch", v: 6 }), "sync");
});
