// What an administrator must never meet on the admin screen as it is now (admin-audit.ts evaluates this
// function at each width): a page that scrolls sideways, a form's text input narrower than
// `options.minInput`, a folded control that is still a tab stop, a regular expression or a JSON object shown
// as text, or one of `options.english` (the English defaults of react-admin, MUI and zod) on screen or in
// what a screen reader says.
// Plain JavaScript, not TypeScript: the e2e project compiles without the DOM library.
(options) => {
  const { minInput, english } = options;
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1)
    out.push({ kind: 'sideways scroll', what: `${doc.scrollWidth} px in a ${window.innerWidth} px window` });

  // Rendered, whatever its size: an input squeezed to 0 px by a neighbour is the worst case, not a hidden one.
  const visible = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  // Text inputs of a form (not those inside a table of child rows or a list's filter bar).
  for (const input of Array.from(document.querySelectorAll('form .MuiFormControl-root'))) {
    if (
      !visible(input) ||
      input.closest('table, .RaSimpleFormIterator-line, .RaList-actions, [class*=RaFilterForm]')
    )
      continue;
    if (!input.querySelector('input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea'))
      continue;
    const w = input.getBoundingClientRect().width;
    const label = input.querySelector('label')?.textContent?.trim() ?? input.querySelector('input')?.name;
    if (w < minInput) out.push({ kind: 'narrow input', what: `${label}: ${Math.round(w)} px` });
  }

  // Controls folded out of sight (a list's bulk actions before rows are chosen) must not be tab stops.
  for (const el of Array.from(
    document.querySelectorAll(
      '.RaBulkActionsToolbar-collapsed button, .RaBulkActionsToolbar-collapsed a[href]',
    ),
  )) {
    if (visible(el) && el.tabIndex >= 0)
      out.push({
        kind: 'hidden tab stop',
        what: (el.getAttribute('aria-label') || el.textContent || '').trim(),
      });
  }

  const main = document.querySelector('#main-content') ?? document.body;
  const text = main.innerText;
  const pattern = /\^\[|\]\*\$|\\[dswS][*+{]|\(\?:|\[a-z0-9|\[0-9\]\{/.exec(text);
  if (pattern)
    out.push({
      kind: 'pattern on screen',
      what: text.slice(Math.max(0, pattern.index - 40), pattern.index + 40),
    });
  const json = /[{[]\s*"[A-Za-z_][A-Za-z0-9_]*"\s*:/.exec(text);
  if (json)
    out.push({ kind: 'JSON on screen', what: text.slice(Math.max(0, json.index - 20), json.index + 60) });

  // English defaults: in the text, and in what a screen reader says (aria-label, title, placeholder).
  const spoken = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))
    .filter((el) => visible(el) || el.getAttribute('aria-label'))
    .map((el) =>
      [el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('placeholder')].join(' '),
    );
  const all = [document.body.innerText, ...spoken].join('\n');
  for (const word of english) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`(^|[^A-Za-z0-9_.-])${escaped}(?![A-Za-z0-9_])`).exec(all);
    if (m)
      out.push({
        kind: 'English',
        what: all.slice(Math.max(0, m.index - 30), m.index + word.length + 30).replace(/\s+/g, ' '),
      });
  }
  return out;
};
