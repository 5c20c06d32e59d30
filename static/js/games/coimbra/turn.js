// The move panel beside the status bar: what this seat may do now that the board does not
// draw in place — the starting pairs, Phase E incomes with their rewards, a pilgrim's next
// step, a track to choose, the Broker's pick from the discard, the alternative action, and
// passing. Anything legal that no control drew is listed under "Other moves", so clicking
// legal buttons can always finish a game.

import { h } from "../../core/dom.js";
import { actionButton, isLegal, sameAction } from "../../core/widgets/action.js";
import { cardFace, control } from "./parts.js";
import {
  TRACKS, amount, areaName, cardName, colorName, dieColor, dieName, incomeAt, rewardText, say, spaceName, tileName, trackName, voyageName,
} from "./words.js";

/** Returns the open step on top of the pending stack when it is this seat's, else null. */
export function myStep(ctx, view) {
  const top = view.pending?.[view.pending.length - 1];
  return top && top.seat === ctx.seat ? top : null;
}

function startPairs(ctx, view, used) {
  const groups = view.start?.groups || [];
  return h("div", { class: "co-pairs", dataset: { testid: "co-pairs" } },
    h("h4", {}, ctx.t("coimbra.startGroups")),
    groups.map((g, i) => {
      const action = { type: "take_pair", group: i };
      if (!g) return h("div", { class: "co-pair co-muted", title: ctx.t("coimbra.tip.pairTaken") }, ctx.t("coimbra.pairTaken"));
      const cards = g.map((id) => (typeof id === "object" ? id : view.start.cards?.[id] || { id }));
      return h("div", { class: "co-pair" }, h("div", { class: "co-pair-cards" }, cards.map((c) => cardFace(ctx, c, { class: "co-mini" }))),
        isLegal(view, action) ? control(ctx, used, action, ctx.t("coimbra.takePair"), { class: "co-act" }) : null);
    }));
}

function startSpaces(ctx, view, used) {
  const legal = (view.legal || []).filter((a) => a.type === "start_space");
  if (!legal.length) return null;
  return h("div", { class: "co-row" }, h("span", { class: "co-hint", title: ctx.t("coimbra.tip.start_space") }, ctx.t("coimbra.chooseStart")),
    legal.map((a) => control(ctx, used, a, spaceName(ctx, a.space), { class: "co-act co-secondary" })));
}

/** Returns what a Phase E income action gives, in words: "gray die: +2 coins". */
export function incomeLabel(ctx, view, a) {
  const me = view.players[ctx.seat];
  const die = a.die === "extra" ? "extra" : (me.board || []).find((d) => d.id === a.die) || a.die;
  const track = a.track || dieColor(a.die);
  const reward = rewardText(ctx, track, incomeAt(view.income, track, me.influence?.[track] ?? 0));
  return a.track
    ? ctx.t("coimbra.incomeTrack", { die: dieName(ctx, die), track: trackName(ctx, track), reward })
    : ctx.t("coimbra.incomeFrom", { die: dieName(ctx, die), reward });
}

function incomes(ctx, view, used) {
  const buttons = (view.legal || []).filter((a) => a.type === "income").map((a) => {
    const track = a.track || dieColor(a.die);
    return control(ctx, used, a, incomeLabel(ctx, view, a), { class: `co-act co-income co-t-${track}` });
  });
  return buttons.length ? h("div", { class: "co-row" }, buttons) : null;
}

function walkStep(ctx, view, step, used) {
  const walks = (view.legal || []).filter((a) => a.type === "walk");
  return h("div", { class: "co-row" },
    walks.map((a) => control(ctx, used, a, ctx.t("coimbra.walkTo", { space: spaceName(ctx, a.to) }), { class: "co-act" })),
    isLegal(view, { type: "pass" }) ? control(ctx, used, { type: "pass" }, ctx.t("coimbra.stopWalking", { n: step.steps ?? 0 }), { class: "co-act co-secondary" }) : null);
}

function trackStep(ctx, view, step, used) {
  const me = view.players[ctx.seat];
  return h("div", {},
    h("p", { class: "co-hint" }, ctx.t("coimbra.chooseTrack", { n: step.n ?? 1 })),
    h("div", { class: "co-row" }, TRACKS.map((track) => {
      const a = { type: "choose_track", track };
      return isLegal(view, a) ? control(ctx, used, a, ctx.t("coimbra.trackButton", { track: trackName(ctx, track), level: me.influence?.[track] ?? 0 }), { class: `co-act co-t-${track}` }) : null;
    })));
}

function brokerStep(ctx, view, step, used) {
  const picks = (view.legal || []).filter((a) => a.type === "take_discard");
  const byId = new Map((view.discard || []).map((c) => [c.id, c]));
  return h("div", {},
    h("p", { class: "co-hint" }, ctx.t("coimbra.broker")),
    h("div", { class: "co-picks" }, picks.map((a) => {
      const card = byId.get(a.card);
      return h("div", { class: "co-slotbox" }, card ? cardFace(ctx, card, { class: "co-mini" }) : null,
        control(ctx, used, a, ctx.t("coimbra.takeDiscard", { card: cardName(ctx, a.card), cost: amount(ctx, step.price ?? 3, card?.currency) }), { class: "co-act" }));
    })),
    isLegal(view, { type: "pass" }) ? control(ctx, used, { type: "pass" }, ctx.t("coimbra.takeNothing"), { class: "co-act co-secondary" }) : null);
}

// Phase C's alternative: the full 2 coins and 2 guards as the button, smaller amounts (the seed's
// "up to") folded away under "Take less…".
function alternatives(ctx, view, used) {
  const full = { type: "alternative", coins: 2, guards: 2 };
  const less = (view.legal || []).filter((a) => a.type === "alternative" && !sameAction(a, full));
  if (!isLegal(view, full) && !less.length) return null;
  return h("div", { class: "co-row" },
    isLegal(view, full) ? control(ctx, used, full, ctx.t("coimbra.alternative"), { class: "co-act co-secondary" }) : null,
    less.length ? h("details", { class: "co-less" }, h("summary", { title: ctx.t("coimbra.tip.alternative") }, ctx.t("coimbra.takeLess")),
      h("div", { class: "co-row" }, less.map((a) => control(ctx, used, a, actionLabel(ctx, a), { class: "co-act co-secondary" })))) : null);
}

function stepControls(ctx, view, used) {
  const step = myStep(ctx, view);
  if (step?.kind === "walk") return walkStep(ctx, view, step, used);
  if (step?.kind === "track") return trackStep(ctx, view, step, used);
  if (step?.kind === "broker") return brokerStep(ctx, view, step, used);
  if (view.phase === "start") return [startPairs(ctx, view, used), startSpaces(ctx, view, used)];
  if (view.phase === "income") return incomes(ctx, view, used);
  if (view.phase === "place") return h("p", { class: "co-hint" }, ctx.t("coimbra.pickDie"));
  if (view.phase === "resolve") return alternatives(ctx, view, used);
  if (view.phase === "voyage" && isLegal(view, { type: "pass" })) {
    return control(ctx, used, { type: "pass" }, ctx.t("coimbra.fundNothing"), { class: "co-act co-secondary" });
  }
  return null;
}

// A readable label for any action no dedicated control drew, in the reader's language.
export function actionLabel(ctx, a) {
  const args = {
    group: (a.group ?? 0) + 1,
    space: spaceName(ctx, a.space ?? a.to),
    die: a.die === "extra" ? ctx.t("coimbra.extraDie") : colorName(ctx, dieColor(a.die)),
    area: a.area ? areaName(ctx, a.area) : "",
    tile: a.tile ? tileName(ctx, a.tile) : "",
    card: a.card ? cardName(ctx, a.card) : "",
    track: a.track ? trackName(ctx, a.track) : "",
    voyage: a.voyage ? voyageName(ctx, a.voyage) : "",
    coins: a.coins ?? 0,
    guards: a.guards ?? 0,
  };
  return say(ctx, `coimbra.action.${a.type}`, args, ctx.t("coimbra.action.other"));
}

/** Returns the move panel; `used` holds the actions the board's controls drew already. */
export function renderTurn(ctx, view, used) {
  if (ctx.seat == null || view.over || !(view.legal || []).length) return null;
  const steps = stepControls(ctx, view, used);
  return h("section", { class: "co-turn", dataset: { testid: "co-turn" } }, h("h3", {}, ctx.t("coimbra.now")), steps);
}

/** Returns buttons for every legal action still undrawn (placing dice is the city's). */
export function renderOther(ctx, view, used) {
  const rest = (view.legal || []).filter((a) => a.type !== "place" && !used.some((u) => sameAction(u, a)));
  if (!rest.length) return null;
  return h("section", { class: "co-other" }, h("h4", {}, ctx.t("coimbra.other")),
    h("div", { class: "co-row" }, rest.map((a) => actionButton(ctx, a, actionLabel(ctx, a), { class: "co-act co-secondary" }))));
}
