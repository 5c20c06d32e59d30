// One modal dialog for the account panels: the browser's <dialog> keeps focus inside it,
// closes on Escape, and gives focus back to what opened it.

import { h } from "../dom.js";
import { t } from "../i18n.js";

let counter = 0;

/**
 * Opens a dialog titled `title` whose body `fill(body, dialog)` draws (it may be async and
 * may draw again later). Returns the dialog element; it is removed from the page when closed.
 */
export function openDialog(title, fill, testid) {
  counter += 1;
  const titleId = `dialog-title-${counter}`;
  const opener = document.activeElement;
  const body = h("div", { class: "dialog-body" });
  const dialog = h(
    "dialog",
    { class: "dialog", "aria-labelledby": titleId, dataset: { testid: testid || "dialog" } },
    h(
      "div",
      { class: "dialog-head" },
      h("h2", { id: titleId, class: "card-title" }, title),
      h("button", { type: "button", class: "btn-icon", "aria-label": t("close"), onclick: () => dialog.close() }, "×"),
    ),
    body,
  );
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (opener && document.contains(opener)) opener.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  Promise.resolve(fill(body, dialog)).catch((err) => {
    body.append(h("p", { class: "error", role: "alert" }, err.message || String(err)));
  });
  return dialog;
}
