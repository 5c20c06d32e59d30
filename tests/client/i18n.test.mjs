// i18n.js and the shell's string tables: same keys in every language, lookups fall back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import en from "../../static/i18n/en.js";
import ru from "../../static/i18n/ru.js";
import { t, translate, makeT, getLang } from "../../static/js/core/i18n.js";
import { format } from "../../static/js/core/format.js";

test("every language has exactly the English keys, plus the service's app.* reasons", () => {
  const own = (table) => Object.keys(table).filter((k) => !k.startsWith("app.")).sort();
  assert.deepEqual(own(ru), own(en));
  assert.deepEqual(Object.keys(en).filter((k) => k.startsWith("app.")), [], "English app.* reasons come from the server");
});

// Every reason the service gives a person (app/messages.py: a key and its English sentence).
const REASONS = [
  ...readFileSync(new URL("../../app/messages.py", import.meta.url), "utf8").matchAll(
    /^\w+ = Message\(\s*"(app\.[\w.]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)/gm,
  ),
].map(([, key, text]) => [key, text]);
const names = (text) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

test("every reason the service gives has its Russian words, with blanks the service fills", () => {
  assert.ok(REASONS.length > 50, `only ${REASONS.length} reasons read from app/messages.py`);
  const missing = REASONS.filter(([key]) => !(key in ru)).map(([key]) => key);
  assert.deepEqual(missing, [], "app.* reasons without Russian words");
  // The Russian may leave a blank out (an English status word it would not translate).
  for (const [key, text] of REASONS) {
    const unknown = names(ru[key]).filter((name) => !names(text).includes(name));
    assert.deepEqual(unknown, [], `the blanks of ${key}`);
  }
});

test("the shell counts choices in Russian with the right word form", async () => {
  const forms = [1, 2, 5, 11, 21, 22, 25].map((n) => format(ru["generic.count"], { n }, { lang: "ru" }));
  assert.deepEqual(forms, ["1 вариант", "2 варианта", "5 вариантов", "11 вариантов", "21 вариант", "22 варианта", "25 вариантов"]);
});

test("without a browser the shell speaks English", () => {
  assert.equal(getLang(), "en");
  assert.equal(t("seat", { n: 3 }), "Seat 3");
  assert.equal(t("no.such.key"), "no.such.key");
});

test("a renderer's t looks in the game's strings first, then the shell's, with seat names", () => {
  const strings = { en: { "g.bid": "{who} bids {n, plural, one {# ducat} other {# ducats}}", seat: "Chair {n}" } };
  const tr = makeT(strings, ["Ana", "Ben"]);
  assert.equal(tr("g.bid", { who: "{P1}", n: 1 }), "Ben bids 1 ducat");
  assert.equal(tr("seat", { n: 2 }), "Chair 2");
  assert.equal(tr("log"), en.log);
  assert.equal(translate(strings, "missing"), undefined);
});
