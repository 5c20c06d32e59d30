"""Golden playthroughs: recorded games whose scores and views are pinned, in the manner of
OpenSpiel's playthrough files (one of a game's quality gates, docs/design.md).

One JSON file per game and player count (``goa-2p.json`` ...) holds a seed, every
action in order as ``[seat, action]`` (fed to ``apply`` exactly as stored), the
final scores and ranking, and every ``every`` versions (version ``v`` = after ``v``
actions; ``0`` is the setup, the last version is always pinned) the spectator's view
written out in full and each seat's view as the JSON Patch that takes the spectator's
view to it: what that seat sees that a spectator does not. ``tests/engines/test_golden.py``
replays every file; a rules change then fails naming the version and seat, with the
lines of the view that moved as a diff a reviewer can read.

A view is pinned without its ``log`` (lines travel beside the views, not in them) and
with its ``legal`` actions passed through ``normalize_action``: both are representation,
not rules.

Check every record, or regenerate them (only ever by hand, after a change to the
rules or views that is meant; a changed score is a rules change to justify in
the commit message)::

    .venv/bin/python -m tests.engines.golden                      # check all, exit 1 on a mismatch
    .venv/bin/python -m tests.engines.golden --regenerate [goa | goa-2p ...]
    .venv/bin/python -m tests.engines.golden --regenerate --fresh gogoa-3p

``--regenerate`` keeps a record's actions when they still replay to the end of
the game (so the diff shows only the pins that moved) and otherwise plays a new
game from the same seed with ``engines.core.playout``; ``--fresh`` always does.
"""

from __future__ import annotations

import difflib
import json
import math
import textwrap
from pathlib import Path

import engines
from app.play.diff import diff
from engines import IllegalAction
from engines.core.playout import play

HERE = Path(__file__).resolve().parent
REGENERATE = ".venv/bin/python -m tests.engines.golden --regenerate"
#: About this many pinned versions per game (plus the setup and the final one).
PINS = 8

#: (game id, player count, seed) of every recorded game.
CASES = [
    *(("goa", n, 2026 + n) for n in (2, 3, 4)),
    *(("gogoa", n, 2026 + n) for n in (1, 2, 3, 6)),
    *(("coimbra", n, 2026 + n) for n in (2, 3, 4)),
    *(("navegador", n, 2026 + n) for n in (2, 3, 4, 5)),
    *(("tally", n, 2026 + n) for n in (1, 2, 4)),
]


class GoldenMismatch(AssertionError):
    """A recorded game that no longer replays to its pinned views and outcome."""


def game_for(game_id: str):
    """Returns the game object of an id, the test fixture game ``tally`` included."""
    if game_id == "tally":
        from tests.fixture_game import GAME

        return GAME
    return engines.get_game(game_id)


def name_of(game_id: str, players: int) -> str:
    """Returns the record's name, which is also its file name without ``.json``."""
    return f"{game_id}-{players}p"


def path_of(game_id: str, players: int) -> Path:
    """Returns where the record of a game and player count lives."""
    return HERE / f"{name_of(game_id, players)}.json"


def view_of(game, state: dict, seat: int | None) -> dict:
    """Returns a seat's view as pinned: without its log, its legal actions in normal form."""
    view = dict(game.view(state, seat))
    view.pop("log", None)
    if "legal" in view:
        view["legal"] = [game.normalize_action(a) for a in view["legal"]]
    return json.loads(json.dumps(view))  # exactly what a file gives back


def pin(game, state: dict, v: int, players: int) -> dict:
    """Returns the pins of version ``v``: the spectator's view, and each seat's patch from it."""
    spectator = view_of(game, state, None)
    return {"v": v, "spectator": spectator, "seats": [diff(spectator, view_of(game, state, s)) for s in range(players)]}


def told(value) -> list[str]:
    """Returns a pinned value as the lines a file holds it in."""
    return json.dumps(value, indent=1, sort_keys=True).splitlines()


def changes(expected, got, limit: int = 40) -> str:
    """Returns the lines that moved between a pinned value and the replayed one, as a diff."""
    lines = list(difflib.unified_diff(told(expected), told(got), "pinned", "replayed", n=2, lineterm=""))
    more = f"\n    ... {len(lines) - limit} more lines" if len(lines) > limit else ""
    return "\n    ".join(lines[:limit]) + more


def pinned_versions(steps: int, every: int) -> list[int]:
    """Returns the versions a record pins: every ``every``-th one from 0, and the last."""
    return sorted({*range(0, steps + 1, every), steps})


def build(game_id: str, players: int, seed: int, actions: list, options: dict | None = None) -> dict:
    """Returns a record of a game replayed from its seed and actions (which must end the game)."""
    game = game_for(game_id)
    actions = json.loads(json.dumps(actions))  # exactly what a file gives back
    every = max(1, math.ceil(len(actions) / PINS))
    wanted = set(pinned_versions(len(actions), every))
    state = game.setup(players, seed, options)
    views = [pin(game, state, 0, players)]
    for v, (seat, action) in enumerate(actions, start=1):
        state = game.apply(state, seat, action)
        if v in wanted:
            views.append(pin(game, state, v, players))
    outcome = game.outcome(state)
    if outcome is None:
        raise ValueError(f"{name_of(game_id, players)}: the actions do not end the game")
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "options": options,
        "recorded_with": "engines.core.playout.play, uniformly random legal actions",
        "steps": len(actions),
        "every": every,
        "outcome": {"scores": outcome["scores"], "ranking": outcome["ranking"]},
        "views": views,
        "actions": actions,
    }


def record(game_id: str, players: int, seed: int) -> dict:
    """Returns the record of a new random game from ``seed``, played by the core driver."""
    result = play(game_for(game_id), players, seed)
    return build(game_id, players, seed, [[seat, action] for seat, action in result.actions])


def problems(rec: dict) -> list[str]:
    """Returns what no longer matches when ``rec`` is replayed (empty: it replays as pinned)."""
    game = game_for(rec["game"])
    players = rec["players"]
    pins = {p["v"]: p for p in rec["views"]}
    found: list[str] = []
    differing: list[int] = []  # versions whose views differ; the first one is told in full

    def compare(state: dict, v: int) -> None:
        got, pinned = pin(game, state, v, players), pins[v]
        wrong = [(f"seat {s}", pinned["seats"][s], got["seats"][s]) for s in range(players)]
        wrong.append(("the spectator", pinned["spectator"], got["spectator"]))
        wrong = [w for w in wrong if w[1] != w[2]]
        if wrong and not differing:
            names = [w[0] for w in wrong]
            who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            first, expected, replayed = wrong[0]
            found.append(
                f"version {v}: the view{'s' if len(names) > 1 else ''} of {who} "
                f"{'differ' if len(names) > 1 else 'differs'} from the pinned one; {first}'s"
                f"{' patch from the spectator view' if first.startswith('seat') else ''}:\n    "
                + changes(expected, replayed)
            )
        if wrong:
            differing.append(v)

    state = game.setup(players, rec["seed"], rec.get("options"))
    compare(state, 0)
    for v, (seat, action) in enumerate(rec["actions"], start=1):
        try:
            state = game.apply(state, seat, action)
        except IllegalAction as err:
            found.append(f"version {v}: seat {seat}'s recorded action {json.dumps(action)} is refused: {err}")
            return found
        except Exception as err:  # an engine bug: keep its traceback, say where the replay was
            err.add_note(
                f"golden playthrough {name_of(rec['game'], players)}: replaying version {v}, "
                f"seat {seat}, action {json.dumps(action)}"
            )
            raise
        if v in pins:
            compare(state, v)
    if len(differing) > 1:
        found.append(f"... and the views of later pinned versions {differing[1:]} differ too")
    outcome = game.outcome(state)
    if outcome is None:
        found.append(
            f"the game is not over after all {len(rec['actions'])} recorded actions "
            f"(seats {sorted(game.to_act(state))} still to act)"
        )
        return found
    for key in ("scores", "ranking"):
        if outcome[key] != rec["outcome"][key]:
            found.append(
                f"final {key} differ: expected {rec['outcome'][key]}, got {outcome[key]}"
                + (" (a rules change: justify it)" if key == "scores" else "")
            )
    return found


def check(rec: dict) -> None:
    """Replays a record; raises :class:`GoldenMismatch` saying what differs and how to regenerate."""
    found = problems(rec)
    if found:
        name = name_of(rec["game"], rec["players"])
        raise GoldenMismatch(
            f"golden playthrough {name} (seed {rec['seed']}) no longer replays as recorded:\n  "
            + "\n  ".join(found)
            + f"\nIf the change is meant: {REGENERATE} {name}, and say why in the commit."
        )


def load(path: Path) -> dict:
    """Returns the record stored in a file."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def dumps(rec: dict) -> str:
    """Returns a record as readable JSON: one line per field and action, each pinned view
    spread over lines (sorted keys), so that a change to it reads as a diff."""
    out = ["{"]
    for key, value in rec.items():
        if key == "actions":
            items = ",\n".join("    " + json.dumps(item) for item in value)
            out.append(f'  "{key}": [\n{items}\n  ],')
        elif key == "views":
            items = ",\n".join(textwrap.indent(json.dumps(item, indent=1, sort_keys=True), "    ") for item in value)
            out.append(f'  "{key}": [\n{items}\n  ],')
        else:
            out.append(f'  "{key}": {json.dumps(value)},')
    out[-1] = out[-1].rstrip(",")
    return "\n".join(out) + "\n}\n"


def save(rec: dict) -> Path:
    """Writes a record to its file; returns the path."""
    path = path_of(rec["game"], rec["players"])
    path.write_text(dumps(rec), encoding="utf-8")
    return path


def regenerate(game_id: str, players: int, seed: int, fresh: bool = False) -> str:
    """Rewrites one record; returns a line saying how, and whether the scores moved."""
    path = path_of(game_id, players)
    old = load(path) if path.exists() else None
    rec, how = None, "recorded a new game"
    if old is not None and not fresh:
        try:
            rec = build(game_id, players, old["seed"], old["actions"], old.get("options"))
            how = "kept its actions, re-pinned"
        except (IllegalAction, ValueError) as err:
            how = f"recorded a new game (the old actions no longer replay: {err})"
    if rec is None:
        rec = record(game_id, players, old["seed"] if old else seed)
    save(rec)
    moved = ""
    if old is not None and old["outcome"] != rec["outcome"]:
        moved = f"; outcome {old['outcome']} -> {rec['outcome']}"
    return f"{path.name}: {how}{moved}"
