// Coimbra's pilgrimage map geometry (static/js/games/coimbra/geometry.js): every site of the
// routes has a place, path spaces sit evenly on their route, tokens sharing a space fan out.
import { test } from "node:test";
import assert from "node:assert/strict";

import { ROUTES, SITE_AT, fanOut, pathSpaces, placeMap, tierOf } from "../../static/js/games/coimbra/geometry.js";

test("every route joins two placed sites, and every placed site is on a route", () => {
  const onRoutes = new Set(ROUTES.flatMap(([a, b]) => [a, b]));
  assert.deepEqual([...onRoutes].filter((s) => !SITE_AT[s]), []);
  assert.deepEqual(Object.keys(SITE_AT).filter((s) => !onRoutes.has(s)), []);
  assert.equal(Object.keys(SITE_AT).length, 18, "4 start spaces and 14 monastery sites");
});

test("the map has 8 tier I, 4 tier II and 2 tier III sites and 4 start spaces", () => {
  const count = {};
  for (const s of Object.keys(SITE_AT)) count[tierOf(s)] = (count[tierOf(s)] || 0) + 1;
  assert.deepEqual(count, { start: 4, I: 8, II: 4, III: 2 });
});

test("no two sites are drawn on top of each other", () => {
  const pts = Object.entries(SITE_AT);
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i][1][0] - pts[j][1][0], pts[i][1][1] - pts[j][1][1]);
      assert.ok(d >= 8, `${pts[i][0]} and ${pts[j][0]} are ${d.toFixed(1)} apart`);
    }
  }
});

test("a route of L steps has L - 1 path spaces, evenly spaced between its ends", () => {
  assert.deepEqual(pathSpaces([0, 0], [0, 30], 3), [[0, 10], [0, 20]]);
  assert.deepEqual(pathSpaces([0, 0], [10, 0], 1), []);
  const pts = pathSpaces([10, 10], [50, 90], 4);
  assert.equal(pts.length, 3);
  assert.deepEqual(pts[1], [30, 50]);
});

test("a route's plain spaces are placed in the order the view lists them, from its first end", () => {
  const at = placeMap({ edges: [{ a: "I8", b: "I6", steps: 3, path: ["I8~I6~1", "I8~I6~2"] }] });
  const [ax, ay] = SITE_AT.I8;
  const [bx, by] = SITE_AT.I6;
  assert.deepEqual(at.get("I8~I6~1"), [Math.round((ax + (bx - ax) / 3) * 100) / 100, Math.round((ay + (by - ay) / 3) * 100) / 100]);
  assert.ok(Math.hypot(at.get("I8~I6~2")[0] - bx, at.get("I8~I6~2")[1] - by) < Math.hypot(at.get("I8~I6~1")[0] - bx, at.get("I8~I6~1")[1] - by));
  assert.deepEqual(at.get("II1"), SITE_AT.II1);
  assert.equal(at.get("I8~I6~3"), undefined, "a route of 3 steps has only 2 plain spaces");
});

test("without a graph from the view the reference's routes give 33 plain spaces", () => {
  const plain = [...placeMap().keys()].filter((k) => k.includes("~"));
  assert.equal(plain.length, ROUTES.reduce((n, r) => n + r[2] - 1, 0));
  assert.equal(plain.length, 33);
});

test("tokens sharing a space fan out to distinct points", () => {
  assert.deepEqual(fanOut(1), [[0, 0]]);
  const four = fanOut(4);
  assert.equal(new Set(four.map((p) => p.join(","))).size, 4);
});
