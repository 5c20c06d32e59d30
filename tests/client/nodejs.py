"""Finds Node for the client's unit tests; skips without it unless REQUIRE_NODE=1 (CI)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
CLIENT_TESTS = Path(__file__).resolve().parent


def node() -> str:
    """Returns the path of the node binary, or skips (fails when REQUIRE_NODE=1)."""
    found = shutil.which(os.environ.get("NODE", "node"))
    if not found:
        if os.environ.get("REQUIRE_NODE") == "1":
            pytest.fail("REQUIRE_NODE=1 but there is no node on PATH (apt-get install nodejs)")
        pytest.skip("node is not installed (apt-get install nodejs)")
    return found


def run_node(*args: str, stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs node with args from the repository root; returns the finished process."""
    return subprocess.run([node(), *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=timeout)
