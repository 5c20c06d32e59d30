// Fallback renderer: used when a game has no module of its own (and for the test fixture
// game). It shows the view's game fields compactly and every legal action as a button,
// labelled from the action's fields ("add n=2"), so any game can be played to its end.

import { h, clear } from "./dom.js";

const SHARED = new Set(["legal", "log", "to_act", "over", "outcome"]);
const FILTER_FROM = 24; // show a filter box when there are this many choices or more
const drafts = new Map(); // matchId -> {filter}

function scalar(v) {
  if (v === null) return "—";
  if (typeof v === "boolean") return v ? "✓" : "✗";
  return String(v);
}

/** "add n=2", "move to=[3,4]", "pass" */
export function actionLabel(action) {
  if (!action || typeof action !== "object") return String(action);
  const parts = [];
  if (action.type !== undefined) parts.push(String(action.type));
  for (const [k, v] of Object.entries(action)) {
    if (k === "type") continue;
    parts.push(`${k}=${v !== null && typeof v === "object" ? JSON.stringify(v) : scalar(v)}`);
  }
  return parts.join(" ") || JSON.stringify(action);
}

function compact(value, depth = 0) {
  if (value === null || typeof value !== "object") return h("span", { class: "g-val" }, scalar(value));
  const json = JSON.stringify(value);
  if (json.length <= 80 || depth >= 2) {
    return h("code", { class: "g-json" }, json.length > 400 ? json.slice(0, 400) + "…" : json);
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return h(
    "dl",
    { class: "g-fields nested" },
    entries.map(([k, v]) => [h("dt", {}, String(k)), h("dd", {}, compact(v, depth + 1))]),
  );
}

export function render(root, ctx) {
  const { view, seat, t } = ctx;
  const draft = drafts.get(ctx.matchId) || { filter: "" };
  let busy = false; // per render: a new view brings fresh, enabled choices
  drafts.set(ctx.matchId, draft);
  const hadFocus = root.contains(document.activeElement) ? document.activeElement?.dataset?.focusKey : null;
  clear(root);
  root.classList.add("generic");

  const fields = Object.entries(view || {}).filter(([k]) => !SHARED.has(k));
  const legal = Array.isArray(view?.legal) ? view.legal : [];
  const myTurn = seat != null && Array.isArray(view?.to_act) && view.to_act.includes(seat) && !view.over;

  // Choices first: they are what the player came for.
  const actions = h("section", { class: "g-actions", "aria-labelledby": seat != null ? "g-actions-h" : null });
  if (seat != null) actions.append(h("h2", { id: "g-actions-h", class: "panel-title" }, t("generic.actions")));
  if (seat == null) {
    actions.append(h("p", { class: "muted" }, t("generic.spectator")));
  } else if (!legal.length || view.over) {
    actions.append(h("p", { class: "muted" }, t("generic.noActions")));
  } else {
    const list = h("div", { class: `g-buttons ${myTurn ? "my-turn" : ""}`, role: "group", "aria-label": t("generic.actions") });
    const buttons = [];
    const applyFilter = () => {
      const f = draft.filter.trim().toLowerCase();
      for (const b of buttons) b.hidden = f !== "" && !b.textContent.toLowerCase().includes(f);
    };
    if (legal.length >= FILTER_FROM) {
      const input = h("input", {
        type: "search",
        class: "input g-filter",
        placeholder: t("generic.filter"),
        "aria-label": t("generic.filter"),
        value: draft.filter,
        dataset: { focusKey: "filter" },
      });
      input.addEventListener("input", () => {
        draft.filter = input.value;
        applyFilter();
      });
      actions.append(h("div", { class: "g-filter-row" }, input, h("span", { class: "muted" }, t("generic.count", { n: legal.length }))));
    }
    legal.forEach((action, i) => {
      const b = h(
        "button",
        {
          type: "button",
          class: "btn btn-action",
          dataset: { testid: "action", action: JSON.stringify(action), focusKey: `a${i}` },
        },
        actionLabel(action),
      );
      b.addEventListener("click", async () => {
        if (busy) return;
        busy = true;
        for (const x of buttons) x.disabled = true;
        b.classList.add("sending");
        const res = await ctx.act(action);
        busy = false;
        // On success the next view re-renders us; on reject let the player choose again.
        const reenable = () => {
          for (const x of buttons) x.disabled = false;
          b.classList.remove("sending");
        };
        if (!res || !res.ok) reenable();
        else setTimeout(() => b.isConnected && reenable(), 1500); // no new view came: unlock

      });
      buttons.push(b);
      list.append(b);
    });
    actions.append(list);
    applyFilter();
  }
  root.append(actions);

  if (fields.length) {
    root.append(
      h(
        "details",
        { class: "g-state", open: true },
        h("summary", {}, t("generic.state")),
        h("dl", { class: "g-fields" }, fields.map(([k, v]) => [h("dt", {}, k), h("dd", {}, compact(v))])),
      ),
    );
  }

  if (hadFocus) root.querySelector(`[data-focus-key="${hadFocus}"]`)?.focus();
}
