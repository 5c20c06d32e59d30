// The hand: while a table screen shows the public board, a seated player's phone can show only
// what is theirs (the game's own sheet: Goa's ducats and cards, Go Goa's plans and dice,
// Navegador's and Coimbra's sheets) and the action bar. "Show the board" brings the rest back
// for a look. The choice is the player's, remembered per match on this device.
//
// Which parts of a board are public is data, per game, in static/css/table.css
// (`body.hand[data-game=...]`); this module only sets the classes.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { S, $, mySeat, amAway, page } from "../match/page.js";

const key = () => `caravela.hand.${S.id}`;
let boardShown = false;

function handChosen() {
  try {
    return localStorage.getItem(key()) === "1";
  } catch {
    return false; // storage refused (private mode): the whole screen, as before
  }
}

function choose(on) {
  try {
    if (on) localStorage.setItem(key(), "1");
    else localStorage.removeItem(key());
  } catch {
    // not remembered, still switched below for this visit
  }
  remembered = on;
  boardShown = false;
  page.renderAll();
}

let remembered = null;

// Go Goa's path is drawn on the map: while drawing, the hand keeps a small map round the tourist.
const STAGE_WHILE = {
  gogoa: (view) => !!view?.me?.draft?.drawing && !view.me.draft.submitted,
};

// A choice made on the board (Goa's marker places are drawn only there) keeps the stage in the hand.
function stageHasChoice() {
  return !!document.querySelector('#board [data-stage] [data-testid="action"]:not([disabled])');
}

function tools() {
  let box = $("hand-tools");
  if (!box) {
    box = h(
      "span",
      { id: "hand-tools", class: "hand-tools" },
      h("button", { type: "button", class: "btn btn-small", dataset: { testid: "hand-toggle" }, onclick: () => choose(!isOn()) }),
      h("button", { type: "button", class: "btn btn-small", dataset: { testid: "hand-board" }, onclick: () => ((boardShown = !boardShown), renderHand()) }),
    );
    document.querySelector("#statusrow .status-side")?.prepend(box);
  }
  return box;
}

function isOn() {
  if (remembered === null) remembered = handChosen();
  return remembered;
}

/** Sets the hand layout's classes and its two buttons from the match's state. */
export function renderHand() {
  const seated = mySeat() != null && S.summary?.status === "running" && !!S.view && !S.view.over && !amAway();
  const on = seated && isOn();
  const body = document.body;
  body.classList.toggle("hand", on);
  body.classList.toggle("hand-board", on && boardShown);
  const keep = STAGE_WHILE[S.summary?.game];
  body.classList.toggle("hand-stage", on && (!!keep?.(S.view) || stageHasChoice()));
  if (S.summary?.game) body.dataset.game = S.summary.game;
  const box = tools();
  // Offered while a table screen (a spectator) watches, or once chosen.
  box.hidden = !(seated && (S.spectators > 0 || on));
  const [toggle, board] = box.children;
  toggle.textContent = on ? t("table.whole") : t("table.hand");
  toggle.title = t("table.handTip");
  toggle.setAttribute("aria-pressed", String(on));
  board.hidden = !on;
  board.textContent = boardShown ? t("table.boardHide") : t("table.board");
  board.setAttribute("aria-pressed", String(boardShown));
}
