// Evaluated in the page by contrast.py: the WCAG contrast of the text and tokens under `roots`.
(roots) => {
  const rgb = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const over = (top, under) => {
    const mix = (k) => top[k] * top.a + under[k] * (1 - top.a);
    return { r: mix("r"), g: mix("g"), b: mix("b"), a: 1 };
  };
  // The colour behind an HTML element: the painted backgrounds of its ancestors, composed.
  const behind = (el) => {
    const layers = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let out = { r: 255, g: 255, b: 255, a: 1 };
    for (const c of layers.reverse()) out = over(c, out);
    return out;
  };
  const fails = [];
  let read = 0;
  const check = (el, kind, fg, bg, need) => {
    if (!fg || !bg) return;
    read++;
    const r = ratio(over(fg, bg), bg);
    const text = (el.textContent || el.getAttribute("class") || "").trim().slice(0, 30);
    if (r < need) fails.push({ kind, text, ratio: Math.round(r * 100) / 100 });
  };
  const fill = (el) => rgb(getComputedStyle(el).fill);
  for (const sel of roots) {
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll("*")) {
        if (!el.getClientRects().length) continue;
        const cs = getComputedStyle(el);
        if (cs.visibility === "hidden" || Number(cs.opacity) === 0) continue;
        if (el instanceof SVGElement) {
          if (el.tagName !== "text" || !el.textContent.trim()) continue;
          // A token's initial is read against its disc; a label against its own halo.
          const prev = el.previousElementSibling;
          const halo = rgb(cs.stroke);
          const haloed = halo && halo.a > 0 && parseFloat(cs.strokeWidth) > 0;
          const bg = prev && prev.tagName === "circle" ? fill(prev) : haloed ? halo : behind(el.ownerSVGElement);
          check(el, "svg text", fill(el), bg, 4.5);
          continue;
        }
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (own && !el.closest("[disabled]")) check(el, "text", rgb(cs.color), behind(el), 4.5);
        if (el.matches(".goa-dot:not(.goa-empty)")) check(el, "token", rgb(cs.backgroundColor), behind(el.parentElement), 3);
      }
      // A tourist against the hex it stands on: its outline ring is what a person sees.
      for (const token of root.querySelectorAll("circle.gg-token")) {
        const ring = token.previousElementSibling;
        const c = ring && ring.matches("circle.gg-token-ring") ? ring : token;
        const box = c.getBoundingClientRect();
        const hex = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2).find((n) => n.tagName === "polygon");
        if (hex) check(c, "token", fill(c), fill(hex), 3);
      }
    }
  }
  return { read, fails };
}
