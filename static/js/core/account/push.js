// "Notify me on this device": Web Push in the turn-notices panel. The browser's permission
// is asked only when the person taps the button; where push cannot work, the panel says
// why in plain words (no Push in this browser; iPhone and iPad before the app is on the
// Home Screen, with the steps; a plain-http address other than localhost).

import { api, get } from "../api.js";
import { h, clear } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { registerWorker } from "../install.js";

/**
 * Returns whether this browser can take push notices here: "ok", or why not —
 * "insecure" (http, not localhost), "ios-install" (iOS, not opened from the Home Screen),
 * "unsupported" (no service worker, Push or notifications), "denied" (blocked by the person).
 * Pure: every fact comes in `env`.
 */
export function pushSupport(env) {
  if (!env.secure) return "insecure";
  if (env.ios && !env.standalone) return "ios-install";
  if (!env.push) return "unsupported";
  if (env.permission === "denied") return "denied";
  return "ok";
}

/** Returns the facts pushSupport reads, from this browser. */
export function browserFacts() {
  const agent = navigator.userAgent || "";
  // iPadOS says "Macintosh" but has a touch screen.
  const ios = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return {
    secure: Boolean(globalThis.isSecureContext),
    ios,
    standalone: Boolean(globalThis.matchMedia?.("(display-mode: standalone)").matches || navigator.standalone),
    push: "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis,
    permission: "Notification" in globalThis ? Notification.permission : "default",
  };
}

/** Returns the bytes of a base64url text (the server's key, as pushManager.subscribe takes it). */
export function keyBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

async function currentSubscription() {
  const reg = await registerWorker();
  return reg ? (await navigator.serviceWorker.ready).pushManager.getSubscription() : null;
}

async function subscribe() {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  await registerWorker();
  const reg = await navigator.serviceWorker.ready;
  const { public_key: key } = await get("/api/push/key");
  let sub = await reg.pushManager.getSubscription();
  if (sub && sub.options?.applicationServerKey && new Uint8Array(sub.options.applicationServerKey).join() !== keyBytes(key).join()) {
    await sub.unsubscribe(); // made for another server key: push services would refuse it
    sub = null;
  }
  sub = sub || (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await api("POST", "/api/me/push", { ...sub.toJSON(), lang: getLang() });
  return "on";
}

async function unsubscribe() {
  const sub = await currentSubscription();
  if (sub) {
    await api("DELETE", "/api/me/push", { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }
  return "off";
}

/** Draws the "this device" part of the notices panel into `box`. */
export async function pushSection(box) {
  const why = pushSupport(browserFacts());
  const status = h("p", { class: "hint", "aria-live": "polite", dataset: { testid: "notice-push-status" } });
  const draw = (state, error) => {
    clear(box);
    box.append(h("h3", { class: "sub-title" }, t("push.title")));
    if (why !== "ok") {
      box.append(h("p", { class: "hint", dataset: { testid: "notice-push-why" } }, t(`push.why.${why}`)));
      if (why === "ios-install") box.append(h("ol", { class: "hint" }, ["push.ios1", "push.ios2", "push.ios3"].map((k) => h("li", {}, t(k)))));
      return;
    }
    const on = state === "on";
    const button = h("button", { type: "button", class: `btn ${on ? "" : "btn-primary"}`, "aria-pressed": String(on), dataset: { testid: "notice-push" } }, t(on ? "push.off" : "push.on"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        draw(on ? await unsubscribe() : await subscribe());
      } catch (err) {
        draw(state, err.message || String(err));
      }
      box.querySelector('[data-testid="notice-push"]')?.focus();
    });
    status.textContent = error || t(on ? "push.isOn" : state === "denied" ? "push.why.denied" : "push.isOff");
    status.classList.toggle("error", Boolean(error) || state === "denied");
    status.classList.toggle("ok", on && !error);
    box.append(button, status);
  };
  draw("off");
  if (why !== "ok") return;
  try {
    const sub = await currentSubscription();
    if (sub && Notification.permission === "granted") {
      // Told again on every visit: the server learns this page's language, and a subscription
      // the server forgot (this device was signed out elsewhere) is stored again.
      await api("POST", "/api/me/push", { ...sub.toJSON(), lang: getLang() });
      draw("on");
    }
  } catch {}
}
