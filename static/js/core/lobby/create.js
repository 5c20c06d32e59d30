// The lobby's games card: the form that creates a match. The game is chosen once, from one
// group of game cards (radio buttons); then the number of seats and the game's simple options.

import { post } from "../api.js";
import { h, clear } from "../dom.js";
import { t, hasKey } from "../i18n.js";
import { state, els, lobby, gameById, countText } from "./state.js";
import { needPlayer } from "./name.js";
import { clockFieldset, chosenClock } from "./clockform.js";

/** Returns an option's label: the shell's `option.<game>.<key>` in the reader's language, else the schema's title. */
function optionTitle(gameId, key, p) {
  const k = `option.${gameId}.${key}`;
  return hasKey(k) ? t(k) : p.title || key;
}

/** Returns the options offered in the form: flat ones with a default (anything fancier keeps the server's default). */
function simpleOptions(schema, gameId) {
  const out = [];
  for (const [key, p] of Object.entries(schema?.properties || {})) {
    if (!p || p.default === undefined) continue;
    const kind = Array.isArray(p.enum) ? "enum" : p.type === "boolean" ? "boolean" : p.type === "integer" || p.type === "number" ? "number" : null;
    out.push({ key, p, kind, title: optionTitle(gameId, key, p) });
  }
  return out;
}

function pickGame(id) {
  state.form.game = id;
  state.form.options = {};
  state.form.seats = null;
  renderGames();
  document.getElementById(`create-game-${id}`)?.focus();
}

/** The one place the game is chosen: a radio group of game cards (arrow keys move through it). */
function gameChoice(g) {
  return h(
    "fieldset",
    { class: "game-list", dataset: { testid: "create-game" } },
    h("legend", { class: "label" }, t("game")),
    state.games.map((game) => {
      const radio = h("input", { type: "radio", name: "create-game", id: `create-game-${game.id}`, class: "game-radio", value: game.id, checked: game.id === g.id, dataset: { testid: `create-game-${game.id}` } });
      radio.addEventListener("change", () => radio.checked && pickGame(game.id));
      return h(
        "label",
        { class: `game-pick ${game.id === g.id ? "selected" : ""}`, for: `create-game-${game.id}` },
        radio,
        h("span", { class: "game-title" }, game.title),
        h("span", { class: "game-count" }, countText(game)),
      );
    }),
  );
}

function optionRow({ key, p, kind, title }) {
  const id = `opt-${key}`;
  const cur = state.form.options[key] ?? p.default;
  let control;
  if (kind === "boolean") {
    control = h("input", { id, type: "checkbox", checked: !!cur });
    control.addEventListener("change", () => (state.form.options[key] = control.checked));
    return h("div", { class: "opt opt-check" }, control, h("label", { for: id }, title));
  }
  if (kind === "enum") {
    control = h("select", { id, class: "input" }, p.enum.map((v) => h("option", { value: JSON.stringify(v), selected: v === cur }, String(v))));
    control.addEventListener("change", () => (state.form.options[key] = JSON.parse(control.value)));
  } else if (kind === "number") {
    control = h("input", { id, class: "input input-num", type: "number", value: cur, min: p.minimum, max: p.maximum, step: p.type === "integer" ? 1 : "any" });
    control.addEventListener("change", () => (state.form.options[key] = Number(control.value)));
  } else {
    return h("div", { class: "opt" }, h("span", { class: "label" }, title), h("code", {}, JSON.stringify(p.default)));
  }
  return h("div", { class: "opt" }, h("label", { for: id, class: "label" }, title), control);
}

function createForm(g, seats) {
  const seatsInput = h("input", { id: "create-seats", class: "input input-num", type: "number", inputmode: "numeric", min: g.min_players, max: g.max_players, step: 1, value: seats, dataset: { testid: "create-seats" } });
  for (const kind of ["change", "input"]) seatsInput.addEventListener(kind, () => (state.form.seats = seatsInput.value));
  const optionRows = simpleOptions(g.options, g.id).map(optionRow);
  const submit = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "create-submit" }, disabled: state.creating }, state.creating ? t("creating") : t("create"));
  const form = h(
    "form",
    { class: "create-form", novalidate: true, "aria-labelledby": "games-h" },
    gameChoice(g),
    h("div", { class: "form-grid" }, h("div", { class: "field field-narrow" }, h("label", { for: "create-seats", class: "label" }, t("seats")), seatsInput)),
    optionRows.length ? h("fieldset", { class: "options" }, h("legend", { class: "label" }, t("options")), optionRows) : null,
    clockFieldset(renderGames),
    h("div", { class: "row" }, submit),
    h("p", { class: `hint ${state.createMsg ? "error" : ""}`, "aria-live": "polite", id: "create-msg" }, state.createMsg || ""),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    createMatch(Number(seatsInput.value));
  });
  return form;
}

export function renderGames() {
  const el = clear(els.games);
  el.append(h("h2", { id: "games-h", class: "card-title" }, t("newMatch")));
  if (state.gamesError) {
    el.append(h("p", { class: "error" }, state.gamesError), h("button", { class: "btn", type: "button", onclick: () => lobby.loadGames() }, t("retry")));
    return;
  }
  if (!state.games || !state.games.length) {
    el.append(h("p", { class: "muted" }, state.games ? t("noGames") : t("loading")));
    return;
  }
  if (!gameById(state.form.game)) state.form.game = state.games[0].id;
  const g = gameById(state.form.game);
  // Default to two seats where the game allows it: people come here to play with friends.
  const seats = Math.min(g.max_players, Math.max(g.min_players, Number(state.form.seats) || 2));
  state.form.seats = seats;
  el.append(createForm(g, seats));
}

async function createMatch(seats) {
  const g = gameById(state.form.game);
  if (!g) return;
  if (!Number.isInteger(seats) || seats < g.min_players || seats > g.max_players) seats = Math.min(g.max_players, Math.max(g.min_players, Math.round(seats) || g.min_players));
  state.createMsg = null;
  let player;
  try {
    player = await needPlayer();
  } catch (err) {
    state.createMsg = err.message;
    renderGames();
    return;
  }
  if (!player) return;
  state.creating = true;
  renderGames();
  try {
    const options = {};
    for (const { key, p } of simpleOptions(g.options, g.id)) {
      if (key in state.form.options && state.form.options[key] !== p.default) options[key] = state.form.options[key];
    }
    const m = await post("/api/matches", { game: g.id, seats, options, clock: chosenClock() });
    location.assign(`/m/${encodeURIComponent(m.id)}`);
  } catch (err) {
    state.creating = false;
    state.createMsg = err.message;
    renderGames();
  }
}
