// The list screen: x-list's columns, sort, page size, filters and tabs.
import { component, el, expr, indent, lit, str, type Attr } from './code';
import { choicesConst, ra, type Ctx } from './context';
import { fieldElement } from './fields';
import { filterElements } from './filters';
import type { UiField } from './ui-fields';

export function listScreen(ctx: Ctx, name: string, fields: Map<string, UiField>): string {
  const e = ctx.entity;
  const columns = e.list.columns
    .map((c) => fields.get(c))
    .filter((f): f is UiField => f !== undefined && f.inList)
    .map((f) =>
      fieldElement(ctx, f, {
        column: true,
        nested: false,
        path: f.name,
        sortable: e.list.sortable.includes(f.name),
      }),
    );
  const filters = filterElements(ctx, fields);
  const rowsPerPage = [...new Set([10, 25, 50, 100, e.list.perPage])].sort((a, b) => a - b);
  const listAttrs: Attr[] = [
    filters.length > 0 && expr('filters', 'filters'),
    expr('sort', lit(e.list.sort)),
    expr('perPage', String(e.list.perPage)),
    expr('pagination', `<${ra(ctx, 'Pagination')} rowsPerPageOptions={${lit(rowsPerPage)}} />`),
    expr('actions', `<${ctx.imports.add('../src/list', 'ListActions')} />`),
  ];
  // Bulk delete only for a role that may delete (src/list.tsx useBulkActions).
  const grid = el(
    ra(ctx, 'Datagrid'),
    [expr('rowClick', 'rowClick'), expr('bulkActionButtons', 'bulkActions')],
    columns,
  );
  // x-list.tabs: «Все» and a tab per value of the field with their counts, above the rows (src/list.tsx).
  const tabField = e.list.tabs ? fields.get(e.list.tabs.field) : undefined;
  const tabs = tabField
    ? [
        el(ctx.imports.add('../src/list', 'ListTabs'), [
          str('source', tabField.name),
          expr('choices', choicesConst(ctx, tabField, tabField.name)),
        ]),
      ]
    : [];
  const parts: string[] = [];
  if (filters.length > 0) parts.push(`const filters = [\n${indent(filters.join(',\n'))},\n];`);
  ctx.imports.add('../src/list', 'useRowClick');
  ctx.imports.add('../src/list', 'useBulkActions');
  parts.push(
    component(name, el(ra(ctx, 'List'), listAttrs, [...tabs, grid]), {
      prelude: ['const rowClick = useRowClick();', 'const bulkActions = useBulkActions();'],
    }),
  );
  return parts.join('\n\n');
}
