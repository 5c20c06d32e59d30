"""What a person can read and tap on a game's drawing: text sizes as shown, and overlaps.

Text size is the computed font size times the scale the drawing is shown at (an SVG text's
screen CTM), so a 2.7-unit label in a 92-unit map 350 px wide counts as the 10.3 px it is.
"""

from __future__ import annotations

from playwright.sync_api import Page

TEXTS = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode;
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest("title, desc, .sr-only, [hidden]")) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || style.opacity === "0") continue;
      let px = parseFloat(style.fontSize);
      if (el instanceof SVGElement) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
      out.push({ text, px: Math.round(px * 10) / 10, cls: el.getAttribute("class") || el.tagName.toLowerCase(),
                 box: { x: box.x, y: box.y, width: box.width, height: box.height } });
    }
  }
  return out;
}"""


def texts(page: Page, selector: str) -> list[dict]:
    """Every visible text under `selector`: its words, size on screen in CSS px, class and box."""
    return page.evaluate(TEXTS, selector)


def small_texts(page: Page, selector: str, least: float = 11) -> list[dict]:
    """The visible texts under `selector` shown smaller than `least` CSS px."""
    return [t for t in texts(page, selector) if t["px"] < least - 0.05]


def overlap(a: dict, b: dict, slack: float = 0.5) -> float:
    """The area two boxes share, less `slack` px on each side (touching is not covering)."""
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) - 2 * slack
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) - 2 * slack
    return max(0.0, w) * max(0.0, h)


def boxes(page: Page, selector: str) -> list[dict]:
    """The screen boxes of every visible element matching `selector`, with its text or label."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map((el) => {
             const b = el.getBoundingClientRect();
             return { x: b.x, y: b.y, width: b.width, height: b.height,
                      text: (el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40),
                      cls: el.getAttribute("class") || "" };
           }).filter((b) => b.width > 0 && b.height > 0)""",
        selector,
    )


def open_in(live, context_factory, game: str, lang: str, seats: int, size: tuple[int, int]) -> tuple[Page, list[str]]:
    """Opens a match of `game` with bots in English ("Ana") or Russian ("Аня") at `size`;
    returns the page and the seat names (just the reader's in English)."""
    from tests.browser.play import open_match_with_bots
    from tests.browser.russian import open_russian_match, russian_context

    if lang == "ru":
        page = russian_context(context_factory).new_page()
        page.set_viewport_size({"width": size[0], "height": size[1]})
        return page, open_russian_match(page, live.base, game, seats=seats)
    page = context_factory(viewport={"width": size[0], "height": size[1]}).new_page()
    open_match_with_bots(page, live.base, game, seats=seats)
    return page, ["Ana"]
