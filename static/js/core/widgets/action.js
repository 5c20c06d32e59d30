// The action button: the one control that sends moves, in every game. While its action is
// in `view.legal` it carries the test hooks of docs/client.md (`data-testid="action"` and
// `data-action` = the exact JSON it sends); otherwise it is disabled and carries neither,
// so a browser test clicking `[data-testid="action"]` only ever clicks legal moves.
//
// API:
//   actionButton(ctx, action, label, opts) -> <button>
//     action: the action object, or null (a control not yet complete: disabled).
//     label:  text or nodes.
//     opts:   {class, title, primary, data: {extra dataset}, before(), then: [actions], confirm}
//             `before()` runs on click (clear a local pick); `then` are further actions
//             sent after this one (a turn and its first step), each only if the last was
//             accepted. `confirm` (a label, or a function of the action giving one) asks for
//             a second tap: the first shows it (`data-armed`), the second sends; leaving the
//             button disarms it. Such buttons carry `data-confirm="true"` for test drivers.
//   retarget(button, ctx, action, label)   points a button at another action (bid box).
//   send(ctx, ...actions) -> Promise<boolean>  sends in order, stops at a refusal; a click
//             while the match has an action in flight is ignored (no double moves).
//   isLegal(view, action), sameAction(a, b)   a missing field equals null.

import { h } from "../dom.js";
import { localState } from "./local.js";
import { noteSender } from "../match/focus.js";

const targets = new WeakMap(); // button -> {ctx, actions}

/** Returns whether two actions are the same move (a missing field counts as null). */
export function sameAction(a, b) {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null)) return false;
  }
  return true;
}

/** Returns whether `action` is one of the view's legal actions for this seat. */
export function isLegal(view, action) {
  if (!action || view?.over) return false;
  return (view?.legal || []).some((a) => sameAction(a, action));
}

/** Sends the actions one after another; returns true when every one was accepted. */
export async function send(ctx, ...actions) {
  const flight = localState(ctx, "send", () => ({ busy: false }));
  if (flight.busy) return false;
  flight.busy = true;
  try {
    for (const a of actions) {
      const res = await ctx.act(a);
      if (!res || !res.ok) return false;
    }
    return true;
  } finally {
    flight.busy = false;
  }
}

function mark(button, ctx, action, label) {
  const ok = isLegal(ctx.view, action);
  button.disabled = !ok;
  if (ok) {
    button.dataset.testid = "action";
    button.dataset.action = JSON.stringify(action);
  } else {
    delete button.dataset.testid;
    delete button.dataset.action;
  }
  if (label != null) button.replaceChildren(...[label].flat());
}

/** Returns a button that sends `action` (see the module header). */
export function actionButton(ctx, action, label, opts = {}) {
  const cls = ["btn", opts.primary ? "btn-primary" : "", opts.class || ""].filter(Boolean).join(" ");
  const b = h("button", { type: "button", class: cls, title: opts.title || null, dataset: opts.data || null });
  targets.set(b, { ctx, action, then: opts.then || [], label, confirm: opts.confirm });
  mark(b, ctx, action, label);
  if (opts.confirm) {
    b.dataset.confirm = "true";
    b.addEventListener("blur", () => disarm(b));
  }
  b.addEventListener("click", async () => {
    const { action: now, then, confirm } = targets.get(b);
    if (b.disabled || !now) return;
    if (confirm && b.dataset.armed !== "true") {
      // First tap: say what a second tap will do (a bid, a pass, a colony cannot be taken back).
      b.dataset.armed = "true";
      b.classList.add("btn-armed");
      b.replaceChildren(...[typeof confirm === "function" ? confirm(now) : confirm].flat());
      return;
    }
    disarm(b, false);
    opts.before?.();
    noteSender(b); // disabling drops the focus: the next render puts it back
    b.disabled = true;
    const ok = await send(ctx, now, ...then);
    // Accepted: the next view re-renders this button away. Refused: choose again.
    if (!ok && b.isConnected) b.disabled = false;
  });
  return b;
}

// Back to the first tap: the button's own label again (unless `relabel` is false).
function disarm(button, relabel = true) {
  if (button.dataset.armed !== "true") return;
  delete button.dataset.armed;
  button.classList.remove("btn-armed");
  if (relabel) button.replaceChildren(...[targets.get(button).label].flat());
}

/** Points `button` at another action (and label), keeping the test hooks exact. */
export function retarget(button, ctx, action, label = null) {
  const target = targets.get(button);
  target.action = action;
  if (label != null) target.label = label;
  delete button.dataset.armed;
  button.classList.remove("btn-armed");
  mark(button, ctx, action, label);
}
