// The monasteries in play as a list beside the map: each site's name, tier and reward, and
// who has been there. A player planning a walk reads all fourteen at a glance instead of
// tapping each site on the map.

import { h } from "../../core/dom.js";
import { seatDisc, seatName } from "../../core/widgets/seat.js";
import { SITE_AT, tierOf } from "./geometry.js";
import { monasteryText, spaceName } from "./words.js";

const TIERS = ["I", "II", "III"];

/** Returns the list of the map's monasteries with their rewards, by tier. */
export function sitesLegend(ctx, view) {
  const ids = Object.keys(SITE_AT).filter((id) => view.sites?.[id]);
  ids.sort((a, b) => TIERS.indexOf(tierOf(a)) - TIERS.indexOf(tierOf(b)) || spaceName(ctx, a).localeCompare(spaceName(ctx, b), ctx.lang));
  if (!ids.length) return null;
  return h("ul", { class: "co-legend", "aria-label": ctx.t("coimbra.rewards"), dataset: { testid: "co-legend" } },
    ids.map((id) => {
      const site = view.sites[id];
      const visitors = site.visitors || [];
      return h("li", { dataset: { site: id } },
        h("span", { class: `co-legend-tier co-tier-${tierOf(id)}`, title: ctx.t("coimbra.tier", { tier: tierOf(id) }) }, tierOf(id)),
        h("span", { class: "co-legend-text" }, h("b", {}, spaceName(ctx, id)), ` ${monasteryText(ctx, site.monastery)}`),
        visitors.length ? h("span", { class: "co-legend-who", title: ctx.t("coimbra.visitors", { names: visitors.map((s) => seatName(ctx, s)).join(", ") }) },
          visitors.map((s) => seatDisc(ctx, s, "co-disc"))) : null);
    }));
}
