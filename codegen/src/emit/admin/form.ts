// The create and edit screens: one form (x-form's tabs, x-access.write on fields), validated by the entity's
// zod input schema, and under the edit form the related records of x-form.related.
import type { EntityModel } from '../../model';
import { AdminEmitError, component, el, expr, indent, key, lit, str } from './code';
import { componentImport, ra, shared, type Ctx, type ScreenKey } from './context';
import { fieldElement } from './fields';
import { inputElement } from './inputs';
import { entityFields, type UiField } from './ui-fields';

function formElement(ctx: Ctx, fields: UiField[]): string {
  const e = ctx.entity;
  const editable = fields.filter((f) => f.inForm);
  const input = (f: UiField) => {
    const element = inputElement(ctx, f, f.name);
    return f.writeRoles
      ? el(shared(ctx, 'WritableBy'), [expr('roles', lit(f.writeRoles))], [element])
      : element;
  };
  // Leaving a form with unsaved edits asks first (react-admin's dialog; the admin runs on a data router).
  const validate = [expr('validate', 'validate'), 'warnWhenUnsavedChanges'];
  if (!e.form?.tabs.length) return el(ra(ctx, 'SimpleForm'), validate, editable.map(input));
  const placed = new Set(e.form.tabs.flatMap((t) => t.fields));
  const byName = new Map(editable.map((f) => [f.name, f]));
  const tabs = e.form.tabs.map((t) => ({
    label: t.label,
    fields: t.fields.map((n) => byName.get(n)).filter((f): f is UiField => f !== undefined),
  }));
  // A form field no tab names would be impossible to fill in: it gets a tab of its own.
  const rest = editable.filter((f) => !placed.has(f.name));
  if (rest.length > 0) tabs.push({ label: 'Прочее', fields: rest });
  const tabbed = ra(ctx, 'TabbedForm');
  return el(
    tabbed,
    validate,
    tabs
      .filter((t) => t.fields.length > 0)
      .map((t) => el(`${tabbed}.Tab`, [str('label', t.label)], t.fields.map(input))),
  );
}

/** The API input shape for the transform: writable fields, which accept null, object-array items. */
function inputShape(fields: UiField[]): string {
  const entries = fields.map((f) => {
    const props: string[] = [];
    if (f.nullable) props.push('nullable: true');
    // Item ids go back to the server: they say which rows are updated rather than created.
    if (f.items) props.push(`items: ${inputShape(f.items.filter((i) => i.inForm || i.name === 'id'))}`);
    return `${key(f.name)}: ${props.length ? `{ ${props.join(', ')} }` : '{}'},`;
  });
  return `{\n${indent(entries.join('\n'))}\n}`;
}

export function formScreens(
  ctx: Ctx,
  fields: UiField[],
  names: Record<ScreenKey, string>,
  own: Set<ScreenKey>,
): string {
  const e = ctx.entity;
  const schema = ctx.imports.add('@shop/schemas/generated/zod', `${e.typeName}InputSchema`);
  ctx.imports.add('../src/input', 'inputTransform');
  ctx.imports.add('../src/validation', 'zodValidator');
  const form = `${e.typeName}Form`;
  const parts = [
    `/** Form values → the API input: what is saved and what the validation checks. */\nconst toInput = inputTransform(${inputShape(fields.filter((f) => f.inForm))});`,
    `const validate = zodValidator(${schema}, toInput);`,
    component(form, formElement(ctx, fields), { exported: false }),
  ];
  if (own.has('create')) {
    const attrs = [expr('transform', 'toInput'), str('redirect', 'edit')];
    parts.push(component(names.create, el(ra(ctx, 'Create'), attrs, [`<${form} />`])));
  }
  if (own.has('edit')) {
    const related = (e.form?.related ?? []).map((r) => relatedSection(ctx, r));
    // Pessimistic: the server's field errors (a taken slug...) come back onto the inputs.
    // The aside: the record's history of changes (src/history), on every generated edit screen.
    const actions = ctx.imports.add('../src/EditActions', 'EditActions');
    const attrs = [
      expr('transform', 'toInput'),
      str('mutationMode', 'pessimistic'),
      expr('aside', `<${ctx.imports.add('../src/history', 'HistoryAside')} />`),
      // «Просмотр», and «На сайте» where the record has a page in the shop (x-entity.sitePath).
      expr('actions', `<${actions} />`),
    ];
    // A related record opens where the role may (src/list.tsx useRowClick, as in the lists).
    const prelude = related.length
      ? [`const rowClick = ${ctx.imports.add('../src/list', 'useRowClick')}();`]
      : [];
    parts.push(component(names.edit, el(ra(ctx, 'Edit'), attrs, [`<${form} />`, ...related]), { prelude }));
  }
  return parts.join('\n\n');
}

/**
 * x-form.related: under the edit form (outside it: a hand-written piece may hold a form of its own; under
 * the show screen of a record nobody edits), the records of another resource whose `target` field refers to this record, in that resource's list columns.
 */
export function relatedSection(
  ctx: Ctx,
  r: NonNullable<NonNullable<EntityModel['form']>['related']>[number],
): string {
  const e = ctx.entity;
  const target = ctx.byResource.get(r.resource);
  const ref = target?.fields.find((f) => f.name === r.target)?.ref;
  if (!target || !target.admin || ref?.resource !== e.resource || ref.many)
    throw new AdminEmitError(
      `${e.file}: x-form.related: ${r.resource}.${r.target} is not an administered reference to ${e.resource}`,
    );
  // The list is asked for with the target as its filter, which the server answers only when whitelisted.
  if (!target.list.filters.some((f) => f.field === r.target && f.ops.includes('eq')))
    throw new AdminEmitError(
      `${e.file}: x-form.related: ${r.target} must be in x-list.filters of ${target.file}`,
    );
  const sub: Ctx = { ...ctx, entity: target };
  const fields = new Map(entityFields(target).map((f) => [f.name, f]));
  const columns = target.list.columns
    .filter((c) => c !== r.target)
    .map((c) => fields.get(c))
    .filter((f): f is UiField => f !== undefined && f.inList)
    .map((f) =>
      fieldElement(sub, f, { column: true, nested: false, path: `${r.resource}-${f.name}`, sortable: false }),
    );
  const extra = r.component ? componentImport(ctx, `related`, r.component, new Set()) : null;
  return el(
    ctx.imports.add('../src/RelatedRecords', 'RelatedRecords'),
    [
      str('label', r.label),
      str('reference', r.resource),
      str('target', r.target),
      expr('sort', lit(target.list.sort)),
      extra && expr('extra', `<${extra} />`),
    ],
    [el(ra(ctx, 'Datagrid'), [expr('rowClick', 'rowClick'), expr('bulkActionButtons', 'false')], columns)],
  );
}
