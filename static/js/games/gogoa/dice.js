// Go Goa's day controls: the three dice (click one to select it), the role buttons that give
// the selected die a role, then while drawing the hexes and deviations left, "Use deviation"
// before the first step, Submit and Undo. The draft lives on the server, secret to the seat;
// only the selected die and the deviation mode are local.

import { h } from "../../core/dom.js";
import { actionButton, isLegal } from "../../core/widgets/action.js";
import { redraw } from "../../core/widgets/local.js";
import { seatName } from "../../core/widgets/seat.js";

export const ROLES = ["direction", "distance", "deviation"];

function dieFace(ctx, view, local, i, draft, clickable) {
  const t = ctx.t;
  const rolled = view.dice[i];
  const value = draft ? draft.dice[i] : rolled;
  const role = draft ? ROLES.find((r) => draft.roles[r] === i) : null;
  const reserved = view.step === "others" && view.reserved === i;
  const label = [t("ui.die", { n: i + 1 }), String(value), role ? t(`ui.${role}`) : "", reserved ? t("ui.reserved") : ""].filter(Boolean).join(", ");
  return h(
    "button",
    {
      class: `gg-die ${local.die === i ? "gg-sel" : ""} ${role ? "gg-used" : ""} ${reserved ? "gg-reserved" : ""}`,
      type: "button",
      disabled: !clickable || role != null,
      "aria-pressed": local.die === i ? "true" : "false",
      "aria-label": label,
      title: label,
      dataset: { testid: `gg-die-${i}` },
      onclick: () => {
        local.die = local.die === i ? null : i;
        redraw(ctx, "gogoa");
      },
    },
    h("span", { class: "gg-pip" }, String(value)),
    value !== rolled ? h("small", { class: "gg-was" }, `${rolled}→`) : null,
    role ? h("small", { class: "gg-role" }, t(`ui.${role}`)) : null,
    reserved ? h("small", { class: "gg-lock" }, t("ui.reservedShort")) : null,
  );
}

/** Returns an action button named `name` (data-gg, kept whether or not it is legal now). */
export function ggButton(ctx, label, action, name, opts = {}) {
  return actionButton(ctx, action, label, { ...opts, class: "gg-btn", data: { gg: name } });
}

function roleButtons(ctx, view, local, draft, box, row) {
  const t = ctx.t;
  if (local.die != null && ROLES.some((r) => draft.roles[r] === local.die)) local.die = null;
  const legal = (view.legal || []).filter((a) => a.type === "assign");
  // When every die bumps into the edges, the direction's value is free: one button a value.
  const anyValue = legal.some((a) => a.role === "direction" && a.value != null);
  box.append(h("p", { class: "gg-hint" }, anyValue ? t("ui.pickValue") : t("ui.pickDie")));
  const clear = () => { local.die = null; };
  for (const role of ROLES) {
    if (draft.roles[role] != null) continue;
    if (role === "direction" && anyValue) {
      const values = [...new Set(legal.filter((a) => a.role === "direction" && a.die === local.die).map((a) => a.value))];
      for (const v of values) {
        row.append(ggButton(ctx, `${t("ui.direction")} = ${v}`, { type: "assign", role, die: local.die, value: v }, `gg-role-direction-${v}`, { before: clear, title: t("tip.direction") }));
      }
      continue;
    }
    const action = local.die != null ? { type: "assign", role, die: local.die, value: null } : null;
    row.append(ggButton(ctx, t(`ui.${role}`), action, `gg-role-${role}`, { before: clear, title: t(`tip.${role}`) }));
  }
}

function drawingControls(ctx, local, draft, box, row) {
  const t = ctx.t;
  box.append(h("p", { class: "gg-hint gg-count" }, `${t("ui.stepsLeft", { n: draft.steps_left })} · ${t("ui.deviationsLeft", { n: draft.deviations_left })}`));
  const canDeviate = (draft.deviation_options || []).length > 0;
  if (draft.finished) box.append(h("p", { class: "gg-hint" }, t("ui.done")));
  else box.append(h("p", { class: "gg-hint" }, local.deviating || (canDeviate && draft.path.length) ? `${t("ui.clickBlue")} ${t("ui.clickGray")}` : t("ui.clickBlue"), " ", t("ui.endHint")));
  if (canDeviate && draft.path.length === 0) {
    // Local only: shows the gray hexes of a deviation before the first step.
    row.append(h("button", {
      class: "btn gg-btn",
      type: "button",
      dataset: { testid: "gg-use-deviation" },
      title: t("tip.useDeviation"),
      onclick: () => { local.deviating = !local.deviating; redraw(ctx, "gogoa"); },
    }, local.deviating ? t("ui.cancelDeviation") : t("ui.useDeviation")));
  }
  if (draft.finished) row.append(ggButton(ctx, t("ui.submit"), { type: "submit" }, "gg-submit", { primary: true, title: t("tip.submit"), before: () => { local.deviating = false; } }));
}

/** Returns the day's controls: dice, roles, drawing state, submit and undo. */
export function dayControls(ctx, view, local, draft) {
  const box = h("div", { class: "gg-controls" });
  const assigning = draft && !draft.drawing && !draft.submitted && (view.legal || []).length > 0;
  const dice = h("div", { class: "gg-dice", role: "group", "aria-label": ctx.t("ui.dice") });
  for (let i = 0; i < 3; i++) dice.append(dieFace(ctx, view, local, i, draft, assigning));
  box.append(dice);
  if (!view.me) return box;
  if (view.me.waiting) {
    box.append(h("p", { class: "gg-hint" }, ctx.t("ui.waitStarter", { who: seatName(ctx, view.starter) })));
    return box;
  }
  if (!draft) return box;
  if (draft.submitted) {
    box.append(h("p", { class: "gg-hint" }, ctx.t("ui.submitted")));
    return box;
  }
  const row = h("div", { class: "gg-actions" });
  if (assigning) roleButtons(ctx, view, local, draft, box, row);
  else if (draft.drawing) drawingControls(ctx, local, draft, box, row);
  if (isLegal(view, { type: "undo" })) row.append(ggButton(ctx, ctx.t("ui.undo"), { type: "undo" }, "gg-undo", { title: ctx.t("tip.undo") }));
  box.append(row);
  return box;
}
