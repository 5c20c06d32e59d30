// The chance that a colony attempt succeeds, from what your seat may know: the colonists on
// the cards you have not seen (the engine lists them as `you.unseen_colonists`; the deck's
// order never reaches the page). Pure: Node tests it (tests/client/goa_chance.test.mjs).

/**
 * Returns the chance (0..1) that two cards drawn from `unseen` bring at least `short`
 * colonists: every pair of distinct cards is equally likely.
 *
 *   colonyChance(0, [0, 1])       -> 1   (nothing is missing)
 *   colonyChance(2, [1, 1, 0])    -> 1/3 (only the pair of ones)
 *   colonyChance(9, [1, 2, 3])    -> 0
 */
export function colonyChance(short, unseen) {
  if (short <= 0) return 1;
  const n = unseen.length;
  if (n < 2) return 0;
  let good = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (unseen[i] + unseen[j] >= short) good++;
  return good / ((n * (n - 1)) / 2);
}
