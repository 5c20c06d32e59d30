// A number box bounded by a value (a bid no higher than your own ducats), and the button
// that sends the number it holds. The button always carries the exact action it would send
// now, so a browser test can type a number and read the action back before clicking.
//
// API:
//   boundedNumber(ctx, {min, max, label, testid, action(n), text(n), class, inputClass, confirm, title})
//     -> {input, button, nodes: [input, button]}
//     `action(n)` builds the action for amount n; `text(n)` the button's label. The box
//     clamps to min..max (whole numbers); Enter in the box clicks the button. `confirm` as
//     in actionButton (a second tap sends); `title` the button's tap text.

import { h } from "../dom.js";
import { actionButton, retarget } from "./action.js";

/** Returns the clamped whole number a box holds (min when it holds nothing usable). */
export function clampWhole(value, min, max) {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.max(min, Math.min(max, n)) : min;
}

/** Returns a bounded number box and the button that sends its number. */
export function boundedNumber(ctx, { min, max, label, testid, action, text, class: cls, inputClass, confirm, title }) {
  const input = h("input", {
    type: "number",
    class: `input w-number ${inputClass || ""}`.trim(),
    min,
    max,
    step: 1,
    value: min,
    inputmode: "numeric",
    "aria-label": label,
    dataset: testid ? { testid } : null,
  });
  const button = actionButton(ctx, action(min), text(min), { primary: true, class: cls, confirm, title });
  const sync = () => {
    const n = clampWhole(input.value, min, max);
    retarget(button, ctx, action(n), text(n));
  };
  input.addEventListener("input", sync);
  input.addEventListener("change", sync);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") button.click();
  });
  return { input, button, nodes: [input, button] };
}
