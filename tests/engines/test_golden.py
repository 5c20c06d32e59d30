"""Golden playthroughs replay to their pinned views and outcome (see ``tests/engines/golden``).

A failure here means the rules or the views changed. If that was meant, regenerate with
``.venv/bin/python -m tests.engines.golden --regenerate <name>`` and justify any score change.
"""

from __future__ import annotations

import pytest

import engines
from tests.engines import golden
from tests.engines.golden import (
    CASES,
    HERE,
    GoldenMismatch,
    build,
    check,
    dumps,
    load,
    name_of,
    path_of,
    pinned_versions,
    save,
)
from tests.engines.golden.__main__ import main

NAMES = [name_of(g, n) for g, n, _ in CASES]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES, ids=NAMES)
def test_recorded_game_replays_to_its_pinned_views_and_outcome(game_id, players, seed):
    path = path_of(game_id, players)
    assert path.exists(), f"{path.name} is missing: python -m tests.engines.golden --regenerate {game_id}"
    check(load(path))


def test_every_record_on_disk_is_a_listed_case():
    assert sorted(p.stem for p in HERE.glob("*.json")) == sorted(NAMES)


def test_every_game_has_records_at_its_fewest_and_most_players():
    # A new game adds its rows to CASES and runs --regenerate <id> (a quality gate of docs/design.md).
    recorded = {(g, n) for g, n, _ in CASES}
    for game in engines.GAMES.values():
        for players in (game.min_players, game.max_players):
            assert (game.id, players) in recorded, f"no golden playthrough for {name_of(game.id, players)}"


def test_records_pin_the_setup_the_end_and_a_handful_of_versions_between():
    for game_id, players, _ in CASES:
        rec = load(path_of(game_id, players))
        assert [p["v"] for p in rec["views"]] == pinned_versions(rec["steps"], rec["every"])
        assert rec["views"][-1]["v"] == rec["steps"] == len(rec["actions"])
        assert len(rec["views"]) <= 10 and all(len(p["seats"]) == players for p in rec["views"])


def pinned_now(game_id: str, players: int) -> dict:
    """Returns a record re-pinned from the current engines, so the checker's tests do not depend on drift."""
    rec = load(path_of(game_id, players))
    return build(game_id, players, rec["seed"], rec["actions"], rec["options"])


def test_a_changed_score_fails_with_expected_and_got():
    rec = pinned_now("goa", 2)
    got = list(rec["outcome"]["scores"])
    rec["outcome"]["scores"][0] += 1
    with pytest.raises(GoldenMismatch) as err:
        check(rec)
    assert f"final scores differ: expected {rec['outcome']['scores']}, got {got}" in str(err.value)
    assert "--regenerate goa-2p" in str(err.value)


def test_a_changed_view_names_the_first_version_and_seat_that_differ():
    rec = pinned_now("tally", 2)
    second = rec["views"][1]
    second["seats"][1] = [{"op": "replace", "path": "/my_pick", "value": 9}]
    rec["views"][2]["spectator"] = {**rec["views"][2]["spectator"], "total": -1}
    with pytest.raises(GoldenMismatch) as err:
        check(rec)
    assert f"version {second['v']}: the view of seat 1 differs" in str(err.value)
    assert f"later pinned versions [{rec['views'][2]['v']}]" in str(err.value)


def test_a_changed_view_is_shown_as_the_lines_that_moved():
    rec = pinned_now("tally", 2)
    pinned = rec["views"][1]["spectator"]
    rec["views"][1]["spectator"] = {**pinned, "total": pinned["total"] + 100}
    with pytest.raises(GoldenMismatch) as err:
        check(rec)
    assert f'- "total": {pinned["total"] + 100},' in str(err.value)
    assert f'+ "total": {pinned["total"]},' in str(err.value)


def test_a_refused_action_names_its_version_and_seat():
    rec = pinned_now("tally", 2)
    seat, action = rec["actions"][3]
    rec["actions"][3] = [seat, {**action, "n": 99}]
    with pytest.raises(GoldenMismatch, match=f"version 4: seat {seat}'s recorded action .* is refused"):
        check(rec)


def test_a_record_cut_short_says_the_game_is_not_over():
    rec = pinned_now("tally", 4)
    del rec["actions"][-1]
    with pytest.raises(GoldenMismatch, match="the game is not over"):
        check(rec)


def test_files_are_written_in_the_one_readable_layout():
    for game_id, players, _ in CASES:
        path = path_of(game_id, players)
        assert dumps(load(path)) == path.read_text(encoding="utf-8"), f"{path.name} was edited by hand"


def test_the_command_checks_without_writing(tmp_path, monkeypatch, capsys):
    rec = pinned_now("tally", 1)
    monkeypatch.setattr(golden, "HERE", tmp_path)
    written = save(rec).read_text(encoding="utf-8")
    assert main(["tally-1p"]) == 0
    assert capsys.readouterr().out == "tally-1p: ok\n"
    assert path_of("tally", 1).read_text(encoding="utf-8") == written
