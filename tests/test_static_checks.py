"""ruff (lint and format) and mypy, configured in pyproject.toml, are clean.

A missing tool skips its test, except with REQUIRE_LINT=1 (CI), where it fails.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections import Counter

import pytest

from tests.conftest import ROOT


def tool(module: str) -> list[str]:
    """Returns the command that runs ``module``, or skips (fails under REQUIRE_LINT=1) without it."""
    if importlib.util.find_spec(module) is None:
        reason = f"{module} is not installed (pip install -r requirements-test.lock)"
        if os.environ.get("REQUIRE_LINT") == "1":
            pytest.fail(f"REQUIRE_LINT=1 but {reason}")
        pytest.skip(reason)
    return [sys.executable, "-m", module]


def run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def per_file(output: str) -> str:
    """Returns "count path" lines, most findings first, from ``path:line:...`` output."""
    counts = Counter(line.split(":", 1)[0] for line in output.splitlines() if re.match(r"[\w./-]+\.py:\d+:", line))
    return "\n".join(f"{n:4d} {path}" for path, n in counts.most_common())


def test_ruff_finds_nothing():
    done = run([*tool("ruff"), "check", "--output-format", "concise", "."])
    assert done.returncode == 0, per_file(done.stdout) + "\n\n" + done.stdout + done.stderr


def test_ruff_format_changes_nothing():
    done = run([*tool("ruff"), "format", "--check", "."])
    assert done.returncode == 0, "run `.venv/bin/ruff format .`\n\n" + done.stdout + done.stderr


def test_mypy_finds_nothing_in_app_and_engines():
    done = run([*tool("mypy")])  # files and options: [tool.mypy] in pyproject.toml
    assert done.returncode == 0, per_file(done.stdout) + "\n\n" + done.stdout + done.stderr
