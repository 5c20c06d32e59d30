// Navegador's words and figures in the reader's language, with no DOM: names of regions,
// goods, fields, buildings and sheet columns (the view carries ids), the label of every
// legal action with its cost or gain, the sheet's VP and privilege figures, and the args of
// log lines. Every figure here is read off the view; the rules stay in the engine.

import { shipCost } from "./geo.js";

export const COLUMNS = ["colonies", "factories", "explorers", "shipyards", "churches"];
// The rondel's fields clockwise from the top, for a line read before any view arrived.
const RONDEL = ["sailing", "workers", "market", "colony", "privilege", "ships", "market", "buildings"];

/** Returns a good's sale price now: its column of the market table at its marker's row (0 unknown). */
export function marketPrice(view, good) {
  const m = view?.market;
  return m?.table?.[good]?.[m?.row?.[good]] ?? 0;
}

/** Returns what processing a good brings now: the revenue column at its marker's row (0 unknown). */
export function marketRevenue(view, good) {
  const m = view?.market;
  return m?.table?.revenue?.[m?.row?.[good]] ?? 0;
}

/** Returns ctx.t(key, args), or `fallback` when no table has `key`. */
export function say(ctx, key, args, fallback) {
  const s = ctx.t(key, args);
  return s === key ? fallback : s;
}

export const regionName = (ctx, id) => say(ctx, `nv.region.${id}`, null, id);
/** Returns a region's name for a crowded label ("Rio", "Cabo"), else its whole name. */
export const regionShort = (ctx, id) => say(ctx, `nv.regionShort.${id}`, null, regionName(ctx, id));
export const goodName = (ctx, good) => say(ctx, `nv.good.${good}`, null, good);
export const goodTitle = (ctx, good) => say(ctx, `nv.goodTitle.${good}`, null, good);
export const buildingName = (ctx, b) => say(ctx, `nv.building.${b}`, null, b);
export const columnName = (ctx, c) => say(ctx, `nv.column.${c}`, null, c);
export const roman = (ctx, n) => say(ctx, `nv.roman.${n}`, null, String(n));

/** Returns a rondel field's name by its number (the view's `rondel.fields` names it). */
export function fieldName(ctx, view, field) {
  const id = (view?.rondel?.fields || RONDEL)[field] ?? field;
  return say(ctx, `nv.field.${id}`, null, String(id));
}

/** Returns what a rondel field's action does, with this phase's prices. */
export function fieldAbout(ctx, view, field) {
  const id = (view?.rondel?.fields || RONDEL)[field] ?? field;
  return say(ctx, `nv.fieldAbout.${id}`, { extra: view?.prices?.extra ?? 100 }, "");
}

/** Returns what a rondel move costs, in words: "free" or "2 ships". */
export function moveCost(ctx, cost) {
  return cost ? ctx.t("nv.ships", { n: cost }) : ctx.t("nv.free");
}

/**
 * Returns what the next privilege of a column pays a player: {coin, n, total}, or null when
 * the column is full. The coin is the sheet's value at the highest free position.
 *
 *   privilegeOffer({sheet: {coins: {churches: [50, 40, 30]}}},
 *                  {privileges: {churches: 1}, counts: {churches: 2}}, "churches")
 *   // {coin: 40, n: 2, total: 80}
 */
export function privilegeOffer(view, player, column) {
  const coins = view?.sheet?.coins?.[column] || [];
  const at = player?.privileges?.[column] ?? 0;
  if (at >= coins.length) return null;
  const n = player?.counts?.[column] ?? 0;
  return { coin: coins[at], n, total: coins[at] * n };
}

/**
 * Returns a sheet column's VP now: (base + privileges × their VP) × achievements. The King's
 * privilege is left out: it is placed at the end.
 */
export function columnVp(view, player, column) {
  const base = view?.sheet?.base?.[column] ?? 0;
  const per = view?.sheet?.privilege_vp?.[column] ?? 0;
  const vp = base + per * (player?.privileges?.[column] ?? 0);
  const n = player?.counts?.[column] ?? 0;
  return { vp, n, total: vp * n };
}

/** Returns the VP of a player's whole sheet now (the five columns). */
export function sheetVp(view, player) {
  return COLUMNS.reduce((sum, c) => sum + columnVp(view, player, c).total, 0);
}

/** Returns the list of region names joined for a sentence: "Guiné + Bahia". */
export function regionsList(ctx, ids) {
  return ids.map((id) => regionShort(ctx, id)).join(" + ");
}

function shipsThere(view, seat, region) {
  return view?.regions?.find((r) => r.id === region)?.ships?.[seat] ?? 0;
}

function offerLabel(ctx, view, a, kind) {
  const offer = (view?.step?.offers || []).find((o) => o.count === a.count);
  if (!a.count) return ctx.t(`nv.act.${kind}None`);
  const text = ctx.t(`nv.act.${kind}`, { n: a.count, cost: offer ? offer.cost : "?" });
  return offer?.sold ? text + ctx.t("nv.act.sold", { n: offer.sold, gain: offer.gain }) : text;
}

/** Returns the label of a legal action, with what it costs or brings. */
export function actionLabel(ctx, view, seat, a) {
  const me = view?.players?.[seat];
  switch (a.type) {
    case "use_card":
    case "keep_card":
      return ctx.t(`nv.act.${a.type}`);
    case "move": {
      const cost = shipCost(view?.rondel?.stones?.[seat], a.field);
      return ctx.t("nv.act.move", { field: fieldName(ctx, view, a.field), cost: moveCost(ctx, cost) });
    }
    case "return_ship":
      return ctx.t("nv.act.return_ship", { region: regionName(ctx, a.region), n: shipsThere(view, seat, a.region) });
    case "recruit":
      return offerLabel(ctx, view, a, "recruit");
    case "build_ships":
      return offerLabel(ctx, view, a, "build_ships");
    case "sail":
      return ctx.t("nv.act.sail", { to: regionName(ctx, a.to), origin: regionName(ctx, a.origin) });
    case "explore":
      return ctx.t("nv.act.explore", { region: regionName(ctx, a.region), ships: regionsList(ctx, a.ships), n: a.ships.length - 1 });
    case "found": {
      const good = view?.regions?.find((r) => r.id === a.region)?.good;
      return ctx.t("nv.act.found", { region: regionName(ctx, a.region), good: goodName(ctx, good), price: a.price });
    }
    case "build": {
      const slot = (view?.buildings?.[a.building] || []).find((s) => s.piece);
      return ctx.t("nv.act.build", { building: buildingName(ctx, a.building), price: slot ? slot.price : "?", n: view?.prices?.needs?.[a.building] ?? "?" });
    }
    case "sell": {
      const price = marketPrice(view, a.good);
      return ctx.t("nv.act.sell", { good: goodName(ctx, a.good), n: a.units, price, total: price * a.units });
    }
    case "process": {
      const revenue = marketRevenue(view, a.good);
      return ctx.t("nv.act.process", { good: goodName(ctx, a.good), n: a.units, revenue, total: revenue * a.units });
    }
    case "privilege": {
      const offer = privilegeOffer(view, me, a.column) || { coin: 0, n: 0, total: 0 };
      return ctx.t("nv.act.privilege", { column: columnName(ctx, a.column), ...offer });
    }
    case "done":
      return say(ctx, `nv.act.done.${view?.step?.kind}`, null, ctx.t("nv.act.done"));
    default:
      return a.type;
  }
}

// Log-line args that carry ids, and how each is named in a sentence of the reader's language
// (buildings and sheet columns in lower case there: "builds a shipyard").
const ARG_WORDS = {
  region: regionName,
  origin: regionName,
  dest: regionName,
  good: goodName,
  building: (ctx, b) => say(ctx, `nv.buildingWord.${b}`, null, buildingName(ctx, b)),
  column: (ctx, c) => say(ctx, `nv.columnWord.${c}`, null, columnName(ctx, c)),
  action: (ctx, field) => say(ctx, `nv.field.${field}`, null, field),
  cause: (ctx, cause) => say(ctx, `nv.ending.${cause}`, null, cause),
};

/**
 * Returns a log line's args in the reader's language: the engine writes ids ("guine",
 * "shipyards"), field names or numbers and phase numbers; English readers need names as
 * much as Russian ones. Seat placeholders ({P1}) are left to the shell.
 */
export function logArgs(line, ctx) {
  const args = { ...(line?.args || {}) };
  if (!ctx?.t) return args;
  for (const [k, v] of Object.entries(args)) {
    if (ARG_WORDS[k] && typeof v === "string") args[k] = ARG_WORDS[k](ctx, v);
    else if (k === "field") args[k] = typeof v === "number" ? fieldName(ctx, ctx.view, v) : say(ctx, `nv.field.${v}`, null, v);
    else if (k === "phase" && typeof v === "number") args[k] = roman(ctx, v);
    else if (k === "prices" && Array.isArray(v)) args[k] = v.join(", ");
  }
  return args;
}
