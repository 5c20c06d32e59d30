// Keyboard focus across re-renders: the board is drawn anew on every view change, which would
// drop the focus on <body>. Before a render we note what had focus (by the same hooks the tests
// use: data-action, data-testid, data-gg, id); after it we focus the same control, else its
// successor: the first legal action left in the same area, else (others are to move now) the
// board itself, so the place is kept rather than dropped on <body>. Also "Skip to actions".

import { t } from "../i18n.js";

const $ = (id) => document.getElementById(id);

const AREAS = ["status-actions", "board"];
const ACTION = '[data-testid="action"]:not([disabled])';

/**
 * Returns the key that finds a control again after a re-render, or null.
 *
 *   keyOf({dataset: {action: '{"type":"pass"}'}}) -> '[data-action="{\\"type\\":\\"pass\\"}"]'
 */
export function keyOf(el) {
  const d = el?.dataset || {};
  for (const attr of ["action", "gg", "goa", "testid"]) {
    if (d[attr]) return `[data-${attr}="${CSS.escape(d[attr])}"]`;
  }
  return el?.id ? `#${CSS.escape(el.id)}` : null;
}

let sent = null; // {area, key} of the control that sent the action in flight

function placeOf(el) {
  const area = AREAS.map((id) => $(id)).find((a) => a && el && a.contains(el) && a !== el);
  return area ? { area, key: keyOf(el) } : null;
}

/**
 * Notes the control that sends an action: it is disabled while the action is in flight,
 * which drops the focus, so the re-render after the answer looks here instead.
 */
export function noteSender(el) {
  if (el === document.activeElement) sent = placeOf(el);
}

/** Notes the focused control if it lies in the board or the action bar; returns a restore function. */
export function keepFocus() {
  const el = document.activeElement;
  const place = el && el !== document.body ? placeOf(el) : sent;
  sent = null;
  if (!place) return () => {};
  const { area, key } = place;
  return () => {
    if (document.activeElement && document.activeElement !== document.body && area.contains(document.activeElement)) return;
    const again = (key && area.querySelector(key)) || area.querySelector(ACTION) || $("board");
    again?.focus({ preventScroll: true });
  };
}

/** Wires "Skip to actions", the page's first Tab stop: it focuses the first legal action
 * (in the action bar, then on the stage), else the action bar, where the turn is said. */
export function skipToActions() {
  const link = $("skip-actions");
  if (!link) return;
  link.textContent = t("skipToActions");
  if (link.dataset.wired) return;
  link.dataset.wired = "1";
  link.addEventListener("click", (e) => {
    e.preventDefault();
    const first = AREAS.map((id) => $(id)?.querySelector(ACTION)).find(Boolean);
    const target = first || $("board");
    target.scrollIntoView({ block: "nearest" });
    target.focus();
  });
}
