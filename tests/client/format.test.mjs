// format.js: placeholders, seat names and ICU plurals, in English and Russian.
import { test } from "node:test";
import assert from "node:assert/strict";

import { format, mergeStrings, lookup, withNames } from "../../static/js/core/format.js";

const DUCATS_EN = "{n, plural, one {# ducat} other {# ducats}}";
const DUCATS_RU = "{n, plural, one {# дукат} few {# дуката} many {# дукатов} other {# дуката}}";

test("named placeholders are filled and unknown ones stay as written", () => {
  assert.equal(format("Ana has {n} ships", { n: 3 }), "Ana has 3 ships");
  assert.equal(format("{who} pays {missing}", { who: "Ben" }), "Ben pays {missing}");
  assert.equal(format("zero is a value: {n}, false too: {b}", { n: 0, b: false }), "zero is a value: 0, false too: false");
});

test("english plurals pick one for 1 and other for the rest", () => {
  const got = [0, 1, 2, 5, 11, 21, 22, 25].map((n) => format(DUCATS_EN, { n }, { lang: "en" }));
  assert.deepEqual(got, ["0 ducats", "1 ducat", "2 ducats", "5 ducats", "11 ducats", "21 ducats", "22 ducats", "25 ducats"]);
});

test("russian plurals follow one, few and many like a Russian reader expects", () => {
  const expected = { 1: "1 дукат", 2: "2 дуката", 5: "5 дукатов", 11: "11 дукатов", 21: "21 дукат", 22: "22 дуката", 25: "25 дукатов" };
  for (const [n, text] of Object.entries(expected)) assert.equal(format(DUCATS_RU, { n: Number(n) }, { lang: "ru" }), text, `n = ${n}`);
});

test("an exact =0 branch wins over the plural category", () => {
  const msg = "{n, plural, =0 {no ducats} one {# ducat} other {# ducats}}";
  assert.equal(format(msg, { n: 0 }, { lang: "en" }), "no ducats");
  assert.equal(format(msg, { n: 1 }, { lang: "en" }), "1 ducat");
});

test("a missing category falls back to other", () => {
  assert.equal(format("{n, plural, other {# кораблей}}", { n: 21 }, { lang: "ru" }), "21 кораблей");
});

test("plural branches may hold placeholders and seat names", () => {
  const msg = "{who} {n, plural, one {takes # card from {from}} other {takes # cards from {from}}}";
  const names = ["Ana", "Ben"];
  assert.equal(format(msg, { who: "{P0}", n: 2, from: "{P1}" }, { lang: "en", names }), "Ana takes 2 cards from Ben");
});

test("a nested plural counts its own number", () => {
  const msg = "{a, plural, one {# ship and {b, plural, one {# colony} other {# colonies}}} other {# ships and {b, plural, one {# colony} other {# colonies}}}}";
  assert.equal(format(msg, { a: 1, b: 3 }, { lang: "en" }), "1 ship and 3 colonies");
});

test("seat names fill {P0}..{P5} in the template and inside args", () => {
  const names = ["Ana", "Ben", "Carla"];
  assert.equal(format("{P2} outbids {who}", { who: "{P1}" }, { names }), "Carla outbids Ben");
  assert.equal(format("{P4} is not seated", {}, { names }), "{P4} is not seated");
});

test("a player named like a placeholder is not replaced again", () => {
  assert.equal(format("{who} won", { who: "{P1}" }, { names: ["{P1}", "Ben"] }), "Ben won");
  assert.equal(format("{P0} won", {}, { names: ["{P1}", "Ben"] }), "{P1} won");
});

test("a non-number plural argument falls back to other", () => {
  assert.equal(format(DUCATS_EN, { n: "many" }, { lang: "en" }), "many ducats");
  assert.equal(format(DUCATS_EN, {}, { lang: "en" }), " ducats");
});

test("unbalanced braces are kept as text", () => {
  assert.equal(format("a { b", {}), "a { b");
  assert.equal(format("a } b {n}", { n: 1 }), "a } b 1");
});

test("an unknown language still formats with English rules", () => {
  assert.equal(format(DUCATS_EN, { n: 1 }, { lang: "xx-invalid-tag-!!" }), "1 ducat");
});

test("withNames replaces seat markers and nothing else", () => {
  assert.equal(withNames("{P0} and {P1} and {x}", ["Ana", "Ben"]), "Ana and Ben and {x}");
});

test("a game's UI strings win over its log strings and English fills a missing language", () => {
  const merged = mergeStrings({ en: { a: "UI a" }, ru: { a: "ИН a" } }, { en: { a: "log a", b: "log b" } });
  assert.deepEqual(merged, { en: { a: "UI a", b: "log b" }, ru: { a: "ИН a" } });
  assert.equal(lookup(merged, "ru", "b"), "log b");
  assert.equal(lookup(merged, "ru", "zzz"), undefined);
  assert.equal(lookup(undefined, "en", "a"), undefined);
});
