"""patch.js applies every patch app/play/diff.py makes: thousands of seeded random documents.

Python builds pairs (old, new), often new as a mutation of old so the diff reaches deep;
node applies diff(old, new) to old with static/js/core/patch.js; the result must be new,
compared as JSON text (sorted keys), so 0/false and 1/true can never pass for each other.
"""

from __future__ import annotations

import json
import random

from app.play.diff import diff
from tests.client.nodejs import run_node

PAIRS = 5000
# Keys that need ~0/~1 escaping, look like array indexes, or are special to JavaScript objects.
KEYS = ["", "a", "b", "a/b", "/", "~", "~1", "~0/", "0", "1", "-", "__proto__", "constructor", "toString", "ключ"]
SCALARS = [0, 1, -1, 7, 0.5, False, True, None, "", "a", "0", "false", "null", "~1", "/"]


def random_value(rnd: random.Random, depth: int = 0):
    roll = rnd.random()
    if depth >= 4 or roll < 0.45:
        return rnd.choice(SCALARS)
    size = rnd.choice([0, 0, 1, 2, 3, 5])
    if roll < 0.72:
        return [random_value(rnd, depth + 1) for _ in range(size)]
    return {rnd.choice(KEYS): random_value(rnd, depth + 1) for _ in range(size)}


def mutate(rnd: random.Random, value, depth: int = 0):
    """Returns a changed copy of value: some parts kept, some dropped, added or replaced."""
    if rnd.random() < 0.15:
        return random_value(rnd, depth)
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            roll = rnd.random()
            if roll < 0.2:
                continue
            out[key] = mutate(rnd, item, depth + 1) if roll < 0.6 else item
        for _ in range(rnd.choice([0, 0, 1, 2])):
            out[rnd.choice(KEYS)] = random_value(rnd, depth + 1)
        return out
    if isinstance(value, list):
        out = [mutate(rnd, item, depth + 1) if rnd.random() < 0.4 else item for item in value]
        roll = rnd.random()
        if roll < 0.3 and out:
            del out[rnd.randrange(len(out)) :]  # shrink from the end, maybe to empty
        elif roll < 0.55:
            out.extend(random_value(rnd, depth + 1) for _ in range(rnd.randint(1, 3)))
        elif roll < 0.65 and out:
            out.insert(0, rnd.choice(SCALARS))
        return out
    if rnd.random() < 0.3 and twin(value) is not None:
        return twin(value)
    return rnd.choice(SCALARS) if rnd.random() < 0.5 else value


def twin(value):
    """Returns the value Python's == confuses with this one (0/False, 1/True), else None."""
    if value is False or value is True:
        return int(value)
    if type(value) is int and value in (0, 1):
        return bool(value)
    return None


def pairs(seed: int, count: int):
    rnd = random.Random(seed)
    for _ in range(count):
        old = random_value(rnd)
        new = mutate(rnd, old) if rnd.random() < 0.8 else random_value(rnd)
        yield old, new


def as_json(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def test_the_generated_pairs_cover_the_cases_that_broke_before():
    """A guard on the generator itself: the tricky cases must really be in the sample."""
    seen = set()
    for old, new in pairs(7, PAIRS):
        text = as_json([old, new])
        for needle, name in [
            ("0", "zero"),
            ("false", "false"),
            ('""', "empty string"),
            ("null", "null"),
            ("[]", "empty list"),
            ("{}", "empty object"),
            ('"a/b"', "slash key"),
            ('"~1"', "tilde key"),
            ('"__proto__"', "proto key"),
        ]:
            if needle in text:
                seen.add(name)
        if isinstance(old, list) and isinstance(new, list):
            seen.add("shrinks" if len(new) < len(old) else "grows" if len(new) > len(old) else "same length")
            if len(new) < len(old) and new == old[: len(new)] and as_json(new) != as_json(old[: len(new)]):
                seen.add("shrinks keeping a 0/false twin")
    assert seen >= {
        "zero",
        "false",
        "empty string",
        "null",
        "empty list",
        "empty object",
        "slash key",
        "tilde key",
        "proto key",
        "shrinks",
        "grows",
        "shrinks keeping a 0/false twin",
    }


def test_patch_js_turns_old_into_new_for_every_diff():
    cases = list(pairs(7, PAIRS))
    payload = json.dumps([[old, diff(old, new)] for old, new in cases])
    done = run_node("tests/client/apply_patches.mjs", stdin=payload)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert len(results) == len(cases)
    wrong = []
    for (old, new), got in zip(cases, results, strict=True):
        if "error" in got or as_json(got["doc"]) != as_json(new):
            wrong.append({"old": old, "new": new, "ops": diff(old, new), "got": got})
    assert not wrong, f"{len(wrong)} of {len(cases)} patches came out wrong; first: {as_json(wrong[0])}"
