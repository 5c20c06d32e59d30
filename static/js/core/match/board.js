// The board slot: loads the game's renderer (static/js/games/<id>/index.js, or the older
// single file <id>.js), merges its strings with its log strings, and draws it; a renderer
// that is missing or throws is replaced by generic.js so the game stays playable.

import { h, clear } from "../dom.js";
import { t } from "../i18n.js";
import { mergeStrings } from "../format.js";
import * as generic from "../generic.js";
import { S, $, makeCtx } from "./page.js";
import { keepFocus, skipToActions } from "./focus.js";
import { renderRulesButton } from "./rules.js";
import { installExplain } from "./explain.js";

async function importRenderer(game) {
  for (const path of [`/static/js/games/${game}/index.js`, `/static/js/games/${game}.js`]) {
    try {
      const mod = await import(path);
      if (typeof mod.render === "function") return mod;
    } catch (err) {
      console.info(`caravela: no renderer at ${path}`, err?.message);
    }
  }
  return null;
}

/** Loads the renderer of `game` into S (generic.js when it has none). */
export async function loadRenderer(game) {
  const mod = /^[a-z0-9_-]+$/i.test(game || "") ? await importRenderer(game) : null;
  S.renderer = mod || generic;
  S.rendererIsGeneric = !mod;
  S.strings = mergeStrings(S.renderer.strings, S.renderer.logStrings);
}

/**
 * Returns the status row's action bar (made once, right after the status line): the slot a
 * renderer fills with the controls of the current choice (`ctx.actionBar`), so they stay in
 * reach while the board scrolls (the row is sticky). Emptied whenever the renderer does not draw.
 */
export function actionBar() {
  let bar = $("status-actions");
  if (!bar) {
    bar = h("div", { id: "status-actions", class: "status-actions", dataset: { testid: "status-actions" } });
    $("status-bar").parentElement.append(bar);
  }
  return bar;
}

export function renderBoard() {
  const board = $("board");
  const bar = actionBar();
  renderRulesButton(); // the rules are one click away in the waiting room too
  if (!S.view || !S.renderer || S.summary?.status === "open" || S.view.over || S.rendererFailed) clear(bar);
  if (!S.view || !S.renderer || S.summary?.status === "open") return;
  const ctx = makeCtx();
  ctx.actionBar = bar;
  installExplain([board, bar]);
  skipToActions();
  const restore = keepFocus();
  if (!S.rendererFailed) {
    try {
      S.renderer.render(board, ctx);
      markStage(board);
      restore();
      return;
    } catch (err) {
      console.error("caravela: renderer failed; falling back to the generic view", err);
      S.rendererFailed = true;
      clear(bar);
    }
  }
  clear(board);
  const inner = h("div", { class: "board-fallback" });
  board.append(h("p", { class: "notice" }, t("rendererFailed")), inner);
  generic.render(inner, ctx);
  markStage(board);
}

/** The stage is the renderer's main picture (`data-stage` on it); a renderer without one has
 * the whole board as its stage. */
function markStage(board) {
  const own = board.querySelector("[data-stage]");
  if (own && own !== board) delete board.dataset.stage;
  else board.dataset.stage = "";
}
