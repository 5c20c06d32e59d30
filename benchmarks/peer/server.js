// boardgame.io's own server (Koa + socket.io) with the tally game, for benchmarks/bench_peer.py.
//
//   NODE_PATH=<dir>/node_modules node server.js --port 9000 [--storage memory|flatfile --dir DIR]
//
// "memory" is boardgame.io's default (InMemory: nothing survives a restart); "flatfile" is its
// persisted store (node-persist: one file per key, written after the move is sent to clients).
const { Server, FlatFile } = require('boardgame.io/server');
const { Tally } = require('./tally');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const storage = option('storage', 'memory');
const db = storage === 'flatfile' ? new FlatFile({ dir: option('dir'), logging: false }) : undefined;
const server = Server({ games: [Tally], db, origins: ['*'] });
server.run(Number(option('port', '8000')));
