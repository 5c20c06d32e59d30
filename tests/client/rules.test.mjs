// The rules dialog's content (static/js/games/<id>/rules.js): every game has it in English and
// Russian, the same sections and drawings in both, and drawings whose labels stay legible.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { texts } from "../../static/js/core/widgets/drawing.js";
import { rulesSections } from "../../static/js/core/widgets/rules.js";

const GAMES = ["goa", "gogoa", "navegador", "coimbra"];
const LANGS = ["en", "ru"];
const PHONE = 334; // the dialog's inner width on a 390 px phone
const modules = Object.fromEntries(await Promise.all(GAMES.map(async (g) => [g, await import(`../../static/js/games/${g}/rules.js`)])));

/** The shape of a labels table: keys, and the length of each list. */
function shape(labels) {
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, Array.isArray(v) ? v.length : typeof v === "object" ? shape(v) : typeof v]));
}

function nodes(node, out = []) {
  if (typeof node === "string") return out;
  out.push(node);
  for (const c of node.children) nodes(c, out);
  return out;
}

for (const game of GAMES) {
  const m = modules[game];

  test(`${game}: both languages have the same sections, icons and drawings`, () => {
    for (const lang of LANGS) assert.ok(m.default[lang]?.length >= 3, `${game} ${lang}: too few sections`);
    const outline = (lang) => m.default[lang].map((s) => [s.id, s.icon || null, s.drawing || null]);
    assert.deepEqual(outline("ru"), outline("en"));
    assert.equal(new Set(outline("en").map(([id]) => id)).size, m.default.en.length, "section ids repeat");
    for (const lang of LANGS) for (const s of m.default[lang]) assert.ok(s.id && s.title && s.text.length > 40, `${game} ${lang} ${s.id}: empty`);
  });

  test(`${game}: the drawings' labels have the same keys in both languages`, () => {
    assert.deepEqual(shape(m.labels.ru), shape(m.labels.en));
  });

  test(`${game}: at least one drawing, every named drawing exists and is shown`, () => {
    const named = m.default.en.map((s) => s.drawing).filter(Boolean);
    assert.ok(named.length >= 1, `${game}: no drawing`);
    for (const name of named) assert.equal(typeof m.drawings[name], "function", `${game}: no drawing ${name}`);
    assert.deepEqual([...new Set(named)].sort(), Object.keys(m.drawings).sort(), `${game}: a drawing no section shows`);
    for (const lang of LANGS) assert.equal(rulesSections(m, lang).filter((s) => s.figure).length, named.length);
  });

  for (const lang of LANGS) {
    test(`${game} ${lang}: each drawing is a named SVG whose labels are at least 11 px on a phone`, () => {
      for (const [name, draw] of Object.entries(m.drawings)) {
        const root = draw(m.labels[lang]);
        assert.equal(root.tag, "svg");
        assert.ok(root.attrs["aria-label"], `${name}: no name for a screen reader`);
        const width = Number(root.attrs.viewBox.split(" ")[2]);
        for (const t of nodes(root).filter((n) => n.tag === "text" && n.children.length)) {
          const px = (Number(t.attrs["font-size"]) * PHONE) / width;
          assert.ok(px >= 11, `${name}: "${t.children[0]}" would be ${px.toFixed(1)} px on a phone`);
        }
        assert.ok(texts(root).some((s) => /\p{L}/u.test(s)), `${name}: no words`);
      }
    });
  }

  test(`${game}: the Russian rules and drawings hold no English`, () => {
    const ru = [...m.default.ru.flatMap((s) => [s.title, s.text]), ...Object.values(m.drawings).flatMap((d) => texts(d(m.labels.ru)))];
    const latin = ru.flatMap((s) => s.match(/[A-Za-z]+/g) || []).filter((w) => !/^[IVX]+$/.test(w));
    assert.deepEqual(latin, []);
  });
}

test("the rules' rondel is the engine's, field by field", () => {
  const data = readFileSync(new URL("../../engines/navegador/data.py", import.meta.url), "utf8");
  const engine = [...data.match(/^RONDEL = \(([^)]*)\)/m)[1].matchAll(/"(\w+)"/g)].map((x) => x[1]);
  assert.deepEqual(modules.navegador.FIELDS, engine);
});

test("a section's drawing is built in the reader's language, English when the language is unknown", () => {
  const goa = modules.goa;
  const [ru] = rulesSections(goa, "ru").filter((s) => s.figure);
  assert.ok(texts(ru.figure).includes(goa.labels.ru.flag));
  const [fallback] = rulesSections(goa, "xx").filter((s) => s.figure);
  assert.ok(texts(fallback.figure).includes(goa.labels.en.flag));
});
