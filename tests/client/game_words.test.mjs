// Goa's and Go Goa's words in Russian: every tile, colony, card effect and symbol of Goa's
// engine data (read from engines/goa/data.py, the one source) has a Russian name and text,
// and log-line args written in English by the engines come out with no Latin letters.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { format } from "../../static/js/core/format.js";
import * as goa from "../../static/js/games/goa/index.js";
import * as gogoa from "../../static/js/games/gogoa/index.js";
import { cardEffect, colonyName, symbolName, tileName, tileShort, tileText } from "../../static/js/games/goa/words.js";

const DATA = readFileSync(new URL("../../engines/goa/data.py", import.meta.url), "utf8");
const LATIN = /[A-Za-z]/;

function ctxFor(mod, lang, view = {}) {
  const t = (key, args) => {
    const s = mod.strings[lang]?.[key] ?? mod.strings.en[key];
    return s === undefined ? key : format(s, args, { lang });
  };
  return { lang, t, view, names: ["Аня", "Бот 2"] };
}

const ru = ctxFor(goa, "ru");
const english = (texts) => texts.filter((x) => LATIN.test(String(x)));

test("every Goa tile of the engine's data has a Russian name, grid label and text", () => {
  const tiles = [...DATA.matchAll(/_tile\("(\w+)", "([^"]+)",\s*"([^"]+)"/g)].map(([, kind, name, text]) => ({ kind, name, text }));
  tiles.push({ kind: "mission", name: "Mission (3)", text: "3 VP at the end" });
  for (const spice of ["ginger", "cinnamon", "pepper", "nutmeg", "clove"]) {
    for (const fields of [1, 2, 3]) tiles.push({ kind: "plantation", name: `x ${spice}`, text: "x", spice, fields });
  }
  assert.ok(tiles.length > 25, `only ${tiles.length} tiles read from data.py`);
  const texts = tiles.flatMap((tile) => [tileName(ru, tile), tileShort(ru, tile), tileText(ru, tile)]);
  assert.deepEqual(english(texts), []);
});

test("every Goa colony, card effect and card symbol has a Russian name", () => {
  const colonies = Object.keys(JSON.parse(/COLONY_NEED = (\{[^}]+\})/.exec(DATA)[1].replace(/'/g, '"')));
  const effects = [...DATA.matchAll(/^ {4}"(\w+)": "([^"]+)",$/gm)].map(([, effect, text]) => ({ effect, text: text.replace("{cost}", "8") }));
  const symbols = [...new Set([...DATA.matchAll(/\("\w+", \d, "([a-z ]+)"\)/g)].map((m) => m[1]))];
  assert.equal(colonies.length, 4);
  assert.equal(effects.length, 10);
  assert.equal(symbols.length, 6);
  const texts = [...colonies.map((c) => colonyName(ru, c)), ...effects.map((c) => cardEffect(ru, c)), ...symbols.map((s) => symbolName(ru, s))];
  assert.deepEqual(english(texts), []);
});

test("a Goa log line's English args read in Russian", () => {
  const view = { discard: [], you: { hand: [{ id: "E13", effect: "sell", text: "Sell up to 4 spices for 3 ducats each", symbol: "shell" }] } };
  const args = goa.logArgs({ args: {
    who: "{P0}", part: "B", name: "Colonists", new_name: "Double clove plantation", column: "colonists",
    spices: "ginger + pepper", card: "E05", says: "With Found a colony: reveal 3 cards instead of 2",
    cards: "E13", names: "E13 (Sell up to 4 spices for 3 ducats each; shell)", symbol: "palm tree", colony: "Madras",
  } }, ctxFor(goa, "ru", view));
  assert.deepEqual(english(Object.values(args).map((v) => String(v).replace("{P0}", ""))), []);
  assert.equal(args.name, "Колонисты");
  assert.equal(args.column, "колонисты");
  assert.equal(args.names, "Э13 (Продать до 4 специй по 3 дуката; раковина)");
});

test("English readers get the engine's words back unchanged", () => {
  const line = { args: { name: "Colonists", card: "E05", part: "A" } };
  assert.deepEqual(goa.logArgs(line, ctxFor(goa, "en")), line.args);
  assert.deepEqual(gogoa.logArgs({ args: { plan: "T07", code: "B3", place: "Calangute Beach" } }, { lang: "en" }),
    { plan: "T07", code: "B3", place: "Calangute Beach" });
});

test("Go Goa names tour plans and places in Cyrillic for a Russian log", () => {
  const args = gogoa.logArgs({ args: { who: "{P1}", a: "T07", b: "T31", code: "W3", place: "Dudhsagar Falls" } }, { lang: "ru" });
  assert.deepEqual(args, { who: "{P1}", a: "Т07", b: "Т31", code: "W3", place: "водопад Дудхсагар" });
});

test("Russian counts take their plural forms", () => {
  assert.equal(ru.t("goa.info.ducats", { n: 1 }), "1 дукат");
  assert.equal(ru.t("goa.info.ducats", { n: 3 }), "3 дуката");
  assert.equal(ru.t("goa.info.ducats", { n: 11 }), "11 дукатов");
  const gg = ctxFor(gogoa, "ru");
  assert.equal(gg.t("info", { total: 21, sites: 5 }), "21 очко · 5 мест");
  assert.equal(ctxFor(gogoa, "en").t("ui.stepsLeft", { n: 1 }), "1 hex left");
});
