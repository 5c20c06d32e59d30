// The player's identity: {id, name, token} kept in localStorage under `caravela.player`.
// A player is created lazily, the first time they need a name (create, join).

import { api, get, post, ApiError } from "./api.js";
import { t } from "./i18n.js";

const KEY = "caravela.player";

export function getPlayer() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "null");
    return p && p.token && p.id != null ? p : null;
  } catch {
    return null;
  }
}

/** Tells the page (header, home list) that who this browser plays as changed. */
function changed() {
  globalThis.dispatchEvent?.(new Event("caravela:player"));
}

function save(player) {
  const p = { id: player.id, name: player.name, token: player.token };
  markSignedOut(false);
  const before = localStorage.getItem(KEY);
  localStorage.setItem(KEY, JSON.stringify(p));
  if (before !== JSON.stringify(p)) changed();
  return p;
}

export function forgetPlayer() {
  localStorage.removeItem(KEY);
  changed();
}

/** Creates a new player on the server and remembers it. */
export async function createPlayer(name) {
  const p = await post("/api/players", { name: name.trim() }, { token: null });
  return save(p);
}

// Kept for this tab (sessionStorage): the reload a signed-out page asks for must not lose why
// this browser is nobody now.
const SIGNED_OUT = "caravela.signedOut";

function readSignedOut() {
  try {
    return sessionStorage.getItem(SIGNED_OUT) === "1";
  } catch {
    return false;
  }
}

/** True once this tab found its token refused: the device was signed out. */
export const session = { signedOut: readSignedOut() };

/** Remembers (or forgets, once someone plays here again) that this browser was signed out. */
export function markSignedOut(on = true) {
  session.signedOut = on;
  try {
    if (on) sessionStorage.setItem(SIGNED_OUT, "1");
    else sessionStorage.removeItem(SIGNED_OUT);
  } catch {}
}

/**
 * Checks the stored token with GET /api/players/me. An unknown token (401: this device was
 * signed out, or the server forgot its players) is forgotten, and the page is nobody: a new
 * player made silently under the same name would be a stranger to every seat, so
 * the person chooses — a link from another device, a passkey, or a name to start afresh.
 * Network errors keep the stored identity as is.
 */
export async function verifyPlayer() {
  const p = getPlayer();
  if (!p) return null;
  try {
    const me = await get("/api/players/me", { token: p.token });
    return save({ ...p, id: me.id ?? p.id, name: me.name ?? p.name });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      forgetPlayer();
      markSignedOut();
      return null;
    }
    return p;
  }
}

/**
 * Changes the display name. Tries PATCH /api/players/me; a server without that route
 * (404/405) gets a new identity with the new name instead.
 */
export async function setName(name) {
  name = name.trim();
  const p = getPlayer();
  if (!p) return createPlayer(name);
  if (p.name === name) return p;
  try {
    const me = await api("PATCH", "/api/players/me", { name }, { token: p.token });
    return save({ ...p, name: me?.name ?? name });
  } catch (err) {
    if (err instanceof ApiError && [401, 404, 405].includes(err.status)) return createPlayer(name);
    throw err;
  }
}

/** Returns the stored player, or creates one from `name`; throws if no name is given. */
export async function ensurePlayer(name) {
  const p = getPlayer();
  if (p) return p;
  if (!name || !name.trim()) throw new Error("name-required");
  return createPlayer(name);
}

/** Saves an identity the server just gave this browser (a spent device link, a passkey). */
export function adoptPlayer(signedIn) {
  return save(signedIn);
}

/**
 * Spends a one-time device link found in the address (`/#link=<code>`): this browser becomes
 * another device of that player. The code leaves the address at once, so it is never
 * bookmarked or shared by accident. Returns the player, or null when there was no link;
 * throws an ApiError when the link was used or expired.
 */
export async function redeemLinkInAddress() {
  const match = /^#link=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  // A browser that already plays as someone would lose that player here: ask first.
  const before = getPlayer();
  if (before && !confirm(t("account.switchPlayer", { name: before.name }))) return null;
  const p = await post("/api/devices", { code: match[1] }, { token: null });
  return save(p);
}
