// The account menu in the header: your name, and the panels for using Caravela on another
// device, your devices, passkeys and turn notices. A disclosure (a button that shows a list
// of buttons), so it needs no menu keyboard model; Escape closes it.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { getPlayer, session } from "../identity.js";
import { openDialog } from "./dialog.js";
import { linkPanel } from "./link.js";
import { devicesPanel } from "./devices.js";
import { noticesPanel } from "./notices.js";
import { passkeysPanel, passkeySignInButton, passkeysPossible, passkeysElsewhere } from "./passkeys.js";

/** The menu's entries: [id, label key, panel]; a panel draws into a dialog's body. */
const ENTRIES = [
  ["link", "account.useElsewhere", linkPanel],
  ["devices", "account.devices", devicesPanel],
  ["passkeys", "account.passkeys", passkeysPanel],
  ["notices", "account.notices", noticesPanel],
];

/** Says how a browser that is nobody here becomes you: a device link (a passkey where one can work). */
function nobodyPanel(body) {
  body.append(
    session.signedOut ? h("p", { dataset: { testid: "signed-out-why" } }, t("identity.signedOut")) : null,
    h("p", {}, t("identity.bringLink")),
    h("p", { class: "muted" }, passkeysPossible() ? t("identity.orPasskey") : passkeysElsewhere()),
    h("p", { class: "muted" }, t("identity.orName")),
  );
}

/** Returns the header's control for a browser that is nobody here: how to bring an identity, and a passkey where one works. */
function nobodyControls() {
  const label = session.signedOut ? t("identity.signedOutShort") : t("identity.already");
  // On a phone only its sign shows (the header must fit); its words stay for screen readers.
  const how = h(
    "button",
    { type: "button", class: "btn btn-small btn-ghost identity-how", title: label, dataset: { testid: "identity-how" } },
    h("span", { "aria-hidden": "true", class: "identity-sign" }, session.signedOut ? "⚠" : "?"),
    h("span", { class: "identity-label" }, label),
  );
  how.addEventListener("click", () => openDialog(t("identity.title"), nobodyPanel, "panel-identity"));
  return h("div", { class: "account" }, how, passkeySignInButton());
}

/** Returns the header's account control (before the browser has a player: how to be yourself here). */
export function accountMenu() {
  const me = getPlayer();
  if (!me) return nobodyControls();
  const list = h("ul", { id: "account-menu", class: "menu", hidden: true });
  const button = h(
    "button",
    { type: "button", class: "btn btn-small btn-ghost", "aria-expanded": "false", "aria-controls": "account-menu", dataset: { testid: "account" } },
    h("span", { class: "account-name" }, me.name),
    h("span", { "aria-hidden": "true" }, "▾"),
  );
  const show = (open) => {
    list.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  for (const [id, key, panel] of ENTRIES) {
    const item = h("button", { type: "button", class: "menu-item", dataset: { testid: `account-${id}` } }, t(key));
    item.addEventListener("click", () => {
      show(false);
      openDialog(t(key), panel, `panel-${id}`);
    });
    list.append(h("li", {}, item));
  }
  button.addEventListener("click", () => show(list.hidden));
  const wrap = h("div", { class: "account" }, button, list);
  wrap.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !list.hidden) {
      show(false);
      button.focus();
    }
  });
  wrap.addEventListener("focusout", (ev) => {
    if (!wrap.contains(ev.relatedTarget)) show(false);
  });
  return wrap;
}
