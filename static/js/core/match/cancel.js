// The host's "Cancel this match" in a lobby nobody has started: one confirming second tap,
// then POST /api/matches/{id}/cancel; every open page hears `status: abandoned`.

import { S, $, isHost } from "./page.js";
import { twoTap } from "./twotap.js";

export const renderCancel = twoTap({
  rowId: "cancel-row",
  testid: "cancel-match",
  label: "cancel.match",
  confirm: "cancel.confirm",
  explain: "cancel.explain",
  path: "/cancel",
  place: (row) => $("waiting").after(row),
  shown: () => S.summary?.status === "open" && isHost(),
});
