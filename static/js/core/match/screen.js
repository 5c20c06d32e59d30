// States that change the whole screen come first on it, above the stage: "Away — your bot is
// playing" with "Take my seat back" (the stage is inert meanwhile: a player whose clock ran out
// must not see live controls as if it were their turn). The game's end is the final table,
// which final.js scrolls into view; whose turn it is, the action bar says.

import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { $, amAway } from "./page.js";
import { takeBackButton } from "./clock.js";

export function renderScreenState() {
  const box = $("screen-state");
  const away = amAway();
  for (const id of ["board", "status-actions"]) if ($(id)) $(id).inert = away;
  $("table")?.classList.toggle("is-away", away);
  box.hidden = !away;
  clear(box);
  if (!away) return;
  box.append(
    h("p", { class: "screen-state-text", dataset: { testid: "away-banner" } }, t("clock.awayYou")),
    takeBackButton(),
  );
}
