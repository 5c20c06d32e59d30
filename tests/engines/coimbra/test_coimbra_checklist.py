"""The "Rules checklist" of docs/games/coimbra.md stays true: every test and every function it
names exists, so a renamed test or function cannot leave the checklist pointing at nothing."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TESTS = Path(__file__).resolve().parent


def checklist_rows() -> list[str]:
    """Returns the table rows under the checklist's heading, up to the next heading."""
    text = (ROOT / "docs" / "games" / "coimbra.md").read_text()
    section = text.split("## Rules checklist", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ") and "`" in line]


def test_every_test_the_rules_checklist_names_exists():
    defined = {
        name
        for path in TESTS.glob("test_coimbra_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(), re.M)
    }
    named = {name for row in checklist_rows() for name in re.findall(r"`(test_\w+)`", row)}
    assert len(named) > 50
    assert named <= defined, f"not defined: {sorted(named - defined)}"


def test_every_function_the_rules_checklist_names_exists():
    named = {name for row in checklist_rows() for name in re.findall(r"`(\w+\.\w+)`", row)}
    assert len(named) > 20
    for name in named:
        module, attr = name.split(".")
        assert hasattr(importlib.import_module(f"engines.coimbra.{module}"), attr), name
