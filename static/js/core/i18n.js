// Translation: one plain table per language in static/i18n/<lang>.js. Adding a language
// is adding a file and one line in LANGS. The choice is remembered in `caravela.lang`.

import en from "../../i18n/en.js";
import ru from "../../i18n/ru.js";

const LANG_KEY = "caravela.lang";
const TABLES = { en, ru };
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
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return TABLES[nav] ? nav : "en";
}

let lang = initialLang();
const listeners = new Set();
document.documentElement.lang = lang;

export function getLang() {
  return lang;
}

export function setLang(code) {
  if (!TABLES[code] || code === lang) return;
  lang = code;
  try {
    localStorage.setItem(LANG_KEY, code);
  } catch {}
  document.documentElement.lang = code;
  for (const cb of listeners) cb(code);
}

export function onLangChange(cb) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** Replaces {name} by args.name; unknown placeholders (e.g. {P0}) are left for later. */
export function format(str, args) {
  if (!args) return String(str);
  return String(str).replace(/\{(\w+)\}/g, (m, k) => (args[k] !== undefined && args[k] !== null ? String(args[k]) : m));
}

/** Shell string lookup: current language, then English, then the key itself. */
export function t(key, args) {
  const s = TABLES[lang]?.[key] ?? TABLES.en[key];
  return format(s ?? key, args);
}

export function hasKey(key) {
  return TABLES[lang]?.[key] !== undefined || TABLES.en[key] !== undefined;
}

/** Looks a key up in a game's `strings` ({en:{...}, ru:{...}}); undefined when absent. */
export function gameString(strings, key) {
  if (!strings || key == null) return undefined;
  return strings[lang]?.[key] ?? strings.en?.[key];
}

/** The ctx.t handed to renderers: the game's strings first, then the shell's. */
export function makeT(strings) {
  return (key, args) => {
    const s = gameString(strings, key);
    return s !== undefined ? format(s, args) : t(key, args);
  };
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
