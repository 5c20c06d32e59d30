// The lobby page's state, shared by its parts (name, create form, match list).
// Parts call `lobby.renderMatches()` / `lobby.loadGames()` (set by lobby.js) to redraw another part.

import { t } from "../i18n.js";
import { getPlayer } from "../identity.js";

export const state = {
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

/** The page's sections, made by lobby.js's build(). */
export const els = {};

export const lobby = {
  renderMatches: () => {},
  loadGames: () => {},
  loadMatches: () => {},
};

export function gameById(id) {
  return (state.games || []).find((g) => g.id === id);
}

/** Returns a match's status in words: an open match with every seat filled waits for its start, not for players. */
export function statusText(m) {
  const full = m.status === "open" && (m.seats || []).length > 0 && m.seats.every((s) => s.kind !== "empty");
  return t(full ? "status.full" : `status.${m.status}`);
}

/** Returns "2–4 players" (or "{n} players" when the game has one count). */
export function countText(g) {
  return g.min_players === g.max_players ? t("playerCountOne", { n: g.min_players }) : t("playerCount", { min: g.min_players, max: g.max_players });
}
