"""Two conflicting actions at once: exactly one is applied (SQLite and PostgreSQL)."""

from concurrent.futures import ThreadPoolExecutor

from tests.helpers import Client, started_match


def test_two_conflicting_actions_at_once_apply_exactly_one(server):
    for _ in range(5):
        match, (ana, _ben) = started_match(server.base)
        twin = Client(server.base, "Ana-tab-2")
        twin.http.headers["authorization"] = ana.http.headers["authorization"]
        mid = match["id"]
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda c, mid=mid: c.act(mid, {"type": "add", "n": 1}, v=0), (ana, twin)))
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        assert ana.view(match["id"])["v"] == 1


def test_the_same_action_retried_concurrently_is_applied_once(server):
    match, (ana, _) = started_match(server.base)
    with ThreadPoolExecutor(4) as pool:
        answers = list(
            pool.map(lambda _: ana.act(match["id"], {"type": "add", "n": 2}, v=0, action_id="retry"), range(4))
        )
    assert {r.status_code for r in answers} == {200}
    assert {r.json()["v"] for r in answers} == {1}
    assert ana.view(match["id"])["view"]["total"] == 2
