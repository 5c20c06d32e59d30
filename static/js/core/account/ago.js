// "3 minutes ago" in the reader's language, for last moves and last-seen times.

import { getLang } from "../i18n.js";

const STEPS = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** Returns how long ago an ISO time was, e.g. "5 minutes ago" / "5 минут назад". */
export function ago(iso, now = Date.now()) {
  let amount = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of STEPS) {
    if (amount < size) {
      const rtf = new Intl.RelativeTimeFormat(getLang(), { numeric: "auto" });
      return rtf.format(-Math.floor(amount), unit);
    }
    amount /= size;
  }
  return "";
}
