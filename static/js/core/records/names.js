// How the records pages name and link a rater: a person by their name, the bots of a level as
// "Bot · normal" in the reader's language; every name links to its player page.

import { h } from "../dom.js";
import { getLang } from "../i18n.js";
import { botLabel } from "../botlevel.js";

/** The player page of a player id, or of a bot level's `bot:<level>`. */
export const playerHref = (id) => `/p/${encodeURIComponent(id)}`;

/** A rater's name as shown: {id, name, bot} from the API. */
export function raterName(who) {
  return who.bot ? botLabel(who.bot) : who.name;
}

/** A link to the rater's page, its text their name. */
export function raterLink(who, testid) {
  return h("a", { href: playerHref(who.id), class: "rater", dataset: testid ? { testid } : undefined }, raterName(who));
}

/** The rating shown to people: its ordinal, one decimal. */
export function ratingText(ordinal) {
  return new Intl.NumberFormat(getLang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ordinal);
}

/** A change of rating with its sign ("+1.2", "−0.4"). */
export function changeText(change) {
  const text = ratingText(Math.abs(change));
  return change > 0.05 ? `+${text}` : change < -0.05 ? `−${text}` : `±${text}`;
}
