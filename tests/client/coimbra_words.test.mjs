// Coimbra's words (static/js/games/coimbra/words.js, names.js, index.js): every component of the
// engine's data (read from engines/coimbra/data.py, the one source) has an English and a Russian
// name and text; the placement order of dice; Phase E rewards by level; log args and status
// lines that read in the reader's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { format } from "../../static/js/core/format.js";
import * as coimbra from "../../static/js/games/coimbra/index.js";
import { actionLabel } from "../../static/js/games/coimbra/turn.js";
import { voyageCost } from "../../static/js/games/coimbra/voyages.js";
import { canPay, incomeAt, logArgs, rewardText, slotFor, spaceName } from "../../static/js/games/coimbra/words.js";

const DATA = readFileSync(new URL("../../engines/coimbra/data.py", import.meta.url), "utf8");
const LATIN = /[A-Za-z]/;
// Not English: the phases keep the seed's letters A–F in Russian too ("фаза E", as the engine's
// log does), and monastery tiers their Roman numerals (Russian writes "уровень II" too).
const latinIn = (text) => LATIN.test(String(text).replace(/(фаз[аеуы]|Фаз[аеуы]) [A-F]\b/g, "").replace(/\b(I|II|III)\b/g, ""));

function ctxFor(lang) {
  const tables = [coimbra.strings, coimbra.logStrings];
  const t = (key, args) => {
    for (const table of tables) {
      const s = table[lang]?.[key] ?? table.en?.[key];
      if (s !== undefined) return format(s, args, { lang });
    }
    return key;
  };
  return { lang, t, names: ["Аня", "Бот 2", "Бот 3"], seat: 0 };
}
const en = ctxFor("en");
const ru = ctxFor("ru");

const ids = (block) => [...DATA.slice(DATA.indexOf(block)).split("\n}\n")[0].matchAll(/^ {4}"([\w-]+)":/gm)].map((m) => m[1]);

test("every character of the engine's data has a name and a full text in English and Russian", () => {
  const cards = [...ids("CARDS: dict"), ...ids("STARTING: dict")];
  assert.equal(cards.length, 56, "48 regular and 8 starting cards read from data.py");
  for (const id of cards) {
    for (const key of [`coimbra.card.${id}`, `coimbra.card.${id}.text`]) {
      assert.notEqual(en.t(key), key, `no English for ${key}`);
      assert.notEqual(ru.t(key), key, `no Russian for ${key}`);
      assert.ok(!latinIn(ru.t(key)), `${key} in Russian: ${ru.t(key)}`);
    }
  }
});

test("every monastery, voyage, benefit tile and site of the engine's data reads in both languages", () => {
  const keys = [
    ...ids("MONASTERIES: dict").map((id) => `coimbra.monastery.${id}`),
    ...ids("VOYAGES: dict").flatMap((id) => [`coimbra.voyage.${id}`, `coimbra.voyage.${id}.text`]),
    ...ids("TILES: dict").flatMap((id) => [`coimbra.tile.${id}`, `coimbra.tile.${id}.text`]),
  ];
  assert.equal(keys.length, 24 + 30 + 8);
  const sites = [...DATA.matchAll(/"(I{1,3}\d|C-[NS][EW])"/g)].map((m) => m[1]);
  for (const key of [...keys, ...new Set(sites)].map((k) => (k.startsWith("coimbra.") ? k : `coimbra.site.${k}`))) {
    assert.notEqual(en.t(key), key, `no English for ${key}`);
    assert.ok(!latinIn(ru.t(key)), `${key} in Russian: ${ru.t(key)}`);
  }
});

test("a die goes right of equal dice: ascending in the castle, descending in the cities", () => {
  assert.equal(slotFor("castle", [], 4), 0);
  assert.equal(slotFor("castle", [1, 3, 3, 5], 3), 3, "after both 3s, before the 5");
  assert.equal(slotFor("castle", [2, 4], 1), 0);
  assert.equal(slotFor("upper", [6, 4, 4, 2], 4), 3, "after both 4s, before the 2");
  assert.equal(slotFor("lower", [5, 3], 6), 0);
  assert.equal(slotFor("central", [5, 3], 1), 2);
});

test("the Phase E reward follows the level bands of the view's income table", () => {
  const income = { levels: [[0, 1], [2, 4], [5, 7], [8, 10], [11, 14], [15, 20]], purple: [1, 2, 2, 2, 3, 3], gray: [1, 2, 3, 4, 5, 6] };
  assert.equal(incomeAt(income, "gray", 0), 1);
  assert.equal(incomeAt(income, "gray", 4), 2);
  assert.equal(incomeAt(income, "gray", 5), 3);
  assert.equal(incomeAt(income, "purple", 12), 3);
  assert.equal(incomeAt(income, "gray", 20), 6);
  assert.equal(rewardText(en, "gray", 3), "+3 guards");
  assert.equal(rewardText(en, "orange", 1), "+1 coin");
  assert.equal(rewardText(ru, "gray", 1), "+1 стражник");
  assert.equal(rewardText(ru, "gray", 5), "+5 стражников");
  assert.equal(rewardText(ru, "orange", 3), "+3 монеты");
  assert.equal(rewardText(ru, "purple", 2), "паломник +2");
});

test("costs are checked against the right currency and a discount never makes a voyage negative", () => {
  assert.equal(canPay({ coins: 5, guards: 2 }, 5, "coins"), true);
  assert.equal(canPay({ coins: 5, guards: 2 }, 3, "guards"), false);
  assert.equal(voyageCost({ cost: 6 }, { discount: 2 }), 4);
  assert.equal(voyageCost({ cost: 4 }, { discount: 6 }), 0);
});

test("a path space is named by the sites at its ends", () => {
  assert.equal(spaceName(en, "I8~I6~1"), "path Tentúgal – Seiça");
  assert.equal(spaceName(ru, "C-NE"), "Коимбра, северо-восточные ворота");
});

test("a log line's ids and English words read as names in the reader's language", () => {
  const lines = [
    { key: "co.take_pair", args: { player: "{P0}", group: 1, a: "Notary", b: "Chaplain" } },
    { key: "co.buy", args: { player: "{P1}", card: "P05", cost: 5, currency: "coins", c: 0, area: "upper", a: 1 } },
    { key: "co.walk", args: { player: "{P2}", space: "I5~II1~1" } },
    { key: "co.visit", args: { player: "{P2}", site: "III1", monastery: "III-3" } },
    { key: "co.income", args: { player: "{P0}", die: "white", track: "green", t: 3, n: 4 } },
    { key: "co.income", args: { player: "{P0}", die: "extra", track: "gray", t: 0, n: 1 } },
    { key: "co.fund", args: { player: "{P1}", voyage: "V12", cost: 6, currency: "guards", c: 1 } },
    { key: "co.take_tile", args: { player: "{P1}", tile: "chancery", i: 2, crowns: 2 } },
    { key: "co.token_discards", args: { value: 3, area: "lower", a: 3, card: "S06" } },
  ];
  for (const line of lines) {
    const text = ru.t(line.key, logArgs(line, ru)).replace(/\{P\d\}/g, "");
    assert.ok(!latinIn(text), `${line.key} in Russian: ${text}`);
  }
  assert.equal(logArgs(lines[0], en).a, "Notary");
  assert.equal(logArgs(lines[1], en).card, "Almoner");
  assert.equal(logArgs(lines[3], ru).site, "Сантьяго-де-Компостела");
  assert.equal(en.t("co.walk", logArgs(lines[2], en)), "{P2}'s pilgrim walks to path Buçaco – Arouca.");
});

test("the status line says who must do what in every phase, in Russian without English", () => {
  const base = { players: [{}, {}, {}], to_act: [1], pending: [], over: false };
  const views = [
    { ...base, phase: "start", start: { step: 1 } },
    { ...base, phase: "start", start: { step: 2 } },
    { ...base, phase: "place" },
    { ...base, phase: "resolve", next: { area: "castle", index: 0, seat: 1 } },
    { ...base, phase: "resolve", next: { area: "lower", index: 0, seat: 1 } },
    { ...base, phase: "income" },
    { ...base, phase: "voyage" },
    { ...base, phase: "income", pending: [{ seat: 2, kind: "walk", steps: 3 }] },
    { ...base, phase: "resolve", pending: [{ seat: 2, kind: "track", n: 1 }] },
    { ...base, phase: "resolve", pending: [{ seat: 2, kind: "broker" }] },
    { ...base, phase: "over", over: true },
  ];
  for (const view of views) {
    const line = coimbra.statusLine(view, ru);
    assert.ok(line && !line.includes("coimbra."), `no status for ${JSON.stringify(view)}`);
    assert.ok(!latinIn(line), line);
  }
  assert.equal(coimbra.statusLine(views[4], { ...en, names: ["Ana", "Ben", "Cy"] }), "Ben: buy a character in the lower city, or take 2 coins and 2 guards");
  assert.equal(coimbra.statusLine(views[7], { ...en, names: ["Ana", "Ben", "Cy"] }), "Cy walks the pilgrim (3 steps left)");
  assert.equal(coimbra.playerInfo({ players: [{ vp: 12, coins: 1, guards: 5 }] }, 0, ru), "12 ПО · 1 монета · 5 стражников");
});

test("every action form of the engine has a label in both languages, for the \"Other moves\" list", () => {
  const ACTIONS = readFileSync(new URL("../../engines/coimbra/actions.py", import.meta.url), "utf8");
  const types = [...ACTIONS.matchAll(/Literal\["(\w+)"\] = "\w+"|plain_action\("(\w+)"/g)].map((m) => m[1] || m[2]);
  assert.ok(types.length >= 12, `only ${types.length} action types read from actions.py`);
  const sample = { group: 1, space: "C-NE", die: "white", area: "lower", tile: "chapel", card: "S02", track: "green", voyage: "V3", to: "I4~II4~1" };
  for (const type of types) {
    const a = { type, ...sample };
    assert.ok(!actionLabel(en, a).includes("coimbra."), `${type}: ${actionLabel(en, a)}`);
    assert.notEqual(actionLabel(en, a), en.t("coimbra.action.other"), `no label for ${type}`);
    assert.ok(!latinIn(actionLabel(ru, a)), `${type} in Russian: ${actionLabel(ru, a)}`);
  }
  assert.equal(actionLabel(en, { type: "walk", to: "I4~II4~1" }), "Walk to path Semide – Tomar");
});
