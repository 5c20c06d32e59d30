// "Passkeys": add one to your player (this device's screen lock, a phone, a security key),
// list and remove them; and "Sign in with a passkey" on a browser that is nobody yet.
// WebAuthn needs a secure page (https, or localhost); the server checks every answer.

import { get, post, del } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { adoptPlayer } from "../identity.js";
import { ago } from "./ago.js";

// Where the server says passkeys work: this page, another address of it (localhost for a page
// at 127.0.0.1), or nowhere (a LAN served over http, whose PUBLIC_URL is an IP address).
const where = { url: null, here: null };
get("/api/passkeys/where", { token: null })
  .then((got) => {
    Object.assign(where, got);
    globalThis.dispatchEvent?.(new Event("caravela:passkeys")); // the header offers them, or not
  })
  .catch(() => {}); // unknown: the page's own checks decide, the server still refuses

/** Tells whether this page can use passkeys: a secure page with a name (https, or localhost; never an IP address), where the server accepts them. */
export function passkeysPossible() {
  const named = location.protocol === "https:" ? !/^[\d.]+$|^\[/.test(location.hostname) : location.hostname === "localhost";
  return Boolean(named && where.here !== false && globalThis.isSecureContext && globalThis.PublicKeyCredential?.parseCreationOptionsFromJSON);
}

/** Returns why passkeys cannot work here, naming the address where they do (if any), as nodes. */
export function passkeysElsewhere() {
  if (!where.url || where.here) return [t("passkeys.nowhere")];
  return [t("passkeys.elsewhere") + " ", h("a", { href: where.url, dataset: { testid: "passkeys-address" } }, where.url), ". " + t("passkeys.useLink")];
}

export async function passkeysPanel(body) {
  if (!passkeysPossible()) {
    clear(body).append(h("p", { dataset: { testid: "passkeys-not-here" } }, passkeysElsewhere()));
    return;
  }
  const { passkeys } = await get("/api/me/passkeys");
  const status = h("p", { class: "hint", "aria-live": "polite", dataset: { testid: "passkey-status" } });
  const add = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "passkey-add" } }, t("passkeys.add"));
  add.addEventListener("click", async () => {
    add.disabled = true;
    try {
      await addPasskey();
      await passkeysPanel(body);
      body.querySelector('[data-testid="passkey-status"]').textContent = t("passkeys.added");
    } catch (err) {
      status.textContent = failure(err);
      add.disabled = false;
    }
  });
  const list = h(
    "ul",
    { class: "plain-list", dataset: { testid: "passkeys" } },
    passkeys.map((k) =>
      h(
        "li",
        { class: "list-row" },
        h("div", {}, h("strong", {}, k.name), h("div", { class: "muted small" }, k.last_used_at ? t("passkeys.used", { when: ago(k.last_used_at) }) : t("passkeys.made", { when: ago(k.created_at) }))),
        h("button", { type: "button", class: "btn btn-small", onclick: async () => {
          await del(`/api/me/passkeys/${encodeURIComponent(k.id)}`);
          await passkeysPanel(body);
        } }, t("passkeys.remove")),
      ),
    ),
  );
  clear(body).append(h("p", { class: "muted" }, t("passkeys.how")), passkeys.length ? list : h("p", { class: "muted" }, t("passkeys.none")), h("div", { class: "row" }, add), status);
}

async function addPasskey() {
  const start = await post("/api/me/passkeys/options", {});
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(start.options);
  const credential = await navigator.credentials.create({ publicKey });
  await post("/api/me/passkeys", { challenge_id: start.challenge_id, credential: credential.toJSON() });
}

/** Signs this browser in with a passkey of this site; returns the player. */
export async function signInWithPasskey() {
  const start = await post("/api/passkeys/options", {}, { token: null });
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(start.options);
  const credential = await navigator.credentials.get({ publicKey });
  const me = await post("/api/passkeys/sign-in", { challenge_id: start.challenge_id, credential: credential.toJSON() }, { token: null });
  return adoptPlayer(me);
}

/** The header's button for a browser that is nobody yet (null where passkeys cannot work). */
export function passkeySignInButton() {
  if (!passkeysPossible()) return null;
  // A short label, so the header still fits a phone; the full one is for screen readers.
  const b = h("button", { type: "button", class: "btn btn-small btn-ghost", "aria-label": t("passkeys.signIn"), title: t("passkeys.signIn"), dataset: { testid: "passkey-sign-in" } }, t("passkeys.signInShort"));
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      await signInWithPasskey();
      location.reload(); // every part of the page reads who you are again
    } catch (err) {
      b.disabled = false;
      b.title = failure(err);
      alert(failure(err));
    }
  });
  return b;
}

/** Returns a sentence for a failed passkey step (the browser's cancel reads as a cancel; its
 * "already registered" — this device holds one of your passkeys — in our words, not its own). */
function failure(err) {
  if (err?.name === "InvalidStateError") return t("passkeys.already");
  return err?.name === "NotAllowedError" || err?.name === "AbortError" ? t("passkeys.cancelled") : err?.message || String(err);
}
