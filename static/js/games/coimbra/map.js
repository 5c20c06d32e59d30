// The pilgrimage map (SVG): the routes with their plain spaces, the monastery sites by tier
// with each player's visit discs, Coimbra's four start gates, and every pilgrim. The spaces
// this seat may walk to (or start on) light up and carry the action hooks; tapping a site
// reads its monastery; the list under the map (sites.js) gives every reward at once. The
// graph comes from the view; geometry.js places it.

import { initialOf } from "../../core/dom.js";
import { isLegal, send } from "../../core/widgets/action.js";
import { seatColour, seatName } from "../../core/widgets/seat.js";
import { LABEL_END, SITE_AT, fanOut, placeMap, tierOf } from "./geometry.js";
import { toggleInfo } from "./parts.js";
import { sitesLegend } from "./sites.js";
import { monasteryText, spaceName } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const RADIUS = { start: 3, I: 3.4, II: 4, III: 4.6 };

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c != null) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// The map actions this seat may take now: space -> action (a walk step or a start space).
function targets(view) {
  const out = new Map();
  for (const a of view.legal || []) {
    if (a.type === "walk") out.set(a.to, a);
    if (a.type === "start_space") out.set(a.space, a);
  }
  return out;
}

function clickable(ctx, el, action, label) {
  const go = () => { if (isLegal(ctx.view, action)) send(ctx, action); };
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.setAttribute("data-testid", "action");
  el.setAttribute("data-action", JSON.stringify(action));
  el.addEventListener("click", go);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
  el.append(svg("title", {}, label));
  return el;
}

function siteInfo(ctx, view, id) {
  const site = view.sites?.[id];
  const names = (site?.visitors || []).map((s) => seatName(ctx, s)).join(", ");
  const visitors = names ? ctx.t("coimbra.visitors", { names }) : ctx.t("coimbra.noVisitors");
  if (tierOf(id) === "start") return `${ctx.t("coimbra.startSpace")}.`;
  return `${ctx.t("coimbra.tier", { tier: site?.tier ?? tierOf(id) })}: ${site ? monasteryText(ctx, site.monastery) : "?"}. ${visitors}.`;
}

function routesLayer(view, at) {
  const g = svg("g", { class: "co-routes", "pointer-events": "none" });
  for (const e of view.map?.edges || []) {
    const [a, b] = [at.get(e.a), at.get(e.b)];
    if (a && b) g.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "co-route" }));
  }
  return g;
}

function spacesLayer(ctx, view, at, go) {
  const g = svg("g", { class: "co-spaces" });
  for (const [id, [x, y]] of at) {
    const tier = id.includes("~") ? null : tierOf(id);
    const action = go.get(id);
    const label = spaceName(ctx, id);
    let el;
    if (!tier) el = svg("circle", { cx: x, cy: y, r: 1.5, class: "co-path" });
    else if (tier === "start") el = svg("rect", { x: x - 2.6, y: y - 2.6, width: 5.2, height: 5.2, rx: 1, class: "co-gate" });
    else el = svg("circle", { cx: x, cy: y, r: RADIUS[tier], class: `co-site co-tier-${tier}` });
    el.setAttribute("data-space", id);
    if (view.sites?.[id]) el.setAttribute("data-monastery", view.sites[id].monastery);
    if (action) {
      el.classList.add("co-target");
      const say = action.type === "walk" ? "coimbra.walkTo" : "coimbra.startOn";
      clickable(ctx, el, action, ctx.t(say, { space: label }));
    } else if (tier) {
      el.addEventListener("click", () => toggleInfo(ctx, { kind: "site", id, title: label, text: siteInfo(ctx, view, id) }));
      el.append(svg("title", {}, `${label}: ${siteInfo(ctx, view, id)}`));
    }
    g.append(el);
  }
  return g;
}

function labelsLayer(ctx, view) {
  const g = svg("g", { class: "co-labels", "pointer-events": "none" });
  for (const [id, [x, y]] of Object.entries(SITE_AT)) {
    const tier = tierOf(id);
    if (tier === "start") continue;
    const end = LABEL_END[id];
    g.append(svg("text", { x: x + (end ?? 0), y: y + RADIUS[tier] + 0.6, class: end == null ? "co-label" : "co-label co-label-end" }, spaceName(ctx, id).split(",")[0]));
    g.append(svg("text", { x, y, class: "co-tiermark" }, tier));
    // Visit discs in an arc above the site, one per player who has been there.
    const visitors = view.sites?.[id]?.visitors || [];
    visitors.forEach((seat, i) => {
      const a = -Math.PI / 2 + (i - (visitors.length - 1) / 2) * 0.75;
      const r = RADIUS[tier] + 1.3;
      g.append(svg("circle", { cx: x + r * Math.cos(a), cy: y + r * Math.sin(a), r: 1.1, fill: seatColour(ctx, seat), class: "co-visit" }));
    });
  }
  return g;
}

function pilgrimsLayer(ctx, view, at) {
  const g = svg("g", { class: "co-pilgrims", "pointer-events": "none" });
  const here = new Map();
  view.players.forEach((p, seat) => {
    if (!p.pilgrim || !at.get(p.pilgrim)) return;
    if (!here.has(p.pilgrim)) here.set(p.pilgrim, []);
    here.get(p.pilgrim).push(seat);
  });
  for (const [space, seats] of here) {
    const [x, y] = at.get(space);
    const offs = fanOut(seats.length);
    seats.forEach((seat, i) => {
      const [cx, cy] = [x + offs[i][0], y + offs[i][1]];
      g.append(svg("circle", { cx, cy, r: 2.2, fill: seatColour(ctx, seat), class: "co-pilgrim", "data-seat": seat }));
      g.append(svg("text", { x: cx, y: cy, class: "co-pilgrim-text" }, initialOf(seatName(ctx, seat), seat)));
    });
  }
  return g;
}

const VIEW_W = 92;
const VIEW_H = 154;

// The map is drawn at whatever width its box has (a phone's column, a desktop's side), so its
// texts and tap targets are sized in screen pixels, not map units: `--px` is one CSS pixel in
// map units, kept up to date as the map is resized (the CSS multiplies it).
const scaled = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (!target.isConnected) { scaled.unobserve(target); continue; }
    const { width, height } = target.getBoundingClientRect(); // the drawing fits inside both
    if (width > 0 && height > 0) target.style.setProperty("--px", `${Math.max(VIEW_W / width, VIEW_H / height)}px`);
  }
});

/** Returns the pilgrimage map: the drawing (SVG) and, under it, the list of the monasteries
 * in play with their rewards, together (a fragment the map's box takes whole). */
export function mapSvg(ctx, view) {
  const out = document.createDocumentFragment();
  out.append(drawing(ctx, view));
  const legend = sitesLegend(ctx, view);
  if (legend) out.append(legend);
  return out;
}

function drawing(ctx, view) {
  const at = placeMap(view.map);
  const map = svg("svg", {
    class: "co-map",
    viewBox: `6 0 ${VIEW_W} ${VIEW_H}`,
    role: "group",
    "aria-label": ctx.t("coimbra.pilgrimage"),
    "data-testid": "co-map",
  }, routesLayer(view, at), spacesLayer(ctx, view, at, targets(view)), labelsLayer(ctx, view), pilgrimsLayer(ctx, view, at));
  scaled?.observe(map);
  return map;
}
