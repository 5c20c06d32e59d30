// Navegador's actions panel for the seat that must answer the step awaited now: a heading
// that names the step, a line of help, and every legal action as a button with its cost or
// gain (sailing grouped by the region a ship leaves, explorations apart, "done" last).
// Rondel moves are drawn on the rondel; anything no control drew lands in "Other actions",
// so a game can always be finished by clicking.

import { h } from "../../core/dom.js";
import { actionButton } from "../../core/widgets/action.js";
import { seatName } from "../../core/widgets/seat.js";
import { actionLabel, regionName } from "./words.js";

function button(ctx, view, a, opts = {}) {
  return actionButton(ctx, a, opts.label ?? actionLabel(ctx, view, ctx.seat, a), {
    class: `nv-btn ${a.type === "done" || a.type === "keep_card" ? "nv-secondary" : ""} ${opts.class || ""}`,
    title: opts.title || tip(ctx, a.type),
  });
}

/** The tap text of an action type (nv.tip.<type>), or null when there is none. */
function tip(ctx, type) {
  const key = `nv.tip.${type}`;
  const text = ctx.t(key);
  return text === key ? null : text;
}

/** Returns the heading of a step as its own seat reads it. */
export function stepTitle(ctx, view, step) {
  switch (step.kind) {
    case "card":
      return ctx.t("nv.step.card", { who: seatName(ctx, step.before) });
    case "pay":
      return ctx.t("nv.step.pay", { n: step.left });
    case "sailing":
      return ctx.t(step.card ? "nv.step.sailingCard" : "nv.step.sailing", { n: step.range });
    default:
      return ctx.t(`nv.step.${step.kind}`);
  }
}

function hint(ctx, step) {
  const used = step.workers_used ?? 0;
  const key = { move: "nv.hint.move", sailing: "nv.hint.sailing", colony: "nv.hint.colony", buildings: "nv.hint.buildings", market: "nv.hint.market" }[step.kind];
  return key ? h("p", { class: "nv-note" }, ctx.t(key, { n: used })) : null;
}

// Sailing: explorations first (each a whole group of ships), then one row per region a ship
// may leave, whose buttons name where it may go.
function sailingRows(ctx, view, legal, used) {
  const rows = [];
  const explores = legal.filter((a) => a.type === "explore");
  if (explores.length) {
    rows.push(h("div", { class: "nv-row nv-explores" }, h("b", {}, `${ctx.t("nv.explore")}:`),
      explores.map((a) => { used.add(JSON.stringify(a)); return button(ctx, view, a, { class: "nv-explore" }); })));
  }
  const byOrigin = new Map();
  for (const a of legal.filter((x) => x.type === "sail")) {
    if (!byOrigin.has(a.origin)) byOrigin.set(a.origin, []);
    byOrigin.get(a.origin).push(a);
  }
  for (const [origin, sails] of byOrigin) {
    rows.push(h("div", { class: "nv-row", dataset: { origin } }, h("span", { class: "nv-from", title: ctx.t("nv.tip.from") }, ctx.t("nv.from", { region: regionName(ctx, origin) })),
      sails.map((a) => { used.add(JSON.stringify(a)); return button(ctx, view, a); })));
  }
  return rows;
}

/** Returns the actions panel of the seat that must answer now, or null. */
export function renderTurn(ctx, view, legal, used) {
  const step = view.step;
  const mine = ctx.seat != null && step && step.seat === ctx.seat && !view.over && legal.length;
  if (!mine) return null;
  const body = [h("h3", {}, `${ctx.t("nv.yourTurn")}: ${stepTitle(ctx, view, step)}`), hint(ctx, step)];
  if (step.kind === "sailing") body.push(...sailingRows(ctx, view, legal, used));
  const main = h("div", { class: "nv-row" });
  for (const a of legal) {
    if (a.type === "move" || a.type === "done" || used.has(JSON.stringify(a))) continue;
    used.add(JSON.stringify(a));
    main.append(button(ctx, view, a));
  }
  for (const a of legal.filter((x) => x.type === "done")) {
    used.add(JSON.stringify(a));
    main.append(button(ctx, view, a));
  }
  if (main.childNodes.length) body.push(main);
  return h("section", { class: "nv-panel nv-turn", dataset: { testid: "nv-turn" } }, body);
}

/** Returns "Other actions": every legal action no other control has drawn, or null. */
export function renderRest(ctx, view, legal, used) {
  const rest = legal.filter((a) => !used.has(JSON.stringify(a)));
  if (!rest.length) return null;
  return h("section", { class: "nv-panel" }, h("h4", {}, ctx.t("nv.other")),
    h("div", { class: "nv-row" }, rest.map((a) => button(ctx, view, a))));
}
