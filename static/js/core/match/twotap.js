// A button that asks on the first tap and acts on the second (the host cancels a lobby, a
// player resigns): its own row, its armed state, and a POST whose answer is the new summary.

import { post } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { S, $, page } from "./page.js";
import { setReject } from "./status.js";

/** Returns the render function of such a button; `place(row)` puts its row in the page once. */
export function twoTap({ rowId, testid, label, confirm, explain, path, place, shown }) {
  let armed = false;
  let box = null;

  function render() {
    if (!box) {
      box = h("div", { class: `row ${rowId}`, id: rowId });
      place(box);
    }
    clear(box);
    box.hidden = !shown();
    if (box.hidden) {
      armed = false;
      return;
    }
    box.append(h("button", { type: "button", class: armed ? "btn btn-small btn-primary" : "btn btn-small", dataset: { testid }, onclick }, armed ? t(confirm) : t(label)));
    // What the second tap sets going, said before it is pressed.
    if (armed && explain) box.append(h("p", { class: "small twotap-explain", role: "status", dataset: { testid: `${testid}-explain` } }, t(explain)));
  }

  async function onclick(ev) {
    if (!armed) {
      armed = true;
      render();
      $(rowId)?.querySelector("button")?.focus();
      return;
    }
    ev.currentTarget.disabled = true;
    try {
      page.setSummary(await post(`/api/matches/${encodeURIComponent(S.id)}${path}`, {}));
    } catch (err) {
      setReject({ reason: err.message });
    }
    armed = false;
    page.renderAll();
  }

  return render;
}
