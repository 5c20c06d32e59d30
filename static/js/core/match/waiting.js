// The waiting room while the match is open: seats to take, bots to add, the invite link,
// whether it is rated (the host's choice), leave and start. Each button is disabled while its request is in flight.
// The invite link comes from the server (PUBLIC_URL, or its address on the LAN), with a QR code.

import { get, post, put, del } from "../api.js";
import { h, clear } from "../dom.js";
import { t, hasKey } from "../i18n.js";
import { timeControlText } from "../timecontrol.js";
import { createPlayer } from "../identity.js";
import { S, page, $, seats, claimedSeat, isHost, gameTitle } from "./page.js";
import { panel } from "./panels.js";
import { levelSelect } from "../botlevel.js";

const matchPath = (rest) => `/api/matches/${encodeURIComponent(S.id)}${rest}`;

// The page's own address may say 127.0.0.1, which means nothing on a friend's phone.
const invite = { id: null, url: null, qr: null };

async function loadInvite() {
  if (invite.id === S.id) return;
  invite.id = S.id;
  try {
    const got = await get(matchPath("/invite"));
    Object.assign(invite, { url: got.url, qr: got.qr });
    renderWaiting();
  } catch {
    // Copying falls back to this page's address.
  }
}

// The game's fewest players, so the host is offered "Remove seat" only while one may go, and
// its options' titles, so everyone sees what they agree to by sitting down.
const rules = { game: null, min: null, schema: null };

async function loadGame() {
  const game = S.summary?.game;
  if (!game || rules.game === game) return;
  rules.game = game;
  try {
    const found = (await get("/api/games")).find((g) => g.id === game);
    rules.min = found?.min_players ?? null;
    rules.schema = found?.options ?? null;
    renderWaiting();
  } catch {
    rules.game = null; // asked again at the next redraw; the server enforces the minimum anyway
  }
}

const inviteUrl = () => invite.url || `${location.origin}/m/${encodeURIComponent(S.id)}`;

// WebAuthn needs https (or localhost) and a name, never an IP address.
const passkeysWork = () => location.protocol === "https:" || location.hostname === "localhost";

function inviteSheet() {
  if (!invite.url) return null;
  return h(
    "figure",
    { class: "invite", dataset: { testid: "invite" } },
    h("img", { src: invite.qr, width: 148, height: 148, alt: t("inviteQr"), dataset: { testid: "invite-qr" } }),
    h(
      "figcaption",
      {},
      h("a", { href: invite.url, class: "invite-url", dataset: { testid: "invite-url" } }, invite.url),
      passkeysWork() ? null : h("p", { class: "hint", dataset: { testid: "passkeys-need-https" } }, t("passkeysNeedHttps")),
    ),
  );
}

/** Returns the time control and the options this match is played with (what sitting down agrees to). */
function terms() {
  const game = S.summary?.game;
  const chosen = Object.entries(S.summary?.options || {}).map(([key, value]) => {
    const k = `option.${game}.${key}`;
    const title = hasKey(k) ? t(k) : rules.schema?.properties?.[key]?.title || key;
    return `${title}: ${typeof value === "boolean" ? t(value ? "optionOn" : "optionOff") : String(value)}`;
  });
  return h(
    "ul",
    { class: "terms small", dataset: { testid: "waiting-terms" } },
    h("li", {}, `${t("clock.control")}: ${timeControlText(S.summary?.clock) ?? t("clock.kind.none")}`),
    h("li", {}, `${t("options")}: ${chosen.length ? chosen.join(" · ") : t("defaults")}`),
  );
}

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
    if (rules.min != null && seats().length > rules.min) {
      out.push(h("button", { type: "button", class: "btn btn-small", dataset: { testid: `remove-seat-${i}` }, "aria-label": t("removeSeatLabel", { n: i + 1 }), disabled: busy(`bot-${i}`), onclick: () => removeSeat(i) }, t("removeSeat")));
    }
  }
  // A rematch seat waiting for its player's answer: theirs to answer, or the
  // host's to give a bot when nobody answers.
  if (s?.offer === "pending" && s.player_id === S.player?.id) {
    out.push(h("button", { type: "button", class: "btn btn-primary btn-small", dataset: { testid: `offer-accept-${i}` }, disabled: busy("offer"), onclick: () => answer("accept") }, t("rematch.accept")));
    out.push(h("button", { type: "button", class: "btn btn-small", dataset: { testid: `offer-decline-${i}` }, disabled: busy("offer"), onclick: () => answer("decline") }, t("rematch.decline")));
  } else if (s?.offer === "pending" && isHost()) {
    out.push(h("button", { type: "button", class: "btn btn-small", dataset: { testid: `offer-bot-${i}` }, disabled: busy(`bot-${i}`), onclick: () => botInstead(i) }, t("offer.bot")));
  }
  if (kind === "bot" && isHost() && !s.offer) {
    out.push(levelSelect(s.level, { label: t("botLevelLabel", { n: i + 1 }), testid: `level-select-${i}`, disabled: busy(`bot-${i}`), choose: (level) => setLevel(i, level) }));
    out.push(h("button", { type: "button", class: "btn btn-small", dataset: { testid: `remove-bot-${i}` }, disabled: busy(`bot-${i}`), onclick: () => removeBot(i) }, t("removeBot")));
  }
  return out.length ? h("div", { class: "p-controls" }, out) : null;
}

function nameField(value) {
  return h(
    "div",
    { class: "field name-field" },
    h("label", { for: "name-input", class: "label" }, t("yourName")),
    h("input", { id: "name-input", class: "input", type: "text", maxlength: 40, autocomplete: "nickname", placeholder: t("namePlaceholder"), value: value || "", dataset: { testid: "name-input" }, "aria-describedby": "wait-msg" }),
    h("p", { class: "hint", id: "wait-hint" }, t("joinHint")),
  );
}

/** Whether the match counts for the ratings: the host's switch, everyone else's sentence. */
function ratedControl(all) {
  const rated = S.summary?.rated !== false;
  const people = new Set(all.filter((s) => s.kind === "player" && s.player_id).map((s) => s.player_id)).size;
  const solo = rated && people < 2 && all.every((s) => s.kind !== "empty") ? h("p", { class: "hint", dataset: { testid: "rated-solo" } }, t("rated.solo")) : null;
  if (!isHost()) return h("div", { class: "rated" }, h("p", { class: "small", dataset: { testid: "rated-state" } }, t(rated ? "rated.on" : "rated.off")), solo);
  const box = h("input", { type: "checkbox", id: "rated-box", checked: rated, disabled: S.busy.has("rated"), dataset: { testid: "rated" }, "aria-describedby": "rated-hint", onchange: (ev) => setRated(ev.currentTarget.checked) });
  return h("div", { class: "rated" }, h("label", { for: "rated-box", class: "opt-radio" }, box, " ", t("rated.label")), h("p", { class: "hint", id: "rated-hint" }, t("rated.hint")), solo);
}

function buttonsRow(canStart) {
  return h(
    "div",
    { class: "row actions-row" },
    h("button", { type: "button", class: "btn", dataset: { testid: "copy-invite" }, onclick: copyInvite }, S.copied ? "✓ " + t("copied") : t("copyInvite")),
    // A phone's own share sheet (messengers, mail) where the browser has one.
    typeof navigator.share === "function" ? h("button", { type: "button", class: "btn", dataset: { testid: "share-invite" }, onclick: () => navigator.share({ url: inviteUrl() }).catch(() => {}) }, t("share")) : null,
    claimedSeat() != null ? h("button", { type: "button", class: "btn", dataset: { testid: "leave" }, disabled: S.busy.has("leave"), onclick: leave }, t("leave")) : null,
    isHost() ? h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "start" }, disabled: !canStart || S.busy.has("start"), onclick: start }, S.busy.has("start") ? t("starting") : t("start")) : null,
  );
}

export function renderWaiting() {
  const room = $("waiting");
  const open = S.summary?.status === "open" && !S.fatal;
  room.hidden = !open;
  // The waiting room keeps the action bar (status line, Rules) and hides the stage and the panel.
  $("table").hidden = !!S.fatal && !S.view;
  $("board").hidden = open;
  $("side").hidden = open;
  if (!open) {
    clear(room);
    return;
  }
  // A re-render keeps the focused control and a half-typed name.
  const active = document.activeElement;
  const focusKey = room.contains(active) ? active.dataset.testid || active.id : null;
  const nameValue = $("name-input")?.value;
  clear(room);
  const all = seats();
  const filled = all.filter((s) => s.kind !== "empty").length;
  room.append(
    h(
      "div",
      { class: "card-head" },
      h("h2", { id: "waiting-h", class: "card-title" }, `${t("waitingRoom")} · ${gameTitle()}`),
      h("span", { class: "badge status-open" }, t("seatsFilled", { filled, total: all.length })),
    ),
    h("p", { class: "muted" }, t("inviteHint")),
    terms(),
    inviteSheet() || "",
  );
  loadInvite();
  loadGame();
  if (!S.player && all.some((s) => s.kind === "empty")) room.append(nameField(nameValue));
  room.append(h("div", { class: "players players-wait" }, all.map((s, i) => panel(s, i, { waiting: true, controls: seatControls(s, i) }))));
  room.append(ratedControl(all));
  if (S.waitMsg) room.append(h("p", { class: "error", id: "wait-msg", role: "alert" }, S.waitMsg));
  room.append(buttonsRow(filled === all.length && !all.some((s) => s.offer === "pending")));
  if (focusKey) (room.querySelector(`[data-testid="${CSS.escape(focusKey)}"]`) || $(focusKey))?.focus();
}

async function waitingCall(key, fn) {
  S.busy.add(key);
  S.waitMsg = null;
  renderWaiting();
  try {
    const m = await fn();
    if (m && m.seats) page.setSummary(m);
    return m;
  } catch (err) {
    S.waitMsg = err.message;
    return null;
  } finally {
    S.busy.delete(key);
    page.renderAll();
  }
}

async function join(i) {
  if (!S.player) {
    const name = $("name-input")?.value.trim();
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
  const m = await waitingCall(`join-${i}`, () => post(matchPath("/join"), { seat: i }));
  if (m) S.socket?.reconnectNow(S.player.token); // the socket now speaks for this seat
}

async function leave() {
  const m = await waitingCall("leave", () => post(matchPath("/leave"), {}));
  if (m) S.socket?.reconnectNow();
}

const setRated = (rated) => waitingCall("rated", () => post(matchPath("/rated"), { rated }));
const answer = (what) => waitingCall("offer", () => post(matchPath(`/offer/${what}`), {}));
const botInstead = (i) => waitingCall(`bot-${i}`, () => post(matchPath(`/offer/${i}/bot`), {}));
const addBot = (i) => waitingCall(`bot-${i}`, () => post(matchPath("/bots"), { seat: i }));
const setLevel = (i, level) => waitingCall(`bot-${i}`, () => put(matchPath(`/seats/${i}/level`), { level }));
const removeBot = (i) => waitingCall(`bot-${i}`, () => del(matchPath(`/bots/${i}`)));
const removeSeat = (i) => waitingCall(`bot-${i}`, () => del(matchPath(`/seats/${i}`)));

async function start() {
  const m = await waitingCall("start", () => post(matchPath("/start"), {}));
  if (m && m.status !== "open" && !S.view) S.socket?.requestSync();
}

async function copyInvite() {
  const url = inviteUrl();
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
  if (!ok) {
    S.waitMsg = t("copyFailed", { url });
    renderWaiting();
    return;
  }
  S.copied = true;
  S.waitMsg = null;
  renderWaiting();
  setTimeout(() => {
    S.copied = false;
    renderWaiting();
  }, 2000);
}
