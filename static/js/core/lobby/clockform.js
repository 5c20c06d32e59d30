// The create form's time control: none; live (minutes per player, seconds per move);
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

/** Returns a row of radio buttons named `name`, one per value, with its label. */
function radios(name, values, current, label, onPick) {
  return h(
    "div",
    { class: "opt-radios", role: "radiogroup" },
    values.map((v) => {
      const id = `${name}-${v}`;
      const radio = h("input", { type: "radio", name, id, value: String(v), checked: v === current, dataset: { testid: id } });
      radio.addEventListener("change", () => radio.checked && onPick(v));
      return h("label", { for: id, class: "opt-radio" }, radio, " ", label(v));
    }),
  );
}

/** Returns the time control fieldset; `redraw` draws the form again when the kind changes. */
export function clockFieldset(redraw) {
  const c = form();
  const kinds = radios("create-clock", ["none", "live", "days"], c.kind, (k) => t(`clock.kind.${k}`), (k) => {
    c.kind = k;
    redraw();
    document.getElementById(`create-clock-${k}`)?.focus();
  });
  let details = null;
  if (c.kind === "live") {
    details = h("div", { class: "form-grid" }, numberField("create-minutes", t("clock.minutes"), "minutes", 1, 180), numberField("create-increment", t("clock.increment"), "increment", 0, 180));
  } else if (c.kind === "days") {
    details = h("div", { class: "field" }, h("span", { class: "label" }, t("clock.days")), radios("create-days", DAYS, c.days, (d) => t("clock.perMove", { n: d }), (d) => (c.days = d)));
  }
  return h("fieldset", { class: "options clock-options", dataset: { testid: "create-clock" } }, h("legend", { class: "label" }, t("clock.control")), kinds, details);
}

/** Returns the `clock` of the create request (null: no clock). */
export function chosenClock() {
  const c = form();
  if (c.kind === "live") return { kind: "live", minutes: c.minutes, increment: c.increment };
  if (c.kind === "days") return { kind: "days", days: c.days };
  return null;
}
