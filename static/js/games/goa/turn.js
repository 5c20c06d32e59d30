// Goa's actions panel for the seat to act: an open choice's answers, or the turn's main
// actions (with cost or gain) and the free ones (tiles and cards), the additional-action
// phase, and "Other actions" for anything no dedicated control draws, so a game always
// can finish by clicking.

import { h } from "../../core/dom.js";
import { actionButton } from "../../core/widgets/action.js";
import { spiceDot } from "./grid.js";
import { actionText, pendingTitle } from "./labels.js";

const MAIN = new Set(["progress", "ships", "harvest", "taxes", "expedition", "found", "pass"]);
const FREE = new Set(["use_tile", "play_card", "discard_card"]);
const SECONDARY = new Set(["pass", "discard_card"]);

// A bid, a pass and a colony attempt cannot be taken back: they ask for a second tap.
const CONFIRM = { pass: "goa.confirm.pass", found: "goa.confirm.found" };

/** Returns a button's tap text: what the action does, after what the button says. */
export function actionTip(ctx, a, text) {
  const key = `goa.tip.${a.type}`;
  return ctx.t(key) === key ? text : `${text} — ${ctx.t(key)}`;
}

function button(ctx, view, a) {
  const cls = SECONDARY.has(a.type) ? "goa-btn goa-secondary" : "goa-btn";
  const text = actionText(ctx, view, ctx.seat, a);
  const confirm = CONFIRM[a.type] ? `${ctx.t(CONFIRM[a.type])} ${text}?` : null;
  return actionButton(ctx, a, text, { class: cls, confirm, title: actionTip(ctx, a, text) });
}

// "Undo": takes back the last step of this turn while nothing hidden was revealed (engine).
function undoButton(ctx, legal, used) {
  const undo = legal.find((a) => a.type === "undo");
  if (!undo) return null;
  used.add(JSON.stringify(undo));
  return actionButton(ctx, undo, ctx.t("goa.undoButton"), { class: "goa-btn goa-secondary", title: ctx.t("goa.undoTip"), data: { goa: "undo" } });
}

function choicePanel(ctx, view, legal, used) {
  const pend = view.pending[view.pending.length - 1];
  const row = h("div", { class: "goa-row" });
  for (const a of legal) {
    if (a.type === "undo") continue;
    used.add(JSON.stringify(a));
    const b = button(ctx, view, a);
    const spice = /^f\d+:(\w+)/.exec(a.option || "");
    if (spice) b.prepend(spiceDot(ctx, spice[1]), " ");
    row.append(b);
  }
  row.append(undoButton(ctx, legal, used) || "");
  return [h("h3", {}, `${ctx.t("goa.choice")}: ${pendingTitle(ctx, pend)}`), row];
}

function turnPanel(ctx, view, legal, used) {
  const seat = ctx.seat;
  const out = [];
  if (view.phase === "extra") {
    out.push(h("h3", {}, ctx.t("goa.phase.extra")), h("p", { class: "goa-note" }, ctx.t("goa.extraTurn", { n: view.players[seat].extra })));
  } else {
    const left = view.actions_left?.[seat];
    out.push(h("h3", {}, `${ctx.t("goa.yourTurn")}${left != null ? ` · ${ctx.t("goa.leftThisRound", { n: left })}` : ""}`));
  }
  const main = h("div", { class: "goa-row" });
  const free = h("div", { class: "goa-row" });
  for (const a of legal) {
    const row = MAIN.has(a.type) ? main : FREE.has(a.type) ? free : null;
    if (!row) continue;
    used.add(JSON.stringify(a));
    row.append(button(ctx, view, a));
  }
  out.push(main);
  if (free.childNodes.length) out.push(h("h4", {}, ctx.t("goa.free")), free);
  const undo = undoButton(ctx, legal, used);
  if (undo) out.push(h("div", { class: "goa-row" }, undo));
  return out;
}

/** Returns the actions panel of the seat to act, or null when it has none now. */
export function renderTurn(ctx, view, legal, used) {
  const mine = ctx.seat != null && view.to_act?.includes(ctx.seat) && !view.over;
  if (!mine || !(view.pending?.length || view.phase === "actions" || view.phase === "extra")) return null;
  const body = view.pending?.length ? choicePanel(ctx, view, legal, used) : turnPanel(ctx, view, legal, used);
  return h("section", { class: "goa-panel goa-turn" }, body);
}

/** Returns "Other actions": every legal action no other control has drawn, or null. */
export function renderRest(ctx, view, legal, used) {
  const rest = legal.filter((a) => !used.has(JSON.stringify(a)));
  if (!rest.length) return null;
  return h("section", { class: "goa-panel" }, h("h4", {}, ctx.t("goa.other")),
    h("div", { class: "goa-row" }, rest.map((a) => button(ctx, view, a))));
}
