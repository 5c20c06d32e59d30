// "Devices": every browser signed in as you, when it was last seen, and a way to sign any
// of them out at once (its open pages lose their connection immediately).

import { get, del } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { forgetPlayer } from "../identity.js";
import { ago } from "./ago.js";

export async function devicesPanel(body) {
  const { devices } = await get("/api/me/devices");
  const status = h("p", { class: "hint", "aria-live": "polite" });
  const list = h(
    "ul",
    { class: "plain-list", dataset: { testid: "devices" } },
    devices.map((d) =>
      h(
        "li",
        { class: "list-row", dataset: { deviceId: d.id } },
        h("div", {}, h("strong", {}, d.name), d.current ? h("span", { class: "tag tag-host" }, t("account.thisDevice")) : null,
          h("div", { class: "muted small" }, t("account.lastSeen", { when: ago(d.last_seen_at) }))),
        h("button", { type: "button", class: "btn btn-small", dataset: { testid: `sign-out-${d.id}` }, onclick: () => signOut(d, body, status) },
          d.current ? t("account.signOutHere") : t("account.signOut")),
      ),
    ),
  );
  clear(body).append(h("p", { class: "muted" }, t("account.devicesHow")), list, status);
}

async function signOut(device, body, status) {
  if (device.current && !confirm(t("account.signOutHereConfirm"))) return;
  try {
    await del(`/api/me/devices/${encodeURIComponent(device.id)}`);
  } catch (err) {
    status.textContent = err.message;
    return;
  }
  if (device.current) {
    forgetPlayer();
    location.assign("/");
    return;
  }
  await devicesPanel(body);
  body.querySelector("ul")?.setAttribute("tabindex", "-1");
  body.querySelector("ul")?.focus();
}
