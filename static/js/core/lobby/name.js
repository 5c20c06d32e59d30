// The lobby's name card: the player's display name, saved as (or renamed on) their identity.

import { passkeysPossible } from "../account/passkeys.js";
import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { setName, ensurePlayer, session } from "../identity.js";
import { state, els, lobby } from "./state.js";

export function renderName() {
  const el = clear(els.name);
  const input = h("input", {
    id: "name-input",
    class: "input",
    type: "text",
    maxlength: 40,
    autocomplete: "nickname",
    placeholder: t("namePlaceholder"),
    value: state.player?.name || "",
    dataset: { testid: "name-input" },
    "aria-describedby": "name-msg",
    required: true,
  });
  const button = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "save-name" } }, t("saveName"));
  const msg = state.nameMsg;
  const form = h(
    "form",
    { class: "name-form", novalidate: true },
    h("label", { for: "name-input", class: "label" }, t("yourName")),
    h("div", { class: "row" }, input, button),
    h(
      "p",
      { id: "name-msg", class: `hint ${msg?.kind === "error" ? "error" : msg?.kind === "ok" ? "ok" : ""}`, "aria-live": "polite" },
      msg?.text || (state.player ? t("playingAs", { name: state.player.name }) : session.signedOut ? t(passkeysPossible() ? "account.signedOutHere" : "account.signedOutHereLink") : t("nameHint")),
    ),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      askForName();
      return;
    }
    button.disabled = true;
    try {
      state.player = await setName(name);
      state.nameMsg = { kind: "ok", text: `${t("nameSaved")} · ${t("playingAs", { name: state.player.name })}` };
    } catch (err) {
      state.nameMsg = { kind: "error", text: err.message };
    }
    renderName();
    lobby.renderMatches();
  });
  el.append(h("h2", { id: "name-h", class: "sr-only" }, t("yourName")), form);
}

function askForName() {
  state.nameMsg = { kind: "error", text: t("nameRequired") };
  renderName();
  document.getElementById("name-input")?.focus();
}

/** Returns the stored player, or one made from the name field; null (and a message) if no name. */
export async function needPlayer() {
  if (state.player) return state.player;
  const name = document.getElementById("name-input")?.value.trim();
  if (!name) {
    askForName();
    return null;
  }
  state.player = await ensurePlayer(name);
  state.nameMsg = null;
  renderName();
  return state.player;
}
