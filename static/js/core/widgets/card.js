// A card: a face with a head line, an optional body text and an optional list of items that
// may each be ticked (a tour plan's destinations, an expedition card's effect). A card that
// can be picked is a <button> with aria-pressed; otherwise a plain block.
//
// API:
//   card({head, text, items: [{text, done}], foot, selected, complete, onclick, testid,
//         class, title, tag}) -> element
//     head/text/foot: text or nodes; `tag` overrides the element ("li").

import { h } from "../dom.js";

/** Returns one card element (see the module header). */
export function card({ head, text, items, foot, selected, complete, onclick, testid, class: cls, title, tag }) {
  const classes = ["w-card", cls, selected ? "w-sel" : "", complete ? "w-complete" : ""].filter(Boolean).join(" ");
  const el = h(
    onclick ? "button" : tag || "div",
    {
      class: classes,
      type: onclick ? "button" : null,
      onclick: onclick || null,
      "aria-pressed": onclick ? String(!!selected) : null,
      title: title || null,
      dataset: testid ? { testid } : null,
    },
    head != null ? h("span", { class: "w-card-head" }, head) : null,
    text != null ? h("span", { class: "w-card-text" }, text) : null,
    items ? h("ul", { class: "w-card-items" }, items.map((it) =>
      h("li", { class: it.done ? "w-tick" : "" }, `${it.done ? "✓" : "○"} `, it.text))) : null,
    foot != null ? h("span", { class: "w-card-foot" }, foot) : null,
  );
  return el;
}
