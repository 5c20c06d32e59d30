// On a phone the board is one long column; rather than shrink it, the parts the current choice
// does not need (the influence tracks, the pilgrimage map, the voyages) fold to one line that
// says what matters in them and opens with a tap. A part opens by itself when the choice needs
// it: a control of the choice inside it, or the step it is about (a walk: the map; a track to
// choose: the tracks). On a desktop the fold line is not shown and every part is open (CSS).

import { h } from "../../core/dom.js";
import { localState } from "../../core/widgets/local.js";

/** Returns `section` folded on a phone behind a line "title · summary", open when `needed`,
 * when it holds a control of the current choice, or when the player opened it. */
export function fold(ctx, section, { key, title, summary, needed = false }) {
  const opened = localState(ctx, "coimbra-fold", () => ({}));
  const open = needed || !!opened[key] || !!section.querySelector('[data-testid="action"]:not([disabled])');
  section.classList.add("co-fold");
  section.id = `co-fold-${key}`;
  section.toggleAttribute("data-open", open);
  const toggle = h("button", {
    type: "button", class: "co-fold-line", "aria-expanded": String(open), "aria-controls": section.id,
    title: ctx.t("coimbra.fold.tip", { part: title }),
    dataset: { testid: `co-fold-${key}` },
    onclick: (ev) => {
      const now = !section.hasAttribute("data-open");
      opened[key] = now; // stays open (or closed) over the next views until the player taps again
      section.toggleAttribute("data-open", now);
      ev.currentTarget.setAttribute("aria-expanded", String(now));
    },
  }, h("span", { class: "co-fold-title" }, title), summary ? h("span", { class: "co-fold-sum" }, summary) : null);
  section.prepend(h("h3", { class: "co-fold-head" }, toggle)); // a heading, as the part's own title is

  return section;
}
