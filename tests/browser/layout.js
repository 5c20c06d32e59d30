// Evaluated in the page by layout.py at a decision point: returns {problems, facts}.
({minText, minTarget, share, desktop}) => {
  const W = innerWidth, H = innerHeight, problems = [], saved = [scrollX, scrollY];
  const name = (el) => {
    const d = el.dataset || {};
    const said = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.localName}${d.testid ? '[' + d.testid + ']' : ''}${d.action ? ' ' + d.action : ''} "${said}"`;
  };
  // On screen for a player: laid out, not hidden (a closed <details> hides its content), not inert.
  const shown = (el) => el.getClientRects().length > 0 && el.checkVisibility({visibilityProperty: true}) && !el.closest('[inert]');
  // Reachable: scrolled into view as a player would, its centre in the window and on it.
  const reach = (el, what) => {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= W || y >= H) { problems.push(`${what} ${name(el)} is out of the window at (${x|0}, ${y|0})`); return; }
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) problems.push(`${what} ${name(el)} is covered by ${hit ? name(hit) : 'nothing'}`);
  };
  const controls = [...document.querySelectorAll('[data-testid="action"]:not([disabled])')].filter(shown);
  for (const el of controls) reach(el, 'control');
  // The panel on a phone is a row of tabs: each part is one tap away and opens in the window.
  // A tap redraws the tabs, so each is looked up again by its name.
  const tab = (which) => [...document.querySelectorAll(`[data-panel-tab="${which}"]`)].find(shown);
  const tabs = [...document.querySelectorAll('[data-panel-tab]')].filter(shown).map((b) => b.dataset.panelTab);
  if (W < 960 && tabs.length < 3) problems.push(`the panel has ${tabs.length} tabs on a phone`);
  if (tabs.length) {
    const closed = document.getElementById('side').getBoundingClientRect();
    if (closed.height > 80) problems.push(`the closed panel takes ${closed.height | 0}px of the window`);
    for (const which of tabs) {
      reach(tab(which), 'panel tab');
      tab(which).click();
      const part = document.getElementById(tab(which).getAttribute('aria-controls'));
      const r = part && shown(part) ? part.getBoundingClientRect() : null;
      if (!r || r.top < 0 || r.top >= H) problems.push(`the ${which} tab opens nothing in the window`);
      if (tab(which).getAttribute('aria-expanded') !== 'true') problems.push(`the ${which} tab does not say it is open`);
      tab(which).click();
    }
  }
  for (const id of ['chat-input', 'chat-send']) {
    const el = () => document.querySelector(`[data-testid="${id}"]`);
    if (el() && !shown(el()) && tab('chat')) tab('chat').click(); // one tap away
    if (!el()) problems.push(`no ${id}`);
    else reach(el(), 'chat');
    if (tab('chat')?.getAttribute('aria-expanded') === 'true') tab('chat').click();
  }
  scrollTo(saved[0], saved[1]);
  const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (wide > 1) problems.push(`the page scrolls sideways by ${wide}px`);
  const stages = [...document.querySelectorAll('[data-stage]')].filter(shown);
  if (stages.length !== 1) problems.push(`${stages.length} stages on screen`);
  const stage = stages[0];
  // Texts of the stage and the action bar: HTML by computed size, SVG times the drawing's scale.
  const small = [];
  for (const root of [stage, document.getElementById('statusrow')].filter(Boolean)) {
    for (const el of root.querySelectorAll('*')) {
      if (['title', 'desc', 'style', 'script'].includes(el.localName) || !shown(el)) continue;
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').trim();
      if (!own) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // screen-reader text
      let px = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) { const m = el.getScreenCTM(); px *= m ? Math.hypot(m.a, m.b) : 1; }
      if (px < minText - 0.05) small.push(`${own.slice(0, 24)} (${px.toFixed(1)}px)`);
    }
  }
  if (small.length) problems.push(`${small.length} texts under ${minText}px: ${small.slice(0, 8).join('; ')}`);
  const facts = {stage: stage ? Math.round(stage.getBoundingClientRect().width) : 0, controls: controls.length, targets: 0};
  if (stage && W >= desktop) {
    if (facts.stage < share * W) problems.push(`the stage is ${facts.stage}px of ${W}px (${Math.round(100 * facts.stage / W)} %)`);
    const targets = [...stage.querySelectorAll('[data-testid="action"]:not([disabled]), [role="button"]:not([aria-disabled="true"])')].filter(shown);
    facts.targets = targets.length;
    const tiny = targets.map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width < minTarget - 0.5 || r.height < minTarget - 0.5);
    if (tiny.length) problems.push(`${tiny.length} of ${targets.length} targets under ${minTarget}px: ${tiny.slice(0, 4).map(([el, r]) => `${name(el)} ${r.width|0}x${r.height|0}`).join('; ')}`);
  }
  return {problems, facts};
}
