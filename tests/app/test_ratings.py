"""Ratings (openskill, Plackett–Luce): updated as a match finishes, with the library's own
numbers, ranked as the final standing ranks (ties shared, resigned seats last); solo and
unrated matches change nothing. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.app.ratings_play import Expected, play, rater, ratings
from tests.helpers import Client


def close(got: dict, want: dict) -> None:
    assert got == pytest.approx(want, rel=1e-12, abs=1e-12)


def test_a_sequence_of_matches_gives_openskills_own_numbers(server):
    ana, ben, carla = (Client(server.base, n) for n in ("Ana", "Ben", "Carla"))
    want = Expected()
    for host, others in ((ana, [ben]), (ana, [ben, carla]), (carla, [ben]), (ben, [carla, ana])):
        want.add(play(host, others))
    for p in (ana, ben, carla):
        close(ratings(ana, p.id)["tally"], want.of(p.id))


def test_shared_places_are_ties_for_the_ratings(server):
    ana, ben, carla = (Client(server.base, n) for n in ("Ana", "Ben", "Carla"))
    # Seed 44 ends with two seats on the same score (found by playing the fixture game).
    done = play(ana, [ben, carla], seed=44)
    places = done["outcome"]["places"]
    assert sorted(places) == [1, 2, 2]
    want = Expected()
    want.add(done)
    tied = [rater(done, s) for s in range(3) if places[s] == 2]
    got = [ratings(ana, w)["tally"] for w in tied]
    assert got[0]["mu"] == got[1]["mu"] == pytest.approx(want.of(tied[0])["mu"], rel=1e-12)


def test_a_resigned_seat_ranks_last_for_the_ratings(server):
    ana, ben, carla = (Client(server.base, n) for n in ("Ana", "Ben", "Carla"))
    done = play(ana, [ben, carla], resign=ana)
    assert done["outcome"]["places"][0] == 3  # the standing puts Ana last whatever her bot scored
    want = Expected()
    want.add(done)
    for p in (ana, ben, carla):
        close(ratings(ana, p.id)["tally"], want.of(p.id))
    record = ana.http.get(f"/api/players/{ana.id}/record", params={"game": "tally"}).json()
    assert record["last"][0]["place"] == 3 and record["wins"] == 0


def test_bots_are_rated_as_one_identity_per_level(server):
    ana, ben = Client(server.base, "Ana"), Client(server.base, "Ben")
    before = (
        ratings(ana, "bot:normal").get("tally") if ana.http.get("/api/players/bot:normal/ratings").is_success else None
    )
    want = Expected()
    if before:
        want.now["bot:normal"] = (before["mu"], before["sigma"])
        want.games["bot:normal"], want.wins["bot:normal"] = before["games"], before["wins"]
    done = play(ana, [ben], bots=(2, 3))  # two bot seats: one identity, the mean of its two results
    assert [s["level"] for s in done["seats"][2:]] == ["normal", "normal"]
    want.add(done)
    close(ratings(ana, "bot:normal")["tally"], want.of("bot:normal"))
    close(ratings(ana, ana.id)["tally"], want.of(ana.id))


def test_solo_and_unrated_matches_change_no_rating(server):
    ana, ben = Client(server.base, "Ana"), Client(server.base, "Ben")
    solo = play(ana, [], bots=(1,))
    assert solo["rated"] is True  # rated by default, but one person against a bot is practice
    unrated = play(ana, [ben], rated=False)
    assert unrated["rated"] is False
    assert ratings(ana, ana.id) == {} and ratings(ana, ben.id) == {}


def test_only_the_host_marks_an_open_match_unrated(server):
    ana, ben = Client(server.base, "Ana"), Client(server.base, "Ben")
    match = ana.create(seats=2, options={"target": 7})
    path = f"/api/matches/{match['id']}/rated"
    assert ben.post(path, {"rated": False}).status_code == 403
    r = ana.post(path, {"rated": False})
    assert r.status_code == 200 and r.json()["rated"] is False
    assert ben.post(f"/api/matches/{match['id']}/join").status_code == 200
    assert ana.post(f"/api/matches/{match['id']}/start").status_code == 200
    assert ana.post(path, {"rated": True}).status_code == 409  # not before the start any more
    assert ana.post(path, {"rated": "no"}).status_code == 422


def test_an_unknown_player_has_no_ratings(server):
    r = Client(server.base).http.get("/api/players/nobody-at-all/ratings")
    assert r.status_code == 404


def test_a_rematch_keeps_the_hosts_choice_and_the_bots_level(server):
    ana, ben = Client(server.base, "Ana"), Client(server.base, "Ben")
    unrated = play(ana, [ben], rated=False, bots=(2,))
    r = ben.post(f"/api/matches/{unrated['id']}/rematch")
    assert r.status_code == 200, r.text
    assert r.json()["rated"] is False
    assert [s["level"] for s in r.json()["seats"] if s["kind"] == "bot"] == ["normal"]
