// Go Goa's "where can I end?" before the dice have roles: for each way to give the dice their
// roles, the new destinations its path could end on (the engine lists them in the seat's own
// draft as `reach`), your tour-plan goals first and marked. Only the last hex of a path scores.

import { h } from "../../core/dom.js";
import { planGoals } from "./map.js";
import { placeName } from "./names.js";

/**
 * Returns the assignments worth showing: those ending on a destination not yet visited, the
 * ones reaching plan goals first; each with its die values and `goals`/`others` codes.
 * Pure (Node tests it): `reach` is the draft's list, `dice` its values, `seen` and `goals` sets.
 */
export function usefulAssignments(reach, dice, seen, goals) {
  const out = [];
  for (const r of reach || []) {
    const fresh = r.dests.filter((c) => !seen.has(c));
    if (!fresh.length) continue;
    out.push({
      direction: r.value ?? dice[r.direction],
      distance: dice[r.distance],
      deviation: dice[r.deviation],
      goals: fresh.filter((c) => goals.has(c)),
      others: fresh.filter((c) => !goals.has(c)),
    });
  }
  return out.sort((a, b) => b.goals.length - a.goals.length || b.others.length - a.others.length);
}

/** Returns the side panel listing what each die assignment could reach today. */
export function reachPanel(ctx, view, local, draft) {
  const t = ctx.t;
  const me = view.players[view.me.seat];
  const rows = usefulAssignments(draft.reach, draft.dice, new Set(me.visited), planGoals(view));
  const box = h("div", { class: "gg-reach", dataset: { testid: "gg-reach" } }, h("h3", { class: "gg-h" }, t("ui.reachTitle")));
  if (!rows.length) {
    box.append(h("p", { class: "gg-hint" }, t("ui.reachNone")));
    return box;
  }
  const list = h("ul", { class: "gg-reach-list" });
  for (const r of rows) {
    list.append(h(
      "li",
      { class: r.goals.length ? "gg-reach-goal" : "", title: t("tip.reach") },
      h("span", { class: "gg-reach-dice" }, t("ui.reachDice", r)),
      " → ",
      r.goals.map((c) => h("b", { class: "gg-reach-plan", title: t("ui.planGoal") }, `★ ${placeName(ctx, view, c)}`)),
      r.goals.length && r.others.length ? ", " : "",
      r.others.map((c) => placeName(ctx, view, c)).join(", "),
    ));
  }
  box.append(list, h("p", { class: "gg-hint" }, t("ui.reachHint")));
  return box;
}
