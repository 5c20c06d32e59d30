// Navegador's pure client modules: the rondel arithmetic and geometry (geo.js), and the
// words and figures read off a view (words.js) in English and Russian.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { format } from "../../static/js/core/format.js";
import { REGION_AT, fieldCentre, fieldPath, gridSpot, isRedBorder, regionAt, shipCost, stepsAhead } from "../../static/js/games/navegador/geo.js";
import strings from "../../static/js/games/navegador/strings.js";
import { actionLabel, columnVp, fieldName, logArgs, privilegeOffer, sheetVp } from "../../static/js/games/navegador/words.js";

// The engine's data (the one source of the map): its regions and borders, read as text.
const DATA = readFileSync(new URL("../../engines/navegador/data.py", import.meta.url), "utf8");
const BORDERS = [.../BORDERS[^=]*= \(([^]*?)\n\)/.exec(DATA)[1].matchAll(/\("(\w+)", "(\w+)"\)/g)].map(([, a, b]) => [a, b]);
const REGIONS = ["portugal", "guine", "bahia", "rio", "angola", "cabo", "mocambique", "zanzibar", "goa", "malaca", "timor", "macau", "nagasaki"];
const RONDEL = ["sailing", "workers", "market", "colony", "privilege", "ships", "market", "buildings"];

function ctxFor(lang, view = {}) {
  const t = (key, args) => {
    const s = strings[lang]?.[key] ?? strings.en[key];
    return s === undefined ? key : format(s, args, { lang });
  };
  return { lang, t, view, names: ["Ana", "Ben"] };
}

test("the rondel counts fields clockwise, a full circle as eight and a first placement as none", () => {
  assert.equal(stepsAhead(0, 3), 3);
  assert.equal(stepsAhead(6, 1), 3);
  assert.equal(stepsAhead(7, 0), 1);
  assert.equal(stepsAhead(2, 2), 8);
  assert.equal(stepsAhead(null, 5), 0);
});

test("three rondel steps are free and each further step costs one ship", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map((to) => shipCost(0, to)), [0, 0, 0, 1, 2, 3, 4]);
  assert.equal(shipCost(5, 1), 1); // 5 -> 1 is four fields round the top
  assert.equal(shipCost(null, 7), 0); // the first turn places the stone anywhere
});

test("every region of the engine has a place on the map, and no two overlap", () => {
  assert.deepEqual(Object.keys(REGION_AT).sort(), [...REGIONS].sort());
  assert.deepEqual([...new Set(BORDERS.flat())].sort(), [...REGIONS].sort(), "the engine's borders name these regions");
  const points = REGIONS.map((id) => regionAt(id));
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const d = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]);
      assert.ok(d > 100, `${REGIONS[i]} and ${REGIONS[j]} are ${d.toFixed(0)} apart`);
    }
  }
});

test("of the engine's borders, the red ones are exactly those into Cabo from the Atlantic and into Malaca from Goa", () => {
  assert.equal(BORDERS.length, 17, "the 17 borders of the engine's data");
  assert.deepEqual(BORDERS.filter(isRedBorder).map((b) => b.join("-")).sort(), ["angola-cabo", "goa-malaca", "rio-cabo"]);
});

test("rondel fields are ring slices, field 0 centred at the top and the rest clockwise", () => {
  const [x0, y0] = fieldCentre(0, 8, 100, 100, 50);
  assert.deepEqual([x0, y0], [100, 50]);
  const [x2, y2] = fieldCentre(2, 8, 100, 100, 50);
  assert.deepEqual([x2, y2], [150, 100]);
  assert.match(fieldPath(0, 8, 100, 100, 20, 50), /^M[\d.]+ [\d.]+ A50 50 0 0 1 .* A20 20 0 0 0 .* Z$/);
});

test("a privilege pays the coin at the highest free position times the achievements", () => {
  const view = { sheet: { coins: { churches: [50, 40, 30], colonies: [30, 20, 10] } } };
  const p = { privileges: { churches: 1, colonies: 3 }, counts: { churches: 2, colonies: 4 } };
  assert.deepEqual(privilegeOffer(view, p, "churches"), { coin: 40, n: 2, total: 80 });
  assert.equal(privilegeOffer(view, p, "colonies"), null, "a full column offers nothing");
});

test("a sheet column scores (base + privileges) per achievement", () => {
  const view = { sheet: { base: { colonies: 1, factories: 2, explorers: 5, shipyards: 7, churches: 5 }, privilege_vp: { colonies: 1, factories: 1, explorers: 1, shipyards: 2, churches: 2 } } };
  const p = { privileges: { shipyards: 1 }, counts: { colonies: 3, factories: 1, explorers: 0, shipyards: 2, churches: 1 } };
  assert.deepEqual(columnVp(view, p, "shipyards"), { vp: 9, n: 2, total: 18 });
  assert.equal(sheetVp(view, p), 3 + 2 + 0 + 18 + 5);
});

const view = {
  rondel: { fields: RONDEL },
  step: { kind: "workers", offers: [{ count: 0, cost: 0, sold: 0, gain: 0 }, { count: 3, cost: 150, sold: 2, gain: 200 }] },
  regions: [{ id: "guine", good: "gold", ships: [2, 0] }],
  // Prices are read off the table at each marker's row: gold 60, sugar's revenue 30.
  market: { row: { gold: 2, sugar: 3 }, table: { gold: [70, 70, 60, 60], sugar: [60, 60, 50, 50], revenue: [20, 20, 30, 30] } },
  buildings: { shipyard: [{ price: 100, piece: false }, { price: 150, piece: true }] },
  prices: { needs: { shipyard: 4 } },
  sheet: { coins: { explorers: [30, 20, 10] } },
  players: [{ privileges: { explorers: 1 }, counts: { explorers: 5 } }],
};

test("every action is labelled with its cost or gain, in English", () => {
  const en = ctxFor("en", view);
  const label = (a) => actionLabel(en, view, 0, a);
  assert.equal(label({ type: "recruit", count: 3 }), "Recruit 3: 150 Cr. (sell 2 to the bank: +200 Cr.)");
  assert.equal(label({ type: "recruit", count: 0 }), "Recruit nobody");
  assert.equal(label({ type: "found", region: "guine", price: 50 }), "Guiné: gold colony, 50 Cr.");
  assert.equal(label({ type: "build", building: "shipyard" }), "Shipyard: 150 Cr. (4 workers)");
  assert.equal(label({ type: "sell", good: "gold", units: 2 }), "Sell 2 gold × 60 = +120 Cr.");
  assert.equal(label({ type: "process", good: "sugar", units: 1 }), "Process 1 sugar × 30 = +30 Cr.");
  assert.equal(label({ type: "privilege", column: "explorers" }), "Explorers: +100 Cr. (20 × 5), −1 worker");
  assert.equal(label({ type: "explore", region: "angola", ships: ["guine", "rio"] }), "Angola with ships from Guiné + Rio (loses 1)");
  assert.equal(label({ type: "return_ship", region: "guine" }), "From Guiné (2 there)");
});

test("every action label and log argument reads in Russian with no Latin letter (seat placeholders aside)", () => {
  const ru = ctxFor("ru", view);
  const actions = [
    { type: "use_card" }, { type: "keep_card" }, { type: "recruit", count: 3 }, { type: "recruit", count: 0 },
    { type: "found", region: "guine", price: 50 }, { type: "build", building: "shipyard" }, { type: "sell", good: "gold", units: 2 },
    { type: "process", good: "sugar", units: 1 }, { type: "privilege", column: "explorers" }, { type: "done" },
    { type: "explore", region: "nagasaki", ships: ["macau", "macau", "timor"] }, { type: "sail", origin: "rio", to: "cabo" },
    ...RONDEL.map((_, field) => ({ type: "move", field })),
  ];
  for (const a of actions) assert.doesNotMatch(actionLabel(ru, view, 0, a), /[A-Za-z]/, JSON.stringify(a));
  const args = logArgs({ args: { who: "{P0}", receiver: "{P1}", region: "mocambique", origin: "rio", dest: "cabo", good: "spice", building: "church", column: "shipyards", field: 4, action: "colony", phase: 2, cause: "nagasaki", prices: [40, 60] } }, ru);
  assert.deepEqual(args, { who: "{P0}", receiver: "{P1}", region: "Мозамбик", origin: "Рио-де-Жанейро", dest: "Мыс Доброй Надежды", good: "пряности", building: "церковь", column: "верфи", field: "Привилегия", action: "Колония", phase: "Ⅱ", cause: "Нагасаки открыт", prices: "40, 60" });
  assert.equal(logArgs({ args: { field: "buildings" } }, ru).field, "Постройки", "a field the engine names by its id");
});

test("every region, rondel field and good has a name in both languages", () => {
  for (const lang of ["en", "ru"]) {
    const ctx = ctxFor(lang, view);
    for (const id of REGIONS) assert.notEqual(ctx.t(`nv.region.${id}`), `nv.region.${id}`);
    RONDEL.forEach((id, i) => assert.notEqual(fieldName(ctx, view, i), id));
    for (const g of ["sugar", "gold", "spice"]) assert.notEqual(ctx.t(`nv.good.${g}`), `nv.good.${g}`);
  }
});

test("every log line of the engine reads in English with names, not ids", async () => {
  const logs = (await import("../../static/js/games/navegador/log_strings.json", { with: { type: "json" } })).default;
  const en = ctxFor("en", view);
  const line = { key: "nav.builds", args: { who: "Ana", building: "gold_factory", price: 70 } };
  assert.equal(format(logs.en[line.key], logArgs(line, en), { lang: "en" }), "Ana builds a gold factory for 70 Cr.");
  const sail = { key: "nav.sails", args: { who: "Ana", origin: "rio", dest: "cabo" } };
  assert.equal(format(logs.en[sail.key], logArgs(sail, en), { lang: "en" }), "Ana sails a ship from Rio de Janeiro to Cabo da Boa Esperança.");
});

test("every step's heading, status line and player facts read in Russian with no Latin letter", async () => {
  const nav = await import("../../static/js/games/navegador/index.js");
  const { stepTitle } = await import("../../static/js/games/navegador/turn.js");
  const ru = { ...ctxFor("ru", view), names: ["Аня", "Бот 2"] };
  const steps = [
    { kind: "card", seat: 0, before: 1 }, { kind: "move", seat: 0 }, { kind: "pay", seat: 0, left: 2 },
    { kind: "workers", seat: 1 }, { kind: "ships", seat: 1 }, { kind: "sailing", seat: 0, range: 2, card: false },
    { kind: "sailing", seat: 0, range: 3, card: true }, { kind: "colony", seat: 0 }, { kind: "buildings", seat: 0 },
    { kind: "market", seat: 0 }, { kind: "privilege", seat: 0 },
  ];
  const players = [{ money: 230, workers: 3, ships: 2 }, { money: 5, workers: 9, ships: 1 }];
  for (const step of steps) {
    const v = { ...view, step, players, card: { holder: 1 }, ending: { cause: "buildings", turns_left: 2 } };
    for (const text of [stepTitle(ru, v, step), nav.statusLine(v, ru), nav.playerInfo(v, 1, ru)]) {
      assert.doesNotMatch(text.replace(/\{P\d\}/g, ""), /[A-Za-z]/, `${step.kind}: ${text}`);
      assert.doesNotMatch(text, /nv\./, `${step.kind}: a key shows: ${text}`);
    }
  }
  assert.equal(nav.statusLine({ ...view, over: true }, ru), "Игра окончена");
});

test("what moved since the last view: stones, ships that arrived or left, price markers", async () => {
  const { changes } = await import("../../static/js/games/navegador/motion.js");
  const before = { rondel: { stones: [0, null, 5] }, regions: [{ id: "portugal", ships: [2, 2, 1] }, { id: "guine", ships: [0, 0, 0] }], market: { row: { sugar: 3, gold: 3 } } };
  const after = { rondel: { stones: [2, 7, 5] }, regions: [{ id: "portugal", ships: [1, 2, 0] }, { id: "guine", ships: [1, 0, 0] }], market: { row: { sugar: 3, gold: 5 } } };
  assert.deepEqual(changes(before, after), { stones: [0, 1], ships: [["portugal", 0], ["guine", 0]], goods: ["gold"] });
  assert.deepEqual(changes(null, after), { stones: [], ships: [], goods: [] }, "the first view drawn animates nothing");
  assert.deepEqual(changes(after, after), { stones: [], ships: [], goods: [] });
});

test("up to five players' markers at one spot sit in a grid, never on top of each other", () => {
  assert.deepEqual(gridSpot(100, 100, 0, 1, 20), [100, 100]);
  assert.deepEqual([0, 1].map((k) => gridSpot(100, 100, k, 2, 20)), [[90, 100], [110, 100]]);
  for (let count = 1; count <= 5; count++) {
    const spots = Array.from({ length: count }, (_, k) => gridSpot(100, 100, k, count, 20));
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) assert.ok(Math.hypot(spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]) >= 20, `${count}: ${spots}`);
    }
    const cx = spots.reduce((a, p) => a + p[0], 0) / count;
    assert.ok(Math.abs(cx - 100) < 1e-9, `${count} markers are centred: ${spots}`);
  }
  assert.deepEqual(gridSpot(100, 100, 2, 3, 20), [100, 110], "a short last row is centred");
  assert.deepEqual([3, 4].map((k) => gridSpot(100, 100, k, 5, 20)), [[90, 110], [110, 110]]);
});

test("the rondel shows the mover's cost of every field from its stone, also those it cannot pay", async () => {
  const { fieldCosts } = await import("../../static/js/games/navegador/rondel.js");
  const v = { current: 1, rondel: { stones: [2, 6] }, step: { kind: "move", seat: 1 } };
  assert.deepEqual([...fieldCosts(v)].sort((a, b) => a[0] - b[0]), [[0, 0], [1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [7, 0]]);
  const waiting = { current: 0, rondel: { stones: [2, 6] }, step: { kind: "market", seat: 0 } };
  assert.deepEqual(fieldCosts(waiting).get(5), 0, "from the stone of the player whose turn it is");
  assert.equal(fieldCosts({ current: 0, rondel: { stones: [null, 6] }, step: { kind: "move", seat: 0 } }).get(4) ?? 0, 0, "a first placement is free");
});
