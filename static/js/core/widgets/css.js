// Stylesheets of renderers and widgets, linked once into the page's <head>.
//
// API:
//   useStylesheet(href)   adds <link rel="stylesheet" href> unless the page has it already.
//   The widgets' own sheet (widgets.css) is linked by the first call.

const linked = new Set();
const WIDGETS = "/static/js/core/widgets/widgets.css";

function link(href) {
  if (linked.has(href) || typeof document === "undefined") return;
  linked.add(href);
  const el = document.createElement("link");
  el.rel = "stylesheet";
  el.href = href;
  document.head.append(el);
}

/** Links the stylesheet at `href` (and the widgets' sheet) once. */
export function useStylesheet(href) {
  link(WIDGETS);
  link(href);
}
