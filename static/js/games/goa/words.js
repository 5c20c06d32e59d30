// Goa's words in the reader's language: tiles, cards, spices, columns and colonies. English
// names and texts of tiles and colonies come from the engine's view (one source for the
// rules' wording); another language names them in strings.js by the slug of the English
// name, else English shows. Card effects are keyed by effect in every language.

import { format } from "../../core/format.js";
import strings from "./strings.js";

/** Returns ctx.t(key, args), or `fallback` when no table has `key`. */
export function say(ctx, key, args, fallback) {
  const s = ctx.t(key, args);
  return s === key ? fallback : s;
}

/** Returns "mission" for "Mission (2)", "ships_colonists" for "Ships/Colonists". */
export function slug(name) {
  return String(name).replace(/\s*\(\d+\)$/, "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
}

/** Returns the first whole number in a text (a tile's "At once: 3 ..."), or null. */
function firstNumber(...texts) {
  for (const text of texts) {
    const m = /\d+/.exec(String(text ?? ""));
    if (m) return Number(m[0]);
  }
  return null;
}

export const spiceName = (ctx, spice) => say(ctx, `goa.spice.${spice}`, null, spice);
export const columnName = (ctx, column) => say(ctx, `goa.column.${column}`, null, column);
export const columnShort = (ctx, column) => say(ctx, `goa.columnShort.${column}`, null, column);
export const colonyName = (ctx, name) => say(ctx, `goa.colony.${name}`, null, name);
export const symbolName = (ctx, symbol) => say(ctx, `goa.symbol.${slug(symbol)}`, null, symbol);

/** Returns "2 × pepper + ginger": the spices a progress step costs, in words (a button must
 * not ask the reader to decode "P+P+G"). */
export function costLabel(ctx, spices) {
  const counts = new Map();
  for (const s of spices) counts.set(s, (counts.get(s) || 0) + 1);
  return [...counts].map(([s, n]) => (n > 1 ? ctx.t("goa.times", { n, spice: spiceName(ctx, s) }) : spiceName(ctx, s))).join(" + ");
}

/** Returns "ginger or cinnamon" for "ginger/cinnamon". */
export function spiceChoice(ctx, allow) {
  const names = String(allow).split("/").map((s) => spiceName(ctx, s));
  return names.length === 2 ? ctx.t("goa.or", { a: names[0], b: names[1] }) : names.join(", ");
}

/** Returns a tile's full name. */
export function tileName(ctx, tile) {
  if (tile.kind === "plantation") {
    return say(ctx, "goa.plantation.name", { spice: spiceName(ctx, tile.spice), fields: tile.fields }, tile.name);
  }
  return say(ctx, `goa.tile.${slug(tile.name)}`, { n: firstNumber(tile.name, tile.text) }, tile.name);
}

/** Returns a tile's rule text. */
export function tileText(ctx, tile) {
  if (tile.kind === "plantation") {
    const text = say(ctx, "goa.plantation.text", { spice: spiceName(ctx, tile.spice), fields: tile.fields }, null);
    if (text == null) return tile.text;
    return tile.fields === 1 ? text + ctx.t("goa.plantation.vp") : text;
  }
  return say(ctx, `goa.tile.${slug(tile.name)}.text`, { n: firstNumber(tile.text) }, tile.text);
}

/** Returns the label on a grid tile: short enough for a phone's cell. */
export function tileShort(ctx, tile) {
  if (tile.kind === "plantation") {
    return `${say(ctx, `goa.spiceLabel.${tile.spice}`, null, tile.spice)}${tile.fields === 1 ? " ★" : ""}`;
  }
  return say(ctx, `goa.short.${slug(tile.name)}`, null, tileName(ctx, tile));
}

/** Returns an expedition card's name ("E07"; "Э07" in Russian). */
export function cardName(ctx, id) {
  return ctx.t("goa.cardId", { id, num: String(id).replace(/^\D+/, "") });
}

/** Returns an expedition card's effect text. */
export function cardEffect(ctx, card) {
  return say(ctx, `goa.effect.${card.effect}`, { n: firstNumber(card.text) }, card.text);
}

/** Returns the effect ("sell", "colony3"...) whose English wording is `text`, or null. */
export function effectOf(text) {
  const n = firstNumber(text);
  const effect = Object.keys(strings.en).find((key) => key.startsWith("goa.effect.") && format(strings.en[key], { n }, { lang: "en" }) === text);
  return effect ? effect.slice("goa.effect.".length) : null;
}

/** Returns "E07: Take 2 ships" for a card id in this seat's hand (or revealed). */
export function cardLabel(ctx, view, id) {
  const c = [...(view.you?.hand || []), ...(view.pending || []).flatMap((p) => p.cards || [])].find((x) => x.id === id);
  return c ? `${cardName(ctx, id)}: ${cardEffect(ctx, c)}` : cardName(ctx, id);
}

/** Returns the name of a field's source: a plantation or tile by id, or a colony. */
export function sourceName(ctx, p, src) {
  const tile = [...(p.plantations || []), ...(p.tiles || [])].find((x) => x.id === src);
  if (tile) return tileName(ctx, tile);
  return colonyName(ctx, src);
}
