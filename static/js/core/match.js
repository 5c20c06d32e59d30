// The match page (/m/{id}): status bar, connection indicator, player panels, the game's
// renderer in the board slot, the log, the waiting room while the match is open, and the
// final score table. All game knowledge stays in the renderer (static/js/games/<game>.js);
// a game without one is played through generic.js.

import { get, post, del } from "./api.js";
import { h, clear, seatChip, seatColor, SEAT_COLORS } from "./dom.js";
import { t, makeT, gameString, getLang, onLangChange, joinList, format } from "./i18n.js";
import { renderHeader } from "./header.js";
import { getPlayer, verifyPlayer, createPlayer } from "./identity.js";
import { MatchSocket } from "./socket.js";
import * as generic from "./generic.js";
import { scoreTable } from "./scores.js";

const NOTIFY_KEY = "caravela.notify";

const S = {
  id: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  player: getPlayer(),
  summary: null,
  helloSeat: null, // the seat the socket speaks for (the view's point of view)
  view: null,
  v: null,
  logLines: [],
  shownLog: 0,
  renderer: null, // the game's module, or generic
  rendererIsGeneric: false,
  rendererFailed: false,
  socket: null,
  conn: "reconnecting",
  everConnected: false,
  reject: null,
  fatal: null, // text shown instead of the table
  sending: 0,
  wasMyTurn: false,
  baseTitle: "Caravela",
  lastSeatReconnect: 0,
  seatReconnects: 0,
  busy: new Set(), // waiting-room buttons in flight
  copied: false,
  waitMsg: null,
};

const $ = (id) => document.getElementById(id);
const els = {
  status: $("status-bar"),
  reject: $("reject"),
  conn: $("conn"),
  watching: $("watching"),
  notice: $("notice"),
  final: $("final"),
  waiting: $("waiting"),
  table: $("table"),
  board: $("board"),
  players: $("players"),
  playersH: $("players-h"),
  log: $("log"),
  logH: $("log-h"),
};

// ---- derived facts -----------------------------------------------------------------------

function seats() {
  return S.summary?.seats || [];
}

function seatCount() {
  return seats().length || S.view?.num_players || 0;
}

function names() {
  const n = seatCount();
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = seats()[i];
    if (s && s.name) out.push(s.name);
    else if (s && s.kind === "bot") out.push(`${t("bot")} ${i + 1}`);
    else out.push(t("seat", { n: i + 1 }));
  }
  return out;
}

function colors() {
  return Array.from({ length: seatCount() }, (_, i) => seatColor(i));
}

/** My seat according to the seat list (who I am), independent of the socket. */
function claimedSeat() {
  if (!S.player) return null;
  const s = seats().find((x) => x.kind === "player" && x.player_id === S.player.id);
  return s ? s.seat : null;
}

/** The seat the view belongs to: the socket's hello seat, else what the seat list says. */
function mySeat() {
  return S.helloSeat ?? claimedSeat();
}

function isHost() {
  return !!S.player && S.summary?.host_id != null && S.summary.host_id === S.player.id;
}

function toAct() {
  return S.view && !S.view.over && Array.isArray(S.view.to_act) ? S.view.to_act : [];
}

function isMyTurn() {
  const me = mySeat();
  return me != null && toAct().includes(me);
}

function withNames(text) {
  const n = names();
  return String(text ?? "").replace(/\{P(\d+)\}/g, (m, d) => n[Number(d)] ?? m);
}

function gameTitle() {
  return S.summary?.title || S.summary?.game || "";
}

function makeCtx() {
  return {
    view: S.view,
    seat: mySeat(),
    names: names(),
    colors: colors(),
    act,
    t: makeT(S.renderer?.strings),
    lang: getLang(),
    matchId: S.id,
  };
}

// ---- acting --------------------------------------------------------------------------

async function act(action) {
  if (!S.socket) return { ok: false, reason: t("notConnected") };
  setReject(null);
  S.sending += 1;
  renderStatus();
  let res;
  try {
    res = await S.socket.act(action);
  } finally {
    S.sending -= 1;
  }
  if (!res.ok) setReject(res.reason);
  renderStatus();
  return res;
}

function setReject(reason) {
  S.reject = reason ? String(reason) : null;
  renderReject();
}

// ---- rendering: status, connection, badges -------------------------------------------------

function statusText() {
  if (S.fatal) return S.fatal;
  const m = S.summary;
  if (!m) return t("loading");
  if (m.status === "abandoned") return t("abandoned");
  if (m.status === "open") {
    const filled = seats().filter((s) => s.kind !== "empty").length;
    const total = seats().length;
    if (isHost()) return filled === total ? t("hostReady") : t("hostWaiting");
    if (filled === total) {
      const host = seats().find((s) => s.player_id != null && s.player_id === m.host_id);
      return t("waitingHost", { name: host?.name || t("host") });
    }
    return t("waitingPlayers", { filled, total });
  }
  const v = S.view;
  if (!v) return t("loading");
  if (S.renderer?.statusLine) {
    try {
      const s = S.renderer.statusLine(v, makeCtx());
      if (s) return withNames(s);
    } catch (err) {
      console.error("caravela: statusLine failed", err);
    }
  }
  if (v.over) {
    const o = v.outcome || {};
    const win = Array.isArray(o.winners) && o.winners.length ? o.winners : Array.isArray(o.ranking) && o.ranking.length ? [o.ranking[0]] : [];
    if (!win.length) return t("gameOver");
    if (win.length === seatCount() && seatCount() > 1) return t("draw");
    return t("winnerIs", { names: joinList(win.map((s) => names()[s])) });
  }
  if (isMyTurn()) return t("yourTurn");
  const waiting = toAct().map((s) => names()[s]);
  return waiting.length ? t("waitingFor", { names: joinList(waiting) }) : t("loading");
}

let lastStatus = null;
function renderStatus() {
  const text = statusText();
  const key = `${text}|${S.sending > 0}|${getLang()}`;
  if (key === lastStatus) return; // unchanged: do not make screen readers repeat it
  lastStatus = key;
  els.status.textContent = text;
  els.status.classList.toggle("my-turn", isMyTurn());
  if (S.sending > 0) els.status.append(h("span", { class: "sending-note" }, " · " + t("sending")));
}

function renderReject() {
  clear(els.reject);
  els.reject.hidden = !S.reject;
  if (!S.reject) return;
  els.reject.append(
    h("span", { class: "reject-text" }, t("rejected", { reason: S.reject })),
    h("button", { type: "button", class: "btn-icon", "aria-label": t("dismiss"), title: t("dismiss"), onclick: () => setReject(null) }, "×"),
  );
}

function renderConn() {
  const state = S.conn;
  els.conn.dataset.state = state;
  const label = state === "connected" ? t("conn.connected") : state === "offline" ? t("conn.offline") : S.everConnected ? t("conn.reconnecting") : t("conn.connecting");
  els.conn.querySelector(".conn-text").textContent = label;
  let retry = els.conn.parentElement.querySelector(".conn-retry");
  if (state === "offline" && !S.fatal) {
    if (!retry) {
      retry = h("button", { type: "button", class: "btn btn-small conn-retry", dataset: { testid: "conn-retry" }, onclick: () => S.socket?.reconnectNow() });
      els.conn.after(retry);
    }
    retry.textContent = t("conn.retry");
  } else if (retry) retry.remove();
}

function renderWatching() {
  const watching = S.summary && S.summary.status !== "open" && mySeat() == null && !S.fatal;
  els.watching.hidden = !watching;
  els.watching.textContent = t("watching");
}

function updateTitle() {
  const base = gameTitle() ? `${gameTitle()} — Caravela` : "Caravela";
  S.baseTitle = base;
  if (document.visibilityState === "visible" || !isMyTurn()) document.title = base;
}

// ---- player panels ------------------------------------------------------------------------

function playerInfo(seat) {
  if (!S.view || !S.renderer?.playerInfo) return null;
  try {
    const s = S.renderer.playerInfo(S.view, seat, makeCtx());
    return s ? withNames(s) : null;
  } catch (err) {
    console.error("caravela: playerInfo failed", err);
    return null;
  }
}

function panel(s, i, waiting) {
  const n = names();
  const me = mySeat() === i || claimedSeat() === i;
  const acting = !waiting && toAct().includes(i);
  const winners = S.view?.over ? S.view.outcome?.winners || [] : [];
  const kind = s?.kind || "empty";
  const isHostSeat = s?.player_id != null && s.player_id === S.summary?.host_id;
  const meta = [];
  if (kind === "empty") meta.push(h("span", {}, t("emptySeat")));
  else if (kind === "bot") meta.push(h("span", { class: "tag tag-bot" }, t("bot")));
  else {
    meta.push(h("span", { class: "tag" }, t("human")));
    const online = !!s.online || me;
    meta.push(h("span", { class: `presence ${online ? "online" : "away"}` }, h("span", { class: "dot", "aria-hidden": "true" }), online ? t("online") : t("away")));
  }
  const info = waiting ? null : playerInfo(i);
  const controls = waiting ? seatControls(s, i) : null;
  return h(
    "article",
    {
      class: `panel ${acting ? "to-act" : ""} ${me ? "me" : ""} ${kind === "empty" ? "empty" : ""} ${winners.includes(i) ? "winner" : ""}`,
      dataset: { testid: `seat-${i}`, seat: i, kind },
      style: { "--c": seatColor(i) },
      "aria-label": `${n[i]}${acting ? ", " + t("toAct") : ""}`,
    },
    kind === "empty" ? h("span", { class: "chip chip-empty", "aria-hidden": "true" }, String(i + 1)) : seatChip(i, n[i]),
    h(
      "div",
      { class: "p-body" },
      h(
        "div",
        { class: "p-name" },
        h("span", { class: "p-name-text" }, kind === "empty" ? t("seat", { n: i + 1 }) : n[i]),
        me ? h("span", { class: "p-you" }, `(${t("you")})`) : null,
        isHostSeat ? h("span", { class: "tag tag-host" }, t("host")) : null,
        winners.includes(i) ? h("span", { class: "tag tag-win" }, "★ " + t("winner")) : null,
      ),
      h("div", { class: "p-meta" }, meta),
      info ? h("div", { class: "p-info" }, info) : null,
    ),
    acting ? h("span", { class: "turn-mark" }, h("span", { "aria-hidden": "true" }, "▶ "), t("toAct")) : null,
    controls,
  );
}

function renderPlayers() {
  const waiting = S.summary?.status === "open";
  els.playersH.textContent = t("players");
  clear(els.players);
  if (waiting) return; // the waiting room shows the seats
  const n = seatCount();
  for (let i = 0; i < n; i++) els.players.append(panel(seats()[i], i, false));
}

// ---- waiting room --------------------------------------------------------------------------

function seatControls(s, i) {
  const out = [];
  const kind = s?.kind || "empty";
  const busy = (k) => S.busy.has(k);
  if (kind === "empty" && claimedSeat() == null) {
    out.push(
      h(
        "button",
        { type: "button", class: "btn btn-primary btn-small", dataset: { testid: `join-${i}` }, "aria-label": t("joinSeatLabel", { n: i + 1 }), disabled: busy(`join-${i}`), onclick: () => join(i) },
        t("joinSeat"),
      ),
    );
  }
  if (kind === "empty" && isHost()) {
    out.push(h("button", { type: "button", class: "btn btn-small", dataset: { testid: `add-bot-${i}` }, disabled: busy(`bot-${i}`), onclick: () => addBot(i) }, t("addBot")));
  }
  if (kind === "bot" && isHost()) {
    out.push(h("button", { type: "button", class: "btn btn-small", dataset: { testid: `remove-bot-${i}` }, disabled: busy(`bot-${i}`), onclick: () => removeBot(i) }, t("removeBot")));
  }
  return out.length ? h("div", { class: "p-controls" }, out) : null;
}

function renderWaiting() {
  const open = S.summary?.status === "open" && !S.fatal;
  els.waiting.hidden = !open;
  els.table.hidden = open || !!S.fatal && !S.view;
  if (!open) {
    clear(els.waiting);
    return;
  }
  const active = document.activeElement;
  const focusKey = els.waiting.contains(active) ? active.dataset.testid || active.id : null;
  const nameValue = $("name-input")?.value;
  clear(els.waiting);
  const all = seats();
  const filled = all.filter((s) => s.kind !== "empty").length;
  els.waiting.append(
    h(
      "div",
      { class: "card-head" },
      h("h2", { id: "waiting-h", class: "card-title" }, `${t("waitingRoom")} · ${gameTitle()}`),
      h("span", { class: "badge status-open" }, t("seatsFilled", { filled, total: all.length })),
    ),
    h("p", { class: "muted" }, t("inviteHint")),
  );
  if (!S.player && all.some((s) => s.kind === "empty")) {
    els.waiting.append(
      h(
        "div",
        { class: "field name-field" },
        h("label", { for: "name-input", class: "label" }, t("yourName")),
        h("input", { id: "name-input", class: "input", type: "text", maxlength: 40, autocomplete: "nickname", placeholder: t("namePlaceholder"), value: nameValue || "", dataset: { testid: "name-input" }, "aria-describedby": "wait-msg" }),
        h("p", { class: "hint", id: "wait-hint" }, t("joinHint")),
      ),
    );
  }
  els.waiting.append(h("div", { class: "players players-wait" }, all.map((s, i) => panel(s, i, true))));
  if (S.waitMsg) els.waiting.append(h("p", { class: "error", id: "wait-msg", role: "alert" }, S.waitMsg));
  const mine = claimedSeat();
  const canStart = filled === all.length;
  els.waiting.append(
    h(
      "div",
      { class: "row actions-row" },
      h("button", { type: "button", class: "btn", dataset: { testid: "copy-invite" }, onclick: copyInvite }, S.copied ? "✓ " + t("copied") : t("copyInvite")),
      mine != null ? h("button", { type: "button", class: "btn", dataset: { testid: "leave" }, disabled: S.busy.has("leave"), onclick: leave }, t("leave")) : null,
      isHost() ? h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "start" }, disabled: !canStart || S.busy.has("start"), onclick: start }, S.busy.has("start") ? t("starting") : t("start")) : null,
    ),
  );
  if (focusKey) (els.waiting.querySelector(`[data-testid="${CSS.escape(focusKey)}"]`) || $(focusKey))?.focus();
}

async function waitingCall(key, fn) {
  S.busy.add(key);
  S.waitMsg = null;
  renderWaiting();
  try {
    const m = await fn();
    if (m && m.seats) setSummary(m);
    return m;
  } catch (err) {
    S.waitMsg = err.message;
    return null;
  } finally {
    S.busy.delete(key);
    renderAll();
  }
}

async function join(i) {
  if (!S.player) {
    const input = $("name-input");
    const name = input?.value.trim();
    if (!name) {
      S.waitMsg = t("nameRequired");
      renderWaiting();
      $("name-input")?.focus();
      return;
    }
    try {
      S.player = await createPlayer(name);
    } catch (err) {
      S.waitMsg = err.message;
      renderWaiting();
      return;
    }
  }
  const m = await waitingCall(`join-${i}`, () => post(`/api/matches/${encodeURIComponent(S.id)}/join`, { seat: i }));
  if (m) S.socket?.reconnectNow(S.player.token); // the socket now speaks for this seat
}

async function leave() {
  const m = await waitingCall("leave", () => post(`/api/matches/${encodeURIComponent(S.id)}/leave`, {}));
  if (m) S.socket?.reconnectNow();
}

const addBot = (i) => waitingCall(`bot-${i}`, () => post(`/api/matches/${encodeURIComponent(S.id)}/bots`, { seat: i }));
const removeBot = (i) => waitingCall(`bot-${i}`, () => del(`/api/matches/${encodeURIComponent(S.id)}/bots/${i}`));

async function start() {
  const m = await waitingCall("start", () => post(`/api/matches/${encodeURIComponent(S.id)}/start`, {}));
  if (m && m.status !== "open" && !S.view) S.socket?.requestSync();
}

async function copyInvite() {
  const url = `${location.origin}/m/${encodeURIComponent(S.id)}`;
  let ok = false;
  try {
    await navigator.clipboard.writeText(url);
    ok = true;
  } catch {
    // Plain http on a LAN has no async clipboard; fall back to a selected textarea.
    const ta = h("textarea", { class: "sr-only", readonly: true });
    ta.value = url;
    document.body.append(ta);
    ta.select();
    try {
      ok = document.execCommand("copy");
    } catch {}
    ta.remove();
  }
  if (ok) {
    S.copied = true;
    S.waitMsg = null;
    renderWaiting();
    setTimeout(() => {
      S.copied = false;
      renderWaiting();
    }, 2000);
  } else {
    S.waitMsg = t("copyFailed", { url });
    renderWaiting();
  }
}

// ---- board --------------------------------------------------------------------------

function renderBoard() {
  if (!S.view || !S.renderer || S.summary?.status === "open") return;
  const ctx = makeCtx();
  if (!S.rendererFailed) {
    try {
      S.renderer.render(els.board, ctx);
      return;
    } catch (err) {
      console.error("caravela: renderer failed; falling back to the generic view", err);
      S.rendererFailed = true;
    }
  }
  clear(els.board);
  const inner = h("div", { class: "board-fallback" });
  els.board.append(h("p", { class: "notice" }, t("rendererFailed")), inner);
  generic.render(inner, ctx);
}

// ---- log ----------------------------------------------------------------------------

function logText(line) {
  if (line == null) return "";
  if (typeof line === "string") return withNames(line);
  let text = line.text ?? "";
  if (line.key) {
    const tr = gameString(S.renderer?.strings, line.key);
    if (tr !== undefined) text = format(tr, logArgs(line));
  }
  return withNames(text);
}

/** A log line's args; a renderer may translate them (e.g. a place named by its code). */
function logArgs(line) {
  const args = line.args || {};
  if (typeof S.renderer?.logArgs !== "function") return args;
  try {
    return S.renderer.logArgs(line, makeCtx()) || args;
  } catch (err) {
    console.error("caravela: logArgs failed", err);
    return args;
  }
}

const LOG_MAX = 400;

function renderLog() {
  els.logH.textContent = t("log");
  const lines = S.logLines;
  const fresh = S.shownLog > 0 ? S.shownLog : lines.length; // no flash on first paint
  clear(els.log);
  if (!lines.length) {
    els.log.append(h("li", { class: "log-empty muted" }, t("logEmpty")));
  }
  const from = Math.max(0, lines.length - LOG_MAX);
  for (let i = lines.length - 1; i >= from; i--) {
    els.log.append(h("li", { class: `log-line ${i >= fresh ? "fresh" : ""}` }, logText(lines[i])));
  }
  S.shownLog = lines.length;
}

// ---- final screen ------------------------------------------------------------------------

function renderFinal() {
  const o = S.view?.over ? S.view.outcome : null;
  els.final.hidden = !o;
  clear(els.final);
  if (!o) return;
  const { table, tie } = scoreTable(o, { names: names(), count: seatCount(), strings: S.renderer?.strings });
  const rematch = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "rematch" }, onclick: doRematch }, t("rematch"));
  els.final.append(
    h("h2", { id: "final-h", class: "card-title" }, t("finalScores")),
    h("div", { class: "table-wrap" }, table),
    ...[
      tie ? h("p", { class: "muted small" }, t("tieBreak")) : null,
      h("div", { class: "row actions-row" }, h("a", { class: "btn", href: "/", dataset: { testid: "back-to-lobby" } }, t("backToLobby")), S.player ? rematch : null),
    ].filter(Boolean),
  );
}

async function doRematch(ev) {
  const btn = ev.currentTarget;
  btn.disabled = true;
  try {
    const m = await post("/api/matches", { game: S.summary.game, seats: seatCount(), options: S.summary.options || {} });
    location.assign(`/m/${encodeURIComponent(m.id)}`);
  } catch (err) {
    btn.disabled = false;
    setReject(err.message);
  }
}

// ---- turn alerts --------------------------------------------------------------------------

function notifyEnabled() {
  return localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted";
}

function checkTurnChange() {
  const mine = isMyTurn();
  if (mine && !S.wasMyTurn && document.visibilityState === "hidden") {
    document.title = t("titleYourTurn");
    if (notifyEnabled()) {
      try {
        const n = new Notification("Caravela", { body: t("notifyBody", { game: gameTitle() }), tag: `caravela-${S.id}` });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {}
    }
  }
  if (!mine && document.title === t("titleYourTurn")) document.title = S.baseTitle;
  S.wasMyTurn = mine;
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") document.title = S.baseTitle;
});

function bellIcon(on) {
  const span = h("span", { class: "icon", "aria-hidden": "true" });
  // Constant markup (never user text): a bell, struck through when alerts are off.
  span.innerHTML =
    '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    '<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/>' +
    (on ? "" : '<path d="M3 3l18 18"/>') +
    "</svg>";
  return span;
}

function headerExtra() {
  if (!("Notification" in window)) return [];
  const on = notifyEnabled();
  const b = h("button", { type: "button", class: "btn btn-small btn-ghost", "aria-pressed": String(on), dataset: { testid: "notify" }, title: t("notify") }, bellIcon(on), h("span", { class: "btn-label" }, on ? t("notifyOn") : t("notify")));
  b.setAttribute("aria-label", on ? t("notifyOn") : t("notify"));
  b.addEventListener("click", async () => {
    if (notifyEnabled()) localStorage.setItem(NOTIFY_KEY, "0");
    else {
      const perm = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
      if (perm === "granted") localStorage.setItem(NOTIFY_KEY, "1");
      else setReject(t("notifyBlocked"));
    }
    renderHeader($("topbar"), headerExtra);
    $("topbar").querySelector('[data-testid="notify"]')?.focus();
  });
  return [b];
}

// ---- state changes ------------------------------------------------------------------------

function renderAll() {
  renderStatus();
  renderReject();
  renderConn();
  renderWatching();
  updateTitle();
  renderWaiting();
  renderFinal();
  renderPlayers();
  renderLog();
  renderBoard();
}

function setSummary(m) {
  if (!m) return;
  const wasOpen = S.summary?.status === "open";
  S.summary = m;
  // Seated (e.g. joined in another tab) but the socket speaks for a spectator: reconnect once.
  const claimed = claimedSeat();
  if (S.socket && claimed != null && S.helloSeat == null && S.player && S.seatReconnects < 3 && Date.now() - S.lastSeatReconnect > 5000) {
    S.lastSeatReconnect = Date.now();
    S.seatReconnects += 1;
    S.socket.reconnectNow(S.player.token);
  } else if (S.socket && m.status !== "open" && !S.view && (wasOpen || S.everConnected)) {
    S.socket.requestSync(); // the game just started: fetch the first view
  }
}

function onView(view, info) {
  S.view = view;
  S.v = info.v;
  if (Array.isArray(view.log)) S.logLines = view.log;
  else if (info.kind === "state") S.logLines = [];
  else if (Array.isArray(info.log)) S.logLines = S.logLines.concat(info.log);
  if (view.over && S.summary && S.summary.status === "running") S.summary = { ...S.summary, status: "finished" };
  // A reject stays until the player acts again or dismisses it (a stale-move reject is
  // followed by a fresh state, which must not wipe the reason before it is read).
  renderAll();
  checkTurnChange();
}

function showFatal(text) {
  S.fatal = text;
  clear(els.notice);
  els.notice.append(h("div", { class: "card notice-card", role: "alert" }, h("p", {}, text), h("a", { class: "btn", href: "/" }, t("backToLobby"))));
  renderAll();
}

function connect() {
  S.socket = new MatchSocket(S.id, S.player?.token, {
    onHello(msg) {
      S.helloSeat = msg.seat ?? null;
      if (msg.match) setSummary(msg.match);
      renderAll();
    },
    onView,
    onMatch(m) {
      setSummary(m);
      renderAll();
    },
    onStatus(status, info) {
      S.conn = status;
      S.everConnected = info.everConnected;
      renderConn();
    },
    onFatal(code) {
      showFatal(code === 4404 ? t("matchNotFound") : t("badToken"));
    },
  });
  S.socket.connect();
}

async function loadRenderer(game) {
  if (/^[a-z0-9_-]+$/i.test(game || "")) {
    try {
      const mod = await import(`/static/js/games/${game}.js`);
      if (typeof mod.render === "function") return mod;
    } catch (err) {
      console.info(`caravela: no renderer for '${game}', using the generic one`, err?.message);
    }
  }
  S.rendererIsGeneric = true;
  return generic;
}

async function init() {
  document.getElementById("skip-link").textContent = t("skip");
  renderHeader($("topbar"), headerExtra);
  renderAll();
  if (!S.id) {
    showFatal(t("matchNotFound"));
    return;
  }
  if (S.player) S.player = await verifyPlayer();
  let summary;
  try {
    summary = await get(`/api/matches/${encodeURIComponent(S.id)}`);
  } catch (err) {
    if (err.status === 404) showFatal(t("matchNotFound"));
    else showFatal(err.status === 0 ? t("networkError") : err.message);
    if (err.status !== 404) setTimeout(() => location.reload(), 10000);
    return;
  }
  S.summary = summary;
  S.renderer = await loadRenderer(summary.game);
  connect();
  renderAll();
}

onLangChange(() => {
  document.getElementById("skip-link").textContent = t("skip");
  const focusedId = document.activeElement?.id;
  renderHeader($("topbar"), headerExtra);
  if (S.fatal && S.summary == null) S.fatal = t("matchNotFound");
  renderAll();
  if (focusedId) $(focusedId)?.focus();
});

// A console handle for people scripting their own seat (and for browser tests):
// it can do nothing the page's buttons cannot, and sees only this seat's view.
window.caravela = { act, get view() { return S.view; }, get v() { return S.v; }, get seat() { return mySeat(); } };

// Expose the palette as CSS custom properties for renderers that prefer CSS.
SEAT_COLORS.forEach((c, i) => document.documentElement.style.setProperty(`--p${i}`, c));

init();
