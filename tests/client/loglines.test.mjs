// loglines.js: the log kept by the match page across states, patches and history pages.
import { test } from "node:test";
import assert from "node:assert/strict";

import { numbered, mergeLines, afterState, afterPatch, mayHaveEarlier, lineText, placedWinnerLine, withNotes } from "../../static/js/core/loglines.js";

const L = (...ns) => ns.map((n) => ({ n, text: `line ${n}` }));
const ns = (lines) => lines.map((l) => l.n);

test("lines from an older server get their index as n", () => {
  assert.deepEqual(numbered(["a", { text: "b" }, { n: 9, text: "c" }], 4), [{ n: 4, text: "a" }, { n: 5, text: "b" }, { n: 9, text: "c" }]);
});

test("merging keeps one line per n in order, gaps included", () => {
  assert.deepEqual(ns(mergeLines(L(5, 7, 9), L(1, 7, 3, 10))), [1, 3, 5, 7, 9, 10]);
});

test("a state that overlaps the kept lines keeps the history paged in before it", () => {
  assert.deepEqual(ns(afterState(L(0, 1, 2, 4, 6), L(4, 6, 7))), [0, 1, 2, 4, 6, 7]);
});

test("a state after a long absence replaces the log, since lines in between may be missing", () => {
  assert.deepEqual(ns(afterState(L(0, 1, 2), L(80, 81))), [80, 81]);
  assert.deepEqual(afterState(L(0, 1), []), []);
});

test("an old-style view log is numbered from 0", () => {
  assert.deepEqual(ns(afterState([], ["a", "b"])), [0, 1]);
});

test("a patch's lines are appended once even if the frame repeats", () => {
  const once = afterPatch(L(0, 2), L(3, 5));
  assert.deepEqual(ns(afterPatch(once, L(3, 5))), [0, 2, 3, 5]);
  assert.deepEqual(ns(afterPatch(L(0, 2), ["old server line"])), [0, 2, 3]);
});

test("the earlier-lines button shows until the server says there is nothing more", () => {
  assert.equal(mayHaveEarlier(L(0, 1), null), false);
  assert.equal(mayHaveEarlier(L(12, 13), null), true);
  assert.equal(mayHaveEarlier(L(12, 13), false), false);
  assert.equal(mayHaveEarlier(L(0, 13), true), true);
  assert.equal(mayHaveEarlier([], null), false);
});

test("a line's key is translated, else its text is shown with seat names", () => {
  const translate = (key, args) => (key === "bid" ? `${args.who} bids` : undefined);
  const withNames = (s) => s.replace("{P0}", "Ana");
  assert.equal(lineText({ n: 0, key: "bid", args: { who: "Ana" }, text: "x" }, { translate, withNames }), "Ana bids");
  assert.equal(lineText({ n: 1, key: "unknown", text: "{P0} passes" }, { translate, withNames }), "Ana passes");
  assert.equal(lineText("{P0} joined", { withNames }), "Ana joined");
  assert.equal(lineText({ n: 2, text: 0 }), "0");
});

test("the winner line names the standing's winner when the game's winner resigned (ranked last)", () => {
  const line = { n: 40, key: "goa.winner", args: { who: "{P0}", n: 31 }, text: "{P0} wins with 31 points." };
  const standing = { scores: [31, 27, 27], winners: [1, 2] }; // seat 0 resigned: moved last
  const placed = placedWinnerLine(line, standing);
  assert.equal(placed.key, "goa.winners");
  assert.deepEqual(placed.args, { who: "{P1}, {P2}", n: 27 });
  assert.equal(placed.text, "{P1}, {P2} share the win with 27 points.");
  assert.equal(placed.n, 40);
});

test("the winner line is left as the game wrote it when the standing agrees, and other lines always", () => {
  const line = { n: 3, key: "gg.winner", args: { who: "{P2}", n: 9 }, text: "{P2} wins with 9 points." };
  assert.equal(placedWinnerLine(line, { scores: [1, 2, 9], winners: [2] }), line);
  assert.equal(placedWinnerLine(line, null), line);
  const other = { n: 4, key: "goa.bid", args: { who: "{P0}" } };
  assert.equal(placedWinnerLine(other, { scores: [1], winners: [1] }), other);
});

test("the service's lines sit after the game line they followed, once that part of the log is here", () => {
  const notes = [{ after: 3, key: "app.log.resigned", args: { who: "{P0}" } }, { after: 9, key: "app.log.timed_out", args: { who: "{P1}" } }];
  const lines = withNotes(L(0, 1, 2, 3, 4), notes);
  assert.deepEqual(ns(lines), [0, 1, 2, 2.5, 3, 4, 8.5]);
  assert.equal(lines[3].key, "app.log.resigned");
  // Paged to lines 5.. only: the note after line 2 waits for "Earlier lines".
  assert.deepEqual(ns(withNotes(L(5, 6), notes, { earlier: true })), [5, 6, 8.5]);
  // A replay at line 4 shows only what had been written by then.
  assert.deepEqual(ns(withNotes(L(0, 1, 2, 3, 4), notes, { upTo: 4 })), [0, 1, 2, 2.5, 3, 4]);
  assert.equal(withNotes(L(0), []).length, 1);
});
