// The page header shared by the lobby and the match page: brand, account menu, language switch.

import { h, clear } from "./dom.js";
import { t, LANGS, getLang, setLang } from "./i18n.js";
import { accountMenu } from "./account/menu.js";

const SAIL_SVG =
  '<svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true" focusable="false">' +
  '<path d="M16 3v20M16 4l10 16H16zM14 7L6 20h8z" fill="#fff" stroke="#fff" stroke-width="1" stroke-linejoin="round"/>' +
  '<path d="M4 24h24l-4 5H8z" fill="#e8c07a"/></svg>';

function brandMark() {
  const span = h("span", { class: "brand-mark", "aria-hidden": "true" });
  span.innerHTML = SAIL_SVG; // a constant, never user text
  return span;
}

let drawn = null; // [el, extra] of the header on this page, drawn again when the player changes

for (const event of ["caravela:player", "caravela:passkeys"]) {
  globalThis.addEventListener?.(event, () => {
    if (drawn && document.contains(drawn[0])) renderHeader(...drawn);
  });
}

/** Fills `el` with the header; `extra` (optional) is a function returning nodes for the right side. */
export function renderHeader(el, extra) {
  drawn = [el, extra];
  clear(el);
  const select = h(
    "select",
    { id: "lang-select", class: "lang-select", dataset: { testid: "lang" }, "aria-label": t("language") },
    LANGS.map(({ code, label }) => h("option", { value: code, selected: code === getLang(), lang: code }, label)),
  );
  select.addEventListener("change", () => setLang(select.value));
  el.append(
    h(
      "div",
      { class: "topbar-inner" },
      h(
        "a",
        { class: "brand", href: "/", "aria-label": t("brandHome") },
        brandMark(),
        h("span", { class: "brand-name" }, "Caravela"),
      ),
      h("div", { class: "topbar-extra" }, extra ? extra() : null, accountMenu()),
      h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("language")), select),
    ),
  );
}
