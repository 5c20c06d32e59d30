// Reads [[doc, ops], ...] as JSON on stdin and prints, for each pair, the document that
// static/js/core/patch.js makes of it (or {"error": message}), as one JSON array.
import { applyPatch } from "../../static/js/core/patch.js";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const out = JSON.parse(input).map(([doc, ops]) => {
  try {
    return { doc: applyPatch(doc, ops) };
  } catch (err) {
    return { error: String(err && err.message) };
  }
});
process.stdout.write(JSON.stringify(out));
