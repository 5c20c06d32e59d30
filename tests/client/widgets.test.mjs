// The renderer widgets' pure parts (static/js/core/widgets/): which actions are legal, the
// order and refusals of a multi-action send, local state per match, bounded numbers.
import { test } from "node:test";
import assert from "node:assert/strict";

import { isLegal, sameAction, send } from "../../static/js/core/widgets/action.js";
import { localState } from "../../static/js/core/widgets/local.js";
import { clampWhole } from "../../static/js/core/widgets/number.js";

test("an action with a field left out is the same as one with that field null", () => {
  assert.ok(sameAction({ type: "assign", role: "distance", die: 1 }, { type: "assign", role: "distance", die: 1, value: null }));
  assert.ok(!sameAction({ type: "bid", amount: 0 }, { type: "bid", amount: false }));
  assert.ok(!sameAction({ type: "keep_plans", plans: ["T01", "T02"] }, { type: "keep_plans", plans: ["T02", "T01"] }));
});

test("nothing is legal once the game is over, or without an action", () => {
  const view = { legal: [{ type: "pass" }], over: false };
  assert.ok(isLegal(view, { type: "pass" }));
  assert.ok(!isLegal({ ...view, over: true }, { type: "pass" }));
  assert.ok(!isLegal(view, null));
});

test("a send stops at the first refusal and a second click meanwhile sends nothing", async () => {
  const sent = [];
  let release;
  const ctx = {
    matchId: "m-send",
    act: (a) => {
      sent.push(a.type);
      if (a.type === "deviate") return new Promise((done) => { release = () => done({ ok: true }); });
      return Promise.resolve({ ok: a.type !== "bad" });
    },
  };
  const first = send(ctx, { type: "deviate" }, { type: "step" });
  assert.equal(await send(ctx, { type: "undo" }), false, "a click while an action is in flight");
  release();
  assert.equal(await first, true);
  assert.equal(await send(ctx, { type: "bad" }, { type: "step" }), false);
  assert.deepEqual(sent, ["deviate", "step", "bad"]);
});

test("local state is kept per match and per scope", () => {
  const a = localState({ matchId: "m1" }, "gogoa", () => ({ die: null }));
  a.die = 2;
  assert.equal(localState({ matchId: "m1" }, "gogoa", () => ({ die: null })).die, 2);
  assert.equal(localState({ matchId: "m2" }, "gogoa", () => ({ die: null })).die, null);
  assert.notEqual(localState({ matchId: "m1" }, "goa", () => ({})), a);
});

test("a bounded number is a whole number between its bounds", () => {
  assert.equal(clampWhole("7", 2, 5), 5);
  assert.equal(clampWhole("-3", 2, 5), 2);
  assert.equal(clampWhole("3.6", 2, 5), 4);
  assert.equal(clampWhole("", 2, 5), 2);
  assert.equal(clampWhole("abc", 2, 5), 2);
});

test("seat marks tell seats apart without colour: the initial, numbered when initials repeat", async () => {
  const { seatMark } = await import("../../static/js/core/widgets/seat.js");
  const names = ["Ana", "Bot 2", "Bot 3"];
  assert.deepEqual(names.map((_, i) => seatMark(names, i)), ["A", "B2", "B3"]);
  assert.deepEqual(["ana", "Ben"].map((_, i, a) => seatMark(a, i)), ["A", "B"]);
  assert.equal(seatMark(["", "Ben"], 0), "1");
});
