// Go Goa's "where can I end?" list (static/js/games/gogoa/reach.js): which assignments show.
import { test } from "node:test";
import assert from "node:assert/strict";

const { usefulAssignments } = await import("../../static/js/games/gogoa/reach.js");

const reach = [
  { direction: 0, distance: 1, deviation: 2, value: null, dests: [] },
  { direction: 1, distance: 0, deviation: 2, value: null, dests: ["B1", "F2"] },
  { direction: 2, distance: 1, deviation: 0, value: 4, dests: ["H3"] },
];

test("an assignment shows only for destinations not yet visited, plan goals first", () => {
  const rows = usefulAssignments(reach, [2, 5, 3], new Set(["B1"]), new Set(["H3"]));
  assert.deepEqual(rows, [
    { direction: 4, distance: 5, deviation: 2, goals: ["H3"], others: [] },
    { direction: 5, distance: 2, deviation: 3, goals: [], others: ["F2"] },
  ]);
  assert.deepEqual(usefulAssignments(reach, [2, 5, 3], new Set(["B1", "F2", "H3"]), new Set()), []);
});
