// The chat panel beside the log: what the seated players and spectators said at this table.
// Messages come on the match socket (`chat` frames: new ones, deleted ids, the spectator
// mute) and go out as `say` frames. Every message is plain text, put on the page with
// textContent only. The host can mute spectators. In a replay the panel shows, read-only,
// what had been said by the version on screen.

import { api } from "../api.js";
import { h, clear, seatChip } from "../dom.js";
import { t, hasKey, onLangChange } from "../i18n.js";
import { S, $, isHost, claimedSeat, names } from "./page.js";
import { noteChat } from "./sheet.js";

// The server's limit, in characters as it counts them (code points: an emoji is one, not two
// UTF-16 units as an input's maxlength would count it).
const MAX_CHARS = 500;
const chars = (text) => [...text].length;
const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const C = { messages: [], muted: false, error: null, readOnly: false, draft: "", heard: false };
let card = null;

/** Adds the panel to the side column (once). */
export function initChat({ readOnly = false } = {}) {
  C.readOnly = readOnly;
  if (card) return;
  card = h("section", { class: "card chat-card", id: "chat", "aria-labelledby": "chat-h", dataset: { testid: "chat" } });
  // In the panel after the log (and before "Resign"): reachable in the panel's own scroll.
  document.querySelector("#side .log-card").after(card);
  onLangChange(renderChat);
  renderChat();
}

/** Takes a `chat` frame: new messages (oldest first), deleted ids and the mute. */
export function onChat(frame) {
  const gone = new Set(frame.deleted || []);
  const known = new Set(C.messages.map((m) => m.id));
  const fresh = (frame.messages || []).filter((m) => !known.has(m.id));
  C.messages = [...C.messages.filter((m) => !gone.has(m.id)), ...fresh];
  if (C.heard && fresh.length) noteChat(fresh.length); // the first frame is what was said before
  C.heard = true;
  C.muted = !!frame.muted;
  renderChat();
}

/** Takes an `error` frame: a refused chat line is told in the panel. */
export function onChatError(frame) {
  if (!frame?.key || !(frame.key.startsWith("app.chat") || frame.key === "app.bad_character")) return;
  C.error = hasKey(frame.key) ? t(frame.key, frame.args) : frame.reason; // English: the server's own words
  renderChat();
}

/** Shows exactly these messages, read-only (the replay). */
export function showChat(messages) {
  initChat({ readOnly: true });
  C.messages = messages || [];
  renderChat();
}

function line(m) {
  const who = m.seat == null ? `${m.name} (${t("chat.spectator")})` : names()[m.seat] || m.name;
  const text = h("span", { class: "chat-text" });
  text.textContent = m.text; // plain text, never markup
  const at = m.at ? new Date(m.at) : null;
  return h(
    "li",
    { class: "chat-line", dataset: { testid: "chat-line" } },
    m.seat == null ? null : seatChip(m.seat, who),
    h("span", { class: "chat-who" }, who, ": "),
    text,
    at ? h("time", { class: "chat-at muted small", datetime: m.at, title: at.toLocaleString(), dataset: { testid: "chat-at" } }, clock.format(at)) : null,
  );
}

function send(ev) {
  ev.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text || !S.socket) return;
  if (S.socket.say(text)) {
    C.error = null;
    C.draft = "";
    input.value = "";
  } else C.error = t("notConnected");
  renderChat();
  $("chat-input")?.focus();
}

async function toggleMute() {
  try {
    await api("PUT", `/api/matches/${encodeURIComponent(S.id)}/chat/mute`, { muted: !C.muted });
  } catch (err) {
    C.error = err.message;
    renderChat();
  }
}

function form() {
  if (C.readOnly || S.summary?.status === "abandoned") return null; // nobody is at this table any more
  if (!S.player) return h("p", { class: "muted small" }, t("chat.signIn"));
  if (C.muted && claimedSeat() == null) return h("p", { class: "muted small" }, t("chat.muted"));
  const left = h("span", { class: "chat-left muted small", id: "chat-left", "aria-live": "polite", dataset: { testid: "chat-left" } });
  const count = () => { left.textContent = C.draft ? t("chat.left", { n: MAX_CHARS - chars(C.draft) }) : ""; };
  const input = h("input", {
    type: "text", id: "chat-input", class: "chat-input", autocomplete: "off", "aria-describedby": "chat-left",
    "aria-label": t("chat.placeholder"), placeholder: t("chat.placeholder"), dataset: { testid: "chat-input" },
    oninput: (ev) => {
      const el = ev.currentTarget;
      if (chars(el.value) > MAX_CHARS) el.value = [...el.value].slice(0, MAX_CHARS).join("");
      C.draft = el.value;
      count();
    },
  });
  input.value = C.draft;
  count();
  return h(
    "form",
    { onsubmit: send },
    h("div", { class: "row chat-form" }, input, h("button", { type: "submit", class: "btn btn-small", dataset: { testid: "chat-send" } }, t("chat.send"))),
    left,
  );
}

export function renderChat() {
  if (!card) return;
  const focused = document.activeElement?.id === "chat-input";
  clear(card);
  const list = h("ol", { class: "chat-list", "aria-live": "polite", dataset: { testid: "chat-list" } }, C.messages.map(line));
  card.append(...[
    h("h2", { class: "panel-title", id: "chat-h" }, t("chat.title")),
    C.messages.length ? list : h("p", { class: "muted small" }, t("chat.none")),
    form(),
    C.error ? h("p", { class: "error small", role: "alert" }, C.error) : null,
    !C.readOnly && isHost() && S.summary?.status !== "abandoned" ? h("button", { type: "button", class: "btn btn-small", dataset: { testid: "chat-mute" }, onclick: toggleMute }, C.muted ? t("chat.unmute") : t("chat.mute")) : null,
  ].filter(Boolean)); // Element.append would write "null"
  list.scrollTop = list.scrollHeight;
  if (focused) $("chat-input")?.focus();
}
