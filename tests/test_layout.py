"""The code's layout holds: rooms import one way, no module imports itself round a circle,
and every module stays readable in one sitting.

``app/`` is a set of rooms (docs/architecture.md): each may import the rooms below it in
``ROOMS`` and never one above, so the move path never learns of the lobby, nor identity of
the matches. What a lower room must call in a higher one (a move stores its turn notices)
is handed to it when the app is built.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

#: The rooms of app/, lowest first; the plain modules at the top of app/ (errors, events, messages)
#: are below every room, and main/asgi/__main__ above them all.
ROOMS = ["store", "ops", "identity", "play", "notices", "table", "records", "routes"]
BASE = {"app.errors", "app.events", "app.messages", "app.wording"}
#: Data tables and bots may be long: a table reads best whole, a bot's policy in one place.
LONG_OK = ("data.py", "bot.py")
MAX_LINES = 400


def modules(package: str) -> dict[str, Path]:
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        rel = path.relative_to(ROOT)
        if {"static", "migrations"} & set(rel.parts):
            continue  # links to the top-level folders, not code of the package
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Returns the modules of ``known`` that ``name`` imports, wherever in the file."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            # ``from . import data`` imports the module ``data``, not its package's ``__init__``
            submodules = [f"{target}.{alias.name}" for alias in node.names]
            candidates = submodules if all(m in known for m in submodules) else [target, *submodules]
        elif isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        else:
            continue
        found |= {c for c in candidates if c in known and c != name}
    return found


def graph(package: str) -> dict[str, set[str]]:
    known = modules(package)
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Returns each group of modules that import each other round a circle (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def rank(module: str) -> int:
    """Returns a module's height: -1 for the base modules, its room's place, or the top."""
    if module in BASE:
        return -1
    parts = module.split(".")
    return ROOMS.index(parts[1]) if len(parts) > 2 and parts[1] in ROOMS else len(ROOMS)


def test_no_module_of_app_or_engines_imports_itself_round_a_circle():
    assert circles(graph("app")) == []
    assert circles(graph("engines")) == []


def test_the_rooms_of_app_import_only_the_rooms_below_them():
    upward = sorted(
        f"{a} imports {b}"
        for a, targets in graph("app").items()
        for b in targets
        if rank(b) > rank(a) or (rank(b) == rank(a) == len(ROOMS) and b != "app.main" and a != "app.asgi")
    )
    upward = [line for line in upward if not line.startswith(("app.main ", "app.__main__ ", "app.asgi "))]
    assert upward == []


def test_every_room_of_app_is_a_folder_and_no_stray_module_stands_beside_them():
    plain = sorted(p.stem for p in (ROOT / "app").glob("*.py"))
    assert plain == ["__init__", "__main__", "asgi", "errors", "events", "main", "messages", "wording"]
    assert all((ROOT / "app" / room / "__init__.py").exists() for room in ROOMS)


def test_no_module_of_app_or_engines_is_longer_than_one_sitting():
    long = sorted(
        f"{path.relative_to(ROOT)}: {n} lines"
        for package in ("app", "engines")
        for path in modules(package).values()
        if path.name not in LONG_OK and (n := len(path.read_text().splitlines())) > MAX_LINES
    )
    assert long == []
