// The final screen: the score table (scores.js), back to the lobby, and a rematch.

import { post } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { scoreTable } from "../scores.js";
import { S, $, names, seatCount } from "./page.js";
import { setReject } from "./status.js";

export function renderFinal() {
  const box = $("final");
  const o = S.view?.over ? S.view.outcome : null;
  box.hidden = !o;
  clear(box);
  if (!o) return;
  const { table, tie } = scoreTable(o, { names: names(), count: seatCount(), strings: S.strings });
  const rematch = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "rematch" }, onclick: doRematch }, t("rematch"));
  box.append(
    h("h2", { id: "final-h", class: "card-title" }, t("finalScores")),
    h("div", { class: "table-wrap" }, table),
    ...[
      tie ? h("p", { class: "muted small" }, t("tieBreak")) : null,
      h("div", { class: "row actions-row" }, h("a", { class: "btn", href: "/", dataset: { testid: "back-to-lobby" } }, t("backToLobby")), S.player ? rematch : null),
    ].filter(Boolean),
  );
}

async function doRematch(ev) {
  const btn = ev.currentTarget;
  btn.disabled = true;
  try {
    const m = await post("/api/matches", { game: S.summary.game, seats: seatCount(), options: S.summary.options || {} });
    location.assign(`/m/${encodeURIComponent(m.id)}`);
  } catch (err) {
    btn.disabled = false;
    setReject({ reason: err.message });
  }
}
