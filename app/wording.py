"""The game's words for a log line, from the one table per language the page reads too.

Engines log a line as a key and its args (``engines/core/log.py``); its words, in English
and Russian, are in ``static/js/games/<id>/log_strings.json``, which the page imports and
this module reads, so each sentence is written once. :func:`fill` follows the page's
formatter (``static/js/core/format.js``): ``{name}`` placeholders and the ICU plural subset
``{n, plural, =0 {…} one {# …} few {…} many {…} other {…}}`` with ``#`` for the number.
Seat placeholders ``{P0}``.. stay as they are: only a page knows the names.

>>> fill("{who} won {name} for {n, plural, one {# ducat} other {# ducats}}.", {"who": "{P1}", "name": "X", "n": 1})
'{P1} won X for 1 ducat.'
>>> fill("{n, plural, one {# дукат} few {# дуката} many {# дукатов} other {# дуката}}", {"n": 22}, "ru")
'22 дуката'
>>> fill("{missing} stays", {})
'{missing} stays'
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from engines.core import Game

GAMES = Path(__file__).resolve().parent / "static" / "js" / "games"
#: The words of the lines the service itself writes into a match's story (``Match.note``).
SERVICE = GAMES.parent / "core" / "log_strings.json"

_PLURAL = re.compile(r"^\s*(\w+)\s*,\s*plural\s*,(.*)$", re.S)
_BRANCH = re.compile(r"\s*(=\d+|[a-z]+)\s*\{")
_WORD = re.compile(r"^\s*\w+\s*$")


@cache
def table(game_id: str) -> dict[str, dict[str, str]]:
    """Returns a game's log words by language (``{}`` for a game without a table)."""
    path = GAMES / game_id / "log_strings.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


@cache
def service_table() -> dict[str, dict[str, str]]:
    """Returns the words of the service's own lines by language (the page reads the same file)."""
    return json.loads(SERVICE.read_text(encoding="utf-8"))


def _template(strings: dict[str, dict[str, str]], key: str, lang: str) -> str | None:
    return strings.get(lang, {}).get(key) or strings.get("en", {}).get(key)


def words(game: Game | None, key: str, args: dict, lang: str = "en") -> str | None:
    """Returns a line's words in ``lang`` (English if the language lacks it), or ``None``.

    A game's table first, then the service's (``None`` for a game: the service's lines only).

    >>> words(None, "app.log.resigned", {"who": "{P1}"})
    '{P1} resigned; their bot plays on, ranked last.'
    """
    template = _template(game.log_words or table(game.id), key, lang) if game is not None else None
    template = template or _template(service_table(), key, lang)
    return None if template is None else fill(template, args, lang)


def notes_with_words(notes: list[dict] | None, lang: str = "en") -> list[dict]:
    """Returns a match's service lines (``Match.note``) each with its ``text`` in ``lang``."""
    return [{**n, "text": words(None, n["key"], n.get("args", {}), lang) or n["key"]} for n in notes or ()]


def with_words(game: Game, lines: list[dict], lang: str = "en") -> list[dict]:
    """Returns log lines (from ``Game.log_lines``) each with its ``text`` in ``lang``.

    A line that has no words in the table keeps the text it was stored with, else shows its key.
    """
    return [
        {**line, "text": words(game, line["key"], line["args"], lang) or line.get("text") or line["key"]}
        if line.get("key")
        else line
        for line in lines
    ]


def fill(template: str, args: dict, lang: str = "en") -> str:
    """Returns ``template`` with its placeholders and plurals filled from ``args``."""
    return _render(template, args, lang, None)


def plural_category(n: float, lang: str) -> str:
    """Returns the CLDR plural category of ``n`` in English or Russian.

    >>> [plural_category(n, "ru") for n in (1, 2, 5, 11, 21, 1.5)]
    ['one', 'few', 'many', 'many', 'one', 'other']
    """
    if n != int(n):
        return "other"
    n = abs(int(n))
    if lang != "ru":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _text(value: object) -> str:
    """Returns a value as the page's ``String(value)`` writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ",".join(_text(v) for v in value)
    return str(value)


def _closing(text: str, start: int) -> int:
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _branches(body: str) -> dict[str, str]:
    out, i = {}, 0
    while (m := _BRANCH.match(body, i)) is not None:
        close = _closing(body, m.end() - 1)
        if close < 0:
            break
        out[m.group(1)] = body[m.end() : close]
        i = close + 1
    return out


def _plural(name: str, body: str, args: dict, lang: str) -> str:
    branches, raw = _branches(body), args.get(name)
    chosen = None
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        chosen = branches.get(f"={_text(raw)}") or branches.get(plural_category(raw, lang))
    return _render(chosen if chosen is not None else branches.get("other", ""), args, lang, raw)


def _render(text: str, args: dict, lang: str, pound: object) -> str:
    out, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "#" and pound is not None:
            out.append(_text(pound))
            i += 1
            continue
        close = _closing(text, i) if ch == "{" else -2
        if close == -2:
            out.append(ch)
            i += 1
            continue
        if close < 0:
            out.append(text[i:])
            break
        inner, piece = text[i + 1 : close], None
        if m := _PLURAL.match(inner):
            piece = _plural(m.group(1), m.group(2), args, lang)
        elif _WORD.match(inner) and args.get(inner.strip()) is not None:
            piece = _text(args[inner.strip()])
        out.append(piece if piece is not None else text[i : close + 1])
        i = close + 1
    return "".join(out)
