"""Packaging: runtime dependencies are what the server imports, the lock files pin them,
and the built package carries the files the server reads."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from tests.conftest import ROOT

# Database drivers SQLAlchemy loads by the URL's name, never imported by our code.
LOADED_BY_NAME = {"aiosqlite"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(extra: str | None = None) -> set[str]:
    """Returns the distribution names pyproject.toml declares (runtime, or one extra)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return {canonical(re.split(r"[\[<>=!~ ;]", spec, maxsplit=1)[0]) for spec in specs}


def locked(name: str) -> dict[str, str]:
    """Returns {distribution: version} pinned by a lock file."""
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", (ROOT / name).read_text(), re.M)
    return {canonical(dist): version for dist, version in pins}


def imported_distributions() -> set[str]:
    """Returns the installed distributions that app/ and engines/ import."""
    owners = packages_distributions()
    found: set[str] = set()
    for folder in ("app", "engines"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts or "static" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.Import):
                    tops = [alias.name.split(".")[0] for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    tops = [node.module.split(".")[0]]
                else:
                    continue
                found.update(canonical(dist) for top in tops for dist in owners.get(top, ()))
    return found - {"caravela"}


def test_the_server_imports_only_locked_runtime_packages():
    runtime = locked("requirements.lock")
    assert imported_distributions() - set(runtime) == set()


def test_every_runtime_dependency_is_imported_by_the_server():
    """httpx, websockets and jsonpatch were runtime dependencies though only tests used them."""
    unused = declared() - imported_distributions() - LOADED_BY_NAME
    assert unused == set(), f"declared for the server but never imported: {unused}"


def test_the_lock_files_pin_what_pyproject_declares_at_the_same_versions():
    runtime, test = locked("requirements.lock"), locked("requirements-test.lock")
    assert declared() <= set(runtime)
    assert declared("test") <= set(test)
    assert {dist: test[dist] for dist in runtime} == runtime


@pytest.mark.slow
def test_the_built_package_carries_static_files_migrations_and_alembic_ini(tmp_path: Path):
    # Built from the files the Dockerfile copies, in a copy, so no build/ is left in the tree.
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "alembic.ini"):
        shutil.copy(ROOT / name, source / name)
    for name in ("app", "engines", "static", "migrations"):
        shutil.copytree(ROOT / name, source / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("caravela-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("app/static/index.html", "app/static/match.html", "app/alembic.ini", "app/migrations/env.py"):
        assert needed in names, needed
    assert any(n.startswith("app/migrations/versions/") and n.endswith(".py") for n in names)
    assert not any("__pycache__" in n for n in names)


def test_the_readmes_commands_are_ones_manage_py_runs_from_a_fresh_clone():
    """``python -m app …`` needs the venv (no uvicorn outside it); the README says manage.py's commands."""
    readme = (ROOT / "README.md").read_text()
    said = set(re.findall(r"python3 manage\.py (\w+)", readme))
    assert {"run", "test", "backup", "restore"} <= said
    manage = (ROOT / "manage.py").read_text()
    for command in said:
        assert f'"{command}"' in manage, command
    assert "python -m app backup" not in readme and "python -m app restore" not in readme


def test_manage_py_backup_writes_a_backup(tmp_path):
    """``manage.py backup PATH`` runs the app's backup inside .venv (here: the running one)."""
    db = tmp_path / "caravela.db"
    code = (
        "import sys, manage; "
        f"sys.exit(manage.child([sys.executable, '-m', 'app', 'migrate']) "
        f"or manage.child([sys.executable, '-m', 'app', 'backup', {str(tmp_path / 'out.db')!r}]))"
    )
    env = {"DATABASE_URL": f"sqlite:///{db}", "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.db").stat().st_size > 0
