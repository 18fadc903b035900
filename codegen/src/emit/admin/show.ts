// The show screen: every field a reader may see, one row each.
import { component, el } from './code';
import { ra, type Ctx } from './context';
import { fieldElement } from './fields';
import type { UiField } from './ui-fields';

export function showScreen(ctx: Ctx, name: string, fields: UiField[]): string {
  const rows = fields
    .filter((f) => f.inShow)
    .map((f) => fieldElement(ctx, f, { column: false, nested: false, path: f.name }));
  const layout = el(ra(ctx, 'SimpleShowLayout'), [], rows);
  return component(name, el(ra(ctx, 'Show'), [], [layout]));
}
