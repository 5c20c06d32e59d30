// The table screen and the phones around it (docs/hosting.md, "At the table").
//
// On /m/{id}/table (S.table) the page is a TV: nobody's token, the spectator's view, the invite
// as a big QR code before the start and "✓ submitted" beside each player who has. On the match
// page it adds "Show on a big screen" and, while a table screen watches, the "Hand only" layout.

import { useStylesheet } from "../widgets/css.js";
import { S } from "../match/page.js";
import { renderTvLobby, renderSubmitted, fitBoard } from "./tv.js";
import { renderBigScreenLink } from "./link.js";
import { renderHand } from "./hand.js";

/** Draws the table parts of the page; called after every full render and spectator count. */
export function renderTableParts() {
  if (S.table) {
    renderTvLobby();
    renderSubmitted();
    fitBoard();
    return;
  }
  useStylesheet("/static/css/table.css");
  renderBigScreenLink();
  renderHand();
}
