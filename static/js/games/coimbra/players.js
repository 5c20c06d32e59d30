// Personal boards, your own first: the coin and guard tracks (0–20), the three die holders
// (empty, a die placed in the city, or a die retrieved to the lower spaces, used or not in
// Phase E), the four card zones, and this round's crowns, tiles and extra die, the pilgrim,
// diplomas and funded voyages. Everything here is public in Coimbra.

import { h } from "../../core/dom.js";
import { seatColour, seatDisc, seatName } from "../../core/widgets/seat.js";
import { cardFace, control, dieChip, picks } from "./parts.js";
import { incomeLabel } from "./turn.js";
import { AREAS, ZONES, amount, spaceName, tileName, voyageName } from "./words.js";

const TOP = 20;

function resourceTrack(ctx, label, n, cls, testid) {
  const cells = [];
  // A gauge, not a ruler: the amount is printed in the label; the cells only show how full it is.
  for (let i = 0; i <= TOP; i++) cells.push(h("li", { class: i === n ? "co-here" : i < n ? "co-passed" : i % 5 === 0 ? "co-five" : "" }));
  return h("div", { class: `co-res ${cls}` },
    h("span", { class: "co-res-label" }, `${label} `, h("b", { dataset: { testid } }, String(n))),
    h("ol", { class: "co-res-cells", "aria-hidden": "true" }, cells));
}

// The seat's dice in the city (placed this round, not yet retrieved), with where they stand.
function diceInCity(view, seat) {
  const out = [];
  if (view.over) return out;
  for (const area of AREAS) {
    for (const d of area === "castle" ? view.castle || [] : view.cities?.[area] || []) if (d.seat === seat) out.push(d);
  }
  return out;
}

// In Phase E a die of your own whose income has one choice is itself the control: a tap on it
// takes that income (the move panel lists the same choices in words).
function incomeDie(ctx, view, d) {
  const acts = (view.legal || []).filter((a) => a.type === "income" && a.die === d.id);
  if (acts.length !== 1) return dieChip(ctx, d);
  const label = incomeLabel(ctx, view, acts[0]);
  const b = control(ctx, [], acts[0], dieChip(ctx, d), { class: "co-dieact", title: label });
  b.setAttribute("aria-label", label);
  return b;
}

function holders(ctx, view, p, seat) {
  const placed = diceInCity(view, seat).map((d) => h("span", { class: "co-holder co-away", title: ctx.t("coimbra.inCity") }, dieChip(ctx, { ...d, seat: null })));
  const lower = (p.board || []).map((d) => h("span", { class: `co-holder ${d.used ? "co-spent" : ""}`, title: d.used ? ctx.t("coimbra.used") : ctx.t("coimbra.lower") },
    seat === ctx.seat && !d.used ? incomeDie(ctx, view, d) : dieChip(ctx, d)));
  const empty = Array.from({ length: Math.max(0, p.holders || 0) }, () => h("span", { class: "co-holder co-empty", title: ctx.t("coimbra.holders") }, "◯"));
  return h("div", { class: "co-holders", "aria-label": ctx.t("coimbra.holders") }, placed, lower, empty,
    p.extra_die ? h("span", { class: `co-holder co-extra ${p.extra_used ? "co-spent" : ""}`, title: ctx.t("coimbra.extraDie") }, "+⚀") : null);
}

function zones(ctx, p) {
  const cards = p.cards || [];
  if (!cards.length) return h("p", { class: "co-hint" }, ctx.t("coimbra.noCards"));
  return h("div", { class: "co-zones" }, ZONES.map((z) => {
    const here = cards.filter((c) => (c.zone || c.when) === z);
    return here.length ? h("div", { class: "co-zone" }, h("span", { class: "co-zone-name" }, ctx.t(`coimbra.zone.${z}`)),
      h("div", { class: "co-zone-cards" }, here.map((c) => cardFace(ctx, c, { class: "co-mini" })))) : null;
  }));
}

function facts(ctx, p) {
  const crowns = p.crowns || {};
  return h("p", { class: "co-facts" }, [
    ctx.t("coimbra.crownsThisRound", { n: crowns.total ?? 0 }),
    ...(crowns.tiles || []).map((t) => tileName(ctx, t)),
    p.pilgrim ? ctx.t("coimbra.pilgrimAt", { space: spaceName(ctx, p.pilgrim) }) : ctx.t("coimbra.pilgrimHome"),
    ctx.t("coimbra.visited", { n: (p.visited || []).length }),
    p.diplomas ? ctx.t("coimbra.diplomas", { n: p.diplomas }) : null,
    (p.voyages || []).length ? `${ctx.t("coimbra.voyages")}: ${p.voyages.map((v) => voyageName(ctx, v)).join(", ")}` : null,
    p.discount ? ctx.t("coimbra.discount", { n: p.discount }) : null,
  ].filter(Boolean).join(" · "));
}

function head(ctx, view, seat, p, mine) {
  return h("h3", { class: "co-board-head" }, seatDisc(ctx, seat), ` ${seatName(ctx, seat)}`,
    mine ? h("span", { class: "co-muted", title: ctx.t("coimbra.tip.seat") }, ` (${ctx.t("coimbra.you")})`) : null,
    h("span", { class: "co-muted", title: ctx.t("coimbra.tip.seat") }, ` · ⚑${p.flag} · ${ctx.t("coimbra.vp", { n: p.vp })}`),
    mine ? null : h("span", { class: "co-muted" }, ` · ${amount(ctx, p.coins, "coins")} · ${amount(ctx, p.guards, "guards")}`),
    view.to_act?.includes(seat) ? h("span", { class: "co-turnmark", title: ctx.t("coimbra.now") }, " ●") : null);
}

function board(ctx, view, seat) {
  const p = view.players[seat];
  const mine = seat === ctx.seat;
  const body = [
    resourceTrack(ctx, ctx.t("coimbra.coinTrack"), p.coins, "co-coins", `co-coins-${seat}`),
    resourceTrack(ctx, ctx.t("coimbra.guardTrack"), p.guards, "co-guards", `co-guards-${seat}`),
    holders(ctx, view, p, seat),
    zones(ctx, p),
    facts(ctx, p),
  ];
  const attrs = {
    class: `co-board ${mine ? "co-mine" : ""}`,
    style: { "--c": seatColour(ctx, seat) },
    "aria-label": ctx.t("coimbra.board", { who: seatName(ctx, seat) }),
    dataset: { testid: `co-board-${seat}` },
  };
  if (mine || ctx.seat == null) return h("section", attrs, head(ctx, view, seat, p, mine), body);
  // Another player's board folds to its head line (coins, guards, VP): the page stays short,
  // and one tap opens the rest. It stays open across views once opened.
  const open = picks(ctx).boards || (picks(ctx).boards = new Set());
  return h("details", { ...attrs, open: open.has(seat), ontoggle: (e) => { if (e.target.open) open.add(seat); else open.delete(seat); } },
    h("summary", {}, head(ctx, view, seat, p, mine)), body);
}

/** Returns every personal board, this seat's first. */
export function renderBoards(ctx, view) {
  const seats = view.players.map((_, i) => i);
  const order = ctx.seat != null ? [ctx.seat, ...seats.filter((i) => i !== ctx.seat)] : seats;
  return h("div", { class: "co-boards" }, order.map((s) => board(ctx, view, s)));
}
