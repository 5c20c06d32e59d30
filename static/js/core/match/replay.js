// The replay viewer (/m/{id}?v=N): a finished match stepped through version by version.
// Each version comes from GET /api/matches/{id}/replay?v=N, which the server rebuilds by
// replay and passes through this seat's own view (a spectator's when you did not play), so
// the page can show nothing that seat could not see then. The address keeps ?v=N, so a
// link opens the same moment. No socket is opened: nothing here can act.

import { get } from "../api.js";
import { h, clear } from "../dom.js";
import { t, onLangChange } from "../i18n.js";
import { S, $, page } from "./page.js";
import { resetLog, logFromState } from "./log.js";
import { showChat } from "./chat.js";

const R = { v: 0, last: null, seat: null, loading: false, error: null, chat: [] };
let bar = null;

/** Returns the version asked for in the address (?v=N), or null when this is the live table. */
export function askedVersion() {
  const v = new URLSearchParams(location.search).get("v");
  return v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null;
}

/** Turns the page into the replay viewer at the asked version. */
export async function startReplay() {
  document.body.classList.add("replaying");
  $("conn").hidden = true;
  bar = h("nav", { class: "card replay-bar", id: "replay", "aria-label": t("replay.title"), dataset: { testid: "replay" } });
  $("table").before(bar);
  document.addEventListener("keydown", onKey);
  onLangChange(renderBar);
  await show(askedVersion());
}

async function show(v) {
  if (R.loading) return;
  R.loading = true;
  renderBar();
  try {
    const got = await get(`/api/matches/${encodeURIComponent(S.id)}/replay?v=${v}`);
    Object.assign(R, { v: got.v, last: got.last_v, seat: got.seat, error: null, chat: got.chat || [] });
    S.helloSeat = got.seat;
    S.v = got.v;
    S.view = { ...got.view, legal: [] }; // a replay is looked at, never played
    resetLog();
    logFromState(got.log); // older lines page through /log?before=n: the log only grows
    history.replaceState(null, "", `?v=${got.v}`);
  } catch (err) {
    R.error = err.message;
  } finally {
    R.loading = false;
  }
  page.renderAll();
  renderBar();
  showChat(R.chat);
}

/** On the live table of a finished match: a link to its replay beside the final scores. */
export function renderReplayLink() {
  const row = $("final")?.querySelector(".actions-row");
  if (!row || S.summary?.status !== "finished" || bar) return;
  row.append(h("a", { class: "btn", href: `/m/${encodeURIComponent(S.id)}?v=0`, dataset: { testid: "open-replay" } }, t("history.replay")));
}

function step(to) {
  if (R.last === null) return;
  const v = Math.max(0, Math.min(R.last, to));
  if (v !== R.v) show(v);
}

function onKey(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest?.("input, textarea, select, [contenteditable]")) return;
  const to = { ArrowLeft: R.v - 1, ArrowRight: R.v + 1, Home: 0, End: R.last }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  step(to);
}

function button(testid, label, to, disabled) {
  return h("button", { type: "button", class: "btn btn-small", dataset: { testid }, disabled, onclick: () => step(to) }, label);
}

// Where focus goes when the button that had it is disabled at either end.
const OTHER_END = { "replay-first": "replay-forward", "replay-back": "replay-forward", "replay-forward": "replay-back", "replay-last": "replay-back" };

function renderBar() {
  if (!bar) return;
  // The bar is redrawn on every step: the button pressed keeps the focus (else it falls to <body>).
  const had = bar.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  clear(bar);
  bar.setAttribute("aria-label", t("replay.title"));
  const atStart = R.v <= 0;
  const atEnd = R.last === null || R.v >= R.last;
  bar.append(...[
    h("div", { class: "row replay-buttons" },
      button("replay-first", t("replay.first"), 0, atStart),
      button("replay-back", t("replay.back"), R.v - 1, atStart),
      R.last === null && R.error ? null : h("span", { class: "replay-at", role: "status", "aria-live": "polite", dataset: { testid: "replay-at" } }, R.last === null ? t("loading") : t("replay.at", { v: R.v, last: R.last })),
      button("replay-forward", t("replay.forward"), R.v + 1, atEnd),
      button("replay-last", t("replay.last"), R.last, atEnd),
      h("a", { class: "btn btn-small", href: `/m/${encodeURIComponent(S.id)}` }, t("replay.live")),
    ),
    h("p", { class: "muted small" }, t("replay.keys"), R.last !== null && R.seat === null ? " " + t("replay.asSpectator") : ""),
    R.error ? h("p", { class: "error", role: "alert" }, R.error) : null,
  ].filter(Boolean)); // Element.append would write "null"
  if (had) {
    const find = (id) => bar.querySelector(`[data-testid="${id}"]:not([disabled])`);
    (find(had) || find(OTHER_END[had]))?.focus();
  }
}
