// The rules dialog every match page opens: a game's short rules in the reader's language, with
// the drawings of its turn. The content is the game's `static/js/games/<id>/rules.js`:
//   export default {en: [section], ru: [section]}   section = {id, title, text, icon?, drawing?}
//   export const labels = {en: {...}, ru: {...}}     the words inside the drawings
//   export const drawings = {name: (labels) => tree} trees of core/widgets/drawing.js
// A section's `drawing` names one of `drawings`; it is drawn under the section's text.
//
// API:
//   rulesSections(module, lang)  the sections to show, each with `figure` (a tree) when drawn
//   openRules(gameId, opts)      loads the game's rules and shows them in a modal <dialog>;
//                                opts.title (the game's name), opts.opener (focused again on close).
//                                Escape or the Close button shuts it. Resolves to the dialog.

import { h, clear } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { toSvg } from "./drawing.js";
import { useStylesheet } from "./css.js";

const ICONS = { dice: "⚄", path: "➶", star: "★", flag: "⚑", coin: "◉", wheel: "☸", ship: "⛵" };

/** Returns the sections in `lang` (else English), each with its drawing's tree as `figure`. */
export function rulesSections(module, lang) {
  const all = module.default || {};
  const sections = all[lang] || all.en || [];
  const labels = module.labels?.[lang] || module.labels?.en || {};
  return sections.map((s) => ({ ...s, figure: s.drawing && module.drawings?.[s.drawing] ? module.drawings[s.drawing](labels) : null }));
}

function section(s) {
  return h("section", { class: "rules-section", dataset: { rule: s.id || "" } },
    h("h3", {}, s.icon ? h("span", { class: "rules-icon", "aria-hidden": "true" }, ICONS[s.icon] || "") : null, s.title),
    h("p", {}, s.text),
    s.figure ? h("figure", { class: "rules-figure" }, toSvg(s.figure)) : null);
}

/** Opens the rules of `gameId` in a modal dialog (one per page, rebuilt on each opening). */
export async function openRules(gameId, opts = {}) {
  if (!/^[a-z0-9_]+$/.test(gameId || "")) throw new Error(`no rules for ${gameId}`);
  useStylesheet("/static/js/core/widgets/widgets.css");
  const module = await import(`../../games/${gameId}/rules.js`);
  let dialog = document.getElementById("rules-dialog");
  if (!dialog) {
    dialog = h("dialog", { id: "rules-dialog", class: "rules-dialog card", "aria-labelledby": "rules-h", dataset: { testid: "rules-dialog" } });
    // A click on the backdrop (outside the dialog's box) closes it too.
    dialog.addEventListener("click", (e) => {
      if (e.target === dialog) {
        const r = dialog.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) dialog.close();
      }
    });
    document.body.append(dialog);
  }
  const close = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "rules-close" }, onclick: () => dialog.close() }, t("close"));
  clear(dialog).append(
    h("div", { class: "rules-top" }, h("h2", { id: "rules-h" }, opts.title ? `${t("rules")}: ${opts.title}` : t("rules")), close),
    h("div", { class: "rules-body" }, rulesSections(module, getLang()).map(section)),
  );
  const opener = opts.opener || document.activeElement;
  dialog.addEventListener("close", () => opener?.isConnected && opener.focus(), { once: true });
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  close.focus();
  return dialog;
}
