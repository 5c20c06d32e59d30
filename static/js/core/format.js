// Message formatting with no DOM, so Node can test it: {name} placeholders, seat names
// {P0}..{P5}, and the ICU plural subset
//   {n, plural, =0 {no ducats} one {# ducat} few {# дуката} many {# дукатов} other {# ducats}}
// chosen by Intl.PluralRules(lang) ("#" is the number). Not supported: select,
// selectordinal, apostrophe quoting. An unknown placeholder stays visible as written.

const PLURAL = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/;
const SEAT = /^P(\d)$/;
const rulesCache = new Map();

function pluralRules(lang) {
  if (!rulesCache.has(lang)) {
    let rules;
    try {
      rules = new Intl.PluralRules(lang);
    } catch {
      rules = new Intl.PluralRules("en");
    }
    rulesCache.set(lang, rules);
  }
  return rulesCache.get(lang);
}

/** Returns the index of the "}" closing the "{" at `open`, or -1 when it never closes. */
function closing(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth += 1;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Returns the branches of a plural body ("one {…} other {…}") as a Map selector → text. */
export function pluralBranches(body) {
  const out = new Map();
  let i = 0;
  while (i < body.length) {
    const m = /^\s*(=\d+|[a-z]+)\s*\{/.exec(body.slice(i));
    if (!m) break;
    const open = i + m[0].length - 1;
    const close = closing(body, open);
    if (close < 0) break;
    out.set(m[1], body.slice(open + 1, close));
    i = close + 1;
  }
  return out;
}

/** Replaces {P0}..{P5} by seat names (only those; anything else stays). */
export function withNames(text, names) {
  if (!names) return String(text ?? "");
  return String(text ?? "").replace(/\{P(\d)\}/g, (m, d) => names[Number(d)] ?? m);
}

function placeholder(name, args, opts) {
  const value = args?.[name];
  if (value !== undefined && value !== null) return withNames(String(value), opts.names);
  const seat = SEAT.exec(name);
  if (seat && opts.names?.[Number(seat[1])] != null) return String(opts.names[Number(seat[1])]);
  return null;
}

function plural(name, body, args, opts) {
  const branches = pluralBranches(body);
  const raw = args?.[name];
  const n = Number(raw);
  let text;
  if (raw !== undefined && raw !== null && Number.isFinite(n)) {
    text = branches.get(`=${n}`) ?? branches.get(pluralRules(opts.lang).select(n));
  }
  text = text ?? branches.get("other") ?? "";
  return render(text, args, opts, raw ?? "");
}

function render(text, args, opts, pound) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "#" && pound !== null) {
      out += String(pound);
      i += 1;
      continue;
    }
    if (ch !== "{") {
      out += ch;
      i += 1;
      continue;
    }
    const close = closing(text, i);
    if (close < 0) {
      out += text.slice(i);
      break;
    }
    const inner = text.slice(i + 1, close);
    const m = PLURAL.exec(inner);
    let piece = null;
    if (m) piece = plural(m[1], m[2], args, opts);
    else if (/^\s*\w+\s*$/.test(inner)) piece = placeholder(inner.trim(), args, opts);
    out += piece ?? text.slice(i, close + 1);
    i = close + 1;
  }
  return out;
}

/**
 * Returns `template` with its placeholders filled from `args`.
 * opts.lang picks the plural rules; opts.names (seat names) fills {P0}..{P5}, also inside args.
 *
 *   format("{n, plural, one {# ducat} other {# ducats}}", {n: 1}, {lang: "en"}) === "1 ducat"
 */
export function format(template, args, opts = {}) {
  return render(String(template ?? ""), args || {}, { lang: opts.lang || "en", names: opts.names }, null);
}

/** Returns {en: {...}, ru: {...}}: a game's log strings under its UI strings (UI wins a tie). */
export function mergeStrings(strings, logStrings) {
  const out = {};
  for (const table of [logStrings, strings]) {
    for (const [lang, entries] of Object.entries(table || {})) out[lang] = { ...(out[lang] || {}), ...entries };
  }
  return out;
}

/** Returns the text of `key` in `lang`, else in English, else undefined. */
export function lookup(tables, lang, key) {
  if (!tables || key == null) return undefined;
  return tables[lang]?.[key] ?? tables.en?.[key];
}
