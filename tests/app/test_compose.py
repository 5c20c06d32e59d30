"""The compose file, as Debian's ``docker-compose config`` reads it: Caddy in front,
the app's port published nowhere, links following DOMAIN, backups in their own profile.

Skips without ``docker-compose`` (apt-get install docker-compose), unless REQUIRE_BROWSER=1
(CI installs it with caddy for the hosting tests), where it fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import pytest
import yaml

from tests.conftest import ROOT


def compose(*args: str, **env: str) -> subprocess.CompletedProcess:
    """Runs Debian's docker-compose on the file, reading no .env (an empty one stands in)."""
    tool = shutil.which("docker-compose")
    if tool is None:
        problem = "no docker-compose on PATH (apt-get install docker-compose)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)
    clean = {k: v for k, v in os.environ.items() if k not in ("DOMAIN", "POSTGRES_PASSWORD", "ADMIN_TOKEN")}
    with tempfile.NamedTemporaryFile("w", suffix=".env") as empty:
        return subprocess.run(
            [tool, "--env-file", empty.name, "-f", str(ROOT / "docker-compose.yml"), *args],
            cwd=ROOT,
            env={**clean, "POSTGRES_PASSWORD": "pw", **env},
            capture_output=True,
            text=True,
            timeout=60,
        )


def config(*extra: str, **env: str) -> dict:
    """Returns the compose file as resolved for this environment."""
    done = compose(*extra, "config", **env)
    assert done.returncode == 0, done.stderr
    return yaml.safe_load(done.stdout)


def test_the_compose_file_is_valid():
    done = compose("config", "-q")
    assert done.returncode == 0 and done.stdout == "", done.stderr


def test_only_caddy_publishes_ports_and_the_app_is_reached_through_it():
    services = config()["services"]
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"caddy"}
    ports = {(int(p["published"]), int(p["target"]), p.get("protocol", "tcp")) for p in services["caddy"]["ports"]}
    assert {(80, 80, "tcp"), (443, 443, "tcp"), (443, 443, "udp")} <= ports
    assert services["caddy"]["environment"]["UPSTREAM"] == "app:8000"
    assert services["caddy"]["image"].startswith("caddy:")


def test_links_follow_domain_and_default_to_localhost():
    assert config()["services"]["app"]["environment"]["PUBLIC_URL"] == "https://localhost"
    app = config(DOMAIN="games.example.org")["services"]["app"]["environment"]
    assert app["PUBLIC_URL"] == "https://games.example.org"


def test_nightly_backups_are_optional_and_keep_seven():
    backup = config()["services"]["backup"]
    assert backup["profiles"] == ["backup"]  # it runs only with --profile backup
    command = " ".join(backup["entrypoint"])
    assert "python -m app backup /backups --keep 7" in command and "sleep 86400" in command
    assert any(
        str(v).startswith("backups:") or (isinstance(v, dict) and v.get("source") == "backups")
        for v in backup["volumes"]
    )


def test_an_empty_postgres_password_stops_compose_at_once_with_a_sentence():
    done = compose("config", "-q", POSTGRES_PASSWORD="")
    assert done.returncode != 0
    assert "set POSTGRES_PASSWORD in .env" in done.stderr, done.stderr


def test_the_app_image_is_built_here_never_pulled():
    services = config()["services"]
    assert services["app"]["pull_policy"] == "build" and "build" in services["app"]
    assert services["backup"]["image"] == services["app"]["image"]
    assert services["backup"]["pull_policy"] == "never"


def test_any_password_reaches_the_database_unharmed(monkeypatch):
    """A password with @ : / % ? # would break a URL: it goes beside it, in PGPASSWORD."""
    import asyncpg.connect_utils

    from app.ops.settings import Settings

    password = "p@ss:w/rd%?#&é"
    services = config(POSTGRES_PASSWORD=password)["services"]
    assert services["db"]["environment"]["POSTGRES_PASSWORD"] == password
    for name in ("app", "backup"):
        env = services[name]["environment"]
        assert env["PGPASSWORD"] == password and password not in env["DATABASE_URL"], name
        # What the app's driver then connects with: the URL's user, the password from PGPASSWORD.
        monkeypatch.setenv("PGPASSWORD", env["PGPASSWORD"])
        url = Settings.from_env(database_url=env["DATABASE_URL"]).database_url.replace("+asyncpg", "")
        _addrs, params = asyncpg.connect_utils._parse_connect_dsn_and_args(
            dsn=url, host=None, port=None, user=None, password=None, passfile=None, database=None, ssl=None,
            service=None, servicefile=None, direct_tls=False, server_settings=None, target_session_attrs=None,
            krbsrvname=None, gsslib=None,
        )  # fmt: skip
        assert (params.user, params.password, params.database) == ("caravela", password, "caravela")
