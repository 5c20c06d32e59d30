"""The admin token and the admin API's query parameters."""

from __future__ import annotations

import hmac

import pytest

from app.ops.settings import Settings, SettingsError
from tests.conftest import TEST_ADMIN_TOKEN
from tests.helpers import Client, started_match

ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}
LONG_TOKEN = "k" * 32


@pytest.mark.parametrize("env", ["dev", "prod", "production"])
@pytest.mark.parametrize("token", ["admin", "abc", "x" * 31, "ChangeMe"])
def test_a_short_or_placeholder_admin_token_is_refused_outside_tests(env, token):
    with pytest.raises(SettingsError, match="at least 32"):
        Settings.from_env(admin_token=token, env=env)


def test_a_long_admin_token_or_none_at_all_is_accepted():
    assert Settings.from_env(admin_token=LONG_TOKEN, env="prod").admin_token == LONG_TOKEN
    assert Settings.from_env(admin_token="", env="prod").admin_token == ""


def test_the_test_suite_may_use_a_short_admin_token():
    assert Settings.from_env(admin_token="admin", env="test").admin_token == "admin"


def test_the_admin_token_is_compared_in_constant_time(server, monkeypatch):
    compared = []

    def spy(a, b):
        compared.append((len(a), len(b)))
        return real(a, b)

    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", spy)
    ana = Client(server.base)
    assert ana.http.get("/api/admin/matches", headers=ADMIN).status_code == 200
    assert ana.http.get("/api/admin/matches", headers={"authorization": "Bearer x"}).status_code == 401
    # Both sides are digests of equal length, so even the token's length does not leak.
    assert compared and all(a == b for a, b in compared)


def detail(r, status: int = 422) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    return r.json()["detail"]


def test_admin_list_refuses_an_unknown_status(server):
    r = Client(server.base).http.get("/api/admin/matches?status=lost", headers=ADMIN)
    assert "status" in detail(r)


@pytest.mark.parametrize("limit", ["0", "-1", "501", "ten", "1e3"])
def test_admin_list_refuses_a_limit_outside_1_to_500(server, limit):
    r = Client(server.base).http.get(f"/api/admin/matches?limit={limit}", headers=ADMIN)
    assert "limit" in detail(r)


def test_admin_list_limit_is_honoured(server):
    ana = Client(server.base)
    ana.create(), ana.create()
    r = ana.http.get("/api/admin/matches?limit=1", headers=ADMIN)
    assert r.status_code == 200 and len(r.json()["matches"]) == 1


def test_admin_list_refuses_an_unknown_game(server):
    r = Client(server.base).http.get("/api/admin/matches?game=chess", headers=ADMIN)
    assert "chess" in detail(r)


def test_bad_admin_parameters_without_the_token_still_answer_401(server):
    r = Client(server.base).http.get("/api/admin/matches?limit=-1&status=lost", headers={"authorization": ""})
    assert r.status_code == 401


def test_replay_at_a_negative_version_is_refused(server):
    match, (ana, _) = started_match(server.base)
    r = ana.http.get(f"/api/admin/matches/{match['id']}/state?v=-1", headers=ADMIN)
    assert detail(r).startswith("v:")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("CARAVELA_BOT_DELAY", "soon"),
        ("CARAVELA_BOT_DELAY", "nan"),
        ("CARAVELA_MAX_FRAME_BYTES", "-1"),
        ("CARAVELA_MAX_FRAMES_PER_SECOND", "2.5"),
    ],
)
def test_a_malformed_number_in_the_environment_is_named_in_a_sentence(monkeypatch, name, text):
    monkeypatch.setenv(name, text)
    with pytest.raises(SettingsError, match=name):
        Settings.from_env()
