"""What a person can read and tap on a game's drawing: text sizes as shown, and overlaps;
`TextSizes` samples them across a whole match.

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


# The parts of the match page a player reads, for TextSizes: the whole board (the stage and
# everything under it), the action bar, the panel (a column on a desktop, a sheet on a phone)
# and the final screen.
READ = {"board": "#board", "action bar": "#statusrow", "panel": "#side", "final screen": "#final"}


class TextSizes:
    """Text sizes sampled across a whole match: at each decision point (and at the end) every
    visible text of the page's parts is measured as shown at that window size; `check` then
    asserts none was under `least` px, naming the smallest of each part, the window and the moment.
    One state says little: a game shows other words in other phases (a walk, a sale, the end).

    >>> sizes = TextSizes("goa en")
    >>> sizes.points, sizes.read
    (0, 0)
    """

    def __init__(self, where: str, least: float = 11, parts: dict[str, str] | None = None):
        self.where, self.least, self.parts = where, least, parts or READ
        self.points, self.read = 0, 0
        self.small: dict[tuple[str, str], dict] = {}  # (part, words) -> the smallest sighting
        self.smallest: dict[str, float] = {}  # part -> the smallest size read in it

    def sample(self, page: Page, moment: str) -> None:
        """Measures every visible text of every part now; `moment` says when (window, version)."""
        self.points += 1
        for part, selector in self.parts.items():
            for t in texts(page, selector):
                self.read += 1
                self.smallest[part] = min(self.smallest.get(part, t["px"]), t["px"])
                key = (part, t["text"][:32])
                if t["px"] < self.least - 0.05 and (key not in self.small or t["px"] < self.small[key]["px"]):
                    self.small[key] = {"px": t["px"], "cls": t["cls"], "at": moment}

    def check(self, least_points: int = 8) -> None:
        """Asserts the match was sampled at `least_points` moments and no text was under the least size."""
        assert self.points >= least_points, f"{self.where}: text sizes sampled at {self.points} moments only"
        found = [f"{part} {words!r} {s['px']}px ({s['cls']}, {s['at']})" for (part, words), s in self.small.items()]
        assert not found, f"{self.where}: {len(found)} texts under {self.least}px:\n  " + "\n  ".join(found[:30])

    def summary(self) -> str:
        """One line of figures: moments, texts read, the smallest size per part."""
        least = ", ".join(f"{part} {px:g}px" for part, px in sorted(self.smallest.items()))
        return f"{self.where}: {self.read} texts at {self.points} moments; smallest: {least}"


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
