"""A player's record in a game and the leaderboards: what they hold, and who may see which.

The record's figures are recomputed here from the finished matches' public summaries.
SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.app.ratings_play import ADMIN, Expected, play
from tests.helpers import Client


def record(client: Client, who: str, game: str = "tally") -> dict:
    r = client.http.get(f"/api/players/{who}/record", params={"game": game})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_record_holds_the_rating_history_counts_scores_last_results_and_head_to_head(server):
    ana, ben, carla = (Client(server.base, n) for n in ("Ana", "Ben", "Carla"))
    done = [play(ana, [ben]), play(ben, [ana, carla]), play(carla, [ana], bots=(2,)), play(ana, [ben])]
    want = Expected()
    ordinals = []
    for m in done:
        want.add(m)
        ordinals.append(want.of(ana.id)["ordinal"])
    got = record(Client(server.base, "Zoe"), ana.id)  # anyone may read it
    assert got["player"] == {"id": ana.id, "name": "Ana", "bot": None}
    assert got["rating"] == pytest.approx(want.of(ana.id), rel=1e-12)
    assert [h["match_id"] for h in got["history"]] == [m["id"] for m in done]
    assert [h["ordinal"] for h in got["history"]] == pytest.approx(ordinals, rel=1e-12)
    seat = [next(s["seat"] for s in m["seats"] if s["player_id"] == ana.id) for m in done]
    scores = [m["outcome"]["scores"][s] for m, s in zip(done, seat, strict=True)]
    places = [m["outcome"]["places"][s] for m, s in zip(done, seat, strict=True)]
    assert got["games"] == 4 and got["wins"] == places.count(1)
    assert got["best_score"] == max(scores)
    assert got["average_score"] == pytest.approx(sum(scores) / 4, abs=0.05)
    latest = got["last"][0]
    assert [x["match_id"] for x in got["last"]] == [m["id"] for m in reversed(done)]
    assert latest["replay"] == f"/m/{done[-1]['id']}?v=0"
    assert (latest["place"], latest["score"], latest["seats"]) == (places[-1], scores[-1], 2)
    assert latest["change"] == pytest.approx(ordinals[-1] - ordinals[-2], rel=1e-9)
    assert {o["name"] for o in got["last"][1]["opponents"]} == {"Carla", "Bot · normal"}
    versus = {h["name"]: h for h in got["head_to_head"]}
    assert set(versus) == {"Ben", "Carla", "Bot · normal"}
    ben_games = [(m, s) for m, s in zip(done, seat, strict=True) if any(x["player_id"] == ben.id for x in m["seats"])]
    beat = sum(
        m["outcome"]["places"][s]
        < m["outcome"]["places"][next(x["seat"] for x in m["seats"] if x["player_id"] == ben.id)]
        for m, s in ben_games
    )
    assert versus["Ben"]["games"] == 3 and versus["Ben"]["wins"] == beat
    assert versus["Ben"]["wins"] + versus["Ben"]["losses"] + versus["Ben"]["draws"] == 3
    bot = record(ana, "bot:normal")
    assert bot["player"] == {"id": "bot:normal", "name": "Bot · normal", "bot": "normal"}
    assert ana.id in {h["id"] for h in bot["head_to_head"]}


def test_a_record_shows_nothing_the_public_summary_does_not(server):
    ana, ben = Client(server.base, "Ana"), Client(server.base, "Ben")
    done = play(ana, [ben])
    got = record(ana, ben.id)["last"][0]
    outcome = done["outcome"]
    ben_seat = next(s["seat"] for s in done["seats"] if s["player_id"] == ben.id)
    assert got["place"] == outcome["places"][ben_seat] and got["score"] == outcome["scores"][ben_seat]
    assert got["opponents"] == [{"id": ana.id, "name": "Ana", "bot": None, "place": outcome["places"][1 - ben_seat]}]
    assert set(got) == {"match_id", "at", "place", "seats", "score", "ordinal", "change", "opponents", "replay"}


def test_a_record_asks_for_a_known_game_and_player(server):
    ana = Client(server.base, "Ana")
    assert ana.http.get(f"/api/players/{ana.id}/record", params={"game": "chess"}).status_code == 422
    assert ana.http.get(f"/api/players/{ana.id}/record").status_code == 422
    assert ana.http.get("/api/players/nobody-at-all/record", params={"game": "tally"}).status_code == 404
    assert ana.http.get("/api/players/bot:genius/record", params={"game": "tally"}).status_code == 404
    empty = record(ana, ana.id)
    assert empty["rating"] is None and empty["games"] == 0 and empty["history"] == []


def test_the_leaderboard_is_your_circle_and_server_wide_for_the_admin(server):
    ana, ben, carla, dan, eve = (Client(server.base, n) for n in ("Ana", "Ben", "Carla", "Dan", "Eve"))
    play(ana, [ben])
    play(ben, [carla])
    play(dan, [eve])
    board = ana.http.get("/api/leaderboard", params={"game": "tally"})
    assert board.status_code == 200, board.text
    ids = [p["id"] for p in board.json()["players"]]
    assert set(ids) == {ana.id, ben.id}  # Carla played Ben, not Ana: outside Ana's circle
    ordinals = [p["ordinal"] for p in board.json()["players"]]
    assert ordinals == sorted(ordinals, reverse=True) and board.json()["players"][0]["rank"] == 1
    assert set(p["id"] for p in ben.http.get("/api/leaderboard", params={"game": "tally"}).json()["players"]) >= {
        ana.id,
        ben.id,
        carla.id,
    }
    anyone = Client(server.base, "Zoe").http
    del anyone.headers["authorization"]
    assert anyone.get("/api/leaderboard", params={"game": "tally"}).status_code == 401
    wide = {"game": "tally", "circle": "false"}
    assert ana.http.get("/api/leaderboard", params=wide).status_code == 401  # a player's token is not the admin's
    everyone = anyone.get("/api/leaderboard", params=wide, headers=ADMIN)
    assert everyone.status_code == 200 and everyone.json()["circle"] is False
    assert {ana.id, ben.id, carla.id, dan.id, eve.id} <= {p["id"] for p in everyone.json()["players"]}
    row = next(p for p in everyone.json()["players"] if p["id"] == dan.id)
    assert set(row) == {"rank", "id", "name", "bot", "mu", "sigma", "ordinal", "games", "wins"}


def test_a_players_ratings_list_every_game_with_games_and_wins(server):
    ana, ben = Client(server.base, "Ana"), Client(server.base, "Ben")
    m = play(ana, [ben])
    got = ana.http.get(f"/api/players/{ana.id}/ratings").json()["ratings"]
    assert [r["game"] for r in got] == ["tally"]
    assert got[0]["games"] == 1 and got[0]["wins"] == int(m["outcome"]["places"][0] == 1)
