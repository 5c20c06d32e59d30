// Rules help, one click away on the match page: a "Rules" button in the status row opens the
// game's rules dialog (core/widgets/rules.js reads static/js/games/<id>/rules.js; a renderer
// announces it has one with its `rules` export).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { openRules } from "../widgets/rules.js";
import { S, $ } from "./page.js";

function open(event) {
  openRules(S.summary?.game, { title: S.summary?.title || "", opener: event.currentTarget });
}

/** Draws the "Rules" button beside the connection indicator when the game has rules to show. */
export function renderRulesButton() {
  const side = document.querySelector(".status-side");
  let button = $("rules-button");
  if (!S.renderer?.rules || !S.summary?.game) {
    button?.remove();
    return;
  }
  if (!button) {
    button = h("button", { type: "button", id: "rules-button", class: "btn btn-small", "aria-haspopup": "dialog", dataset: { testid: "rules" }, onclick: open });
    side?.prepend(button);
  }
  button.textContent = t("rules");
}
