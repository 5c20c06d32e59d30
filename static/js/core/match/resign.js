// "Resign" for a seated player of a running match: one confirming second tap, then
// POST /api/matches/{id}/resign. The seat's bot plays it to the end and the player is
// ranked last; every open page hears the seat's `resigned` mark in a `match` frame.

import { S, $, mySeatEntry } from "./page.js";
import { twoTap } from "./twotap.js";

export const renderResign = twoTap({
  rowId: "resign-row",
  testid: "resign",
  label: "resign",
  confirm: "resign.confirm",
  explain: "resign.explain",
  path: "/resign",
  place: (row) => $("side").append(row),
  shown: () => {
    const mine = mySeatEntry();
    return S.summary?.status === "running" && !!mine && !mine.resigned && !S.view?.over;
  },
});
