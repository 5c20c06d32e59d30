"""Contrast as a person reads it: WCAG ratios of the text and tokens on a match page.

Text (HTML and SVG) needs 4.5:1 against what lies behind it (the nearest painted background,
a token's disc, or an SVG label's own halo); tokens (Go Goa's tourists by their outline,
Goa's spice dots) need 3:1 against the surface they stand on. contrast.js measures.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

CONTRAST_JS = (Path(__file__).parent / "contrast.js").read_text()
PARTS = ["#status-bar", "#status-actions", "#board", "#players", '[data-testid="log"]']


def contrast_failures(page: Page) -> tuple[int, list[dict]]:
    """Returns how many text and token colours were read, and those below their ratio."""
    out = page.evaluate(CONTRAST_JS, PARTS)
    return out["read"], out["fails"]
