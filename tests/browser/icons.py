"""Draws the app's PNG icons from their SVGs with Chromium: ``python -m tests.browser.icons``.

The manifest's icons are PNGs (what every platform installs); they are drawn once, by hand,
whenever an SVG in ``static/icons/`` changes, and committed. ``ICONS`` is what the manifest
lists; a test checks the files match it.
"""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import ARGS, CHROMIUM

ICONS_DIR = Path(__file__).resolve().parent.parent.parent / "static" / "icons"
#: (svg, size, png): the manifest's icons.
ICONS = (
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon-maskable.svg", 192, "icon-maskable-192.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
)


def draw() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for svg, size, png in ICONS:
            page = chromium.new_page(viewport={"width": size, "height": size})
            markup = (ICONS_DIR / svg).read_text(encoding="utf-8")
            page.set_content(
                f"<body style='margin:0'><div style='width:{size}px;height:{size}px'>{markup}</div></body>"
            )
            page.locator("svg").evaluate(
                f"s => {{ s.setAttribute('width', {size}); s.setAttribute('height', {size}); }}"
            )
            page.screenshot(
                path=str(ICONS_DIR / png), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size}
            )
            page.close()
        chromium.close()


if __name__ == "__main__":
    draw()
