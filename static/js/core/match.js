// The match page (/m/{id}): wires the socket to the page's state and draws every part.
// Each part lives in match/: status row, player panels, waiting room, board, log, final
// scores, turn alerts; match/page.js holds the state they share. All game knowledge stays
// in the renderer (static/js/games/<id>/); a game without one is played through generic.js.

import { get } from "./api.js";
import "./install.js";
import { h, clear, SEAT_COLORS } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import { getPlayer, verifyPlayer, forgetPlayer, markSignedOut } from "./identity.js";
import { passkeysPossible } from "./account/passkeys.js";
import { MatchSocket } from "./socket.js";
import { S, page, $, claimedSeat, mySeat } from "./match/page.js";
import { renderStatus, renderReject, renderConn, renderWatching, setReject, rejectText } from "./match/status.js";
import { renderPlayers } from "./match/panels.js";
import { renderWaiting } from "./match/waiting.js";
import { loadRenderer, renderBoard } from "./match/board.js";
import { renderLog, logFromState, logFromPatch, resetLog } from "./match/log.js";
import { renderFinal } from "./match/final.js";
import { updateTitle, checkTurnChange, renderMatchHeader } from "./match/alerts.js";
import { initChat, onChat, onChatError } from "./match/chat.js";
import { askedVersion, startReplay, renderReplayLink } from "./match/replay.js";
import { renderCancel } from "./match/cancel.js";
import { renderResign } from "./match/resign.js";
import { noteSummary, backBeforeActing } from "./match/clock.js";
import { renderScreenState } from "./match/screen.js";
import { skipToActions } from "./match/focus.js";
import { renderTableParts } from "./table/parts.js";
import { renderSheet } from "./match/sheet.js";

// The table screen is nobody: it never holds a seat's token, so it sees what a spectator sees.
S.player = S.table ? null : getPlayer();

/** Sends an action; resolves {ok, v} or {ok:false, reason} with the reason in the reader's language. */
async function act(action) {
  if (!S.socket) return { ok: false, reason: t("notConnected") };
  setReject(null);
  S.sending += 1;
  renderStatus();
  let res;
  try {
    await backBeforeActing();
    res = await S.socket.act(action);
  } finally {
    S.sending -= 1;
  }
  if (!res.ok) {
    setReject({ reason: res.reason, key: res.key, args: res.args });
    res = { ...res, reason: rejectText(S.reject) };
  }
  renderStatus();
  return res;
}

function renderAll() {
  renderScreenState();
  renderStatus();
  renderReject();
  renderConn();
  renderWatching();
  updateTitle();
  renderWaiting();
  renderCancel();
  renderFinal();
  renderReplayLink();
  renderPlayers();
  renderResign();
  renderLog();
  renderBoard();
  renderTableParts();
}

function setSummary(m) {
  if (!m) return;
  const wasOpen = S.summary?.status === "open";
  S.summary = m;
  noteSummary();
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

Object.assign(page, { renderAll, act, setSummary });

/** Takes a new view: from a state (with the log's tail) or a patch (with its new lines). */
function onView(view, info) {
  S.view = view;
  S.v = info.v;
  if (info.kind === "state") logFromState(Array.isArray(info.log) ? info.log : view.log);
  else logFromPatch(info.log);
  if (view.over && S.summary && S.summary.status === "running") S.summary = { ...S.summary, status: "finished" };
  // A reject stays until the player acts again or dismisses it (a stale-move reject is
  // followed by a fresh state, which must not wipe the reason before it is read).
  renderAll();
  checkTurnChange();
}

function showFatal(text) {
  S.fatal = text;
  clear($("notice"));
  $("notice").append(h("div", { class: "card notice-card", role: "alert" }, h("p", {}, text), h("a", { class: "btn", href: "/" }, t("backToLobby"))));
  renderAll();
}

function connect() {
  S.socket = new MatchSocket(S.id, S.player?.token, {
    onHello(msg) {
      const seat = msg.seat ?? null;
      if (seat !== S.helloSeat) resetLog(); // another seat reads other private lines
      S.helloSeat = seat;
      S.spectators = msg.spectators ?? 0;
      if (msg.match) setSummary(msg.match);
      renderAll();
    },
    onView,
    onMatch(m) {
      setSummary(m);
      renderAll();
    },
    onSpectators(count) {
      S.spectators = count;
      renderWatching();
      renderTableParts();
    },
    onStatus(status, info) {
      S.conn = status;
      S.everConnected = info.everConnected;
      renderConn();
    },
    onFatal(code) {
      if (code === 4401) {
        forgetPlayer(); // signed out: after the reload this browser is nobody, and says why
        markSignedOut();
      }
      showFatal(code === 4404 ? t("matchNotFound") : t(passkeysPossible() ? "badToken" : "badTokenLink"));
    },
    onChat,
    onError: (_reason, frame) => onChatError(frame),
  });
  S.socket.connect();
}

async function init() {
  $("skip-link").textContent = t("skip");
  skipToActions();
  renderMatchHeader();
  renderSheet();
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
  noteSummary();
  await loadRenderer(summary.game);
  if (askedVersion() !== null) {
    await startReplay(); // /m/{id}?v=N: the replay viewer, no socket
    return;
  }
  if (!S.table) initChat(); // a TV has no keyboard and no controls
  connect();
  renderAll();
}

onLangChange(() => {
  $("skip-link").textContent = t("skip");
  skipToActions();
  const focusedId = document.activeElement?.id;
  renderMatchHeader();
  if (S.fatal && S.summary == null) S.fatal = t("matchNotFound");
  renderAll();
  if (focusedId) $(focusedId)?.focus();
});

// A console handle for people scripting their own seat (and for browser tests):
// it can do nothing the page's buttons cannot, and sees only this seat's view and log.
window.caravela = {
  act,
  get view() {
    return S.view;
  },
  get v() {
    return S.v;
  },
  get seat() {
    return mySeat();
  },
  get log() {
    return S.log.lines;
  },
};

// Expose the palette as CSS custom properties for renderers that prefer CSS.
SEAT_COLORS.forEach((c, i) => document.documentElement.style.setProperty(`--p${i}`, c));

init();
