// The create form's time control (issue 11): none; live (minutes per player, seconds per move);
// or over days (1, 2, 3 or 7 days per move). The server checks it again (422 naming `clock`).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { state } from "./state.js";

const DAYS = [1, 2, 3, 7];

function form() {
  state.form.clock ??= { kind: "none", minutes: 10, increment: 5, days: 2 };
  return state.form.clock;
}

function numberField(id, label, key, min, max) {
  const c = form();
  const input = h("input", { id, class: "input input-num", type: "number", inputmode: "numeric", min, max, step: 1, value: c[key], dataset: { testid: id } });
  for (const kind of ["change", "input"]) input.addEventListener(kind, () => (c[key] = Number(input.value)));
  return h("div", { class: "field field-narrow" }, h("label", { for: id, class: "label" }, label), input);
}

/** Returns the time control fieldset; `redraw` draws the form again when the kind changes. */
export function clockFieldset(redraw) {
  const c = form();
  const kind = h(
    "select",
    { id: "create-clock", class: "input", dataset: { testid: "create-clock" } },
    ["none", "live", "days"].map((k) => h("option", { value: k, selected: c.kind === k }, t(`clock.kind.${k}`))),
  );
  kind.addEventListener("change", () => {
    c.kind = kind.value;
    redraw();
    document.getElementById("create-clock")?.focus();
  });
  let details = null;
  if (c.kind === "live") {
    details = [numberField("create-minutes", t("clock.minutes"), "minutes", 1, 180), numberField("create-increment", t("clock.increment"), "increment", 0, 180)];
  } else if (c.kind === "days") {
    const days = h("select", { id: "create-days", class: "input", dataset: { testid: "create-days" } }, DAYS.map((d) => h("option", { value: d, selected: c.days === d }, t("clock.perMove", { n: d }))));
    days.addEventListener("change", () => (c.days = Number(days.value)));
    details = [h("div", { class: "field" }, h("label", { for: "create-days", class: "label" }, t("clock.days")), days)];
  }
  return h(
    "fieldset",
    { class: "options clock-options" },
    h("legend", { class: "label" }, t("clock.control")),
    h("div", { class: "form-grid" }, h("div", { class: "field" }, h("label", { for: "create-clock", class: "label" }, t("clock.kind")), kind), details),
  );
}

/** Returns the `clock` of the create request (null: no clock). */
export function chosenClock() {
  const c = form();
  if (c.kind === "live") return { kind: "live", minutes: c.minutes, increment: c.increment };
  if (c.kind === "days") return { kind: "days", days: c.days };
  return null;
}
