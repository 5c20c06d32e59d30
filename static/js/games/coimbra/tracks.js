// The board's tracks: the player order (lions on flags with their crowns), the four influence
// tracks 0–20 with each player's disc, the influence scoring tile above each and the bands of
// the Phase E reward, and the scoring track (every player's VP).

import { h } from "../../core/dom.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { toggleInfo } from "./parts.js";
import { TRACKS, incomeAt, rewardText, trackName } from "./words.js";

const TOP = 20;

/** Returns the player-order flags, a lion (seat disc) on each. */
export function renderOrder(ctx, view) {
  return h("ol", { class: "co-order", "aria-label": ctx.t("coimbra.order"), dataset: { testid: "co-order" } },
    (view.order || []).map((seat, i) => h("li", { class: "co-flag", title: `${ctx.t("coimbra.flag", { n: i + 1 })}: ${seatName(ctx, seat)}` },
      h("span", { class: "co-flagno" }, `⚑${i + 1}`),
      seatDisc(ctx, seat),
      h("span", { class: "co-muted", title: ctx.t("coimbra.tip.flag") }, ` ${seatName(ctx, seat)} · ${ctx.t("coimbra.flagCrowns", { n: view.flag_crowns?.[i] ?? 0 })}`))));
}

function scoringTile(ctx, track, tile) {
  if (!tile) return null;
  const text = ctx.t("coimbra.scoringTile", { id: tile.id, values: tile.values.join(" / ") });
  return h("button", {
    type: "button",
    class: "co-stile",
    title: text,
    onclick: () => toggleInfo(ctx, { kind: "stile", id: track, title: trackName(ctx, track), text }),
  }, `${tile.id}: ${tile.values.join("/")}`);
}

function influenceTrack(ctx, view, track) {
  const at = new Map();
  view.players.forEach((p, seat) => {
    const level = Math.min(TOP, p.influence?.[track] ?? 0);
    if (!at.has(level)) at.set(level, []);
    at.get(level).push(seat);
  });
  const bands = view.income?.levels || [];
  const cells = [];
  for (let n = 0; n <= TOP; n++) {
    const band = bands.findIndex(([lo, hi]) => n >= lo && n <= hi);
    const reward = rewardText(ctx, track, incomeAt(view.income, track, n));
    cells.push(h("li", { class: `co-cell ${band % 2 ? "co-band" : ""}`, title: `${n}: ${ctx.t("coimbra.income", { reward })}` },
      h("span", { class: "co-n" }, String(n)),
      (at.get(n) || []).map((seat) => seatDisc(ctx, seat, "co-disc"))));
  }
  const levels = view.players.map((p, seat) => `${seatName(ctx, seat)} ${p.influence?.[track] ?? 0}`).join(", ");
  return h("div", { class: `co-track co-t-${track}`, dataset: { testid: `co-track-${track}` } },
    h("div", { class: "co-track-head" }, h("b", {}, trackName(ctx, track)), scoringTile(ctx, track, view.scoring_tiles?.[track])),
    h("ol", { class: "co-cells", "aria-label": `${trackName(ctx, track)}: ${levels}` }, cells));
}

/** Returns the four influence tracks with their scoring tiles. */
export function renderTracks(ctx, view) {
  return h("section", { class: "co-tracks" }, h("h3", {}, ctx.t("coimbra.tracks")), TRACKS.map((t) => influenceTrack(ctx, view, t)));
}

/** Returns the scoring track: every player's VP, highest first. */
export function renderScoring(ctx, view) {
  const seats = view.players.map((_, i) => i).sort((a, b) => view.players[b].vp - view.players[a].vp || a - b);
  return h("section", { class: "co-scoring", dataset: { testid: "co-scoring" } },
    h("h3", {}, ctx.t("coimbra.scoring")),
    h("ol", { class: "co-vps" }, seats.map((seat) => h("li", {}, seatDisc(ctx, seat), ` ${seatName(ctx, seat)} `,
      h("b", { dataset: { testid: `co-vp-${seat}` } }, ctx.t("coimbra.vp", { n: view.players[seat].vp }))))));
}
