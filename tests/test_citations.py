"""The repository explains itself from a clone: nothing in it cites what a clone lacks.

A tracker's issue number says nothing to someone reading the code later, and a path outside
the repository (the sources the rules were written from, a design note kept elsewhere) leads
nowhere. Code, tests, pages and documents write the reason itself, or cite a file of the
repository: docs/design.md for the contract, docs/games/<id>.md for a game's rules.
"""

from __future__ import annotations

import re
import subprocess

from tests.conftest import ROOT

#: An issue by its number: "issue 12", "Issue #12", "issues 11/12", "issues 7 and 13".
ISSUE = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)
#: A file outside the repository: the shared folder beside it, its design note, seeds and references.
OUTSIDE = re.compile(
    r"\.\./shared|\bshared/(?:seeds|reference)|\bseeds/\w+\.rules|\breference/\w+\.md|"
    r"(?<![\w/])(?:DESIGN|UX|STYLE)\.md",
)
THIS = "tests/test_citations.py"  # the patterns above would find themselves


def tracked_text_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    paths = [p for p in listed.stdout.decode().split("\0") if p and p != THIS]
    return [p for p in paths if (ROOT / p).is_file() and not (ROOT / p).is_symlink()]


def citations(pattern: re.Pattern[str]) -> list[str]:
    """Returns ``path:line: text`` for every tracked text line that ``pattern`` finds."""
    found = []
    for path in tracked_text_files():
        data = (ROOT / path).read_bytes()
        if b"\0" in data[:8192]:
            continue  # an image or another binary file
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path}:{number}: {line.strip()[:120]}")
    return found


def test_no_issue_numbers_are_cited():
    found = citations(ISSUE)
    assert not found, "write the reason instead of the issue number:\n" + "\n".join(found)


def test_no_paths_outside_the_repository_are_cited():
    found = citations(OUTSIDE)
    assert not found, "cite docs/design.md or docs/games/<id>.md instead:\n" + "\n".join(found)
