"""A log read as a player reads it in English: each line's words from the game's table."""

from __future__ import annotations

from app.wording import with_words


def read(game, lines: list[dict]) -> list[str]:
    """Returns the English words of log lines (from ``game.log_lines`` or a state's log)."""
    return [line["text"] for line in with_words(game, [{"n": 0, **line} for line in lines])]
