// Go Goa's always-visible tables: who is where in the day (chips with submitted/drawing
// marks and the day track), your local guides, and the score sheet of every player.

import { h } from "../../core/dom.js";
import { seatColour, seatDisc, seatName } from "../../core/widgets/seat.js";
import { track } from "../../core/widgets/track.js";
import { ggButton } from "./dice.js";
import { planName, placeName } from "./names.js";

const GUIDES = ["calangute", "colva", "palolem"];
const CATEGORIES = ["destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type", "total"];

function mark(ctx, view, p, i) {
  if (view.phase === "plans") return p.chose_plans ? ctx.t("ui.chosen") : ctx.t("ui.choosing");
  if (view.phase !== "day") return "";
  if (p.submitted) return `✓ ${ctx.t("ui.hasSubmitted")}`;
  return (view.to_act || []).includes(i) ? ctx.t("ui.drafting") : "";
}

/** Returns the bar above the map: the day and its track, and every player's chip. */
export function topBar(ctx, view) {
  const bar = h("div", { class: "gg-top" });
  if (view.phase !== "plans") {
    const label = ctx.t("ui.day", { day: view.day, days: view.days });
    bar.append(h("strong", { class: "gg-day", title: label }, label), track({ to: view.days, at: view.day, label, class: "gg-days", testid: "gg-days" }));
  }
  const who = h("div", { class: "gg-who", role: "list" });
  view.players.forEach((p, i) => {
    const m = mark(ctx, view, p, i);
    who.append(h(
      "span",
      { class: `gg-chip ${p.submitted ? "gg-done" : ""}`, role: "listitem", style: { "--c": seatColour(ctx, i) } },
      seatDisc(ctx, i, "gg-disc"),
      ` ${seatName(ctx, i)}${view.phase === "day" && view.starter === i ? " ★" : ""}`,
      m ? h("small", {}, ` ${m}`) : null,
    ));
  });
  bar.append(who);
  return bar;
}

/** Returns your local guides: found, circled, hired today or crossed off, with ±1 buttons. */
export function guidePanel(ctx, view, local, draft) {
  const me = view.players[view.me.seat];
  const box = h("div", { class: "gg-guides", dataset: { testid: "gg-guides" } }, h("h3", { class: "gg-h" }, ctx.t("ui.guides")));
  const today = new Set((draft?.guides_used || []).map((g) => g.guide));
  const canHire = (view.legal || []).some((a) => a.type === "use_guide");
  for (const g of GUIDES) {
    let state = ctx.t("ui.guideNone");
    if (today.has(g)) state = ctx.t("ui.guideToday");
    else if (me.guides_used.includes(g)) state = ctx.t("ui.guideUsed");
    else if (me.guides.includes(g)) state = ctx.t("ui.guideReady");
    const row = h("div", { class: `gg-guide ${me.guides_used.includes(g) ? "gg-crossed" : ""}` }, h("span", { title: ctx.t("tip.guide", { place: ctx.t(`guide.${g}`) }) }, `${ctx.t(`guide.${g}`)}: ${state}`));
    if (canHire && me.guides.includes(g) && !me.guides_used.includes(g) && !today.has(g)) {
      for (const delta of [-1, 1]) {
        const action = local.die != null ? { type: "use_guide", guide: g, die: local.die, delta } : null;
        row.append(ggButton(ctx, delta < 0 ? "−1" : "+1", action, `gg-guide-${g}-${delta > 0 ? "plus" : "minus"}`, { title: ctx.t("tip.guideStep", { d: delta < 0 ? "−1" : "+1" }) }));
      }
    }
    box.append(row);
  }
  if (canHire) box.append(h("p", { class: "gg-hint" }, ctx.t("ui.guideHint")));
  return box;
}

/** Returns the score sheet: sites visited and every scoring category, per player. */
export function scoreSheet(ctx, view) {
  const table = h("table", { class: "gg-sheet", dataset: { testid: "gg-sheet" } });
  table.append(h("caption", {}, ctx.t("ui.sheet")));
  table.append(h("thead", {}, h("tr", {}, h("th", { scope: "col", title: ctx.t("tip.player") }, ctx.t("ui.player")),
    h("th", { scope: "col", title: ctx.t("tip.sitesHead") }, ctx.t("ui.sites")),
    CATEGORIES.map((c) => h("th", { scope: "col", title: ctx.t(`tip.score.${c}`) }, ctx.t(`score.${c}`))))));
  const body = h("tbody");
  view.players.forEach((p, i) => {
    const plans = (p.plans || []).map((x) => ctx.t("ui.planProgress", { id: planName(ctx, x.id), done: x.done.length, all: x.destinations.length })).join(", ");
    body.append(h(
      "tr",
      { dataset: { seat: String(i) } },
      h("th", { scope: "row" }, seatDisc(ctx, i, "gg-disc"), ` ${seatName(ctx, i)}`, plans ? h("small", { class: "gg-plan-mini" }, plans) : null),
      h("td", { title: ctx.t("tip.sites", { names: p.visited.map((c) => placeName(ctx, view, c)).join(", ") || "—" }) }, String(p.visited.length)),
      CATEGORIES.map((c) => h("td", { class: c === "total" ? "gg-total" : "", title: `${seatName(ctx, i)} · ${ctx.t(`score.${c}`)}: ${ctx.t(`tip.score.${c}`)}` }, String(p.score[c] ?? 0))),
    ));
  });
  table.append(body);
  return h("div", { class: "gg-sheet-wrap" }, table);
}
