"""Seeded random games pinned by hash: a faster engine must play exactly the same games.

Each case plays a whole game with ``engines.core.playout.play`` (uniformly random legal
actions, so the order of ``legal_actions`` counts too) and folds every step -- the seat,
the action, the whole state after it, log and undo stack included -- into one SHA-256,
then adds every seat's and the spectator's final view. The hashes were taken on main
before the engines' speed work of issue 14; any change of behaviour (a state, a view, a
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


#: (game, players, seed, bot in seat 0) -> hash, taken on main at 6d342e1.
PINS = {
    ("goa", 2, 1, False): "5b3ec63ad90127030f39eb490f0eea7d37b2962f0140b9720ec7dac4fba7103d",
    ("goa", 3, 2, False): "6abc7d770c17bcab6756b35034f6be1a65aa57e6c61fa9004bcd03310ce1bdad",
    ("goa", 4, 3, False): "42844d76da16b754ec43cfdba364ef5b9250f03d421288aad4f773cab0ecbf7d",
    ("goa", 4, 4, True): "e78a4e751df954103f3405682ef49940c5024ee1bc4c2971746d6bc7020fee8e",
    ("gogoa", 1, 1, False): "c42aa664a97810eb7f9dfd79120400ad5cd199a2559cfdb2e314121a87905ec6",
    ("gogoa", 3, 2, False): "3f717024abddd6cc28de06b0f8cf0060e866a7fc725891e7bc7d6760cd11c4b8",
    ("gogoa", 6, 3, False): "ff737b13d9f6de69e71decace9597b552eb99b07f96d5e2d1dfd20ebff2a788c",
    # Re-pinned for issue 14's Navegador view (no move list, stone or market figures): same states.
    ("navegador", 3, 1, False): "e0f696cb529964cfb0cea8909b227ebcc142d2840984f58325fca12a5b92b906",
    ("coimbra", 3, 1, False): "1b9c97af699836f40b14c834c25fa12bb7e9030a4d6a2e7de297fc967af22ec4",
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
