// Translation: one plain table per language in static/i18n/<lang>.js. Adding a language
// is adding a file and one line in LANGS. The choice is remembered in `caravela.lang`.
// The formatting itself (placeholders, seat names, plurals) is format.js, which has no DOM.

import en from "../../i18n/en.js";
import ru from "../../i18n/ru.js";
import serviceLog from "./log_strings.json" with { type: "json" };
import { format as formatIn, lookup } from "./format.js";

const LANG_KEY = "caravela.lang";
// The service's own log lines (a seat resigned, a clock ran out) have their words in one table
// that the server (app/wording.py) reads too.
const TABLES = { en: { ...en, ...serviceLog.en }, ru: { ...ru, ...serviceLog.ru } };
export const LANGS = [
  { code: "en", label: "English" },
  { code: "ru", label: "Русский" },
];

function initialLang() {
  let stored = null;
  try {
    stored = localStorage.getItem(LANG_KEY);
  } catch {}
  if (stored && TABLES[stored]) return stored;
  const nav = (globalThis.navigator?.language || "en").slice(0, 2).toLowerCase();
  return TABLES[nav] ? nav : "en";
}

let lang = initialLang();
const listeners = new Set();
if (globalThis.document) document.documentElement.lang = lang;

export function getLang() {
  return lang;
}

export function setLang(code) {
  if (!TABLES[code] || code === lang) return;
  lang = code;
  try {
    localStorage.setItem(LANG_KEY, code);
  } catch {}
  if (globalThis.document) document.documentElement.lang = code;
  for (const cb of listeners) cb(code);
}

export function onLangChange(cb) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** Returns `str` filled from `args` in the current language (plurals; {P0}.. from opts.names). */
export function format(str, args, opts = {}) {
  return formatIn(str, args, { lang, ...opts });
}

/** Shell string lookup: current language, then English, then the key itself. */
export function t(key, args, opts) {
  return format(lookup(TABLES, lang, key) ?? key, args, opts);
}

export function hasKey(key) {
  return lookup(TABLES, lang, key) !== undefined;
}

/** Looks a key up in a game's strings ({en:{...}, ru:{...}}); undefined when absent. */
export function gameString(strings, key) {
  return lookup(strings, lang, key);
}

/** Returns the translation of key (game strings, then the shell's), or undefined. */
export function translate(strings, key, args, opts) {
  const s = gameString(strings, key) ?? lookup(TABLES, lang, key);
  return s === undefined ? undefined : format(s, args, opts);
}

/** The ctx.t handed to renderers: the game's strings first, then the shell's; names fill {P0}... */
export function makeT(strings, names) {
  return (key, args) => translate(strings, key, args, { names }) ?? key;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Carla" in the current language. */
export function joinList(items) {
  const list = items.map(String);
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(list);
  } catch {
    if (list.length <= 1) return list.join("");
    return `${list.slice(0, -1).join(", ")} ${t("and")} ${list[list.length - 1]}`;
  }
}
