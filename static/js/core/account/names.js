// Names that stay apart: two players may both be called "Ana", so where a name repeats
// among the seats shown together, each gets a short tag from its player id.

/** Returns the short tag that tells a player apart: "#" and the first four characters of its id. */
export function tagOf(playerId) {
  return `#${String(playerId || "").slice(0, 4)}`;
}

/**
 * Returns each seat's name as it should be shown: with its tag where another player on
 * the list has the same name (compared without case or surrounding spaces).
 */
export function shownNames(seats) {
  const players = new Map(); // name -> set of player ids
  for (const s of seats) {
    if (s.kind !== "player" || !s.player_id) continue;
    const key = s.name.trim().toLocaleLowerCase();
    if (!players.has(key)) players.set(key, new Set());
    players.get(key).add(s.player_id);
  }
  return seats.map((s) => {
    const same = players.get(String(s.name).trim().toLocaleLowerCase());
    return s.kind === "player" && same && same.size > 1 ? `${s.name} ${tagOf(s.player_id)}` : s.name;
  });
}
