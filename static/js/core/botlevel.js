// A bot's level as people read it ("Bot · strong"), and the levels a host may choose for a bot
// seat: the server's list (engines/bots.py LEVELS), weakest first. A seat without one plays normal.

import { h } from "./dom.js";
import { t, hasKey } from "./i18n.js";

export const LEVELS = ["easy", "normal", "strong"];
export const DEFAULT_LEVEL = "normal";

/** Returns a level's name in the reader's language ("strong", "сильный"). */
export function levelName(level) {
  const key = `records.level.${level || DEFAULT_LEVEL}`;
  return hasKey(key) ? t(key) : level;
}

/** Returns how a bot of a level is called: "Bot · strong". */
export function botLabel(level) {
  return t("records.bot", { level: levelName(level) });
}

/** Returns a select of the levels, `level` chosen; `choose(level)` is called on a change. */
export function levelSelect(level, { label, testid, disabled = false, choose }) {
  const current = level || DEFAULT_LEVEL;
  return h(
    "select",
    { class: "input level-select", "aria-label": label, title: label, disabled, dataset: { testid }, onchange: (ev) => choose(ev.currentTarget.value) },
    LEVELS.map((l) => h("option", { value: l, selected: l === current }, botLabel(l))),
  );
}
