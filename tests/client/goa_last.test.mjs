// Goa's last move (static/js/games/goa/last.js): what a move changed is what gets ringed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { marks } from "../../static/js/games/goa/last.js";

test("a development marker that moved down is named by seat and column, not row", () => {
  const before = new Set(["row:0:ships:1", "row:0:taxes:2", "tile:A05"]);
  const after = new Set(["row:0:ships:2", "row:0:taxes:2", "tile:A05"]);
  assert.deepEqual([...marks(before, after)], ["row:0:ships"]);
});

test("a tile or colony gained is marked; one lost is not", () => {
  const before = new Set(["tile:A05", "colony:1:Quilon"]);
  const after = new Set(["tile:B12", "colony:1:Quilon", "colony:1:Cochin"]);
  assert.deepEqual([...marks(before, after)].sort(), ["colony:1:Cochin", "tile:B12"]);
});

test("nothing changed, nothing marked", () => {
  const same = new Set(["row:2:expedition:3", "tile:A01"]);
  assert.equal(marks(same, new Set(same)).size, 0);
});
