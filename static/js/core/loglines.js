// The game log as the match page keeps it: lines {n, text, key?, args?}, oldest first, one
// line per n (n = the line's index in the whole game log; gaps are other seats' private
// lines). No DOM here, so Node tests it.

/** Returns the lines with an n each; lines from older servers get start, start+1, ... */
export function numbered(lines, start = 0) {
  return (Array.isArray(lines) ? lines : []).map((line, i) => {
    if (line === null || typeof line !== "object") return { n: start + i, text: String(line ?? "") };
    return typeof line.n === "number" ? line : { ...line, n: start + i };
  });
}

/** Returns the union of two line lists, one line per n, oldest first. */
export function mergeLines(a, b) {
  const byN = new Map();
  for (const line of a) byN.set(line.n, line);
  for (const line of b) if (!byN.has(line.n)) byN.set(line.n, line);
  return [...byN.values()].sort((x, y) => x.n - y.n);
}

/** Returns the newest n kept, or -1. */
export function lastN(lines) {
  return lines.length ? lines[lines.length - 1].n : -1;
}

/**
 * Returns the log after a full state whose tail is `tail`. Older lines already paged in are
 * kept only when the tail overlaps them: otherwise lines may be missing in between.
 */
export function afterState(current, tail) {
  const fresh = numbered(tail, 0);
  if (!fresh.length) return [];
  const first = fresh[0].n;
  if (!current.some((line) => line.n === first)) return fresh;
  return mergeLines(current.filter((line) => line.n < first), fresh);
}

/** Returns the log after a patch brought `lines` (numbered after the newest kept line if they have no n). */
export function afterPatch(current, lines) {
  return mergeLines(current, numbered(lines, lastN(current) + 1));
}

/** Returns true when older lines may exist: the server said so, or it has not been asked and line 0 is not here. */
export function mayHaveEarlier(lines, more) {
  if (more !== null && more !== undefined) return !!more && lines.length > 0;
  return lines.length > 0 && lines[0].n > 0;
}

/**
 * Returns the text of a line for a reader: its key through `translate(key, args)` when that
 * knows it, else its English text; seat markers {P0}.. through `withNames`.
 */
export function lineText(line, { translate = () => undefined, withNames = (s) => String(s) } = {}) {
  if (line === null || line === undefined) return "";
  if (typeof line !== "object") return withNames(String(line));
  const translated = line.key ? translate(line.key, line.args || {}, line) : undefined;
  return translated ?? withNames(line.text ?? "");
}

/**
 * Returns the log lines with the service's own lines (`notes`: {after, key, args, text}) among
 * them, each after the game's line `after - 1` (given n = after - 0.5). A note older than the
 * oldest line kept waits until earlier lines are paged in (`earlier`); with `upTo` (a replay's
 * newest n) a note written later than that is left out.
 */
export function withNotes(lines, notes, { earlier = false, upTo = null } = {}) {
  if (!Array.isArray(notes) || !notes.length) return lines;
  const first = lines[0]?.n ?? 0;
  const shown = notes
    .filter((note) => (!earlier || note.after > first) && (upTo === null || note.after <= upTo + 1))
    .map((note) => ({ n: note.after - 0.5, key: note.key, args: note.args || {}, text: note.text, note: true }));
  return shown.length ? [...lines, ...shown].sort((x, y) => x.n - y.n) : lines;
}

/**
 * Returns a game's winner line (`<game>.winner(s)`) as the final standing places it: the game
 * names its own winners, but the platform ranks a seat that resigned last, so where
 * the standing's winners differ the line names them, with their score. Other lines unchanged.
 */
export function placedWinnerLine(line, standing) {
  const key = line?.key;
  const winners = standing?.winners;
  if (typeof key !== "string" || !/\.winners?$/.test(key) || !Array.isArray(winners) || !winners.length) return line;
  const who = winners.map((seat) => `{P${seat}}`).join(", ");
  if (who === line.args?.who) return line;
  const n = standing.scores?.[winners[0]] ?? line.args?.n;
  const one = winners.length === 1;
  return {
    ...line,
    key: key.replace(/\.winners?$/, one ? ".winner" : ".winners"),
    args: { ...line.args, who, n },
    text: one ? `${who} wins with ${n} points.` : `${who} share the win with ${n} points.`,
  };
}
