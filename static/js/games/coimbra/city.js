// The city: the castle with its benefit tiles, then the upper, central and lower city with
// their four characters, and in each location its dice in order (the castle ascending, the
// cities descending; die tokens as neutral dice). In Phase B the selected die's landing slot
// is shown in every location it may go to, with the button that places it there; in Phase C
// the die that resolves now is marked, and its owner buys or takes from here.

import { h } from "../../core/dom.js";
import { isLegal } from "../../core/widgets/action.js";
import { cardFace, control, dieChip, picks, priceOf, toggleInfo } from "./parts.js";
import { AREAS, canPay, dieName, slotFor, tileName, tileText } from "./words.js";

/** Returns the die a seat has selected in Phase B (the first placeable one by default). */
export function selectedDie(ctx, view) {
  const placeable = (view.legal || []).filter((a) => a.type === "place").map((a) => a.die);
  const local = picks(ctx);
  if (!placeable.includes(local.die)) local.die = placeable[0] ?? null;
  return local.die ? view.dice.find((d) => d.id === local.die) || null : null;
}

// The dice of a location that were not there at the last view: they get a short animation.
function freshDice(ctx, view) {
  const local = picks(ctx);
  const now = new Set(AREAS.flatMap((a) => (a === "castle" ? view.castle : view.cities?.[a] || []).map((d) => `${a}:${d.id}`)));
  const fresh = local.dice ? new Set([...now].filter((k) => !local.dice.has(k))) : new Set();
  local.dice = now;
  return fresh;
}

// Once the game is over no die is left standing in the city: the last round's dice went home.
function diceRow(ctx, view, area, placing, fresh, used) {
  if (view.over) return null;
  const dice = area === "castle" ? view.castle : view.cities?.[area] || [];
  const next = view.next;
  const chips = dice.map((d, i) => dieChip(ctx, d, {
    class: [next && next.area === area && next.index === i ? "co-now" : "", fresh.has(`${area}:${d.id}`) ? "co-new" : ""].join(" ").trim(),
  }));
  if (placing) {
    // The landing slot is itself the control: a tap where the die would stand places it there.
    const at = slotFor(area, dice.map((d) => d.value), placing.value);
    const say = ctx.t("coimbra.placeHere", { die: dieName(ctx, placing) });
    const slot = control(ctx, used, { type: "place", die: placing.id, area }, String(placing.value), { class: "co-slot", title: say });
    slot.setAttribute("aria-label", say);
    chips.splice(at, 0, slot);
  }
  return h("div", { class: "co-dicerow", title: ctx.t("coimbra.tip.dice"), dataset: { testid: `co-dice-${area}` } }, chips);
}

function tileFace(ctx, view, tile, resolving, used) {
  const name = tileName(ctx, tile.id);
  const text = `${ctx.t("coimbra.crowns", { n: tile.crowns })}: ${tileText(ctx, tile.id)}${tile.extra_die ? ` + ${tileText(ctx, "extra_die")}` : ""}`;
  const action = { type: "take_tile", tile: tile.id };
  return h("div", { class: "co-slotbox" },
    h("button", {
      type: "button",
      class: "co-tile",
      title: `${name}: ${text}`,
      onclick: () => toggleInfo(ctx, { kind: "tile", id: tile.id, title: name, text }),
    },
    h("span", { class: "co-card-top" }, h("span", { class: "co-crown" }, "♛".repeat(tile.crowns)), tile.extra_die ? h("span", { class: "co-extra" }, "+⚀") : null),
    h("span", { class: "co-card-name" }, name),
    h("span", { class: "co-card-text" }, tileText(ctx, tile.id))),
    resolving && isLegal(view, action) ? control(ctx, used, action, ctx.t("coimbra.take"), { class: "co-act" }) : null);
}

function cardSlot(ctx, view, card, resolving, used) {
  const action = { type: "buy", card: card.id };
  let buy = null;
  if (resolving) {
    const cost = priceOf(ctx, card, resolving.value);
    buy = isLegal(view, action)
      ? control(ctx, used, action, ctx.t("coimbra.buyFor", { cost }), { class: "co-act" })
      : canPay(view.players[resolving.seat], resolving.value, card.currency)
        ? null // not offered for another reason (not this die's turn): nothing to say on the card
        : h("span", { class: "co-cant" }, ctx.t("coimbra.cannotPay", { cost }));
  }
  return h("div", { class: "co-slotbox" }, cardFace(ctx, card), buy);
}

// The die that resolves now, when it belongs to this seat and stands in `area`.
function resolvingHere(ctx, view, area) {
  const next = view.next;
  if (view.phase !== "resolve" || !next || next.area !== area || next.seat !== ctx.seat || view.pending?.length) return null;
  const die = (area === "castle" ? view.castle : view.cities[area])[next.index];
  return die ? { ...die, seat: next.seat } : null;
}

function location(ctx, view, area, placing, used, fresh) {
  const place = placing ? { type: "place", die: placing.id, area } : null;
  const legal = place && isLegal(view, place);
  const resolving = resolvingHere(ctx, view, area);
  const items = area === "castle"
    ? view.tiles.map((tile) => tileFace(ctx, view, tile, resolving, used))
    : (view.rows?.[area] || []).map((card) => cardSlot(ctx, view, card, resolving, used));
  if (!items.length) items.push(h("p", { class: "co-hint" }, ctx.t(area === "castle" ? "coimbra.tilesGone" : "coimbra.emptyRow")));
  const now = view.phase === "resolve" && view.next?.area === area;
  return h("section", {
    class: `co-loc co-loc-${area} ${legal ? "co-legal" : ""} ${now ? "co-resolving" : ""}`.trim(),
    dataset: { testid: `co-area-${area}` },
  },
  h("div", { class: "co-loc-head" },
    h("h3", {}, ctx.t(`coimbra.areaTitle.${area}`)),
    legal ? control(ctx, used, place, ctx.t("coimbra.placeShort"), { class: "co-act co-place", title: ctx.t("coimbra.placeHere", { die: dieName(ctx, placing) }) }) : null),
  h("div", { class: "co-items" }, items),
  diceRow(ctx, view, area, legal ? placing : null, fresh, used));
}

/** Returns the city: the castle and the three city rows, top to bottom. */
export function renderCity(ctx, view, used) {
  const placing = view.phase === "place" ? selectedDie(ctx, view) : null;
  const fresh = freshDice(ctx, view);
  return h("div", { class: "co-city", dataset: { testid: "co-city" } },
    AREAS.map((area) => location(ctx, view, area, placing, used, fresh)));
}
