// The host's "Cancel this match" in a lobby nobody has started: one confirming second tap,
// then POST /api/matches/{id}/cancel; every open page hears `status: abandoned`.

import { post } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { S, $, isHost, page } from "./page.js";
import { setReject } from "./status.js";

let armed = false; // the first tap asks, the second cancels
let box = null;

export function renderCancel() {
  if (!box) {
    box = h("div", { class: "row cancel-row", id: "cancel-row" });
    $("waiting").after(box);
  }
  clear(box);
  box.hidden = !(S.summary?.status === "open" && isHost());
  if (box.hidden) return;
  box.append(
    h("button", { type: "button", class: armed ? "btn btn-small btn-primary" : "btn btn-small", dataset: { testid: "cancel-match" }, onclick: cancel }, armed ? t("cancel.confirm") : t("cancel.match")),
  );
}

async function cancel(ev) {
  if (!armed) {
    armed = true;
    renderCancel();
    $("cancel-row")?.querySelector("button")?.focus();
    return;
  }
  ev.currentTarget.disabled = true;
  try {
    page.setSummary(await post(`/api/matches/${encodeURIComponent(S.id)}/cancel`, {}));
  } catch (err) {
    setReject({ reason: err.message });
  }
  armed = false;
  page.renderAll();
}
