// account/push.js: where push notices can work, said before any permission is asked.
import { test } from "node:test";
import assert from "node:assert/strict";

import { pushSupport, keyBytes } from "../../static/js/core/account/push.js";

const phone = { secure: true, ios: false, standalone: false, push: true, permission: "default" };

test("a secure page with Push may ask, and says why not everywhere else", () => {
  assert.equal(pushSupport(phone), "ok");
  assert.equal(pushSupport({ ...phone, secure: false }), "insecure");
  assert.equal(pushSupport({ ...phone, push: false }), "unsupported");
  assert.equal(pushSupport({ ...phone, permission: "denied" }), "denied");
});

test("on iOS only the app opened from the Home Screen gets Push, even where Safari has it", () => {
  assert.equal(pushSupport({ ...phone, ios: true, push: false }), "ios-install");
  assert.equal(pushSupport({ ...phone, ios: true, standalone: true }), "ok");
});

test("the server's base64url key becomes the 65 bytes of a P-256 point", () => {
  const key = "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A";
  const bytes = keyBytes(key);
  assert.equal(bytes.length, 65);
  assert.deepEqual([bytes[0], bytes[1], bytes[62], bytes[63]], [4, 1, 62, 63]);
});
