// Go Goa's renderer (the contract of docs/client.md): the SVG map of Goa is the stage, with the
// day, the guides and your plans under it; the dice, their roles, where they can take you, Undo
// and Submit pinned in the action bar (`ctx.actionBar`) so they stay in reach over the map; a
// score sheet below. The draft lives
// on the server (secret to the seat); each click sends one small action. Local picks
// (selected die, marked plans, deviation mode, zoom) survive a re-render per match.

import { h, clear } from "../../core/dom.js";
import { useStylesheet } from "../../core/widgets/css.js";
import { localState, redraw, redrawLater } from "../../core/widgets/local.js";
import { seatMark, seatName } from "../../core/widgets/seat.js";
import { dayControls } from "./dice.js";
import { compassSvg, finishMap, mapSvg } from "./map.js";
import { planChoice, planRow } from "./plans.js";
import { reachPanel } from "./reach.js";
import { guidePanel, scoreSheet, topBar } from "./sheet.js";
import ui from "./strings.js";

export { default as logStrings } from "./log_strings.json" with { type: "json" };
export { default as rules } from "./rules.js";
export { logArgs } from "./names.js";
export const strings = ui;

/** The breakdown's tie-break: a note under the final table, not a scoring column. */
export const tieBreak = "beaches";

/** Opens a group in the log: the deal of the plans, then each day's "Day 3: the dice show ..." line. */
export const logGroup = (line) => line?.key === "gg.day" || line?.key === "gg.deal";

const myDraft = (view) => view.me?.draft || null;

// Under the map: the days, the guides and your plans. "Where can you end today?" belongs to the
// choice of roles, so it stands in the action bar beside the dice.
function sidePanel(ctx, view, local, draft) {
  const side = h("div", { class: "gg-side" }, topBar(ctx, view));
  if (view.me) side.append(guidePanel(ctx, view, local, draft));
  if (view.me && view.phase !== "plans") {
    side.append(h("div", {}, h("h3", { class: "gg-h" }, ctx.t("ui.myPlans")), planRow(ctx, view, view.players[view.me.seat].plans || [])));
  }
  return side;
}

const assigning = (view, draft) => view.me && draft && !draft.drawing && !draft.submitted && !view.me.waiting;

const NARROW = 760; // px: from here the map fits the height beside empty space, and may fill the width

// The compass, the zoom around your tourist and, where the map fits the window's height beside
// empty space, the zoom that makes it fill the width: a row above the map.
function mapTools(ctx, view, local, zoomed, wide) {
  const toggle = (key, on, labels, testid, tip) => h(
    "button",
    { class: "btn btn-small gg-zoom", type: "button", "aria-pressed": String(on), dataset: { testid }, title: ctx.t(tip),
      onclick: () => { local[key] = !on; redraw(ctx, "gogoa"); } },
    on ? ctx.t(labels[0]) : ctx.t(labels[1]),
  );
  return h("div", { class: "gg-map-tools" }, compassSvg(ctx, view.sheet), h("small", { class: "gg-compass-note" }, ctx.t("ui.compass")),
    wide ? toggle("fill", !!local.fill, ["ui.fitHeight", "ui.fillWidth"], "gg-fill", "tip.fill") : null,
    toggle("zoom", zoomed, ["ui.wholeMap", "ui.zoomIn"], "gg-zoom", "tip.zoom"));
}

// The status row holds the acting controls; the board keeps them only without one.
function controls(ctx, view, local, draft) {
  if (view.over) return null;
  return view.phase === "plans" ? planChoice(ctx, view, local) : dayControls(ctx, view, local, draft);
}

let resizeHooked = false;
let lastDraw = null;
function redrawOnResize() {
  if (resizeHooked) return;
  resizeHooked = true;
  let timer = null;
  // Labels and tokens are sized for the screen: a new window size draws them again.
  window.addEventListener("resize", () => { clearTimeout(timer); timer = setTimeout(() => lastDraw?.(), 150); });
}

/** Draws the whole Go Goa screen into `root` (called on every view change): the map is the
 * stage, the dice and what they can reach are pinned in the action bar. */
export function render(root, ctx) {
  useStylesheet("/static/js/games/gogoa/gogoa.css");
  const again = () => render(root, ctx);
  redrawLater(ctx, "gogoa", again);
  lastDraw = again;
  redrawOnResize();
  const { view } = ctx;
  const local = localState(ctx, "gogoa", () => ({ die: null, plans: new Set(), deviating: false, zoom: undefined, fill: false }));
  const draft = myDraft(view);
  const box = controls(ctx, view, local, draft);
  const pinned = ctx.actionBar && view.phase !== "plans";
  if (ctx.actionBar) clear(ctx.actionBar);
  const reach = assigning(view, draft) ? reachPanel(ctx, view, local, draft) : null;
  if (pinned && box) ctx.actionBar.append(h("div", { class: "gg-bar" }, box, reach));
  const width = root.clientWidth;
  const wide = width === 0 || width >= NARROW;
  // While drawing, the map shows the hexes around the tourist, big enough to tap, unless the
  // player chose otherwise.
  const zoomed = local.zoom ?? !!(draft && draft.drawing && !draft.submitted);
  const tools = mapTools(ctx, view, local, zoomed, wide);
  const map = mapSvg(ctx, view, local, draft, zoomed);
  if (local.fill && wide) map.classList.add("gg-fill");
  clear(root);
  root.append(h(
    "div",
    { class: "gg-root" },
    pinned ? null : box,
    pinned ? null : reach,
    h("div", { class: "gg-map-wrap", dataset: { stage: "" } }, tools, map),
    sidePanel(ctx, view, local, draft),
    scoreSheet(ctx, view),
  ));
  fitToWindow(root, map);
  finishMap(ctx, view, draft, map, (seat) => seatMark(ctx.names || [], seat));
}

// The map's height is the window's less what stands above it at the top of the page (header,
// the sticky status row with its controls, the map's tool row), so all of it shows at once.
function fitToWindow(root, map) {
  const top = map.getBoundingClientRect().top + window.scrollY;
  const row = document.getElementById("statusrow");
  const above = Math.max(top, (row ? row.offsetHeight : 0) + 40) + 16;
  root.style.setProperty("--gg-above", `${Math.round(above)}px`);
}

/** Returns one line for the status bar: what this seat must do, or whom the day waits for. */
export function statusLine(view, ctx) {
  const t = ctx.t;
  if (!view || view.over) return "";
  const names = (seats) => seats.map((i) => (i === ctx.seat ? t("ui.you") : seatName(ctx, i))).join(", ");
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
