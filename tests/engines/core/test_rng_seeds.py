"""Consecutive seeds are independent games (a tournament's admin-fixed seeds 1, 2, 3 …).

The first mixing made seed n+1's generator state equal to seed n's after one draw, so
seed n+1's rolls were seed n's moved along by one die.
"""

from engines.core.rng import next_u64, randint, seed_state

SEEDS = range(500, 600)


def first_rolls(seed: int, n: int, seed_format: int | None = None) -> list[int]:
    s = {"rng": seed_state(seed) if seed_format is None else seed_state(seed, seed_format)}
    return [randint(s, 1, 6) for _ in range(n)]


def test_a_seed_does_not_start_where_the_seed_before_it_goes_on():
    for seed in SEEDS:
        before = {"rng": seed_state(seed)}
        after = {"rng": seed_state(seed + 1)}
        ahead = [next_u64(before) for _ in range(64)]
        assert next_u64(after) not in ahead, seed


def test_first_rolls_of_consecutive_seeds_are_unrelated():
    # chi-squared on the 6x6 table of (seed n's k-th roll, seed n+1's k-th roll), 100 pairs of
    # games and 10 rolls each; 35 degrees of freedom, 66.6 is the 0.1 % point.
    counts = [[0] * 6 for _ in range(6)]
    for seed in SEEDS:
        for a, b in zip(first_rolls(seed, 11)[1:], first_rolls(seed + 1, 10), strict=True):
            counts[a - 1][b - 1] += 1
    total = sum(map(sum, counts))
    expected = total / 36
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    assert chi2 < 66.6, chi2


def test_the_first_format_still_gives_its_old_stream():
    # Matches stored before the mixing changed replay with the mixing they were dealt with.
    s = {"rng": seed_state(7, 0)}
    assert s["rng"] == (7 * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & ((1 << 64) - 1)
    assert first_rolls(501, 5, 0) == first_rolls(500, 6, 0)[1:]


def test_seed_state_is_a_pure_function_of_seed_and_format():
    assert seed_state(42) == seed_state(42)
    assert seed_state(42, 0) != seed_state(42, 1)
