// Tiny DOM helpers shared by the shell pages (no framework).

/**
 * h("button", {class: "btn", onclick: fn, dataset: {testid: "x"}}, "Label", child...)
 * Attributes: class, text, html-free; `on<event>` become listeners; dataset/style objects;
 * boolean attributes (disabled, hidden...) added only when truthy.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") {
      for (const [sk, sv] of Object.entries(v)) {
        if (sk.startsWith("--")) el.style.setProperty(sk, sv);
        else el.style[sk] = sv;
      }
    } else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Player colours (white text on each passes WCAG AA), exposed as --p0..--p5 too. */
export const SEAT_COLORS = ["#b91c1c", "#1d4ed8", "#15803d", "#a16207", "#7e22ce", "#0f766e"];

export function seatColor(seat) {
  return SEAT_COLORS[((seat % SEAT_COLORS.length) + SEAT_COLORS.length) % SEAT_COLORS.length];
}

export function initialOf(name, seat) {
  const s = String(name || "").trim();
  const ch = s ? Array.from(s)[0] : String((seat ?? 0) + 1);
  return ch.toLocaleUpperCase();
}

/** A coloured disc with the player's initial, so colour is never the only cue. */
export function seatChip(seat, name, extraClass = "") {
  return h(
    "span",
    { class: `chip ${extraClass}`.trim(), style: { "--c": seatColor(seat) }, "aria-hidden": "true" },
    initialOf(name, seat),
  );
}

export function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}
