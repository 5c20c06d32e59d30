// Every game's strings.js and log_strings.json, and the shell's tables: each English key has a
// Russian text, and each text is a message format() can read (balanced braces, known plural
// categories, an `other` branch).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";

import { pluralBranches } from "../../static/js/core/format.js";

const GAMES = new URL("../../static/js/games/", import.meta.url);
const CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

/** Returns what is wrong with a message (or with the plurals nested in it), or null. */
function problem(text) {
  text = String(text);
  let depth = 0;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{" && depth++ === 0) open = i;
    else if (text[i] === "}") {
      if (--depth < 0) return "a } closes nothing";
      if (depth === 0) {
        const inner = text.slice(open + 1, i);
        const m = /^\s*\w+\s*,\s*plural\s*,([^]*)$/.exec(inner);
        if (!m) continue;
        const branches = pluralBranches(m[1]);
        for (const [sel, body] of branches) {
          if (!sel.startsWith("=") && !CATEGORIES.has(sel)) return `unknown plural category '${sel}'`;
          const inside = problem(body);
          if (inside) return inside;
        }
        if (!branches.has("other")) return "a plural without 'other'";
      }
    }
  }
  return depth ? "a { is never closed" : null;
}

const tables = [];
for (const game of readdirSync(GAMES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  for (const file of ["strings.js", "log_strings.json"]) {
    const url = new URL(`${game.name}/${file}`, GAMES);
    if (existsSync(url)) tables.push([`${game.name}/${file}`, url]);
  }
}

const shell = async () => ({ en: (await import("../../static/i18n/en.js")).default, ru: (await import("../../static/i18n/ru.js")).default });
tables.push(["the shell's i18n/en.js and ru.js", null]);

for (const [name, url] of tables) {
  test(`${name}: every English text has a Russian one, and every text is well formed`, async () => {
    const json = url?.pathname.endsWith(".json") ? { with: { type: "json" } } : undefined;
    const table = url ? (await import(url, json)).default : await shell();
    const missing = Object.keys(table.en || {}).filter((k) => !(k in (table.ru || {})));
    assert.deepEqual(missing, [], "keys that would show English to a Russian reader");
    for (const lang of Object.keys(table)) {
      for (const [key, text] of Object.entries(table[lang])) assert.equal(problem(text), null, `${lang} ${key}: ${text}`);
    }
  });
}

test("the well-formedness check itself catches the usual slips", () => {
  assert.equal(problem("{who} pays {n, plural, one {# ducat} other {# ducats}}"), null);
  assert.match(problem("{who pays"), /never closed/);
  assert.match(problem("who} pays"), /closes nothing/);
  assert.match(problem("{n, plural, one {# ducat} others {# ducats}}"), /unknown plural category 'others'/);
  assert.match(problem("{n, plural, one {# ducat}}"), /without 'other'/);
  assert.equal(problem("{n, plural, one {takes {x} from {y}} other {takes # from {y}}}"), null);
});
