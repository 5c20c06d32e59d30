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


def seed_state(seed: int) -> int:
    """Returns the generator state for a seed (any integer)."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & MASK


def next_u64(state: dict) -> int:
    """Advances ``state["rng"]`` and returns the next 64-bit number."""
    x = (state["rng"] + 0x9E3779B97F4A7C15) & MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
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
