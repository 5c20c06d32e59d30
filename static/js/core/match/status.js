// The status row: the line saying whose turn it is, the refused-action notice, the
// connection indicator and the "Watching" badge.

import { h, clear } from "../dom.js";
import { t, getLang, joinList } from "../i18n.js";
import { S, $, seats, seatCount, names, isHost, toAct, isMyTurn, mySeat, withNames, gameText, makeCtx, outcome, shownView, amAway } from "./page.js";

const els = {
  status: $("status-bar"),
  reject: $("reject"),
  conn: $("conn"),
  watching: $("watching"),
  spectators: $("spectators"),
};

/** A rematch waits for the answers of the players it offered seats to: say whose. */
function awaitedText() {
  const pending = seats().filter((s) => s.offer === "pending");
  if (!pending.length) return null;
  if (pending.some((s) => s.player_id != null && s.player_id === S.player?.id)) return t("rematch.yourAnswer");
  const names = joinList(pending.map((s) => s.name));
  return isHost() ? t("rematch.hostAwaits", { names, n: pending.length }) : t("rematch.awaits", { names, n: pending.length });
}

function openText(m) {
  const awaited = awaitedText();
  if (awaited) return awaited;
  const filled = seats().filter((s) => s.kind !== "empty").length;
  const total = seats().length;
  if (isHost()) return filled === total ? t("hostReady") : t("hostWaiting");
  if (filled === total) {
    const host = seats().find((s) => s.player_id != null && s.player_id === m.host_id);
    return t("waitingHost", { name: host?.name || t("host") });
  }
  return t("waitingPlayers", { filled, total });
}

/** Returns the end in one line: Game over, Ana won (or a draw). */
export function overText() {
  const o = outcome() || {};
  const win = Array.isArray(o.winners) && o.winners.length ? o.winners : Array.isArray(o.ranking) && o.ranking.length ? [o.ranking[0]] : [];
  if (!win.length) return t("gameOver");
  if (win.length === seatCount() && seatCount() > 1) return t("draw");
  return t("winnerIs", { names: joinList(win.map((s) => names()[s])) });
}

/** Returns the status line, and once the game is over, who resigned (ranked last whatever they scored). */
function statusText() {
  const text = liveText();
  const gone = S.view?.over ? seats().filter((s) => s.resigned).map((s) => s.name) : [];
  return gone.length ? `${text} · ${t("resignedWho", { names: joinList(gone), n: gone.length })}` : text;
}

/** Returns the status line: the renderer's statusLine when it has one, else the shell's. */
function liveText() {
  if (S.fatal) return S.fatal;
  const m = S.summary;
  if (!m) return t("loading");
  if (m.status === "abandoned") return t(`ended.${m.ended || "abandoned"}`);
  if (m.status === "open") return openText(m);
  const v = S.view;
  if (!v) return t("loading");
  if (amAway()) return t("clock.awayYou"); // not "your bid": the bot plays this seat now
  if (S.renderer?.statusLine) {
    try {
      const s = S.renderer.statusLine(shownView(), makeCtx());
      if (s) return withNames(s);
    } catch (err) {
      console.error("caravela: statusLine failed", err);
    }
  }
  if (v.over) return overText();
  if (isMyTurn()) return t("yourTurn");
  const waiting = toAct().map((s) => names()[s]);
  return waiting.length ? t("waitingFor", { names: joinList(waiting) }) : t("loading");
}

let lastStatus = null;
export function renderStatus() {
  const text = statusText();
  const key = `${text}|${S.sending > 0}|${getLang()}`;
  if (key === lastStatus) return; // unchanged: do not make screen readers repeat it
  lastStatus = key;
  els.status.textContent = text;
  els.status.classList.toggle("my-turn", isMyTurn());
  if (S.sending > 0) els.status.append(h("span", { class: "sending-note" }, " · " + t("sending")));
}

/** Returns a refusal in the reader's language: its key through the game's and the shell's strings, else its reason. */
export function rejectText(reject) {
  if (!reject) return "";
  return gameText(reject.key, reject.args) ?? withNames(reject.reason ?? "");
}

export function setReject(reject) {
  S.reject = reject && (reject.reason || reject.key) ? reject : null;
  renderReject();
}

export function renderReject() {
  clear(els.reject);
  els.reject.hidden = !S.reject;
  if (!S.reject) return;
  els.reject.append(
    h("span", { class: "reject-text" }, t("rejected", { reason: rejectText(S.reject) })),
    h("button", { type: "button", class: "btn-icon", "aria-label": t("dismiss"), title: t("dismiss"), onclick: () => setReject(null) }, "×"),
  );
}

export function renderConn() {
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

export function renderWatching() {
  const watching = S.summary && S.summary.status !== "open" && mySeat() == null && !S.fatal;
  els.watching.hidden = !watching;
  els.watching.textContent = t("watching");
  // How many watch: the players see their audience, a spectator the others.
  els.spectators.hidden = !(S.spectators > 0) || !!S.fatal;
  els.spectators.textContent = t("spectatorCount", { n: S.spectators });
}
