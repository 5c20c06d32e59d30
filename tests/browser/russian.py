"""Reading a match page in Russian: the screen parts a player reads must hold no English.

Allowed: digits, signs, seat names (the player's chosen in Cyrillic here; the server names
bots "Bot n") and the game titles. The parts: the status bar, the board (every control the renderer
draws), the player panels and the log.
"""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import BrowserContext, Page

from tests.browser.play import add_bot, create_in_lobby

LATIN = re.compile(r"[A-Za-z]+")
TITLES = ("Go Goa", "Goa", "Caravela")
PARTS = {
    "status bar": '[data-testid="status-bar"]',
    "board": '[data-testid="board"]',
    "player panels": "#players",
    "log": '[data-testid="log"]',
}


def russian_context(context_factory) -> BrowserContext:
    """Returns a browser context whose pages open in Russian."""
    context = context_factory()
    context.add_init_script("localStorage.setItem('caravela.lang', 'ru')")
    return context


def open_russian_match(page: Page, base: str, game: str, seats: int) -> list[str]:
    """Creates a match as "Аня", fills the other seats with bots, starts it; returns the seat names."""
    match_id = create_in_lobby(page, base, game, seats, name="Аня")
    for seat in range(1, seats):
        add_bot(page, seat)
    page.get_by_test_id("start").click()
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    summary = httpx.get(f"{base}/api/matches/{match_id}", timeout=10).json()
    return [s["name"] for s in summary["seats"]]


def english_words(text: str, names: list[str]) -> list[str]:
    """Returns the Latin-letter words of a text, game titles and seat names aside."""
    for allowed in (*names, *TITLES):
        text = text.replace(allowed, " ")
    initials = {n[0].upper() for n in names if n}  # the seat discs
    return [w for w in LATIN.findall(text) if w not in initials]


def assert_no_english(page: Page, names: list[str], where: str) -> int:
    """Checks every part a player reads; returns how many characters were read."""
    read = 0
    for part, selector in PARTS.items():
        text = page.locator(selector).inner_text()
        read += len(text)
        words = english_words(text, names)
        assert not words, f"{where}: English in the {part}: {sorted(set(words))}\n{text}"
    return read
