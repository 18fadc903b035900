// What the open admin screen shows for some fields (admin-meaning.spec.ts evaluates this function with their
// names): a list's cells (`td.column-<name>`), a show's rows (`.ra-field-<name>` without their label) and a
// form's inputs (`.ra-input-<name>`: a select's chosen text, or the input's value with its sign, ₽ or %);
// and every multi-line box, named by the field whose input holds it, with its text.
// Plain JavaScript, not TypeScript: the e2e project compiles without the DOM library.
(names) => {
  const text = (el) => (el.textContent ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  const out = [];
  for (const name of names) {
    for (const cell of document.querySelectorAll(`td.column-${CSS.escape(name)}`))
      out.push({ name, where: 'list', text: text(cell) });
    for (const row of document.querySelectorAll(`.ra-field-${CSS.escape(name)}`)) {
      const copy = row.cloneNode(true);
      copy.querySelectorAll('.RaLabeled-label, label').forEach((l) => l.remove());
      out.push({ name, where: 'show', text: text(copy) });
    }
    for (const input of document.querySelectorAll(`.ra-input-${CSS.escape(name)}`)) {
      const field = input.querySelector('input:not([type=hidden]):not([aria-hidden=true]), textarea');
      const select = input.querySelector('[role=combobox]');
      const sign = input.querySelector('.MuiInputBase-root span[aria-hidden], .MuiInputAdornment-root');
      const value = select ? text(select) : (field?.value ?? '');
      // An empty input says nothing, whatever sign stands beside it.
      const shown = value === '' ? '' : `${value}${sign ? ` ${text(sign)}` : ''}`;
      out.push({ name, where: 'form', text: shown.trim() });
    }
  }
  const boxes = [...document.querySelectorAll('textarea:not([aria-hidden=true])')].map((t) => {
    const holder = t.closest('[class*="ra-input-"]');
    const name = [...(holder?.classList ?? [])].find((c) => c.startsWith('ra-input-'))?.slice(9) ?? '';
    return { name, value: t.value };
  });
  return { out, boxes };
};
