// x-list and x-form: what the admin's list shows, searches, filters and sorts by, and how its form is laid out.
import { fail } from './check';
import type { ChildModel, EntityModel, FieldModel, FilterModel, TabsModel, ViewModel } from './types';

/** x-list, with its defaults: the first columns, sorted by id descending, 25 a page. */
export function listModel(
  file: string,
  raw: unknown,
  fields: FieldModel[],
  children: ChildModel[],
): EntityModel['list'] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const xl = (raw ?? {}) as {
    columns?: string[];
    sort?: { field: string; order: 'ASC' | 'DESC' };
    perPage?: number;
    search?: string[];
    filters?: (string | { field: string; ops?: FilterModel['ops'] })[];
    sortable?: string[];
    tabs?: unknown;
    views?: unknown;
  };
  const visible = fields.filter((f) => !f.private && !f.virtual && !f.writeOnly);
  const columns =
    xl.columns ??
    visible
      .filter((f) => f.kind !== 'json')
      .slice(0, 8)
      .map((f) => f.name);
  for (const c of columns) if (!byName.has(c)) fail(file, 'x-list.columns', `${c} is not a field`);
  const search = (xl.search ?? []).filter((c) => !c.includes('.'));
  for (const c of search) {
    const f = byName.get(c);
    if (!f || f.kind !== 'string') fail(file, 'x-list.search', `${c} is not a text field`);
  }
  const childSearch = (xl.search ?? [])
    .filter((c) => c.includes('.'))
    .map((c) => {
      const [property, field] = c.split('.') as [string, string];
      const child = children.find((ch) => ch.property === property);
      const f = child?.fields.find((x) => x.name === field);
      if (!f || f.kind !== 'string' || f.private)
        fail(file, 'x-list.search', `${c} is not a text field of a child table (x-children)`);
      return { property, field };
    });
  const filters: FilterModel[] = (xl.filters ?? []).map((fl) =>
    typeof fl === 'string' ? { field: fl, ops: ['eq'] } : { field: fl.field, ops: fl.ops ?? ['eq'] },
  );
  for (const fl of filters) {
    // "offers.stock": the records with a child row that passes (a product with an offer almost sold out).
    const [property, childField] = fl.field.split('.') as [string, string | undefined];
    const f = childField
      ? children.find((c) => c.property === property)?.fields.find((x) => x.name === childField)
      : byName.get(fl.field);
    if (!f || f.private || f.kind === 'json' || (childField && f.kind.endsWith('[]')))
      fail(file, 'x-list.filters', `${fl.field} cannot be filtered`);
  }
  const scalar = (f: FieldModel) => !f.kind.endsWith('[]') && f.kind !== 'json' && !f.private && !f.virtual;
  const sortable = xl.sortable ?? [...new Set(['id', ...columns.filter((c) => scalar(byName.get(c)!))])];
  for (const c of sortable) {
    const f = byName.get(c);
    if (!f || !scalar(f)) fail(file, 'x-list.sortable', `${c} cannot be sorted`);
  }
  const sort = xl.sort ?? { field: 'id', order: 'DESC' };
  if (!sortable.includes(sort.field)) fail(file, 'x-list.sort', `${sort.field} is not sortable`);
  const tabs = xl.tabs === undefined ? null : tabsModel(file, xl.tabs, byName, filters);
  const views = viewsModel(file, xl.views ?? [], byName);
  return { columns, sort, perPage: xl.perPage ?? 25, search, childSearch, filters, sortable, tabs, views };
}

/**
 * x-list.views: `[{ "key": "toShip", "label": "К отправке", "where": "./sales/order-views#toShip" }]`, each a
 * named condition the server writes (a ListView); its key is the value of the list's `view` filter.
 */
function viewsModel(file: string, raw: unknown, byName: Map<string, FieldModel>): ViewModel[] {
  const where = 'x-list.views';
  if (!Array.isArray(raw)) fail(file, where, 'an array of { "key", "label", "where" } expected');
  const keys = new Set<string>();
  if (raw.length && byName.has('view'))
    fail(file, where, 'a field named "view" would be read as the view filter');
  return raw.map((v: unknown, i) => {
    const at = `${where}[${i}]`;
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      fail(file, at, '{ "key", "label", "where" } expected');
    const { key, label, where: path, ...rest } = v as Record<string, unknown>;
    if (Object.keys(rest).length) fail(file, at, `unknown keys: ${Object.keys(rest).join(', ')}`);
    if (typeof key !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(key))
      fail(file, at, 'key must be a camelCase name, e.g. "toShip"');
    if (keys.has(key)) fail(file, at, `the key "${key}" is there twice`);
    // The filter's values are keys: one named like a field would read as that field's filter.
    if (byName.has(key)) fail(file, at, `the key "${key}" is a field's name`);
    keys.add(key);
    if (typeof label !== 'string' || !label.trim()) fail(file, at, 'label must be a Russian text');
    if (typeof path !== 'string' || !/^\.\/[a-z0-9-]+\/[a-z0-9-]+#[A-Za-z_][A-Za-z0-9_]*$/.test(path))
      fail(file, at, 'where must look like "./<domain>/file#export"');
    return { key, label, where: path };
  });
}

/** x-list.tabs: `{ "field": "<enum field>" }`, a field the list already filters on by equality. */
function tabsModel(
  file: string,
  raw: unknown,
  byName: Map<string, FieldModel>,
  filters: FilterModel[],
): TabsModel {
  const where = 'x-list.tabs';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.keys(raw).join() !== 'field')
    fail(file, where, '{ "field": "<enum field>" } expected');
  const name = (raw as { field: unknown }).field;
  const f = typeof name === 'string' ? byName.get(name) : undefined;
  if (!f || !f.enum?.length || f.kind.endsWith('[]') || f.private || f.virtual || f.writeOnly)
    fail(file, where, `${String(name)} is not a readable field with an enum`);
  if (!filters.some((fl) => fl.field === f.name && fl.ops.includes('eq')))
    fail(file, where, `${f.name} must also be in x-list.filters (a tab filters the list by it)`);
  return { field: f.name, values: f.enum };
}

/** x-form: tabs that name fields and child tables, and the related records listed under the edit form. */
export function formModel(
  file: string,
  raw: unknown,
  fields: FieldModel[],
  children: ChildModel[],
): EntityModel['form'] {
  const form = raw as EntityModel['form'];
  if (form) {
    const names = new Set([...fields.map((f) => f.name), ...children.map((c) => c.property)]);
    for (const t of form.tabs ?? [])
      for (const f of t.fields) if (!names.has(f)) fail(file, 'x-form', `${f} is not a field`);
    for (const r of form.related ?? [])
      if (typeof r.label !== 'string' || typeof r.resource !== 'string' || typeof r.target !== 'string')
        fail(
          file,
          'x-form.related',
          '{ "label", "resource", "target" } expected (the target refers to this entity)',
        );
    form.tabs ??= [];
  }
  return form;
}
