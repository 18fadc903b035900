// What a shopper on a phone would trip over on the screen as it is now, measured inside the page
// (phone-audit.spec.ts evaluates this function at several scroll positions). It answers a list of problems,
// each a short description with the element it concerns:
// - "small": something that takes a tap is smaller than 44 × 44 px (DESIGN.md). Links inside running text are
//   exempt, as WCAG 2.5.8 exempts them: a sentence cannot be made 44 px tall.
// - "covered": something that takes a tap lies fully inside the screen, between the sticky header and any bar
//   fixed to the bottom, but a tap on its centre would land on another element (a toast over a button); or, at
//   the page's end, a control or text still lies under the bottom bar (the footer's last line behind «В корзину»).
// - "clipped": text cut by its own box (overflow hidden without an ellipsis or a line clamp) or running past the
//   screen's right edge outside a horizontal scroller.
// Plain JavaScript, not TypeScript: the e2e project compiles without the DOM library.
(options) => {
  const MIN = 44;
  const problems = [];
  const name = (el) => {
    const cls =
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    return `${el.tagName.toLowerCase()}${cls} «${text}»`;
  };
  const shown = (el) => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const r = el.getBoundingClientRect();
    // A visually hidden control (1 px, clipped) is operated through its label, which is measured instead.
    return r.width > 2 && r.height > 2;
  };
  const header = options.header ? document.querySelector(options.header) : null;
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  // A bar fixed to the bottom of the screen (the product's «В корзину», the cart's sum) hides what scrolls under
  // it, which is fine while the page can still scroll it out; at the page's end nothing may stay under it.
  let bottom = window.innerHeight;
  const bars = [];
  for (const el of document.body.querySelectorAll('*')) {
    const position = getComputedStyle(el).position;
    if (position !== 'fixed' && position !== 'sticky') continue;
    const r = el.getBoundingClientRect();
    if (r.height > 0 && r.bottom >= window.innerHeight - 1 && r.top > window.innerHeight / 2) {
      bottom = Math.min(bottom, r.top);
      bars.push(el);
    }
  }
  const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
  const underBar = (el, r) =>
    atEnd && r.bottom > bottom + 0.5 && r.top < window.innerHeight && !bars.some((bar) => bar.contains(el));
  const onScreen = (r) => r.top >= top && r.bottom <= bottom && r.left >= 0 && r.right <= window.innerWidth;

  /** A link in a sentence: inline, and its block holds more text than the link itself. */
  const inText = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement;
    const own = (el.textContent || '').trim().length;
    return !!block && (block.textContent || '').trim().length > own + 3;
  };

  const TAPPABLE =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=checkbox], [role=radio], [role=option], [role=menuitem]';
  // A drawer or dialog open over the page: only what is in it counts (the page behind is covered by design).
  const root = (options.scope && document.querySelector(options.scope)) || document.body;
  for (const el of root.querySelectorAll(TAPPABLE)) {
    if (el.closest('[inert], [aria-hidden=true]') && el.tabIndex < 0) continue;
    let target = el;
    // A checkbox or radio drawn by its label: the label is what a finger hits.
    if (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label'))
      target = el.closest('label');
    if (!shown(target)) continue;
    const r = target.getBoundingClientRect();
    if (underBar(target, r)) problems.push(`covered: ${name(target)} stays under the bar at the page's end`);
    if (!onScreen(r)) continue;
    if ((r.width < MIN - 0.5 || r.height < MIN - 0.5) && !inText(target)) {
      problems.push(`small: ${name(target)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== target && !target.contains(hit) && !hit.contains(target)) {
      problems.push(`covered: ${name(target)} under ${name(hit)}`);
    }
  }

  const scrolls = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent.trim()) continue;
    seen.add(el);
    if (!shown(el) || el.closest('script, style, noscript, .visually-hidden, [hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (underBar(el, r)) problems.push(`covered: ${name(el)} stays under the bar at the page's end`);
    if (r.bottom < top || r.top > bottom) continue;
    const style = getComputedStyle(el);
    const clamps = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
    const hides = /hidden|clip/.test(style.overflowX + style.overflowY);
    if (hides && !clamps && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      problems.push(
        `clipped: ${name(el)} ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
      );
    }
    if (r.right > window.innerWidth + 1 && !scrolls(el)) {
      problems.push(`clipped: ${name(el)} runs past the screen's edge to ${Math.round(r.right)} px`);
    }
  }
  return [...new Set(problems)];
};
