"""Seeded randomness whose whole state lives inside the game state.

The generator is SplitMix64: one 64-bit integer of state, stored as
``state["rng"]``. Views never include it (``Game.view`` builds views from
the game's own ``seat_view``, which must not copy it).

>>> s = {"rng": seed_state(7)}
>>> a = randint(s, 1, 6); b = randint(s, 1, 6)
>>> s2 = {"rng": seed_state(7)}
>>> (a, b) == (randint(s2, 1, 6), randint(s2, 1, 6))
True
"""

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15

#: How a seed becomes the generator's state. Format 0 put the seed through a linear step
#: only, so seed n+1 started where seed n stood after one draw (consecutive seeds were one
#: stream shifted by a die); format 1 mixes that once more, so neighbouring seeds start far
#: apart. A match keeps the format it was dealt with, so old matches replay as they were played.
SEED_FORMAT = 1


def mix(z: int) -> int:
    """SplitMix64's output function: a bijection on 64 bits in which every input bit moves
    about half the output bits.

    >>> mix(0), mix(1) != mix(0) + 1
    (0, True)
    """
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def seed_state(seed: int, seed_format: int = SEED_FORMAT) -> int:
    """Returns the generator state for a seed (any integer) in a seed format.

    >>> seed_state(1, 0) == (seed_state(0, 0) + GAMMA) & MASK  # format 0: a shifted stream
    True
    >>> seed_state(1) == (seed_state(0) + GAMMA) & MASK
    False
    """
    linear = (int(seed) * GAMMA + 0x2545F4914F6CDD1D) & MASK
    if seed_format == 0:
        return linear
    if seed_format == 1:
        return mix(linear)
    raise ValueError(f"unknown seed format {seed_format}")


def next_u64(state: dict) -> int:
    """Advances ``state["rng"]`` and returns the next 64-bit number."""
    x = (state["rng"] + GAMMA) & MASK
    state["rng"] = x
    # mix(x), written out: this is the hottest call of a random playout.
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def randint(state: dict, low: int, high: int) -> int:
    """Returns an integer in ``[low, high]``, both inclusive (like ``random.randint``)."""
    span = high - low + 1
    if span <= 0:
        raise ValueError(f"empty range {low}..{high}")
    # Rejection sampling keeps every value equally likely.
    limit = (1 << 64) - ((1 << 64) % span)
    while True:
        r = next_u64(state)
        if r < limit:
            return low + r % span


def shuffle(state: dict, items: list) -> list:
    """Shuffles ``items`` in place (Fisher-Yates) and returns it."""
    for i in range(len(items) - 1, 0, -1):
        j = randint(state, 0, i)
        items[i], items[j] = items[j], items[i]
    return items


def choice(state: dict, items: list):
    """Returns one element of a non-empty list."""
    return items[randint(state, 0, len(items) - 1)]
