// account/: names told apart by a short tag, and "how long ago" in the reader's language.
import { test } from "node:test";
import assert from "node:assert/strict";

import { shownNames, tagOf } from "../../static/js/core/account/names.js";
import { ago } from "../../static/js/core/account/ago.js";
import { setLang } from "../../static/js/core/i18n.js";

const seat = (n, name, id, kind = "player") => ({ seat: n, name, player_id: id, kind });

test("two players with the same name each get a short tag, others keep their name", () => {
  const seats = [seat(0, "Ana", "5GPYTdAy"), seat(1, "Ben", "Qx81aaaa"), seat(2, "ana ", "Zz9kbbbb")];
  assert.deepEqual(shownNames(seats), ["Ana #5GPY", "Ben", "ana  #Zz9k"]);
});

test("look-alike names (the server's name_key) are tagged like equal ones", () => {
  const seats = [
    { ...seat(0, "Bo", "5GPYTdAy"), name_key: "bo" },
    { ...seat(1, "Во", "Qx81aaaa"), name_key: "bo" }, // Cyrillic
    { ...seat(2, "Ben", "Zz9kbbbb"), name_key: "ben" },
  ];
  assert.deepEqual(shownNames(seats), ["Bo #5GPY", "Во #Qx81", "Ben"]);
});

test("one player sitting twice, bots and empty seats never get a tag", () => {
  const seats = [seat(0, "Ana", "5GPYTdAy"), seat(1, "Bot 2", null, "bot"), seat(2, "Bot 2", null, "bot"), seat(3, "", null, "empty")];
  assert.deepEqual(shownNames(seats), ["Ana", "Bot 2", "Bot 2", ""]);
  assert.equal(tagOf("5GPYTdAy"), "#5GPY");
});

test("ago says how long ago in English and in Russian", () => {
  const now = Date.parse("2026-12-02T10:00:00Z");
  setLang("en");
  assert.equal(ago("2026-12-02T09:55:00Z", now), "5 minutes ago");
  assert.equal(ago("2026-12-01T10:00:00Z", now), "yesterday");
  setLang("ru");
  assert.equal(ago("2026-12-02T09:55:00Z", now), "5 минут назад");
  setLang("en");
});
