// A match's time control in words, for the lobby list and the match page.

import { t } from "./i18n.js";

/** Returns the time control as one short phrase ("10 min + 5 s", "2 days a move"), or null without one. */
export function timeControlText(clock) {
  if (!clock) return null;
  if (clock.kind === "live") return t(clock.increment ? "clock.liveInc" : "clock.live", { m: clock.minutes, s: clock.increment });
  return t("clock.perMove", { n: clock.days });
}
