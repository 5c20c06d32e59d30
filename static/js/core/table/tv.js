// The table screen's own parts: before the start, the invite as a big QR code with the join
// address and the seats filling as phones join; during the game, "✓ submitted" on the player
// panels while a simultaneous secret step waits for the others (what, never shown).

import { get } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { markedChip } from "../widgets/seat.js";
import { S, $, seats, names, gameTitle, withNames } from "../match/page.js";

// The join address comes from the server (PUBLIC_URL, or its address on the LAN): the TV's
// own address may well be localhost, which means nothing on a phone.
const invite = { id: null, url: null, qr: null };

async function loadInvite() {
  if (invite.id === S.id) return;
  invite.id = S.id;
  try {
    const got = await get(`/api/matches/${encodeURIComponent(S.id)}/invite`);
    Object.assign(invite, { url: got.url, qr: got.qr });
  } catch {
    invite.id = null; // asked again at the next redraw (the network may be back by then)
    return;
  }
  renderTvLobby();
}

function seatRow(s, i, shown) {
  const kind = s?.kind || "empty";
  return h(
    "li",
    { class: `tv-seat tv-seat-${kind}`, dataset: { testid: `tv-seat-${i}` } },
    kind === "empty" ? h("span", { class: "chip chip-empty", "aria-hidden": "true" }, String(i + 1)) : markedChip(shown, i),
    h("span", { class: "tv-seat-name" }, kind === "empty" ? `${shown[i]} · ${t("table.free")}` : shown[i]),
  );
}

/** Before the start: the big QR code of the join address and the seats; hidden afterwards. */
export function renderTvLobby() {
  const box = $("tv-lobby");
  if (!box) return;
  const open = S.summary?.status === "open" && !S.fatal;
  box.hidden = !open;
  document.body.classList.toggle("tv-open", open);
  if (!open) return;
  loadInvite();
  const list = seats();
  const shown = names();
  const filled = list.filter((s) => s && s.kind !== "empty").length;
  clear(box);
  box.append(
    h(
      "figure",
      { class: "tv-invite" },
      invite.qr ? h("img", { class: "tv-qr", src: invite.qr, alt: t("inviteQr"), dataset: { testid: "tv-qr" } }) : null,
      h(
        "figcaption",
        {},
        h("p", { class: "tv-scan" }, t("table.scan")),
        invite.url ? h("p", { class: "tv-url" }, `${t("table.orOpen")} `, h("b", { dataset: { testid: "tv-join-url" } }, invite.url)) : null,
      ),
    ),
    h(
      "section",
      { class: "tv-seats" },
      h("h1", { class: "tv-game" }, gameTitle()),
      h("p", { class: "tv-count", dataset: { testid: "tv-seat-count" } }, t("table.seats", { filled, total: list.length })),
      h("ol", { class: "tv-seat-list" }, list.map((s, i) => seatRow(s, i, shown))),
    ),
  );
}

/** Returns whether seat i has made its secret choice of a step all make at once (Go Goa's
 * plans and paths): the view says so publicly, and says nothing of what was chosen. */
export function hasSubmitted(view, i) {
  const p = view?.players?.[i];
  if (!p || view.over) return false;
  return view.phase === "plans" ? p.chose_plans === true : p.submitted === true;
}

/** Marks "✓ submitted" on each player panel whose seat has. */
export function renderSubmitted() {
  for (let i = 0; i < seats().length; i++) {
    const name = document.querySelector(`#players [data-seat="${i}"] .p-name`);
    if (!name || !hasSubmitted(S.view, i)) continue;
    name.append(
      h(
        "span",
        { class: "tag tag-submitted", dataset: { testid: `submitted-${i}` }, "aria-label": withNames(t("table.submittedLabel", { name: names()[i] })) },
        t("table.submitted"),
      ),
    );
  }
}

let resizeHooked = false;

/** A TV cannot scroll: the whole board (the stage and the sheets under it) is scaled to fit
 * the screen's height below the status line; the panel keeps its own size. */
export function fitBoard() {
  if (!resizeHooked) {
    resizeHooked = true;
    window.addEventListener("resize", () => requestAnimationFrame(fitBoard));
  }
  fitNow();
  // A game's stylesheet, linked at its first drawing, changes the board's size once it loads.
  for (const timer of refits) clearTimeout(timer);
  refits = [400, 1500].map((ms) => setTimeout(fitNow, ms));
}

let refits = [];

function fitNow() {
  const board = $("board");
  if (!board) return;
  board.style.zoom = "";
  board.style.width = "";
  board.style.alignSelf = "";
  board.classList.remove("tv-columns");
  let box = board.getBoundingClientRect();
  const room = window.innerHeight - box.top - 8;
  if (box.height <= room || room <= 0) return;
  // Far too tall (a long column of sheets under the stage): the board's parts in two columns.
  if (room / box.height < 0.6) {
    board.classList.add("tv-columns");
    box = board.getBoundingClientRect();
    if (box.height <= room) return;
  }
  // Laid out at its own width (a map as wide as the column stays as wide), then scaled down
  // as one picture: a narrower layout would only wrap into a taller one.
  board.style.width = `${box.width}px`;
  board.style.alignSelf = "center";
  let zoom = 1;
  for (let i = 0; i < 3; i++) {
    // Measured again: the page above the board may move once the board is smaller.
    const now = board.getBoundingClientRect();
    const left = window.innerHeight - now.top - 8;
    if (now.height <= left || zoom <= 0.3) break;
    zoom = Math.max(0.3, zoom * (left / now.height));
    board.style.zoom = String(zoom);
  }
}
