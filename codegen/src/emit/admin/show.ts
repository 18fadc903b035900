// The show screen: every field a reader may see, one row each; for a record nobody edits (history: the 1C
// exchange's log), the related records of x-form.related below it, as an edit screen has them.
import { component, el } from './code';
import { ra, type Ctx } from './context';
import { fieldElement } from './fields';
import { relatedSection } from './form';
import type { UiField } from './ui-fields';

export function showScreen(ctx: Ctx, name: string, fields: UiField[], withRelated = false): string {
  const rows = fields
    .filter((f) => f.inShow)
    .map((f) => fieldElement(ctx, f, { column: false, nested: false, path: f.name }));
  const layout = el(ra(ctx, 'SimpleShowLayout'), [], rows);
  const related = withRelated ? (ctx.entity.form?.related ?? []).map((r) => relatedSection(ctx, r)) : [];
  // A related record opens where the role may (src/list.tsx useRowClick, as in the lists).
  const prelude = related.length
    ? [`const rowClick = ${ctx.imports.add('../src/list', 'useRowClick')}();`]
    : [];
  return component(name, el(ra(ctx, 'Show'), [], [layout, ...related]), { prelude });
}
