"""Seeded random games pinned by hash: a faster engine must play exactly the same games.

Each case plays a whole game with ``engines.core.playout.play`` (uniformly random legal
actions, so the order of ``legal_actions`` counts too) and folds every step -- the seat,
the action, the whole state after it, log and undo stack included -- into one SHA-256,
then adds every seat's and the spectator's final view. The hashes were taken
before the engines' speed work (and re-taken when the seed mixing changed); any change of behaviour (a state, a view, a
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


#: (game, players, seed, bot in seat 0) -> hash, re-taken when seeds were mixed once more before they
#: became the generator's state (every game's dice and shuffles moved; the engines did not).
PINS = {
    ("goa", 2, 1, False): "48c91d8a746aeb7048686ba91b94ffa6c4159ff4731fc131e6b05cb300181a68",
    ("goa", 3, 2, False): "4730ddb2a5868198d3209168a7372aac7081429ca37b215f90ad7debe192fe05",
    ("goa", 4, 3, False): "54a9aa6b23f41fcea16b14d7d490a93152ba7d3b08fa92d7932b9df425f76e46",
    ("goa", 4, 4, True): "f38e91a123575217579e229b2c653a320ecdd2498db20d65988119739c3922ae",
    ("gogoa", 1, 1, False): "d92234d426d27c23d5cf56e9c7fe812c557f2f7feca8541e8c7dc5973b30d4e6",
    ("gogoa", 3, 2, False): "f20e31c748f05fb2685836ddd4ace2c480c0aa13138cadaea9156c42dc25399b",
    ("gogoa", 6, 3, False): "66279896fe245c2927b8de67cf9aef81f1992c4ddaf2cdd2bced55de5f07c580",
    ("navegador", 3, 1, False): "098f5fefd2d1c56e3c4b04bda6644ba4a128415703e523a2b9a7242fbba1aca9",
    ("coimbra", 3, 1, False): "7da8eaf53f2c37edaeb558d5a3821136a05018261531d3527e459fb18c273c7e",
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
