// The log in groups (static/js/core/match/loggroups.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupLines } from "../../static/js/core/match/loggroups.js";

const opens = (l) => l.key === "round";

test("lines before the first header form a group without a head; each header opens a group", () => {
  const lines = [{ n: 0 }, { n: 1, key: "round" }, { n: 2 }, { n: 3 }, { n: 4, key: "round" }];
  assert.deepEqual(groupLines(lines, opens), [
    { head: null, lines: [{ n: 0 }] },
    { head: { n: 1, key: "round" }, lines: [{ n: 2 }, { n: 3 }] },
    { head: { n: 4, key: "round" }, lines: [] },
  ]);
  assert.deepEqual(groupLines([], opens), []);
});
