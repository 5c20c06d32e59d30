// "Resign" for a seated player of a running match: one confirming second tap, then
// POST /api/matches/{id}/resign. The seat's bot plays it to the end and the player is
// ranked last; every open page hears the seat's `resigned` mark in a `match` frame.

import { post } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { S, $, page, mySeatEntry } from "./page.js";
import { setReject } from "./status.js";

let armed = false; // the first tap asks, the second resigns
let box = null;

export function renderResign() {
  if (!box) {
    box = h("div", { class: "row resign-row", id: "resign-row" });
    $("side").append(box);
  }
  clear(box);
  const mine = mySeatEntry();
  box.hidden = !(S.summary?.status === "running" && mine && !mine.resigned && !S.view?.over);
  if (box.hidden) {
    armed = false;
    return;
  }
  box.append(
    h("button", { type: "button", class: armed ? "btn btn-small btn-primary" : "btn btn-small", dataset: { testid: "resign" }, onclick: resign }, armed ? t("resign.confirm") : t("resign")),
  );
}

async function resign(ev) {
  if (!armed) {
    armed = true;
    renderResign();
    $("resign-row")?.querySelector("button")?.focus();
    return;
  }
  ev.currentTarget.disabled = true;
  try {
    page.setSummary(await post(`/api/matches/${encodeURIComponent(S.id)}/resign`, {}));
  } catch (err) {
    setReject({ reason: err.message });
  }
  armed = false;
  page.renderAll();
}
