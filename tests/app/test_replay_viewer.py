"""The replay viewer: a finished match at version N, as the asking seat saw it then."""

from __future__ import annotations

from app import messages as msg
from tests.app.finished import finished_match
from tests.helpers import Client, started_match


def replay(client: Client, match_id: str, v: int | None = None):
    return client.http.get(f"/api/matches/{match_id}/replay", params={} if v is None else {"v": v})


def test_each_version_shows_each_seat_exactly_what_it_saw_then(server):
    match, people, seen = finished_match(server.base, seats=3, target=11)
    for v, views in enumerate(seen):
        for seat, person in enumerate(people):
            got = replay(person, match["id"], v).json()
            assert got["seat"] == seat and got["v"] == v and got["last_v"] == len(seen) - 1
            assert got["view"] == views[seat]["view"]
            assert got["log"][-len(views[seat]["log"]) :] == views[seat]["log"]


def test_a_replay_never_shows_another_seats_purse_or_private_lines(server):
    match, (ana, _ben), seen = finished_match(server.base)
    picks = 0
    for v in range(len(seen) - 1):  # the final breakdown is public, the game before it is not
        got = replay(ana, match["id"], v).json()
        assert got["view"]["my_purse"] == seen[v][0]["view"]["my_purse"]
        mine = [line for line in got["log"] if line["key"] == "tally.picked"]
        assert all(line["args"]["n"] == 0 for line in mine)  # Ana picks 0, Ben 1: only her own line
        picks = max(picks, len(mine))
    assert picks > 0


def test_a_spectator_replays_the_spectators_view(server):
    match, _, seen = finished_match(server.base)
    zoe = Client(server.base, "Zoe")
    for v in range(len(seen)):
        got = replay(zoe, match["id"], v).json()
        assert got["seat"] is None and got["view"]["my_purse"] is None and got["view"]["legal"] == []
    anonymous = replay(Client(server.base), match["id"], 0)
    assert anonymous.status_code == 200


def test_without_a_version_the_replay_opens_at_the_end_with_the_final_breakdown(server):
    match, (ana, _), seen = finished_match(server.base)
    got = replay(ana, match["id"]).json()
    assert got["v"] == got["last_v"] == len(seen) - 1
    assert got["view"]["over"] and got["view"]["outcome"]["breakdown"] == seen[-1][0]["view"]["outcome"]["breakdown"]


def test_a_version_out_of_range_is_refused(server):
    match, (ana, _), seen = finished_match(server.base)
    r = replay(ana, match["id"], len(seen))
    assert r.status_code == 422 and r.json()["key"] == msg.BAD_VERSION.key
    assert replay(ana, match["id"], -1).status_code == 422


def test_a_match_still_running_has_no_replay(server):
    match, (ana, _) = started_match(server.base)
    r = replay(ana, match["id"], 0)
    assert r.status_code == 409 and r.json()["detail"] == msg.NOT_FINISHED
    assert replay(ana, "no-such-match", 0).status_code == 404


def test_stepping_back_after_a_later_version_gives_the_same_view(server):
    match, (ana, _), seen = finished_match(server.base, target=30)
    last = len(seen) - 1
    assert replay(ana, match["id"], last).json()["view"] == seen[last][0]["view"]
    for v in (last - 1, 17, 16, 1, 0):
        assert replay(ana, match["id"], v).json()["view"] == seen[v][0]["view"]


def test_the_replay_log_is_the_tail_and_earlier_lines_page_as_that_seat_read_them(server):
    match, (ana, _ben), seen = finished_match(server.base, target=60)
    v = len(seen) - 2
    got = replay(ana, match["id"], v).json()
    assert len(got["log"]) == 50 and got["log"] == seen[v][0]["log"]
    oldest = got["log"][0]["n"]
    earlier = ana.http.get(f"/api/matches/{match['id']}/log", params={"before": oldest, "limit": 500}).json()
    assert earlier["lines"] and all(line["n"] < oldest for line in earlier["lines"])
    assert all(line["args"].get("n") == 0 for line in earlier["lines"] if line["key"] == "tally.picked")
