// A list's filters (x-list.search and x-list.filters), and the Russian labels of the ranged ones.
import { el, expr, lit, str } from './code';
import { choicesConst, ra, refSearch, refTitleOption, shared, type Ctx } from './context';
import type { UiField } from './ui-fields';

function filterInput(ctx: Ctx, f: UiField, op: 'eq' | 'gte' | 'lte' | 'ne'): string {
  const name = op === 'eq' ? f.name : `${f.name}_${op}`;
  const base = [str('key', name), str('source', name)];
  if (f.ref) {
    const inner = [refTitleOption(ctx, f.ref), refSearch(ctx, f.ref)];
    return f.ref.many
      ? el(
          ra(ctx, 'ReferenceArrayInput'),
          [...base, str('reference', f.ref.resource)],
          [el(ra(ctx, 'AutocompleteArrayInput'), inner)],
        )
      : el(
          ra(ctx, 'ReferenceInput'),
          [...base, str('reference', f.ref.resource)],
          [el(ra(ctx, 'AutocompleteInput'), inner)],
        );
  }
  if (f.enum) return el(ra(ctx, 'SelectInput'), [...base, expr('choices', choicesConst(ctx, f, f.name))]);
  switch (f.kind) {
    case 'boolean':
      return el(ra(ctx, 'NullableBooleanInput'), base);
    case 'date-time': {
      if (op === 'eq' || op === 'ne') {
        return el(ra(ctx, 'DateTimeInput'), [
          ...base,
          expr('format', shared(ctx, 'isoToMoscowLocal')),
          expr('parse', shared(ctx, 'moscowLocalToIso')),
        ]);
      }
      const parse = op === 'gte' ? 'moscowDayStart' : 'moscowDayEnd';
      return el(ra(ctx, 'DateInput'), [
        ...base,
        expr('format', shared(ctx, 'isoToMoscowDate')),
        expr('parse', shared(ctx, parse)),
      ]);
    }
    case 'date':
      return el(ra(ctx, 'DateInput'), base);
    case 'integer':
    case 'number':
    case 'bigint':
    case 'integer[]':
      if (f.widget === 'money') return el(shared(ctx, 'MoneyInput'), base);
      if (f.widget === 'percent') return el(shared(ctx, 'PercentInput'), base);
      return el(ra(ctx, 'NumberInput'), base);
    default:
      return el(ra(ctx, 'TextInput'), base);
  }
}

export function filterLabel(f: UiField, op: 'eq' | 'gte' | 'lte' | 'ne'): string {
  const dated = f.kind === 'date-time' || f.kind === 'date';
  if (op === 'gte') return `${f.label} ${dated ? 'с' : 'от'}`;
  if (op === 'lte') return `${f.label} ${dated ? 'по' : 'до'}`;
  if (op === 'ne') return `${f.label}: кроме`;
  return f.label;
}

/** The input of x-list.views: one of the list's named selections («К отправке»), by its key. */
export const VIEW_LABEL = 'Подборка';

export function filterElements(ctx: Ctx, fields: Map<string, UiField>): string[] {
  const e = ctx.entity;
  const out: string[] = [];
  if (e.list.search.length > 0)
    out.push(el(ra(ctx, 'SearchInput'), [str('key', 'q'), str('source', 'q'), 'alwaysOn']));
  for (const filter of e.list.filters) {
    const f = fields.get(filter.field);
    if (!f?.inFilter) continue;
    for (const op of filter.ops) {
      // The tabs are the input of the tab field's equality filter: a second one would only disagree with them.
      if (op === 'eq' && filter.field === e.list.tabs?.field) continue;
      out.push(filterInput(ctx, f, op));
    }
  }
  if (e.list.views.length > 0) {
    const choices = e.list.views.map((v) => ({ id: v.key, name: v.label }));
    if (!ctx.choices.has('viewChoices'))
      ctx.choices.set('viewChoices', `const viewChoices = ${lit(choices)};`);
    out.push(
      el(ra(ctx, 'SelectInput'), [str('key', 'view'), str('source', 'view'), expr('choices', 'viewChoices')]),
    );
  }
  return out;
}
