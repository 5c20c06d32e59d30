// Goa's colony chance (static/js/games/goa/chance.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { colonyChance } from "../../static/js/games/goa/chance.js";

test("the chance counts every pair of unseen cards once", () => {
  assert.equal(colonyChance(0, [0, 1]), 1);
  assert.equal(colonyChance(-3, []), 1);
  assert.equal(colonyChance(2, [1, 1, 0]), 1 / 3);
  assert.equal(colonyChance(3, [1, 2, 3, 0]), 4 / 6); // 1+2, 1+3, 2+3, 3+0
  assert.equal(colonyChance(9, [1, 2, 3]), 0);
  assert.equal(colonyChance(1, [5]), 0); // fewer than two cards unseen
});
