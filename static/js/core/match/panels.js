// Player panels: one card a seat with name, kind, presence, host and winner marks, the
// renderer's public playerInfo line, and (in the waiting room) the seat's buttons.

import { h, clear, seatColor } from "../dom.js";
import { markedChip } from "../widgets/seat.js";
import { t } from "../i18n.js";
import { S, $, seats, seatCount, names, mySeat, claimedSeat, toAct, withNames, makeCtx, outcome, shownView } from "./page.js";
import { clockOf, awayOf, presenceText } from "./clock.js";
import { timeControlText } from "../timecontrol.js";
import { botLabel } from "../botlevel.js";

function playerInfo(seat) {
  if (!S.view || !S.renderer?.playerInfo) return null;
  try {
    const s = S.renderer.playerInfo(shownView(), seat, makeCtx());
    return s ? withNames(s) : null;
  } catch (err) {
    console.error("caravela: playerInfo failed", err);
    return null;
  }
}

function metaLine(s, i, me) {
  const kind = s?.kind || "empty";
  if (kind === "empty") return [h("span", {}, t("emptySeat"))];
  if (kind === "bot") return [h("span", { class: "tag tag-bot", dataset: { testid: `level-${i}` } }, botLabel(s.level))];
  const online = !!s.online || me;
  return [
    h("span", { class: "tag" }, t("human")),
    h("span", { class: `presence ${online ? "online" : "away"}` }, h("span", { class: "dot", "aria-hidden": "true" }), presenceText(s, online)),
  ];
}

/** Returns seat i's panel; `controls` (waiting room only) go at its end. */
export function panel(s, i, { waiting = false, controls = null } = {}) {
  const n = names();
  const me = mySeat() === i || claimedSeat() === i;
  const acting = !waiting && toAct().includes(i);
  const winners = outcome()?.winners || [];
  const kind = s?.kind || "empty";
  const isHostSeat = s?.player_id != null && s.player_id === S.summary?.host_id;
  const info = waiting ? null : playerInfo(i);
  return h(
    "article",
    {
      class: `panel ${acting ? "to-act" : ""} ${me ? "me" : ""} ${kind === "empty" ? "empty" : ""} ${winners.includes(i) ? "winner" : ""}`,
      dataset: { testid: `seat-${i}`, seat: i, kind },
      style: { "--c": seatColor(i) },
      "aria-label": `${n[i]}${acting ? ", " + t("toAct") : ""}`,
    },
    kind === "empty" ? h("span", { class: "chip chip-empty", "aria-hidden": "true" }, String(i + 1)) : markedChip(n, i),
    h(
      "div",
      { class: "p-body" },
      h(
        "div",
        { class: "p-name" },
        h("span", { class: "p-name-text" }, kind === "empty" ? t("seat", { n: i + 1 }) : n[i]),
        me ? h("span", { class: "p-you" }, `(${t("you")})`) : null,
        isHostSeat ? h("span", { class: "tag tag-host" }, t("host")) : null,
        winners.includes(i) ? h("span", { class: "tag tag-win" }, "★ " + t("winner")) : null,
        s?.resigned ? h("span", { class: "tag tag-resigned", dataset: { testid: `resigned-${i}` } }, t("resigned")) : null,
        s?.offer ? h("span", { class: `tag tag-offer offer-${s.offer}`, dataset: { testid: `offer-${i}` } }, t(`offer.${s.offer}`)) : null,
        waiting ? null : clockOf(s, i),
      ),
      h("div", { class: "p-meta" }, metaLine(s, i, me)),
      waiting ? null : awayOf(s, i, claimedSeat() === i),
      info ? h("div", { class: "p-info" }, info) : null,
    ),
    acting ? h("span", { class: "turn-mark" }, h("span", { "aria-hidden": "true" }, "▶ "), t("toAct")) : null,
    controls,
  );
}

export function renderPlayers() {
  const list = $("players");
  const control = timeControlText(S.summary?.clock);
  $("players-h").textContent = control ? `${t("players")} · ${control}` : t("players");
  clear(list);
  if (S.summary?.status === "open") return; // the waiting room shows the seats
  for (let i = 0; i < seatCount(); i++) list.append(panel(seats()[i], i));
}
