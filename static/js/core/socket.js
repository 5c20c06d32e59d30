// One match connection: WebSocket with automatic reconnect (backoff + jitter), resync on
// a version gap, heartbeat, and acts that survive a reconnect (re-sent with the same id;
// the server answers a repeated id without applying it twice).
//
// Message types (the only place the client declares them; docs/protocol.md has them all):
//   server → client: hello {seat, match}, state {v, view, log}, patch {base, v, ops, log},
//                    ack {id, v}, reject {id, reason, key?, args?}, match {match}, error {reason, key?, args?},
//                    pong, chat {messages, muted, deleted}
//   client → server: act {id, v, action}, sync, ping, say {text}
// A seat gets no frame for versions where nothing it sees changed, so a patch applies when
// our version equals its `base`, not v-1. Log lines travel beside views, never inside them.
//
// The UI sees `status`: "connected" | "reconnecting" | "offline" (plus `everConnected`
// so "Connecting…" can be told from "Reconnecting…"), through onStatus().

import { applyPatch } from "./patch.js";

// Capped at 5 s: a page finds a restarted server within seconds (a longer cap left it idle up to
// 15 s after the server was back); "online" and a tab shown again retry at once.
const BACKOFF_MS = [400, 1000, 2000, 3000, 5000];
const OFFLINE_AFTER_FAILURES = 3;
const PING_EVERY_MS = 20000;
const SILENCE_LIMIT_MS = 50000;
const SYNC_RETRY_MS = 5000;
export const FATAL_CLOSE = { 4401: "badToken", 4404: "matchNotFound" };

let counter = 0;
function newId() {
  counter += 1;
  const rnd = globalThis.crypto?.getRandomValues ? Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("") : Math.random().toString(36).slice(2);
  return `${Date.now().toString(36)}-${counter}-${rnd}`;
}

/**
 * Returns what to do with a patch frame when we hold version `have` (null = no view yet):
 * "apply", "ignore" (we already have it) or "sync" (it does not start from our version).
 * A patch without `base` (older servers) starts from v-1.
 */
export function patchPlan(have, msg) {
  if (have === null || have === undefined || typeof msg?.v !== "number") return "sync";
  if (msg.v <= have) return "ignore";
  const base = typeof msg.base === "number" ? msg.base : msg.v - 1;
  return base === have ? "apply" : "sync";
}

export class MatchSocket {
  /**
   * handlers: onHello(msg), onView(view, info{v, kind:"state"|"patch", log}), onMatch(summary),
   * onSpectators(count), onStatus(status, info), onFatal(code, reason), onError(reason)
   */
  constructor(matchId, token, handlers = {}) {
    this.matchId = matchId;
    this.token = token || null;
    this.h = handlers;
    this.ws = null;
    this.v = null;
    this.view = null;
    this.seat = null;
    this.status = "reconnecting";
    this.everConnected = false;
    this.failures = 0;
    this.pending = new Map(); // id -> {frame, resolve}
    this.awaitingSync = false;
    this.stopped = false;
    this.fatal = null;
    this._retryTimer = null;
    this._pingTimer = null;
    this._syncTimer = null;
    this._lastHeard = 0;
    this._onOnline = () => this.reconnectNow();
    this._onOffline = () => this._setStatus("offline");
    this._onVisible = () => {
      if (document.visibilityState === "visible" && !this._isOpen() && !this.stopped && !this.fatal) this.reconnectNow();
    };
    window.addEventListener("online", this._onOnline);
    window.addEventListener("offline", this._onOffline);
    document.addEventListener("visibilitychange", this._onVisible);
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${proto}//${location.host}/ws/matches/${encodeURIComponent(this.matchId)}${q}`;
  }

  connect() {
    if (this.stopped || this.fatal) return;
    clearTimeout(this._retryTimer);
    this._retryTimer = null;
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (err) {
      this._scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.failures = 0;
      this.everConnected = true;
      this._lastHeard = Date.now();
      this._setStatus("connected");
      this._startHeartbeat();
      // Re-send every act still waiting for an answer, with its original id.
      for (const { frame } of this.pending.values()) this._send(frame);
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this._lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this._handle(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this._stopHeartbeat();
      if (FATAL_CLOSE[ev.code]) {
        this.fatal = { code: ev.code, reason: ev.reason || FATAL_CLOSE[ev.code] };
        this._setStatus("offline");
        this._failPending(this.fatal.reason);
        this.h.onFatal?.(ev.code, ev.reason);
        return;
      }
      if (this.stopped) return;
      this.failures += 1;
      this._scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows and schedules the retry */
    };
  }

  _scheduleRetry() {
    if (this.stopped || this.fatal) return;
    const offline = this.failures >= OFFLINE_AFTER_FAILURES || navigator.onLine === false;
    this._setStatus(offline ? "offline" : "reconnecting");
    const base = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    clearTimeout(this._retryTimer);
    this._retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Drops the current socket (if any) and connects again at once; optionally with a new token. */
  reconnectNow(token) {
    if (token !== undefined) this.token = token || null;
    if (this.stopped) return;
    this.fatal = null;
    const old = this.ws;
    this.ws = null;
    this._stopHeartbeat();
    if (old) {
      old.onmessage = old.onclose = old.onerror = null;
      if (old.readyState === WebSocket.CONNECTING) old.onopen = () => old.close(1000, "reconnect");
      else {
        old.onopen = null;
        try {
          old.close(1000, "reconnect");
        } catch {}
      }
    }
    if (this.status !== "offline" || navigator.onLine !== false) this._setStatus("reconnecting");
    this.connect();
  }

  _failPending(reason) {
    for (const { resolve } of this.pending.values()) resolve({ ok: false, reason });
    this.pending.clear();
  }

  close() {
    this.stopped = true;
    this._failPending("closed");
    clearTimeout(this._retryTimer);
    clearTimeout(this._syncTimer);
    this._stopHeartbeat();
    window.removeEventListener("online", this._onOnline);
    window.removeEventListener("offline", this._onOffline);
    document.removeEventListener("visibilitychange", this._onVisible);
    if (this.ws) {
      try {
        this.ws.close(1000, "bye");
      } catch {}
    }
    this.ws = null;
  }

  _isOpen() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  _send(frame) {
    if (!this._isOpen()) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  _setStatus(status) {
    if (this.status === status && status !== "reconnecting") return;
    this.status = status;
    this.h.onStatus?.(status, { everConnected: this.everConnected, fatal: this.fatal });
  }

  _startHeartbeat() {
    this._stopHeartbeat();
    this._pingTimer = setInterval(() => {
      if (!this._isOpen()) return;
      if (Date.now() - this._lastHeard > SILENCE_LIMIT_MS) {
        // Half-open connection: nothing heard for too long; start over.
        this.reconnectNow();
        return;
      }
      this._send({ type: "ping" });
    }, PING_EVERY_MS);
  }

  _stopHeartbeat() {
    clearInterval(this._pingTimer);
    this._pingTimer = null;
  }

  /** Asks the server for a full state (after a gap or a patch that did not apply). */
  requestSync() {
    this.awaitingSync = true;
    this._send({ type: "sync" });
    clearTimeout(this._syncTimer);
    this._syncTimer = setTimeout(() => {
      if (this.awaitingSync) this.requestSync();
    }, SYNC_RETRY_MS);
  }

  _handle(msg) {
    switch (msg.type) {
      case "hello":
        this.seat = msg.seat ?? null;
        this.h.onHello?.(msg);
        break;
      case "state":
        this.awaitingSync = false;
        clearTimeout(this._syncTimer);
        this.v = msg.v;
        this.view = msg.view;
        // `log` is the tail this seat may read; older servers kept it in view.log instead.
        this.h.onView?.(this.view, { v: msg.v, kind: "state", log: Array.isArray(msg.log) ? msg.log : null });
        break;
      case "patch":
        this._onPatch(msg);
        break;
      case "ack":
      case "reject": {
        const p = this.pending.get(msg.id);
        if (!p) break;
        this.pending.delete(msg.id);
        p.resolve(msg.type === "ack" ? { ok: true, v: msg.v } : { ok: false, reason: msg.reason || "Rejected", key: msg.key, args: msg.args });
        break;
      }
      case "match":
        this.h.onMatch?.(msg.match);
        break;
      case "spectators":
        this.h.onSpectators?.(msg.count);
        break;
      case "error":
        console.warn("caravela: server error frame:", msg.reason);
        this.h.onError?.(msg.reason, msg);
        break;
      case "pong":
        break;
      case "chat":
        this.h.onChat?.(msg);
        break;
      default:
        console.warn("caravela: unknown frame", msg);
    }
  }

  _onPatch(msg) {
    if (this.awaitingSync) return; // a full state is on its way
    const plan = patchPlan(this.view == null ? null : this.v, msg);
    if (plan === "ignore") return;
    if (plan === "sync") {
      this.requestSync();
      return;
    }
    let next;
    try {
      next = applyPatch(this.view, msg.ops || []);
    } catch (err) {
      console.warn("caravela: patch failed, resyncing", err);
      this.requestSync();
      return;
    }
    this.v = msg.v;
    this.view = next;
    this.h.onView?.(this.view, { v: msg.v, kind: "patch", log: msg.log || null });
  }

  /** Says a chat line; false when the socket is not open (a chat line is not worth re-sending). */
  say(text) {
    return this._send({ type: "say", text });
  }

  /** Sends an action; resolves {ok:true, v} on ack or {ok:false, reason, key?, args?} on reject. */
  act(action) {
    const id = newId();
    const frame = { type: "act", id, v: this.v, action };
    return new Promise((resolve) => {
      this.pending.set(id, { frame, resolve });
      this._send(frame); // if closed, it goes out on the next open
    });
  }
}
