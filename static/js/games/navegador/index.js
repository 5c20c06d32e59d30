// Navegador's renderer (the contract of docs/client.md): a head with the phase, round,
// Navegador card and game end (the result is the shell's final screen); the actions panel of the
// step awaited; the rondel beside your own sheet, Lisboa and the gallery (rondel and sheet
// first on a phone); the map of the sea regions; the market and building chart; every other
// player's sheet. Each area is its own module; this one puts them together and answers the
// shell's questions (status line, player panel facts, log arguments).

import { h, clear } from "../../core/dom.js";
import { useStylesheet } from "../../core/widgets/css.js";
import { localState } from "../../core/widgets/local.js";
import { seatName } from "../../core/widgets/seat.js";
import { renderBuildings } from "./buildings.js";
import { renderGallery, renderLisboa } from "./lisboa.js";
import { mapSvg, regionTitle, targetRegions } from "./map.js";
import { renderMarket } from "./market.js";
import { changes, markChanges } from "./motion.js";
import { renderRondel } from "./rondel.js";
import { renderOthers, renderSheet } from "./sheets.js";
import ui from "./strings.js";
import { renderRest, renderTurn } from "./turn.js";
import { fieldName, roman } from "./words.js";

export { default as logStrings } from "./log_strings.json" with { type: "json" };
export { default as rules } from "./rules.js";
export { logArgs } from "./words.js";

/** The breakdown's tie-break: a note under the final table, not a scoring column. */
export const tieBreak = "money";
export const strings = ui;

/** Returns one line for the status bar: who must do what now. */
export function statusLine(view, ctx) {
  if (!view) return "";
  if (view.over) return ctx.t("nv.status.over");
  const step = view.step;
  if (!step) return "";
  const who = seatName(ctx, step.seat);
  const final = view.ending && view.ending.turns_left != null ? ctx.t("nv.status.final") : "";
  // On your own turn the line speaks to you ("You: choose a rondel field").
  const say = (key, args) => ctx.t(step.seat === ctx.seat ? `nv.status.you.${key}` : `nv.status.${key}`, { who, ...args });
  let line;
  if (step.kind === "card") line = say("card", { next: seatName(ctx, step.before) });
  else if (step.kind === "move") line = say("move");
  else if (step.kind === "pay") line = say("pay", { n: step.left });
  else if (step.kind === "sailing" && step.card) line = say("cardSailing");
  else line = say("field", { field: ctx.t(`nv.step.${step.kind}`, { n: step.range ?? 1 }) });
  return line + final;
}

/** Returns the public facts of one player for the shell's player panel. */
export function playerInfo(view, seat, ctx) {
  const p = view?.players?.[seat];
  if (!p) return "";
  const card = view.card?.holder === seat ? " · ⚓" : "";
  return ctx.t("nv.info", { money: p.money, workers: p.workers, ships: p.ships }) + card;
}

function head(ctx, view) {
  const phase = h("span", { class: "nv-phase", title: ctx.t("nv.phaseAbout", { roman: roman(ctx, view.phase), n: view.phase, price: view.prices.extra }), dataset: { testid: "nv-phase" } },
    ctx.t("nv.phase", { roman: roman(ctx, view.phase) }));
  const next = view.phase_next ? h("span", { class: "nv-muted", title: ctx.t("nv.phaseAbout", { roman: roman(ctx, view.phase_next), n: view.phase_next, price: view.phase_next * 100 }) }, ` (${ctx.t("nv.phaseNext", { roman: roman(ctx, view.phase_next) })})`) : null;
  const card = view.card;
  const marker = card.marker == null ? "–" : fieldName(ctx, view, card.marker);
  const left = Math.max(0, view.rondel.fields.length - card.travelled); // the card expires after a full circle
  const cardState = [
    view.first_round ? ctx.t("nv.cardFirstRound") : card.usable ? ctx.t("nv.cardUsable") : null,
    card.marker != null && !view.over ? ctx.t("nv.cardSteps", { n: left }) : null,
  ].filter(Boolean).join(" · ");
  const cardEl = h("span", { class: "nv-card", title: ctx.t("nv.cardAbout", { field: marker }), dataset: { testid: "nv-card" } },
    "⚓ ", ctx.t("nv.card", { who: card.holder == null ? ctx.t("nv.none") : seatName(ctx, card.holder) }), cardState ? h("span", { class: "nv-muted" }, ` (${cardState})`) : null);
  const ending = view.ending && !view.over ? h("span", { class: "nv-ending", dataset: { testid: "nv-ending" } },
    ctx.t(`nv.ending.${view.ending.cause}`), ": ",
    view.ending.turns_left == null ? ctx.t("nv.endingNow") : ctx.t("nv.endingLeft", { n: view.ending.turns_left })) : null;
  return h("div", { class: "nv-head" },
    phase, next, h("span", { class: "nv-muted", title: ctx.t("nv.tip.round") }, ` · ${ctx.t("nv.round", { n: view.round })}`), cardEl, ending);
}

/** Draws the whole Navegador screen into `root` (called on every view change): the stage holds
 * the rondel and the sea map (the map first when the choice names regions on it); the choices go to the action bar. */
export function render(root, ctx) {
  useStylesheet("/static/js/games/navegador/navegador.css");
  const view = ctx.view;
  clear(root);
  if (ctx.actionBar) clear(ctx.actionBar);
  if (!view || !view.players) return;
  const legal = Array.isArray(view.legal) && !view.over ? view.legal : [];
  const used = new Set(); // actions already drawn by a dedicated control
  const rondel = renderRondel(ctx, view, legal, used);
  const turn = renderTurn(ctx, view, legal, used);
  const rest = renderRest(ctx, view, legal, used);
  const mine = ctx.seat != null ? view.players[ctx.seat] : null;
  const onMap = legal.some((a) => a.type !== "move" && targetRegions([a]).size > 0);
  const map = h("section", { class: "nv-panel nv-mapwrap" }, h("h3", {}, ctx.t("nv.map")), h("div", { class: "nv-mapscroll" }, mapSvg(ctx, view, legal)),
    // The map is one image to a screen reader: the same facts, region by region, as text.
    h("ul", { class: "sr-only", "aria-label": ctx.t("nv.tip.regions") }, view.regions.map((r) => h("li", {}, regionTitle(ctx, view, r).replace(/\n/g, "; ")))),
    h("p", { class: "nv-note" }, ctx.t("nv.legend")));
  const choices = turn || rest ? h("div", { class: "nv nv-bar" }, turn, rest) : null;
  if (ctx.actionBar && choices) ctx.actionBar.append(choices);
  root.append(h("div", { class: "nv" },
    head(ctx, view),
    ctx.actionBar ? null : choices,
    h("div", { class: "nv-stage", dataset: { stage: "" } }, onMap ? [map, rondel] : [rondel, map]),
    // Under the stage: your sheet, then Lisboa and the gallery, which you read with the rondel.
    h("div", { class: "nv-stack" }, mine ? renderSheet(ctx, view, mine) : null, renderLisboa(ctx, view), renderGallery(ctx, view)),
    h("div", { class: "nv-bank" }, renderMarket(ctx, view), renderBuildings(ctx, view)),
    renderOthers(ctx, view)));
  if (onMap) showTargets(root);
  const drawn = localState(ctx, "navegador", () => ({ view: null }));
  markChanges(root, changes(drawn.view, view));
  drawn.view = view;
}

// Where the map scrolls inside its box (a phone), the regions the choice names come into view.
function showTargets(root) {
  const box = root.querySelector(".nv-mapscroll");
  const ring = box?.querySelector(".nv-target");
  if (!box || !ring || box.scrollWidth <= box.clientWidth) return;
  const r = ring.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
}
