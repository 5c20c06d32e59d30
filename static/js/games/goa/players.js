// Goa's player areas: each player's development board (a marker per column on the rows),
// plantations and colonies with their fields, tiles, and the public counts. Ducats show
// only for your own seat, and for everyone once the final breakdown makes them public.
// What the last move changed (last.js) is ringed: `last` holds its keys.

import { h } from "../../core/dom.js";
import { seatColour, seatDisc, seatName } from "../../core/widgets/seat.js";
import { spiceDot } from "./grid.js";
import { colonyName, columnName, columnShort, costLabel, spiceChoice, tileName, tileText } from "./words.js";

const COLUMNS = ["ships", "harvest", "taxes", "expedition", "colonists"];

/** Returns the points a player's markers are worth on the development board now. */
export function boardVp(view, p) {
  const vp = view.board?.vp || [0, 1, 3, 6, 10];
  return COLUMNS.reduce((sum, c) => sum + (vp[(p.rows?.[c] || 1) - 1] || 0), 0);
}

/** Returns a seat's ducats as this screen may show them: a number, or "?" when hidden. */
export function ducatsText(view, seat) {
  if (view?.you && view.you.seat === seat) return String(view.you.ducats);
  const money = view?.over ? view.outcome?.breakdown?.[seat]?.money : undefined;
  return typeof money === "number" ? String(money) : "?";
}

/** Returns the public facts of a player after the ducats ("4 ships", "2 colonists"...). */
export function publicFacts(ctx, view, p) {
  return [
    ctx.t("goa.info.ships", { n: p.ships }),
    ctx.t("goa.info.colonists", { n: p.colonists }),
    ctx.t("goa.info.cards", { n: p.hand }),
    ctx.t("goa.info.extra", { n: p.extra }),
    ctx.t("goa.boardVp", { n: boardVp(view, p) }),
  ];
}

const ringed = (last, key) => (last.has(key) ? " goa-last" : "");

function devBoard(ctx, view, p, seat, last) {
  const b = view.board;
  const table = h("table", { class: "goa-dev", "aria-label": ctx.t("goa.devBoard", { who: seatName(ctx, seat) }) });
  table.append(h("tr", {}, h("th", { title: ctx.t("goa.stepLegend") }, ctx.t("goa.vp")), COLUMNS.map((c) => h("th", { title: columnName(ctx, c) }, columnShort(ctx, c)))));
  for (let r = 1; r <= 5; r++) {
    const cells = COLUMNS.map((c) => {
      const here = p.rows[c] === r;
      const cost = r < 5 ? b.costs[c][r - 1] : null;
      const value = b.values[c][r - 1];
      const next = cost ? ctx.t("goa.devNext", { cost: costLabel(ctx, cost), n: cost.length }) : "";
      // The step down from this row, on screen: one dot per spice (and one ship each).
      const step = cost ? h("span", { class: "goa-step", "aria-hidden": "true" }, cost.map((sp) => spiceDot(ctx, sp))) : null;
      return h("td", {
        class: here ? `goa-here${ringed(last, `row:${seat}:${c}`)}` : "",
        style: here ? { "--c": seatColour(ctx, seat) } : null,
        title: ctx.t("goa.devCell", { column: columnName(ctx, c), row: r, value }) + next,
      }, String(value), step);
    });
    table.append(h("tr", {}, h("th", { title: ctx.t("goa.tip.vpRow", { n: b.vp[r - 1] }) }, String(b.vp[r - 1])), cells));
  }
  table.append(h("caption", { class: "goa-legend" }, ctx.t("goa.stepLegend")));
  return table;
}

function fieldsOf(ctx, p, src) {
  return p.fields.filter((f) => f.src === src).map((f) => spiceDot(ctx, f.spice || f.allow[0], !!f.spice,
    f.spice ? null : ctx.t("goa.empty", { spices: spiceChoice(ctx, f.allow.join("/")) })));
}

function owned(ctx, label, items) {
  return h("div", { class: "goa-owned" }, h("b", {}, `${ctx.t(label)}: `), items);
}

function holdings(ctx, p, seat, last) {
  const plantations = owned(ctx, "goa.plantations", [
    p.plantations.map((t) => h("span", { class: `goa-own${ringed(last, `tile:${t.id}`)}`, title: tileText(ctx, t) }, `${tileName(ctx, t)} `, fieldsOf(ctx, p, t.id))),
    p.dropped.length ? h("span", { class: "goa-own goa-muted", title: ctx.t("goa.givenUpTip", { names: p.dropped.map((t) => tileName(ctx, t)).join(", ") }) }, ctx.t("goa.givenUp", { n: p.dropped.length })) : null,
  ]);
  const colonies = p.colonies.length ? owned(ctx, "goa.colonies", p.colonies.map((c) =>
    h("span", { class: `goa-own${ringed(last, `colony:${seat}:${c.name}`)}`, title: spiceChoice(ctx, c.allow.join("/")) }, `${colonyName(ctx, c.name)} `, fieldsOf(ctx, p, c.name)))) : null;
  const tiles = p.tiles.length || p.done.length ? owned(ctx, "goa.tiles", [
    p.tiles.map((t) => h("span", { class: `goa-own ${t.used ? "goa-muted" : ""}${ringed(last, `tile:${t.id}`)}`, title: `${tileText(ctx, t)}${t.used ? ` (${ctx.t("goa.used")})` : ""}` }, tileName(ctx, t))),
    p.done.map((t) => h("span", { class: "goa-own goa-muted", title: tileText(ctx, t) }, `${tileName(ctx, t)} ✓`)),
  ]) : null;
  return [plantations, colonies, tiles];
}

function renderPlayer(ctx, view, seat, last) {
  const p = view.players[seat];
  const colour = seatColour(ctx, seat);
  const head = h(
    "h3",
    { class: "goa-phead", style: { "--c": colour } },
    seatDisc(ctx, seat, "goa-chip"),
    ` ${seatName(ctx, seat)}`,
    view.flag === seat ? h("span", { class: "goa-flagmark", title: ctx.t("goa.flag") }, " ⚑") : null,
    view.to_act?.includes(seat) ? h("span", { class: "goa-turnmark", title: ctx.t("goa.tip.toAct") }, " ●") : null,
  );
  const money = ducatsText(view, seat);
  const stats = h("p", { class: "goa-stats" },
    h("span", { class: "goa-money", dataset: { testid: `goa-ducats-${seat}` }, title: money === "?" ? ctx.t("goa.hiddenDucats") : ctx.t(seat === ctx.seat ? "goa.tip.ducats" : "goa.ducats") }, money),
    ` ${ctx.t("goa.ducats")} · `,
    publicFacts(ctx, view, p).join(" · "));
  return h("section", { class: `goa-panel goa-player ${seat === ctx.seat ? "goa-me" : ""}`, style: { "--c": colour } },
    head, stats, devBoard(ctx, view, p, seat, last), holdings(ctx, p, seat, last));
}

/** Returns every player's area, your own first; `last` rings what the last move changed. */
export function renderPlayers(ctx, view, last = new Set()) {
  const seats = view.players.map((_, i) => i);
  const order = ctx.seat != null ? [ctx.seat, ...seats.filter((i) => i !== ctx.seat)] : seats;
  return h("div", { class: "goa-players" }, order.map((s) => renderPlayer(ctx, view, s, last)));
}
