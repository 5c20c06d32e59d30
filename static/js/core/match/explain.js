// Tap text: a finger never sees a hover title, so on a touch screen a tap on a board element
// that is not a control, or a long press on any element (a control included), opens a small
// sheet at the bottom with what the element says about itself. A mouse keeps the browser's
// hover titles; the sheet closes with its button, Escape, or the next tap elsewhere.
//
// What an element says: its `title`, an SVG element's <title> child, else `aria-label`,
// looked up from the element tapped to the board (the nearest one that explains itself).

import { h } from "../dom.js";
import { t } from "../i18n.js";

const PRESS_MS = 450; // a long press, as phones count it
const MOVE_PX = 10; // a finger that moves this far scrolls: no long press
const CONTROL = "button, a[href], input, select, textarea, label, summary, [role='button'], [contenteditable]";

/** Returns the text `el` (or its nearest ancestor inside `root`) explains itself with, or null. */
export function tipOf(el, root) {
  for (let n = el; n && n !== root && n.nodeType === 1; n = n.parentNode) {
    const title = n.getAttribute("title");
    if (title) return title;
    const svgTitle = n instanceof SVGElement ? [...n.children].find((c) => c.tagName.toLowerCase() === "title") : null;
    if (svgTitle?.textContent) return svgTitle.textContent;
    const label = n.getAttribute("aria-label");
    if (label) return label;
  }
  return null;
}

let sheet = null;

function close() {
  if (sheet) sheet.hidden = true;
}

function show(text) {
  if (!sheet) {
    const body = h("p", { class: "tip-text", dataset: { testid: "tip-text" } });
    sheet = h("div", { class: "tip-sheet", role: "status", "aria-live": "polite", dataset: { testid: "tip-sheet" } },
      body, h("button", { type: "button", class: "btn btn-small", dataset: { testid: "tip-close" }, onclick: close }, t("close")));
    sheet.body = body;
    document.body.append(sheet);
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
  }
  sheet.body.textContent = text;
  sheet.hidden = false;
}

/** Makes every element inside each of `roots` explain itself to a finger (see the header). */
export function installExplain(roots) {
  for (const root of roots) {
    if (!root || root.dataset.explain) continue;
    root.dataset.explain = "on";
    let touch = false; // the pointer of the current press is a finger
    let pressed = null; // {timer, x, y}
    let swallow = false; // a long press explained: its click does nothing else
    const cancel = () => { if (pressed) clearTimeout(pressed.timer); pressed = null; };
    root.addEventListener("pointerdown", (e) => {
      touch = e.pointerType === "touch";
      cancel();
      if (!touch) return;
      const text = tipOf(e.target, root);
      if (!text) return;
      pressed = { x: e.clientX, y: e.clientY, timer: setTimeout(() => { swallow = true; pressed = null; show(text); }, PRESS_MS) };
    });
    root.addEventListener("pointermove", (e) => {
      if (pressed && Math.hypot(e.clientX - pressed.x, e.clientY - pressed.y) > MOVE_PX) cancel();
    });
    for (const kind of ["pointerup", "pointercancel"]) root.addEventListener(kind, cancel);
    root.addEventListener("contextmenu", (e) => { if (touch && tipOf(e.target, root)) e.preventDefault(); });
    root.addEventListener("click", (e) => {
      if (swallow) {
        swallow = false;
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (!touch) return;
      if (e.target.closest?.(CONTROL)) return close();
      const text = tipOf(e.target, root);
      if (text) show(text);
      else close();
    }, true);
  }
}
