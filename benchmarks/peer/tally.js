// Tally for boardgame.io: the same game as Caravela's test fixture (tests/fixture_game.py),
// so both servers run the same rules under the same load.
//
// Seats take turns adding 1-3 to a shared total. Each time the total passes a multiple of 5,
// every seat secretly picks 0-9 at once; when the last pick is in, the highest pick alone
// scores a point. Each seat has a secret purse, growing by what it adds: `playerView` shows a
// seat its own purse and pick only, as Caravela's seat views do.
const { INVALID_MOVE } = require('boardgame.io/core');

const SEATS_PICK = { all: 'pick', minMoves: 1, maxMoves: 1 };

function reveal(G) {
  const best = Math.max(...G.picks);
  if (G.picks.filter((p) => p === best).length === 1) G.points[G.picks.indexOf(best)] += 1;
  G.picks = null;
}

function add({ G, ctx, events }, n) {
  if (!Number.isInteger(n) || n < 1 || n > 3 || G.picks !== null) return INVALID_MOVE;
  const before = G.total;
  G.total += n;
  G.purse[ctx.currentPlayer] += n;
  if (G.total >= G.target) return undefined; // endIf ends the match
  if (Math.floor(G.total / 5) > Math.floor(before / 5)) {
    G.picks = Array(ctx.numPlayers).fill(null);
    events.setActivePlayers(SEATS_PICK);
  } else {
    events.endTurn();
  }
  return undefined;
}

function pick({ G, playerID, events }, n) {
  if (!Number.isInteger(n) || n < 0 || n > 9 || G.picks === null || G.picks[playerID] !== null) {
    return INVALID_MOVE;
  }
  G.picks[playerID] = n;
  if (G.picks.every((p) => p !== null)) {
    reveal(G);
    events.endTurn();
  }
  return undefined;
}

const Tally = {
  name: 'tally',
  setup: ({ ctx, random }) => ({
    total: 0,
    target: 60,
    points: Array(ctx.numPlayers).fill(0),
    purse: Array.from({ length: ctx.numPlayers }, () => random.Die(100)),
    picks: null,
  }),
  moves: { add },
  turn: { stages: { pick: { moves: { pick } } } },
  endIf: ({ G }) => (G.total >= G.target ? { points: G.points } : undefined),
  playerView: ({ G, playerID }) => ({
    total: G.total,
    target: G.target,
    points: G.points,
    picked: G.picks === null ? null : G.picks.map((p) => p !== null),
    my_pick: G.picks === null || playerID == null ? null : G.picks[playerID],
    my_purse: playerID == null ? null : G.purse[playerID],
  }),
};

module.exports = { Tally };
