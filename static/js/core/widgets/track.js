// A track: a row of numbered spaces with a marker on the current one (Goa's eight rounds,
// Go Goa's twelve days). Spaces before the marker are shown as passed; `breaks` draws a gap
// before a space (Goa's part B starts at round 5).
//
// API:
//   track({from = 1, to, at, label, breaks: [n], testid, class}) -> <ol class="w-track">
//     `label` names the track for screen readers ("Round 3 of 8").

import { h } from "../dom.js";

/** Returns a track element (see the module header). */
export function track({ from = 1, to, at, label, breaks = [], testid, class: cls }) {
  const spaces = [];
  for (let n = from; n <= to; n++) {
    const state = n < at ? "w-passed" : n === at ? "w-here" : "";
    spaces.push(h(
      "li",
      { class: `w-space ${state} ${breaks.includes(n) ? "w-break" : ""}`.trim(), "aria-current": n === at ? "step" : null },
      String(n),
    ));
  }
  return h("ol", {
    class: `w-track ${cls || ""}`.trim(),
    role: "img",
    "aria-label": label,
    title: label,
    dataset: testid ? { testid } : null,
  }, spaces);
}
