// The lobby page (/): your name, the games with a create form, and the open and running
// matches with Join / Watch / Resume links. The match list refreshes itself every few
// seconds while the tab is visible.

import { get, post } from "./api.js";
import { h, clear, seatChip } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import { renderHeader } from "./header.js";
import { getPlayer, verifyPlayer, setName, ensurePlayer } from "./identity.js";

const POLL_MS = 5000;

const state = {
  games: null, // [{id,title,min_players,max_players,options}]
  gamesError: null,
  matches: null,
  matchesError: null,
  updatedAt: null,
  player: getPlayer(),
  form: { game: null, seats: null, options: {} },
  nameMsg: null, // {kind:"ok"|"error", text}
  createMsg: null,
  creating: false,
};

const root = document.getElementById("lobby-root");
const els = {};

function gameById(id) {
  return (state.games || []).find((g) => g.id === id);
}

function countText(g) {
  return g.min_players === g.max_players ? t("playerCountOne", { n: g.min_players }) : t("playerCount", { min: g.min_players, max: g.max_players });
}

// ---- layout -------------------------------------------------------------------------

function build() {
  document.title = "Caravela";
  document.getElementById("skip-link").textContent = t("skip");
  renderHeader(document.getElementById("topbar"));
  clear(root);
  root.removeAttribute("aria-busy");
  els.name = h("section", { class: "card name-card", "aria-labelledby": "name-h" });
  els.games = h("section", { class: "card games-card", "aria-labelledby": "games-h" });
  els.matches = h("section", { class: "card matches-card", "aria-labelledby": "matches-h" });
  root.append(
    h("div", { class: "hero" }, h("h1", { class: "hero-title" }, "Caravela"), h("p", { class: "hero-sub" }, t("tagline"))),
    els.name,
    els.games,
    els.matches,
  );
  renderName();
  renderGames();
  renderMatches();
}

// ---- name ---------------------------------------------------------------------------

function renderName() {
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
  const form = h(
    "form",
    { class: "name-form", novalidate: true },
    h("label", { for: "name-input", class: "label" }, t("yourName")),
    h("div", { class: "row" }, input, button),
    h(
      "p",
      { id: "name-msg", class: `hint ${state.nameMsg?.kind === "error" ? "error" : state.nameMsg?.kind === "ok" ? "ok" : ""}`, "aria-live": "polite" },
      state.nameMsg?.text || (state.player ? t("playingAs", { name: state.player.name }) : t("nameHint")),
    ),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      state.nameMsg = { kind: "error", text: t("nameRequired") };
      renderName();
      document.getElementById("name-input")?.focus();
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
    renderMatches();
  });
  el.append(h("h2", { id: "name-h", class: "sr-only" }, t("yourName")), form);
}

/** The stored player, or one made from the name field; null (and a message) if no name. */
async function needPlayer() {
  if (state.player) return state.player;
  const input = document.getElementById("name-input");
  const name = input?.value.trim();
  if (!name) {
    state.nameMsg = { kind: "error", text: t("nameRequired") };
    renderName();
    document.getElementById("name-input")?.focus();
    return null;
  }
  state.player = await ensurePlayer(name);
  state.nameMsg = null;
  renderName();
  return state.player;
}

// ---- games and the create form ----------------------------------------------------------

function simpleOptions(schema) {
  // Only flat options with a default are offered; anything fancier keeps the server's default.
  const props = schema?.properties || {};
  const out = [];
  for (const [key, p] of Object.entries(props)) {
    if (!p || p.default === undefined) continue;
    const kind = Array.isArray(p.enum) ? "enum" : p.type === "boolean" ? "boolean" : p.type === "integer" || p.type === "number" ? "number" : null;
    out.push({ key, p, kind, title: p.title || key });
  }
  return out;
}

function renderGames() {
  const el = clear(els.games);
  el.append(h("h2", { id: "games-h", class: "card-title" }, t("games")));
  if (state.gamesError) {
    el.append(h("p", { class: "error" }, state.gamesError), h("button", { class: "btn", type: "button", onclick: loadGames }, t("retry")));
    return;
  }
  if (!state.games) {
    el.append(h("p", { class: "muted" }, t("loading")));
    return;
  }
  if (!state.games.length) {
    el.append(h("p", { class: "muted" }, t("noGames")));
    return;
  }
  if (!gameById(state.form.game)) state.form.game = state.games[0].id;
  const g = gameById(state.form.game);
  // Default to two seats where the game allows it: people come here to play with friends.
  const seats = Math.min(g.max_players, Math.max(g.min_players, Number(state.form.seats) || 2));
  state.form.seats = seats;

  el.append(
    h(
      "ul",
      { class: "game-list" },
      state.games.map((game) =>
        h(
          "li",
          { class: `game-item ${game.id === g.id ? "selected" : ""}` },
          h(
            "button",
            {
              type: "button",
              class: "game-pick",
              "aria-pressed": String(game.id === g.id),
              onclick: () => {
                state.form.game = game.id;
                state.form.options = {};
                state.form.seats = null;
                renderGames();
                document.getElementById("create-game")?.focus();
              },
            },
            h("span", { class: "game-title" }, game.title),
            h("span", { class: "game-count" }, countText(game)),
          ),
        ),
      ),
    ),
  );

  const select = h(
    "select",
    { id: "create-game", class: "input", dataset: { testid: "create-game" } },
    state.games.map((game) => h("option", { value: game.id, selected: game.id === g.id }, `${game.title} (${countText(game)})`)),
  );
  select.addEventListener("change", () => {
    state.form.game = select.value;
    state.form.options = {};
    state.form.seats = null;
    renderGames();
    document.getElementById("create-game")?.focus();
  });
  const seatsInput = h("input", {
    id: "create-seats",
    class: "input input-num",
    type: "number",
    inputmode: "numeric",
    min: g.min_players,
    max: g.max_players,
    step: 1,
    value: seats,
    dataset: { testid: "create-seats" },
  });
  seatsInput.addEventListener("change", () => {
    state.form.seats = seatsInput.value;
  });
  seatsInput.addEventListener("input", () => {
    state.form.seats = seatsInput.value;
  });

  const opts = simpleOptions(g.options);
  const optionRows = opts.map(({ key, p, kind, title }) => {
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
  });

  const submit = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "create-submit" }, disabled: state.creating }, state.creating ? t("creating") : t("create"));
  const form = h(
    "form",
    { class: "create-form", novalidate: true, "aria-labelledby": "create-h" },
    h("h3", { id: "create-h", class: "sub-title" }, t("newMatch")),
    h(
      "div",
      { class: "form-grid" },
      h("div", { class: "field" }, h("label", { for: "create-game", class: "label" }, t("game")), select),
      h("div", { class: "field field-narrow" }, h("label", { for: "create-seats", class: "label" }, t("seats")), seatsInput),
    ),
    optionRows.length ? h("fieldset", { class: "options" }, h("legend", { class: "label" }, t("options")), optionRows) : null,
    h("div", { class: "row" }, submit),
    h("p", { class: `hint ${state.createMsg ? "error" : ""}`, "aria-live": "polite", id: "create-msg" }, state.createMsg || ""),
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    createMatch(Number(seatsInput.value));
  });
  el.append(form);
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
    for (const { key, p } of simpleOptions(g.options)) {
      if (key in state.form.options && state.form.options[key] !== p.default) options[key] = state.form.options[key];
    }
    const m = await post("/api/matches", { game: g.id, seats, options });
    location.assign(`/m/${encodeURIComponent(m.id)}`);
  } catch (err) {
    state.creating = false;
    state.createMsg = err.message;
    renderGames();
  }
}

// ---- matches ------------------------------------------------------------------------

function mySeat(m) {
  const me = state.player;
  if (!me) return null;
  const s = (m.seats || []).find((x) => x.kind === "player" && x.player_id === me.id);
  return s ? s.seat : null;
}

function renderMatches() {
  const el = clear(els.matches);
  const refresh = h("button", { type: "button", class: "btn btn-small", dataset: { testid: "refresh" }, onclick: () => loadMatches(true) }, t("refresh"));
  el.append(
    h(
      "div",
      { class: "card-head" },
      h("h2", { id: "matches-h", class: "card-title" }, t("matches")),
      h(
        "div",
        { class: "card-tools" },
        state.updatedAt ? h("span", { class: "muted small" }, t("updated", { time: state.updatedAt.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" }) })) : null,
        refresh,
      ),
    ),
  );
  const list = h("ul", { class: "match-list", dataset: { testid: "match-list" }, "aria-live": "polite" });
  el.append(list);
  if (state.matchesError) el.append(h("p", { class: "error" }, state.matchesError));
  if (!state.matches) {
    list.append(h("li", { class: "muted" }, t("loading")));
    return;
  }
  if (!state.matches.length) {
    list.append(h("li", { class: "empty muted" }, t("noMatches")));
    return;
  }
  for (const m of state.matches) list.append(matchItem(m));
}

function matchItem(m) {
  const seats = m.seats || [];
  const filled = seats.filter((s) => s.kind !== "empty").length;
  const mine = mySeat(m);
  const title = m.title || gameById(m.game)?.title || m.game;
  const href = `/m/${encodeURIComponent(m.id)}`;
  const host = seats.find((s) => s.player_id != null && s.player_id === m.host_id);
  const links = [];
  if (mine != null) {
    links.push(h("a", { class: "btn btn-primary btn-small", href, dataset: { testid: `resume-${m.id}` } }, t("resume")));
  } else {
    if (m.status === "open" && filled < seats.length) {
      const a = h("a", { class: "btn btn-primary btn-small", href, dataset: { testid: `join-match-${m.id}` } }, t("join"));
      a.addEventListener("click", (ev) => joinFromLobby(ev, m));
      links.push(a);
    }
    links.push(h("a", { class: "btn btn-small", href, dataset: { testid: `watch-${m.id}` } }, t("watch")));
  }
  return h(
    "li",
    { class: "match-item", dataset: { matchId: m.id, status: m.status } },
    h(
      "div",
      { class: "match-main" },
      h("span", { class: "match-title" }, title),
      h("span", { class: `badge status-${m.status}` }, t(`status.${m.status}`)),
    ),
    h(
      "div",
      { class: "match-seats", "aria-label": t("seatsFilled", { filled, total: seats.length }) },
      seats.map((s) => (s.kind === "empty" ? h("span", { class: "chip chip-empty", "aria-hidden": "true" }, "") : seatChip(s.seat, s.name))),
      h("span", { class: "muted small" }, t("seatsFilled", { filled, total: seats.length })),
      host ? h("span", { class: "muted small" }, "· " + t("hostedBy", { name: host.name })) : null,
    ),
    h("div", { class: "match-links" }, links),
  );
}

async function joinFromLobby(ev, m) {
  // Without a name the match page's waiting room asks for one; just follow the link.
  if (!state.player || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  const href = ev.currentTarget.getAttribute("href");
  try {
    await post(`/api/matches/${encodeURIComponent(m.id)}/join`, {});
  } catch (err) {
    // Seat taken or match full: the match page still lets them watch or pick another seat.
    console.info("caravela: join from lobby failed:", err.message);
  }
  location.assign(href);
}

// ---- loading ------------------------------------------------------------------------

async function loadGames() {
  state.gamesError = null;
  try {
    state.games = await get("/api/games");
  } catch (err) {
    state.gamesError = err.status === 0 ? t("networkError") : err.message;
  }
  renderGames();
  renderMatches();
}

let loadingMatches = false;
async function loadMatches(manual = false) {
  if (loadingMatches) return;
  loadingMatches = true;
  try {
    const data = await get("/api/matches");
    state.matches = Array.isArray(data) ? data : data?.matches || [];
    state.matchesError = null;
    state.updatedAt = new Date();
  } catch (err) {
    state.matchesError = err.status === 0 ? t("networkError") : err.message;
  } finally {
    loadingMatches = false;
  }
  // A re-render must not steal focus from the list (keyboard users) or from Refresh.
  const active = document.activeElement;
  const key = els.matches.contains(active) ? active?.dataset?.testid : manual ? "refresh" : null;
  renderMatches();
  if (key) els.matches.querySelector(`[data-testid="${CSS.escape(key)}"]`)?.focus();
}

build();
onLangChange(() => {
  const focusedId = document.activeElement?.id;
  build();
  if (focusedId) document.getElementById(focusedId)?.focus();
});
loadGames();
loadMatches();
verifyPlayer().then((p) => {
  const changed = JSON.stringify(p) !== JSON.stringify(state.player);
  state.player = p;
  if (changed) {
    renderName();
    renderMatches();
  }
});
setInterval(() => {
  if (document.visibilityState === "visible") loadMatches();
}, POLL_MS);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") loadMatches();
});
