// Small fetch wrapper: JSON in and out, the player's Bearer token, and errors thrown
// as ApiError whose message is the server's `detail` text (readable by a player).

import { hasKey, t } from "./i18n.js";

const TOKEN_KEY = "caravela.player";

export class ApiError extends Error {
  constructor(message, status, detail) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
  }
}

function storedToken() {
  try {
    return JSON.parse(localStorage.getItem(TOKEN_KEY) || "null")?.token || null;
  } catch {
    return null;
  }
}

/** Turns FastAPI's `detail` (a string, or pydantic's list of errors) into one sentence. */
export function detailText(detail) {
  if (detail == null) return "";
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) => (d && typeof d === "object" ? [(d.loc || []).filter((p) => p !== "body").join("."), d.msg].filter(Boolean).join(": ") : String(d)))
      .join("; ");
  }
  if (typeof detail === "object" && detail.message) return String(detail.message);
  return JSON.stringify(detail);
}

/**
 * api("GET", "/api/games") or api("POST", "/api/matches", {game, seats}).
 * opts.token overrides the stored token (null = send none).
 */
export async function api(method, path, body, opts = {}) {
  const headers = { Accept: "application/json" };
  const token = "token" in opts ? opts.token : storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init = { method, headers, cache: "no-store" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    throw new ApiError(opts.networkMessage || "Cannot reach the server.", 0, null);
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const detail = data && typeof data === "object" ? data.detail : data;
    // A keyed refusal reads in the player's language; the server's English is the fallback.
    const key = data && typeof data === "object" ? data.key : null;
    const message = (key && hasKey(key) ? t(key, data.args) : detailText(detail)) || `${res.status} ${res.statusText}`.trim();
    throw new ApiError(message, res.status, detail);
  }
  return data;
}

export const get = (path, opts) => api("GET", path, undefined, opts);
export const post = (path, body = {}, opts) => api("POST", path, body, opts);
export const put = (path, body = {}, opts) => api("PUT", path, body, opts);
export const del = (path, opts) => api("DELETE", path, undefined, opts);
