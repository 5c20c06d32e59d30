// Rules help, one click away on the match page: a "Rules" button in the status row opens a
// dialog with the game's short rules (the renderer's `rules` export: {en: [...], ru: [...]},
// sections of {title, text, icon}); Escape or the close button shuts it.

import { h, clear } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { S, $ } from "./page.js";

const ICONS = { dice: "⚄", path: "➶", star: "★", flag: "⚑", coin: "◉" };

function sections() {
  const rules = S.renderer?.rules;
  return rules ? rules[getLang()] || rules.en || [] : [];
}

function open() {
  let dialog = $("rules-dialog");
  if (!dialog) {
    dialog = h("dialog", { id: "rules-dialog", class: "rules-dialog card", "aria-labelledby": "rules-h", dataset: { testid: "rules-dialog" } });
    document.body.append(dialog);
  }
  clear(dialog).append(
    h("div", { class: "rules-top" },
      h("h2", { id: "rules-h" }, `${t("rules")}: ${S.summary?.title || ""}`),
      h("button", { type: "button", class: "btn btn-small", dataset: { testid: "rules-close" }, onclick: () => dialog.close() }, t("close"))),
    h("div", { class: "rules-body" }, sections().map((s) => h("section", { class: "rules-section" },
      h("h3", {}, s.icon ? h("span", { class: "rules-icon", "aria-hidden": "true" }, ICONS[s.icon] || "") : null, s.title),
      h("p", {}, s.text)))),
  );
  dialog.showModal();
}

/** Draws the "Rules" button beside the connection indicator when the game has rules to show. */
export function renderRulesButton() {
  const side = document.querySelector(".status-side");
  let button = $("rules-button");
  if (!sections().length) {
    button?.remove();
    return;
  }
  if (!button) {
    button = h("button", { type: "button", id: "rules-button", class: "btn btn-small", dataset: { testid: "rules" }, onclick: open });
    side?.prepend(button);
  }
  button.textContent = t("rules");
}
