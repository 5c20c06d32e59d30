"""The ladder command: a tiny run prints its table and, last, the JSON summary."""

from __future__ import annotations

import json
import math

import pytest
from openskill.models import PlackettLuce

from engines.ladder import LADDER, cpu_budget_only, ladder, lineups, main


def test_a_tiny_ladder_ends_with_its_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARAVELA_BOT_PLAYOUTS", "1")
    main(["goa", "--players", "2", "--games", "4", "--budget-ms", "50", "--seed", "3", "--quiet"])
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert (summary["game"], summary["players"], summary["games"], summary["budget_ms"]) == ("goa", 2, 4, 50)
    assert set(summary["levels"]) == set(LADDER)
    for level in summary["levels"].values():
        assert set(level) == {"mu", "sigma", "ordinal", "win_rate", "win_rate_ci95"}
        lo, hi = level["win_rate_ci95"]
        assert 0 <= lo <= level["win_rate"] <= hi <= 1
    assert sum(summary["levels"][lv]["win_rate"] for lv in LADDER) > 0
    assert any(line.startswith("level") for line in lines[:-1])


def test_every_level_sits_in_every_seat() -> None:
    seen: set[tuple[int, str]] = set()
    order = lineups(LADDER, 2)
    for _ in range(12):
        seen.update(enumerate(next(order)))
    assert seen == {(seat, level) for seat in (0, 1) for level in LADDER}


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["goa", "--levels", "random,shark"])


def test_a_level_at_several_seats_is_still_rated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two levels at three seats: each game rates the levels, each by its best-placed seat."""
    monkeypatch.setenv("CARAVELA_BOT_PLAYOUTS", "1")
    summary = ladder("goa", 3, 3, seed=5, levels=("random", "normal"), show=False)
    fresh = PlackettLuce().rating()
    for level in ("random", "normal"):
        assert summary["levels"][level]["sigma"] < fresh.sigma, f"{level} was never rated"
    assert summary["levels"]["normal"]["mu"] > summary["levels"]["random"]["mu"]


def test_games_in_worker_processes_come_out_as_in_one() -> None:
    """``jobs`` plays the games in separate processes; the same seeds give the same ladder."""
    serial = ladder("goa", 2, 4, seed=11, levels=("random", "easy", "normal"), show=False)
    parallel = ladder("goa", 2, 4, seed=11, levels=("random", "easy", "normal"), show=False, jobs=2)
    assert parallel == serial


def test_a_ladder_counts_the_budget_in_cpu_time_alone() -> None:
    """On a loaded machine the wall-clock bound would cut a strong bot's search short."""
    from engines import search

    factor = search.WALL_FACTOR
    wall = [0.0]
    with cpu_budget_only():
        budget = search.Budget(100, cpu=lambda: 0.0, wall=lambda: wall[0])
        wall[0] = 1000.0  # a starved bot: no CPU, a long wait
        assert not budget.spent()
    assert factor == search.WALL_FACTOR


def test_the_ladder_plays_with_the_wall_clock_bound_lifted(monkeypatch: pytest.MonkeyPatch) -> None:
    from engines import ladder as ladder_module
    from engines import search

    seen = []

    def play_one(game_id: str, lineup: tuple[str, ...], seed: int) -> list[int]:
        seen.append(search.WALL_FACTOR)
        return [1, 2]

    monkeypatch.setattr(ladder_module, "play_one", play_one)
    ladder("goa", 2, 2, seed=0, levels=("normal", "strong"), show=False)
    assert seen == [math.inf, math.inf]
