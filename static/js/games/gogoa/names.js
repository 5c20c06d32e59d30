// Go Goa's names in the reader's language: destinations (by code; the engine's data names
// them in English only), guides, tour plans, and the args of log lines that carry them.

import strings from "./strings.js";

/** Returns a destination's name: the language's own (`dest.<code>`), else the engine's. */
export function placeName(ctx, view, code) {
  const own = strings[ctx.lang]?.[`dest.${code}`];
  if (own) return own;
  const d = view.sheet.destinations.find((x) => x.code === code);
  return d ? d.name : code;
}

// A Russian name starts with a common noun ("Пляж Калангут"), lower-cased inside a sentence
// ("посещает пляж Калангут"); a type word is dropped on map labels.
const RU_NOUN = /^(Пляж|Форт|Водопад|Храм|Дом|Пещеры|Петроглифы|Базилика) /;
const TYPE_WORD = /^(Пляж|Форт|Водопад|Храм|Дом) | (Beach|Fort|Falls|Temple|House)$/;

/** Returns the map label: the name without its type word ("Calangute Beach" -> "Calangute"). */
export function shortName(ctx, view, code) {
  return placeName(ctx, view, code).replace(TYPE_WORD, "");
}

/** Returns a tour plan's name on screen ("T07"; Cyrillic "Т07" in Russian). */
export function planName(ctx, id) {
  return ctx.t("ui.planId", { id, num: String(id).replace(/^\D+/, "") });
}

const PLAN_ARGS = ["a", "b", "plan"];

/**
 * Returns the args of a log line in the reader's language: a destination named by its
 * `code`, a guide by its id, a tour plan by its id. The shell formats the line's key with them.
 */
export function logArgs(line, ctx) {
  const args = { ...(line?.args || {}) };
  const table = strings[ctx?.lang];
  if (!table || ctx.lang === "en") return args;
  if (args.code && table[`dest.${args.code}`]) args.place = table[`dest.${args.code}`].replace(RU_NOUN, (w) => w.toLowerCase());
  if (typeof args.guide === "string" && table[`guide.${args.guide.toLowerCase()}`]) args.guide = table[`guide.${args.guide.toLowerCase()}`];
  for (const k of PLAN_ARGS) {
    if (typeof args[k] === "string" && /^T\d+$/.test(args[k]) && table["ui.planId"]) {
      args[k] = table["ui.planId"].replace("{num}", args[k].slice(1)).replace("{id}", args[k]);
    }
  }
  return args;
}
