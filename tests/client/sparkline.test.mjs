// The rating chart's geometry: left to right in time, higher ratings higher up, flat when equal.
import { test } from "node:test";
import assert from "node:assert/strict";

import { sparkPoints } from "../../static/js/core/records/sparkline.js";

test("the first value is at the left, the last at the right, the best at the top", () => {
  const pts = sparkPoints([0, 5, -2, 3], 100, 40, 4);
  assert.equal(pts.length, 4);
  assert.equal(pts[0][0], 4);
  assert.equal(pts[3][0], 96);
  const ys = pts.map((p) => p[1]);
  assert.equal(Math.min(...ys), ys[1], "the highest rating is drawn highest");
  assert.equal(Math.max(...ys), ys[2], "the lowest rating is drawn lowest");
  assert.equal(ys[1], 4);
  assert.equal(ys[2], 36);
});

test("one value, or equal ones, make a flat line in the middle", () => {
  assert.deepEqual(sparkPoints([2.5], 100, 40, 4), [[50, 20]]);
  assert.deepEqual(new Set(sparkPoints([1, 1, 1], 100, 40, 4).map((p) => p[1])), new Set([20]));
  assert.deepEqual(sparkPoints([], 100, 40), []);
});
