// "Use on another device": a one-time link and its QR code (drawn by the server), good once
// for ten minutes. Opening it on a phone or another computer signs that browser in as you.

import { post } from "../api.js";
import { h, clear } from "../dom.js";
import { t, getLang } from "../i18n.js";

export async function linkPanel(body) {
  clear(body).append(h("p", { class: "muted" }, t("loading")));
  const link = await post("/api/me/link", {});
  const until = new Date(link.expires_at).toLocaleTimeString(getLang(), { hour: "2-digit", minute: "2-digit" });
  const url = h("input", { class: "input", type: "text", readonly: true, value: link.url, "aria-label": t("account.linkLabel"), dataset: { testid: "device-link-url" } });
  const status = h("p", { class: "hint", "aria-live": "polite" });
  const copy = h("button", { type: "button", class: "btn btn-small" }, t("copyLink"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      status.textContent = t("copied");
    } catch {
      url.select();
      status.textContent = t("copyFailed", { url: link.url });
    }
  });
  clear(body).append(
    h("p", {}, t("account.linkHow")),
    h("img", { class: "qr", src: link.qr, alt: t("account.qrAlt"), width: 200, height: 200, dataset: { testid: "device-link-qr" } }),
    h("div", { class: "row" }, url, copy),
    status,
    h("p", { class: "hint" }, t("account.linkExpires", { time: until })),
    h("p", { class: "hint" }, t("account.linkSecret")),
  );
}
