// Go Goa's map labels: where one may go and its short form (static/js/games/gogoa/labels.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { labelFits, abbreviation } from "../../static/js/games/gogoa/labels.js";

const BOX = [0, 0, 100, 100];

test("a label fits inside the map and clear of placed labels", () => {
  assert.equal(labelFits([0, 0, 10, 5], [], BOX), true);
  assert.equal(labelFits([10, 0, 10, 5], [[0, 0, 10, 5]], BOX), true); // touching is not overlapping
  assert.equal(labelFits([5, 2, 10, 5], [[0, 0, 10, 5]], BOX), false);
  assert.equal(labelFits([95, 0, 10, 5], [], BOX), false);
  assert.equal(labelFits([-1, 0, 10, 5], [], BOX), false);
});

test("a long name is cut to five letters and a full stop, a short one is kept whole", () => {
  assert.equal(abbreviation("Basilica of Bom Jesus"), "Basil.");
  assert.equal(abbreviation("Usgalimal Rock Carvings"), "Usgal.");
  assert.equal(abbreviation("Калангут"), "Калан.");
  assert.equal(abbreviation("Fort Aguada"), "Fort");
  assert.equal(abbreviation("Anjuna"), null);
  assert.equal(abbreviation(""), null);
});
