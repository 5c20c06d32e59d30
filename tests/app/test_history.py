"""The list of finished matches: public, newest first, paged, by game and by player, with scores."""

from __future__ import annotations

from tests.app.finished import finished_match
from tests.helpers import Client, started_match


def history(base: str, **query) -> dict:
    r = Client(base, "Zoe").http.get("/api/history", params=query)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_finished_match_is_listed_publicly_with_its_final_scores(server):
    match, (ana, _ben), seen = finished_match(server.base)
    listed = {m["id"]: m for m in history(server.base, player=ana.id)["matches"]}
    entry = listed[match["id"]]
    outcome = seen[-1][0]["view"]["outcome"]
    assert entry["status"] == "finished" and entry["finished_at"]
    assert entry["outcome"] == {k: outcome[k] for k in ("scores", "ranking", "places", "winners")}
    assert [s["name"] for s in entry["seats"]] == ["Ana", "Ben"]


def test_running_and_open_matches_are_not_history(server):
    running, (ana, _) = started_match(server.base)
    opened = ana.create()
    ids = {m["id"] for m in history(server.base, player=ana.id)["matches"]}
    assert running["id"] not in ids and opened["id"] not in ids


def test_the_list_is_newest_first_and_paged(server):
    first, _, _ = finished_match(server.base)
    second, _, _ = finished_match(server.base)
    page = history(server.base, limit=1)
    assert page["total"] >= 2 and len(page["matches"]) == 1
    assert page["matches"][0]["id"] == second["id"]
    assert history(server.base, limit=1, offset=1)["matches"][0]["id"] == first["id"]


def test_the_player_filter_keeps_only_matches_that_player_sat_in(server):
    mine, (ana, _), _ = finished_match(server.base)
    finished_match(server.base)  # someone else's
    ids = [m["id"] for m in history(server.base, player=ana.id)["matches"]]
    assert ids == [mine["id"]]
    assert history(server.base, player="nobody-at-all")["matches"] == []


def test_the_game_filter_keeps_one_game_and_refuses_an_unknown_one(server):
    done, _, _ = finished_match(server.base)
    assert done["id"] in {m["id"] for m in history(server.base, game="tally")["matches"]}
    assert history(server.base, game="goa")["total"] == 0 or all(
        m["game"] == "goa" for m in history(server.base, game="goa")["matches"]
    )
    r = Client(server.base).http.get("/api/history", params={"game": "chess"})
    assert r.status_code == 422


def test_history_holds_no_hidden_state(server):
    done, _, _ = finished_match(server.base)
    entry = next(m for m in history(server.base)["matches"] if m["id"] == done["id"])
    assert "state" not in entry and "seed" not in entry and "breakdown" not in entry["outcome"]
