// Coimbra in words and small figures, for every part of the renderer: the names of cards,
// sites, tracks, areas and dice in the reader's language, amounts with their currency, the
// Phase E reward of a level, where a die would land in a location, and a log line's args
// (the engine writes ids and English words; the reader gets names). No DOM, so Node tests it.

export const TRACKS = ["gray", "orange", "purple", "green"];
export const AREAS = ["castle", "upper", "central", "lower"];
export const CITIES = ["upper", "central", "lower"];
export const ZONES = ["immediate", "phase_c", "phase_e", "end"];

/** Returns ctx.t(key, args), or `fallback` when no table knows the key. */
export function say(ctx, key, args, fallback) {
  const text = ctx.t(key, args);
  return text === key && fallback !== undefined ? fallback : text;
}

export const cardName = (ctx, id) => say(ctx, `coimbra.card.${id}`, null, String(id));
export const cardText = (ctx, id) => say(ctx, `coimbra.card.${id}.text`, null, "");
export const voyageName = (ctx, id) => say(ctx, `coimbra.voyage.${id}`, null, String(id));
export const voyageText = (ctx, id) => say(ctx, `coimbra.voyage.${id}.text`, null, "");
export const tileName = (ctx, id) => say(ctx, `coimbra.tile.${id}`, null, String(id));
export const tileText = (ctx, id) => say(ctx, `coimbra.tile.${id}.text`, null, "");
export const monasteryText = (ctx, id) => say(ctx, `coimbra.monastery.${id}`, null, String(id));
export const trackName = (ctx, track) => say(ctx, `coimbra.track.${track}`, null, String(track));
export const colorName = (ctx, color) => say(ctx, `coimbra.color.${color}`, null, String(color));
export const areaName = (ctx, area) => say(ctx, `coimbra.area.${area}`, null, String(area));

/** Returns a space of the map by name: a site, a start gate, or "path X – Y" for a plain space
 * (the view's "a~b~k").
 *
 * >>> spaceName(ctx, "I8~I6~1")  // "path Tentúgal – Seiça"
 */
export function spaceName(ctx, space) {
  const m = /^(.+?)~(.+?)~\d+$/.exec(String(space ?? ""));
  if (m) return ctx.t("coimbra.pathBetween", { a: spaceName(ctx, m[1]), b: spaceName(ctx, m[2]) });
  return say(ctx, `coimbra.site.${space}`, null, String(space));
}

/** Returns the colour of a die id ("gray2" -> "gray", "white" -> "white", "extra" -> null). */
export function dieColor(id) {
  return /^(gray|orange|purple|green|white)/.exec(String(id))?.[1] ?? null;
}

/** Returns a die as words: "gray die 5"; a die token: "die token 3"; the extra die tile. */
export function dieName(ctx, die) {
  if (die === "extra" || die?.id === "extra") return ctx.t("coimbra.extraDie");
  if (typeof die === "string") return colorName(ctx, dieColor(die));
  if (die.color == null) return ctx.t("coimbra.token", { value: die.value });
  return ctx.t("coimbra.die", { color: colorName(ctx, die.color), value: die.value });
}

/** Returns an amount of a currency in words: "5 coins", "1 guard". */
export function amount(ctx, n, currency) {
  return ctx.t(currency === "guards" ? "coimbra.guards" : "coimbra.coins", { n });
}

/** Returns the Phase E reward of `track` at influence `level` from the view's income table.
 *
 * >>> incomeAt({levels: [[0, 1], [2, 4]], gray: [1, 2]}, "gray", 3)  // 2
 */
export function incomeAt(income, track, level) {
  const bands = income?.levels || [];
  const i = bands.findIndex(([lo, hi]) => level >= lo && level <= hi);
  const row = income?.[track] || [];
  return i < 0 ? row[row.length - 1] ?? 0 : row[i] ?? 0;
}

/** Returns a track's Phase E reward in words: "+3 guards", "pilgrim +2", "+4 VP". */
export function rewardText(ctx, track, n) {
  const key = { gray: "guards", orange: "coins", purple: "purple", green: "green" }[track];
  return ctx.t(`coimbra.reward.${key}`, { n });
}

/** Returns the index a die of `value` would take in a location's row: the castle ascends
 * (a die goes right of every die ≤ it), the cities descend (right of every die ≥ it).
 *
 * >>> slotFor("castle", [1, 3, 3, 5], 3)  // 3
 * >>> slotFor("upper", [6, 4, 4, 2], 4)   // 3
 */
export function slotFor(area, values, value) {
  const before = area === "castle" ? (v) => v <= value : (v) => v >= value;
  let i = 0;
  while (i < values.length && before(values[i])) i++;
  return i;
}

/** Returns whether a seat can pay `cost` in `currency` (there is no debt). */
export function canPay(player, cost, currency) {
  return (currency === "guards" ? player?.guards : player?.coins) >= cost;
}

// Log args the engine writes as ids or English words, and how each reads.
const ARG_WORDS = {
  card: cardName, a: cardName, b: cardName,
  tile: tileName, voyage: voyageName, monastery: monasteryText,
  site: spaceName, space: spaceName, to: spaceName,
  area: areaName, track: colorName, color: colorName,
  currency: (ctx, c) => ctx.t(c === "guards" ? "coimbra.guardsShort" : "coimbra.coinsShort"),
  die: (ctx, d) => (d === "extra" ? ctx.t("coimbra.extraWord") : colorName(ctx, dieColor(d))),
};

/** Returns a log line's args in the reader's language: names for ids, colours in words,
 * a roll ("gray 3, orange 5") with its colours translated. */
export function logArgs(line, ctx) {
  const args = { ...(line?.args || {}) };
  if (!ctx?.t) return args;
  for (const [k, v] of Object.entries(args)) {
    if (typeof v !== "string") continue;
    if (ARG_WORDS[k]) args[k] = ARG_WORDS[k](ctx, v);
    else if (k === "dice") args[k] = v.replace(/\b(gray|orange|purple|green|white)\b/g, (c) => colorName(ctx, c));
  }
  return args;
}
