// Names that stay apart: two players may both be called "Ana", so where a name repeats
// among the seats shown together, each gets a short tag from its player id. Look-alike
// names count as the same: the server sends each seat's `name_key`, what its name looks
// like (Cyrillic "Во" and Latin "Bo" share one), from a Unicode confusables library.

/** Returns the short tag that tells a player apart: "#" and the first four characters of its id. */
export function tagOf(playerId) {
  return `#${String(playerId || "").slice(0, 4)}`;
}

/** Returns what a seat's name looks like: the server's key, else the name without case or spaces. */
function looks(s) {
  return s.name_key || String(s.name).trim().toLocaleLowerCase();
}

/**
 * Returns each seat's name as it should be shown: with its tag where another player on
 * the list has the same or a look-alike name.
 */
export function shownNames(seats) {
  const players = new Map(); // what a name looks like -> set of player ids
  for (const s of seats) {
    if (s.kind !== "player" || !s.player_id) continue;
    const key = looks(s);
    if (!players.has(key)) players.set(key, new Set());
    players.get(key).add(s.player_id);
  }
  return seats.map((s) => {
    const same = players.get(looks(s));
    return s.kind === "player" && same && same.size > 1 ? `${s.name} ${tagOf(s.player_id)}` : s.name;
  });
}
