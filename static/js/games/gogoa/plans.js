// Go Goa's tour plans: the four dealt cards to pick two from on day 0 (a local choice sent
// as one `keep_plans`), and afterwards your kept plans with their destinations ticked.

import { h } from "../../core/dom.js";
import { card } from "../../core/widgets/card.js";
import { redraw } from "../../core/widgets/local.js";
import { ggButton } from "./dice.js";
import { planName, placeName } from "./names.js";

/** Returns one tour plan card; clickable (a toggle) when `onclick` is given. */
export function planCard(ctx, view, plan, { selected = false, onclick = null } = {}) {
  return card({
    class: "gg-plan",
    head: [h("b", {}, planName(ctx, plan.id)), ` ${ctx.t("ui.points", { n: plan.points })}`],
    items: plan.destinations.map((code) => ({ text: placeName(ctx, view, code), done: (plan.done || []).includes(code) })),
    selected,
    complete: plan.complete,
    onclick,
    testid: `gg-plan-${plan.id}`,
    title: ctx.t("tip.plan", { id: planName(ctx, plan.id), n: plan.points }),
  });
}

/** Returns the cards of `plans` in a row. */
export function planRow(ctx, view, plans) {
  return h("div", { class: "gg-plans" }, plans.map((p) => planCard(ctx, view, p)));
}

/** Returns day 0's controls: pick two of the dealt plans, then keep them. */
export function planChoice(ctx, view, local) {
  const box = h("div", { class: "gg-controls" });
  if (!view.me) return box;
  if (view.me.kept) {
    box.append(h("p", { class: "gg-hint" }, ctx.t("ui.myPlans")), planRow(ctx, view, view.me.dealt.filter((x) => view.me.kept.includes(x.id))));
    return box;
  }
  const toggle = (id) => () => {
    if (local.plans.has(id)) local.plans.delete(id);
    else if (local.plans.size < 2) local.plans.add(id);
    redraw(ctx, "gogoa");
  };
  const cards = view.me.dealt.map((p) => planCard(ctx, view, p, { selected: local.plans.has(p.id), onclick: toggle(p.id) }));
  const pick = [...local.plans].sort(); // sorted, as `legal` lists pairs (whatever the dealt order)
  box.append(
    h("p", { class: "gg-hint" }, ctx.t("ui.pickPlans")),
    h("div", { class: "gg-plans" }, cards),
    ggButton(ctx, ctx.t("ui.keep"), pick.length === 2 ? { type: "keep_plans", plans: pick } : null, "gg-keep", { primary: true, title: ctx.t("tip.keep") }),
  );
  return box;
}
