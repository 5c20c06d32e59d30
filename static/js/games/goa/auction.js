// Goa's auction panel: the item, who has spoken and what, the high bid, and for the seat
// to speak a bid box bounded by its own ducats (the engine lists every legal amount), the
// auctioneer's "keep it" (the cheapest bid that keeps the item), and pass.

import { h } from "../../core/dom.js";
import { actionButton } from "../../core/widgets/action.js";
import { boundedNumber } from "../../core/widgets/number.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { tileName, tileText } from "./words.js";

/** Returns the auctioned item's name ("Flag" or the tile's). */
export function itemName(ctx, item) {
  return item === "flag" ? ctx.t("goa.flag") : item ? tileName(ctx, item) : "";
}

function wordOf(ctx, a, words, seat) {
  if (words.has(seat)) return words.get(seat) == null ? ctx.t("goa.passed") : String(words.get(seat));
  return seat === a.speaker ? ctx.t("goa.toSpeak") : ctx.t("goa.waiting");
}

function bidControls(ctx, a, legal, used) {
  const bids = legal.filter((x) => x.type === "bid");
  const pass = legal.find((x) => x.type === "pass");
  if (!bids.length && !pass) return null;
  for (const x of [...bids, pass].filter(Boolean)) used.add(JSON.stringify(x));
  const row = h("div", { class: "goa-row" });
  if (bids.length && ctx.seat === a.auctioneer) {
    // Speaking last, the auctioneer needs only the cheapest keeping bid (high + 1, or the
    // high bid itself when the match lets the auctioneer match).
    row.append(actionButton(ctx, bids[0], ctx.t("goa.keep", { n: bids[0].amount }), { class: "goa-btn", confirm: ctx.t("goa.confirm.keep", { n: bids[0].amount }), title: ctx.t("goa.tip.bid") }));
  } else if (bids.length) {
    const box = boundedNumber(ctx, {
      min: bids[0].amount,
      max: bids[bids.length - 1].amount,
      label: ctx.t("goa.bid"),
      testid: "goa-bid-input",
      action: (n) => ({ type: "bid", amount: n }),
      text: (n) => ctx.t("goa.bidN", { n }),
      confirm: (a) => ctx.t("goa.confirm.bid", { n: a.amount }),
      title: ctx.t("goa.tip.bid"),
      class: "goa-btn",
      inputClass: "goa-input",
    });
    row.append(...box.nodes);
  }
  if (pass) row.append(actionButton(ctx, pass, ctx.t("goa.pass"), { class: "goa-btn goa-secondary", confirm: ctx.t("goa.confirm.pass"), title: ctx.t("goa.tip.passBid") }));
  return row;
}

/** Returns the auction panel, or null when nothing is auctioned. */
export function renderAuction(ctx, view, legal, used) {
  const a = view.auction;
  if (!a) return null;
  const flag = a.item === "flag";
  const words = new Map((a.words || []).map((w) => [w.seat, w.amount]));
  const rows = a.order.map((seat) => h(
    "li",
    { class: `goa-word ${seat === a.speaker ? "goa-now" : ""}` },
    seatDisc(ctx, seat, "goa-chip"),
    ` ${seatName(ctx, seat)}${seat === a.auctioneer ? ` (${ctx.t("goa.auctioneer")})` : ""}: `,
    h("b", {}, wordOf(ctx, a, words, seat)),
  ));
  return h(
    "section",
    { class: "goa-panel goa-auction" },
    h("h3", {}, flag ? ctx.t("goa.auctionFlag") : ctx.t("goa.auction", { item: itemName(ctx, a.item) })),
    h("p", { class: "goa-item" }, flag ? ctx.t("goa.theFlag") : `${tileName(ctx, a.item)} — ${tileText(ctx, a.item)}`),
    h("p", {}, `${ctx.t("goa.high")}: `, h("b", {}, String(a.high)), a.leader !== a.auctioneer ? ` — ${seatName(ctx, a.leader)}` : ""),
    h("ol", { class: "goa-words" }, rows),
    bidControls(ctx, a, legal, used),
  );
}
