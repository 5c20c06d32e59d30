// The log in groups (a round, a day): a renderer may export `logGroup(line)`, true for a line
// that opens a group (Goa's "Part A, round 2.", Go Goa's "Day 3: ..."). The panel shows the
// newest group on top, and inside a group the lines in play order under their header line.
// Pure: Node tests it (tests/client/loggroups.test.mjs).

/**
 * Returns the lines (oldest first) cut into groups, oldest group first; each group is
 * `{head, lines}` where `head` is the opening line (null for lines before the first one)
 * and `lines` the rest in play order.
 *
 *   groupLines([{n: 0}, {n: 1, h: 1}, {n: 2}], (l) => !!l.h)
 *     -> [{head: null, lines: [{n: 0}]}, {head: {n: 1, h: 1}, lines: [{n: 2}]}]
 */
export function groupLines(lines, opens) {
  const groups = [];
  for (const line of lines) {
    if (opens(line)) groups.push({ head: line, lines: [] });
    else if (groups.length) groups[groups.length - 1].lines.push(line);
    else groups.push({ head: null, lines: [line] });
  }
  return groups;
}
