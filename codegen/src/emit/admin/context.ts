// What every screen emitter of one entity shares: the file being written (its imports and enum choices),
// the other entities (for references), and the pieces they all use: references' titles, units, and the
// hand-written screens of x-components.
import type { EntityModel, RefModel, UnitFrom } from '../../model';
import { pascal } from '../../model';
import { AdminEmitError, camel, el, expr, IDENTIFIER, lit, str, type Attr, type Imports } from './code';
import type { UiField } from './ui-fields';

/** Screens an entity may replace with a hand-written component (x-components), path relative to admin/src. */
export const ADMIN_COMPONENT_KEYS = ['list', 'create', 'edit', 'show'] as const;
export type ScreenKey = (typeof ADMIN_COMPONENT_KEYS)[number];

const FIELDS = '../src/fields';

export interface Ctx {
  entity: EntityModel;
  byResource: Map<string, EntityModel>;
  imports: Imports;
  /** Module-level choice lists, by constant name. */
  choices: Map<string, string>;
}

export const ra = (ctx: Ctx, name: string) => ctx.imports.add('react-admin', name);
export const shared = (ctx: Ctx, name: string) => ctx.imports.add(FIELDS, name);

/** The constant holding an enum's Russian choices ({ id, name }), declared once per field path. */
export function choicesConst(ctx: Ctx, f: UiField, path: string): string {
  const name = `${camel(path)}Choices`;
  if (!ctx.choices.has(name)) {
    // An enum's values; else the values x-enum-labels names (a free text field with known values).
    const values = f.enum ?? Object.keys(f.enumLabels ?? {});
    const list = values.map((v) => ({ id: v, name: f.enumLabels?.[String(v)] ?? String(v) }));
    ctx.choices.set(name, `const ${name} = ${lit(list)};`);
  }
  return name;
}

type RefTitle = { field: string } | { template: string } | null;

/** How a referenced record is named: x-ref.display, else the target's own recordRepresentation. */
function refTitle(ctx: Ctx, ref: RefModel): RefTitle {
  const target = ctx.byResource.get(ref.resource);
  const title = ref.display ?? (target && !target.admin ? target.recordTitle : undefined);
  if (!title) return null;
  return IDENTIFIER.test(title) ? { field: title } : { template: title };
}

export function refTitleOption(ctx: Ctx, ref: RefModel): Attr {
  const title = refTitle(ctx, ref);
  if (!title) return null;
  return 'field' in title
    ? str('optionText', title.field)
    : expr('optionText', `${shared(ctx, 'recordTemplate')}(${lit(title.template)})`);
}

/** AutocompleteInput searches with `q`; a target without x-list.search gets its first page instead. */
export function refSearch(ctx: Ctx, ref: RefModel): Attr {
  const target = ctx.byResource.get(ref.resource);
  return target && target.list.search.length > 0
    ? null
    : expr('filterToQuery', ctx.imports.add('../src/list', 'noSearch'));
}

export function refLink(ctx: Ctx, ref: RefModel): Attr {
  return ctx.byResource.get(ref.resource)?.admin ? null : expr('link', 'false');
}

/** The element naming a referenced record inside ReferenceField (TextField) or in chips (ChipField). */
export function refTitleChild(ctx: Ctx, ref: RefModel, tag: 'TextField' | 'ChipField'): string | null {
  const title = refTitle(ctx, ref);
  if (!title) return null;
  if ('field' in title) return el(ra(ctx, tag), [str('source', title.field)]);
  return el(ra(ctx, 'FunctionField'), [
    expr('render', `${shared(ctx, 'recordTemplate')}(${lit(title.template)})`),
  ]);
}

/** The props of UnitField and UnitInput: the field that says the unit, and each of its values' units. */
export function unitAttrs(u: UnitFrom): Attr[] {
  return [str('unitSource', u.field), expr('units', lit(u.units))];
}

/** x-components: "./screens/orders#OrderList" → import { OrderList } from '../src/screens/orders'. */
export function componentImport(ctx: Ctx, key: string, spec: string, taken: Set<string>): string {
  const m = /^(\.\.?\/[A-Za-z0-9_./-]+?)(?:\.tsx?)?(?:#([A-Za-z_$][A-Za-z0-9_$]*))?$/.exec(spec);
  if (!m) {
    throw new AdminEmitError(
      `${ctx.entity.file}: x-components.${key}: "${spec}" is not "./path/in/admin/src#ExportName"`,
    );
  }
  const module = `../src/${m[1]!.replace(/^\.\//, '')}`;
  const exported = m[2];
  const local =
    exported && !taken.has(exported) ? exported : `${pascal(ctx.entity.typeName)}${pascal(key)}Screen`;
  taken.add(local);
  if (!exported) return ctx.imports.addDefault(module, local);
  // The import may rename (`ProductList as ProductListScreen`); the screen is used by its local name.
  ctx.imports.add(module, exported === local ? exported : `${exported} as ${local}`);
  return local;
}
