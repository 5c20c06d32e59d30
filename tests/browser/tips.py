"""Tap texts: every part of a board explains itself (a title, an SVG <title> or an aria-label,
on the element or the nearest ancestor in the board), as core/match/explain.js reads them."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.russian import english_words

# Leaf elements of the board and the pinned action bar (and SVG shapes), headings and running
# text aside; for each, the text it explains itself with, or null.
TIPS_JS = """() => {
  const TEXT = new Set(['H1', 'H2', 'H3', 'H4', 'P', 'LEGEND', 'CAPTION', 'B', 'SMALL', 'STRONG', 'LABEL', 'OPTION']);
  const SVG_PARTS = new Set(['polygon', 'circle', 'path', 'polyline', 'text', 'line']);
  const tipOf = (el, root) => {
    for (let n = el; n && n !== root && n.nodeType === 1; n = n.parentNode) {
      const svgTitle = n instanceof SVGElement ? [...n.children].find((c) => c.localName === 'title') : null;
      const own = n.getAttribute('title') || svgTitle?.textContent || n.getAttribute('aria-label');
      if (own) return own;
    }
    return null;
  };
  const out = [];
  for (const id of ['board', 'status-actions']) {
    const root = document.getElementById(id);
    if (!root) continue;
    for (const el of root.querySelectorAll('*')) {
      const svg = el instanceof SVGElement;
      if (svg ? !SVG_PARTS.has(el.tagName) : el.children.length || TEXT.has(el.tagName)) continue;
      if (svg && el.closest('[pointer-events="none"]')) continue;  // taps go through to the hex below
      if (!el.getClientRects().length) continue;  // not on screen
      out.push({ part: `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`.trim(), tip: tipOf(el, root) });
    }
  }
  return out;
}"""


def assert_every_part_explains_itself(
    page: Page, where: str, names: list[str] | None = None, allowed: frozenset[str] = frozenset()
) -> int:
    """Checks that each board part has a tap text (and, given seat `names`, that it is all Russian
    but for the `allowed` Latin words); returns how many parts were read."""
    parts = page.evaluate(TIPS_JS)
    silent = sorted({p["part"] for p in parts if not p["tip"]})
    assert not silent, f"{where}: parts without a tap text: {silent}"
    if names is not None:
        english = sorted({w for p in parts for w in english_words(p["tip"], names) if w not in allowed})
        assert not english, f"{where}: English in tap texts: {english}"
    return len(parts)
