"""Seeded random games pinned by hash: a faster engine must play exactly the same games.

Each case plays a whole game with ``engines.core.playout.play`` (uniformly random legal
actions, so the order of ``legal_actions`` counts too) and folds every step -- the seat,
the action, the whole state after it, log and undo stack included -- into one SHA-256,
then adds every seat's and the spectator's final view. The hashes were taken on main
before the engines' speed work; any change of behaviour (a state, a view, a
log line, the order of the legal actions) fails here. The Goa case with a bot also pins
the bot's choices, which read views.

If a change of the rules is meant, print the new hashes with
``.venv/bin/python -m tests.engines.test_random_play_pins`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import engines
from engines.core.playout import play
from engines.goa import bot as goa_bot


def canonical(obj) -> bytes:
    """Returns the canonical JSON bytes of a state, view or action."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def goa_bot_in_seat_0(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """The Goa bot in seat 0 against random players (as ``benchmarks/bench_goa.py`` plays it)."""
    game = engines.get_game("goa")
    return goa_bot.choose(game.view(state, seat), seat, rnd) if seat == 0 else rnd.choice(legal)


def game_hash(game_id: str, players: int, seed: int, bot: bool = False) -> str:
    """Returns the hash of a whole seeded game: every step's state, then the final views."""
    game = engines.get_game(game_id)
    digest = hashlib.sha256()

    def fold(before: dict, after: dict, seat: int, action: dict) -> None:
        digest.update(canonical([seat, action, after]))

    kw = {"choose": goa_bot_in_seat_0} if bot else {}
    result = play(game, players, seed, check=fold, **kw)
    for seat in [*range(players), None]:
        digest.update(canonical(game.view(result.state, seat)))
    return digest.hexdigest()


#: (game, players, seed, bot in seat 0) -> hash, taken when log lines stopped carrying their English text.
PINS = {
    ("goa", 2, 1, False): "4d2de8bdbacd3c53d6364beb55be114a1f5dfef7f3519326f48699ba1d6e19e8",
    ("goa", 3, 2, False): "1cf23f182794aa0d57349afd9716a9ee0be408cff24c0526f26c2803e7b81d50",
    ("goa", 4, 3, False): "0fc9217cf0bf40a07348b3154fd8488344eb873e6950967a44702ba5e7a05a30",
    ("goa", 4, 4, True): "00ff8fc0821a25f042e891edb3a02fd81309b2102da205ef5cf6fb7aba07bcd9",
    ("gogoa", 1, 1, False): "bf47d21d3545bb0a73b7bc95ef05d02f521e472b9145c8b109f101a96829cc0c",
    ("gogoa", 3, 2, False): "3507227fcfb4dce70761ae4cd06ee38dd7729b447f55b7244fbe6c931b52daea",
    ("gogoa", 6, 3, False): "e106ecdbafccdc32253825d09b413f5c4136653cc207d6fd2c5edb3639b8f239",
    # Re-pinned for the slimmer Navegador view (no move list, stone or market figures): same states.
    ("navegador", 3, 1, False): "0747f83656c9c74d56f723b758de7c7dc3e92651bae2c815590997622a12a9a0",
    ("coimbra", 3, 1, False): "56c9098d51b1bda2b1fa9c7927a353b35fe6d9becd536a96d19df6e225df75a3",
}


@pytest.mark.parametrize("case", list(PINS), ids=[f"{g}-{n}p-seed{s}{'-bot' if b else ''}" for g, n, s, b in PINS])
def test_seeded_random_game_plays_exactly_as_pinned(case):
    assert game_hash(*case) == PINS[case]


if __name__ == "__main__":
    for case in [
        ("goa", 2, 1, False),
        ("goa", 3, 2, False),
        ("goa", 4, 3, False),
        ("goa", 4, 4, True),
        ("gogoa", 1, 1, False),
        ("gogoa", 3, 2, False),
        ("gogoa", 6, 3, False),
        ("navegador", 3, 1, False),
        ("coimbra", 3, 1, False),
    ]:
        print(f"    {case!r}: {game_hash(*case)!r},")
