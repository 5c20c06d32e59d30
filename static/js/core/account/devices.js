// "Devices": every browser signed in as you, when it was last seen, and a way to sign any
// of them out at once (its open pages lose their connection immediately).

import { api, get, del } from "../api.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { forgetPlayer, getPlayer, markSignedOut } from "../identity.js";
import { linkPanel } from "./link.js";
import { ago } from "./ago.js";

export async function devicesPanel(body) {
  const [{ devices }, { passkeys }] = await Promise.all([get("/api/me/devices"), get("/api/me/passkeys")]);
  // The only way back to this player: signing it out loses the player, and every seat with it.
  const last = devices.length === 1 && !passkeys.length;
  const status = h("p", { class: "hint", "aria-live": "polite" });
  const list = h(
    "ul",
    { class: "plain-list", dataset: { testid: "devices" } },
    devices.map((d) =>
      h(
        "li",
        { class: "list-row", dataset: { deviceId: d.id } },
        h("div", {}, h("strong", { dataset: { testid: `device-name-${d.id}` } }, d.name), d.current ? h("span", { class: "tag tag-host" }, t("account.thisDevice")) : null,
          h("div", { class: "muted small" }, t("account.lastSeen", { when: ago(d.last_seen_at) })),
          h("button", { type: "button", class: "link-button small", dataset: { testid: `rename-${d.id}` }, onclick: (ev) => rename(d, ev.currentTarget, body, status) }, t("account.rename"))),
        h("button", { type: "button", class: "btn btn-small", dataset: { testid: `sign-out-${d.id}` }, onclick: () => (d.current && last ? warnLast(d, body, status) : signOut(d, body, status)) },
          d.current ? t("account.signOutHere") : t("account.signOut")),
      ),
    ),
  );
  clear(body).append(h("p", { class: "muted" }, t("account.devicesHow")), list, status);
}

/** Names a device (two "Chrome on macOS" are told apart): an input in place of the button. */
function rename(device, button, body, status) {
  const input = h("input", { class: "input", type: "text", maxlength: 40, value: device.name, "aria-label": t("account.deviceName"), dataset: { testid: `rename-input-${device.id}` } });
  const save = async (ev) => {
    ev.preventDefault();
    try {
      await api("PATCH", `/api/me/devices/${encodeURIComponent(device.id)}`, { name: input.value.trim() });
      await devicesPanel(body);
    } catch (err) {
      status.textContent = err.message;
    }
  };
  const form = h("form", { class: "row", onsubmit: save }, input, h("button", { type: "submit", class: "btn btn-small", dataset: { testid: `rename-save-${device.id}` } }, t("saveName")));
  button.replaceWith(form);
  input.select();
}

/** Before the last way back goes: say what is lost, and offer the device link first. */
function warnLast(device, body, status) {
  clear(status).append(
    h("strong", { class: "error", dataset: { testid: "sign-out-last" } }, t("account.signOutLast", { name: getPlayer()?.name || "" })),
    h(
      "span",
      { class: "row" },
      h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { testid: "link-first" }, onclick: () => linkPanel(body) }, t("account.linkFirst")),
      h("button", { type: "button", class: "btn btn-small", dataset: { testid: "sign-out-anyway" }, onclick: () => signOut(device, body, status, true) }, t("account.signOutAnyway")),
    ),
  );
  status.querySelector("button")?.focus();
}

async function signOut(device, body, status, warned = false) {
  if (device.current && !warned && !confirm(t("account.signOutHereConfirm"))) return;
  try {
    await del(`/api/me/devices/${encodeURIComponent(device.id)}`);
  } catch (err) {
    status.textContent = err.message;
    return;
  }
  if (device.current) {
    forgetPlayer();
    markSignedOut();
    location.assign("/");
    return;
  }
  await devicesPanel(body);
  body.querySelector("ul")?.setAttribute("tabindex", "-1");
  body.querySelector("ul")?.focus();
}
