// "Show on a big screen": the link to this match's table screen (/m/{id}/table), under the
// waiting room before the start and at the foot of the panel during the game.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { S, $ } from "../match/page.js";

/** Places (or hides) the link; it moves between the waiting room and the panel as the match starts. */
export function renderBigScreenLink() {
  let slot = $("tv-link");
  if (!slot) {
    slot = h("p", { id: "tv-link", class: "tv-link" });
    slot.append(
      h("a", { class: "btn btn-small", target: "_blank", rel: "noopener", dataset: { testid: "show-table" } }, h("span", { class: "tv-link-text" })),
    );
  }
  const status = S.summary?.status;
  slot.hidden = !!S.fatal || (status !== "open" && status !== "running");
  const link = slot.firstChild;
  link.href = `/m/${encodeURIComponent(S.id)}/table`;
  link.title = t("table.showTip");
  link.querySelector(".tv-link-text").textContent = t("table.show");
  const home = status === "open" ? $("waiting") : $("side");
  if (!home) return;
  if (status === "open" && slot.previousElementSibling !== home) home.after(slot);
  else if (status !== "open" && slot.parentElement !== home) home.append(slot);
}
