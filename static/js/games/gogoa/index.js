// Go Goa's renderer (the contract of docs/client.md): the SVG map of Goa, the dice and their
// roles, path drawing, tour plans, guides and a score sheet that is always visible. The
// draft lives on the server (secret to the seat); each click sends one small action. Local
// picks (selected die, marked plans, deviation mode, zoom) survive a re-render per match.

import { h, clear } from "../../core/dom.js";
import { useStylesheet } from "../../core/widgets/css.js";
import { localState, redraw, redrawLater } from "../../core/widgets/local.js";
import { seatName } from "../../core/widgets/seat.js";
import { dayControls } from "./dice.js";
import { mapSvg } from "./map.js";
import { planChoice, planRow } from "./plans.js";
import { guidePanel, scoreSheet, topBar } from "./sheet.js";
import ui from "./strings.js";

export { default as logStrings } from "./log_strings.js";
export { logArgs } from "./names.js";
export const strings = ui;

const myDraft = (view) => view.me?.draft || null;

function sidePanel(ctx, view, local, draft) {
  const side = h("div", { class: "gg-side" });
  if (view.me) side.append(guidePanel(ctx, view, local, draft));
  if (view.me && view.phase !== "plans") {
    side.append(h("h3", { class: "gg-h" }, ctx.t("ui.myPlans")), planRow(ctx, view, view.players[view.me.seat].plans || []));
  }
  return side;
}

function mapArea(root, ctx, view, local, draft) {
  // Phones zoom in around the tourist while drawing, unless the player chose otherwise.
  const zoomed = local.zoom ?? (root.clientWidth > 0 && root.clientWidth < 600 && !!(draft && draft.drawing && !draft.submitted));
  const zoom = h(
    "button",
    { class: "btn btn-small gg-zoom", type: "button", "aria-pressed": String(zoomed), dataset: { testid: "gg-zoom" },
      onclick: () => { local.zoom = !zoomed; redraw(ctx, "gogoa"); } },
    zoomed ? ctx.t("ui.wholeMap") : ctx.t("ui.zoomIn"),
  );
  return h("div", { class: "gg-map-wrap" }, zoom, mapSvg(ctx, view, local, draft, zoomed));
}

/** Draws the whole Go Goa screen into `root` (called on every view change). */
export function render(root, ctx) {
  useStylesheet("/static/js/games/gogoa/gogoa.css");
  redrawLater(ctx, "gogoa", () => render(root, ctx));
  const { view } = ctx;
  const local = localState(ctx, "gogoa", () => ({ die: null, plans: new Set(), deviating: false, zoom: undefined }));
  const draft = myDraft(view);
  clear(root);
  root.append(h(
    "div",
    { class: "gg-root" },
    topBar(ctx, view),
    view.phase === "plans" ? planChoice(ctx, view, local) : view.over ? null : dayControls(ctx, view, local, draft),
    h("div", { class: "gg-body" }, mapArea(root, ctx, view, local, draft), sidePanel(ctx, view, local, draft)),
    scoreSheet(ctx, view),
  ));
}

/** Returns one line for the status bar: what this seat must do, or whom the day waits for. */
export function statusLine(view, ctx) {
  const t = ctx.t;
  if (!view || view.over) return "";
  const names = (seats) => seats.map((i) => seatName(ctx, i)).join(", ");
  const mine = ctx.seat != null && (view.to_act || []).includes(ctx.seat);
  if (view.phase === "plans") return mine ? t("status.choosePlans") : t("status.waitPlans", { names: names(view.to_act || []) });
  const draft = myDraft(view);
  if (mine && draft) {
    if (!draft.drawing) return t("status.assign", { day: view.day });
    if (draft.finished) return t("status.submit", { day: view.day });
    return t("status.draw", { day: view.day, n: draft.steps_left });
  }
  if (view.step === "starter") return t("status.waitStarter", { day: view.day, who: seatName(ctx, view.starter) });
  return t("status.wait", { day: view.day, names: names(view.to_act || []) });
}

/** Returns the public facts of one player for the shell's player panel. */
export function playerInfo(view, seat, ctx) {
  const p = view?.players?.[seat];
  if (!p) return "";
  let text = ctx.t("info", { total: p.score.total, sites: p.visited.length });
  if (view.phase === "day" && p.submitted) text += " · ✓";
  if (view.phase === "day" && view.starter === seat) text += " · ★";
  return text;
}
