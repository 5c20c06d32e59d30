// "Turn notices": where a notice goes when it is your turn and no page of that match is
// open — this device's own notifications (Web Push, account/push.js), an e-mail (when the
// server can send one) and a webhook of your own (ntfy, Discord, Matrix), with how to
// point it at each.

import { api, get } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { pushSection } from "./push.js";

/** How to get a webhook address from each service: [name, steps key, example]. */
const SERVICES = [
  ["ntfy", "notices.ntfyHow", "https://ntfy.sh/<topic>?tpl=1&t={{.title}}&m={{.message}}"],
  ["Discord", "notices.discordHow", "https://discord.com/api/webhooks/…"],
  ["Matrix", "notices.matrixHow", "https://<hookshot>/webhook/…"],
];

/** Returns the notice's delay in words: seconds under a minute and a half (a 10 s delay is not "about 1 minute"). */
function waitText(seconds) {
  return seconds < 90 ? t("notices.seconds", { n: Math.max(1, Math.round(seconds)) }) : t("notices.minutes", { n: Math.round(seconds / 60) });
}

export async function noticesPanel(body) {
  const s = await get("/api/me/settings");
  const email = h("input", { id: "notice-email", class: "input", type: "email", autocomplete: "email", value: s.email || "", disabled: !s.email_available, dataset: { testid: "notice-email" } });
  const hook = h("input", { id: "notice-webhook", class: "input", type: "url", inputmode: "url", value: s.webhook_url || "", placeholder: "https://…", dataset: { testid: "notice-webhook" } });
  const status = h("p", { class: "hint", "aria-live": "polite", dataset: { testid: "notice-status" } });
  const form = h(
    "form",
    { novalidate: true },
    h("p", { dataset: { testid: "notices-how" } }, t("notices.how", { wait: waitText(s.delay_seconds) })),
    h("label", { for: "notice-email", class: "label" }, t("notices.email")),
    email,
    s.email_available ? null : h("p", { class: "hint" }, t("notices.noEmail")),
    h("label", { for: "notice-webhook", class: "label" }, t("notices.webhook")),
    hook,
    h(
      "details",
      {},
      h("summary", {}, t("notices.webhookHelp")),
      h("ul", {}, SERVICES.map(([name, key, example]) => h("li", {}, h("strong", {}, name), " — ", t(key), h("br"), h("code", {}, example)))),
    ),
    h("div", { class: "row" }, h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "notice-save" } }, t("saveName"))),
    status,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    status.classList.remove("error", "ok");
    try {
      const body = { webhook_url: hook.value.trim() || null };
      if (s.email_available) body.email = email.value.trim() || null;
      await api("PUT", "/api/me/settings", body);
      status.textContent = t("nameSaved");
      status.classList.add("ok");
    } catch (err) {
      status.textContent = err.message;
      status.classList.add("error");
    }
  });
  const device = h("section", { class: "push-device", dataset: { testid: "notice-push-section" } });
  clear(body).append(device, form);
  await pushSection(device);
}
