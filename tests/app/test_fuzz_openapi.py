"""Schemathesis against the live OpenAPI document finds no server error.

A bounded run of ``st run`` (coverage, fuzzing and stateful phases, fixed seed: FUZZ_SEED) on
SQLite and on PostgreSQL, authenticated as a seated player, and as the admin on the
admin routes, with a running match to aim at so routes get past their 404.
Set FUZZ_EXAMPLES for a longer run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import TEST_ADMIN_TOKEN
from tests.helpers import started_match

SEED = int(os.environ.get("FUZZ_SEED", "20261201"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))


def st_command() -> list[str]:
    pytest.importorskip("schemathesis", reason="schemathesis is not installed (requirements-test.lock)")
    return [sys.executable, "-m", "schemathesis.cli"]


def config_for(player_token: str, match_id: str) -> str:
    """Returns a schemathesis.toml: the player everywhere, the admin token on admin routes."""
    return "\n".join(
        [
            f"seed = {SEED}",
            f'headers = {{ Authorization = "Bearer {player_token}" }}',
            f'parameters = {{ match_id = "{match_id}" }}',
            "[[operations]]",
            'include-tag = "admin"',
            f'headers = {{ Authorization = "Bearer {TEST_ADMIN_TOKEN}" }}',
            "",
        ]
    )


def test_schemathesis_finds_no_server_error(server, tmp_path):
    command = st_command()
    match, (ana, _) = started_match(server.base)
    config = tmp_path / "schemathesis.toml"
    config.write_text(config_for(ana.token, match["id"]))
    done = subprocess.run(
        [
            *command,
            "--config-file",
            str(config),
            "run",
            f"{server.base}/openapi.json",
            "--checks",
            "not_a_server_error",
            "--phases",
            "coverage,fuzzing,stateful",
            "--max-examples",
            str(EXAMPLES),
            "--workers",
            "1",
            "--request-timeout",
            "20",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,  # its cache goes there, not in the tree
        env={**os.environ, "SCHEMATHESIS_TELEMETRY": "false"},
    )
    cases = re.search(r"(\d+) generated", done.stdout)
    print(
        f"schemathesis on {server.settings.database_url.split(':')[0]}: "
        f"{cases.group(0) if cases else 'no count'}; exit {done.returncode}"
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert cases and int(cases.group(1)) >= 200, done.stdout[-3000:]
    assert server_is_alive(ana)


def server_is_alive(client) -> bool:
    return client.http.get("/healthz").status_code == 200
