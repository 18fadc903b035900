// Emits the react-admin side of every admin entity (x-entity.admin is not false):
//   admin/generated/<resource>.tsx          List (+ filters), Create, Edit, Show and the <Resource> props
//   admin/generated/resources.tsx           the list of resources the app renders
//   admin/generated/access.ts               x-access: which roles may do which action on which resource
//   admin/generated/menu.ts                 menu groups (x-entity.menu) with their Russian titles
//   admin/generated/messages.ts             react-admin i18n messages: resource names and field labels
// The screens use react-admin components plus the shared widgets of admin/src (fields/, input.ts,
// validation.ts, list.tsx). Output is deterministic: no timestamps, entities sorted by resource name.
import type { EntityModel, FieldKind, FieldModel, JsonSchema, RefModel, UiWidget, UnitFrom } from '../model';
import { ACTIONS, ROLES, pascal, type Role } from '../model';
import { GENERATED_HEADER } from './header';

/** The shared files of admin/generated: no resource may be named like them. */
const SHARED_FILES = ['resources', 'access', 'menu', 'messages'];

/** The menu groups of x-entity.menu, in menu order. */
export const MENU_GROUPS: readonly { key: string; title: string }[] = [
  { key: 'catalog', title: 'Каталог' },
  { key: 'sales', title: 'Продажи' },
  { key: 'customers', title: 'Покупатели' },
  { key: 'content', title: 'Контент' },
  { key: 'messages', title: 'Сообщения' },
  { key: 'settings', title: 'Настройки' },
  { key: 'other', title: 'Прочее' },
];

/** Screens an entity may replace with a hand-written component (x-components), path relative to admin/src. */
export const ADMIN_COMPONENT_KEYS = ['list', 'create', 'edit', 'show'] as const;
type ScreenKey = (typeof ADMIN_COMPONENT_KEYS)[number];

export class AdminEmitError extends Error {}

// ---------------------------------------------------------------------------------------------------------
// The field description the emitter works from: entity fields, x-children rows and items of object arrays
// all become UiFields, so lists, forms and shows treat them alike.

interface UiField {
  name: string;
  label: string;
  kind: FieldKind;
  widget: UiWidget;
  required: boolean;
  /** The input schema accepts null. */
  nullable: boolean;
  help?: string;
  default?: unknown;
  enum?: (string | number)[];
  enumLabels?: Record<string, string>;
  ref?: RefModel;
  /** Rows of an x-children table or items of an array of objects. */
  items?: UiField[];
  inForm: boolean;
  inShow: boolean;
  inList: boolean;
  inFilter: boolean;
  /** x-access.write: the roles that see the field's input (others may not change it). */
  writeRoles?: readonly string[];
  /** x-custom-fields "directories": keys and values are directory and entry codes, shown by their titles. */
  directoryCoded?: boolean;
  /** x-ui.unitFrom: the sibling enum field whose value says whether the number is money or a percentage. */
  unitFrom?: UnitFrom;
  /** A stored write-only object with properties: its keys, each typed in on its own, never shown. */
  secretKeys?: { name: string; label: string; help?: string }[];
  /** x-ui.check: the resource answers POST …/:id/check-connection with these keys (a payment provider). */
  check?: boolean;
}

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  return [];
}

function objectItems(s: JsonSchema): JsonSchema | undefined {
  return s.items?.properties ? s.items : undefined;
}

function itemFields(items: JsonSchema): UiField[] {
  const required = items.required ?? [];
  return Object.entries(items.properties ?? {}).map(([name, s]) =>
    jsonSchemaField(name, s, required.includes(name)),
  );
}

/** A UiField for a property inside an array item, which the model does not describe. */
function jsonSchemaField(name: string, s: JsonSchema, required: boolean): UiField {
  const types = typesOf(s).filter((t) => t !== 'null');
  const t = types[0] ?? (s.enum ? typeof s.enum.find((v) => v !== null) : 'string');
  const kind: FieldKind =
    t === 'integer' || t === 'number' || t === 'boolean'
      ? t
      : t === 'string'
        ? s.format === 'date-time'
          ? 'date-time'
          : s.format === 'date'
            ? 'date'
            : 'string'
        : t === 'array' && s.items && typesOf(s.items)[0] === 'string'
          ? 'string[]'
          : t === 'array' && s.items && typesOf(s.items)[0] === 'integer'
            ? 'integer[]'
            : 'json';
  const ui = (s['x-ui'] ?? {}) as { widget?: UiWidget; help?: string; hidden?: string[] | boolean };
  const hidden = Array.isArray(ui.hidden) ? ui.hidden : ui.hidden ? ['form', 'show', 'list'] : [];
  const enumValues = (s.enum ?? s.items?.enum)?.filter((v): v is string | number => v !== null);
  const items = objectItems(s);
  return {
    name,
    label: typeof s['x-label'] === 'string' ? s['x-label'] : name,
    kind,
    widget: ui.widget ?? (enumValues ? 'select' : kind === 'json' ? 'json' : 'text'),
    required,
    nullable: typesOf(s).includes('null'),
    help: ui.help,
    default: s.default,
    enum: enumValues,
    enumLabels: s['x-enum-labels'] as Record<string, string> | undefined,
    items: items ? itemFields(items) : undefined,
    inForm: s.readOnly !== true && !hidden.includes('form'),
    inShow: s.writeOnly !== true && !hidden.includes('show'),
    inList: false,
    inFilter: false,
  };
}

/** The keys of a stored write-only object with properties (payment keys), as the form's inputs name them. */
function secretKeysOf(f: FieldModel): UiField['secretKeys'] {
  const props = f.schema.properties;
  if (!f.writeOnly || f.virtual || f.kind !== 'json' || !props) return undefined;
  return Object.entries(props).map(([name, s]) => {
    const help = ((s['x-ui'] ?? {}) as { help?: string }).help;
    return { name, label: typeof s['x-label'] === 'string' ? s['x-label'] : name, ...(help ? { help } : {}) };
  });
}

function modelField(f: FieldModel): UiField {
  const secret = f.private || f.writeOnly || f.virtual;
  const items = f.kind === 'json' ? objectItems(f.schema) : undefined;
  const secretKeys = secretKeysOf(f);
  return {
    name: f.name,
    label: f.label,
    kind: f.kind,
    widget: f.widget,
    required: f.required,
    nullable: typesOf(f.schema).includes('null'),
    help: f.help,
    default: f.default,
    enum: f.enum,
    enumLabels: f.enumLabels,
    ref: f.ref,
    items: items ? itemFields(items) : undefined,
    inForm: !f.readOnly && !f.private && !f.hidden.includes('form'),
    inShow: !secret && !f.hidden.includes('show'),
    inList: !secret && !f.hidden.includes('list'),
    inFilter: !f.private && !f.hidden.includes('filter'),
    writeRoles: f.writeRoles,
    directoryCoded:
      (f.schema['x-custom-fields'] as { source?: string } | undefined)?.source === 'directories' || undefined,
    unitFrom: f.unitFrom,
    secretKeys,
    check: secretKeys && ((f.schema['x-ui'] ?? {}) as { check?: boolean }).check === true ? true : undefined,
  };
}

/** All fields of an entity in the order of the schema's properties, x-children rows included. */
function entityFields(e: EntityModel): UiField[] {
  const byName = new Map<string, UiField>(e.fields.map((f) => [f.name, modelField(f)]));
  for (const child of e.children) {
    const s = e.schema.properties?.[child.property] ?? {};
    byName.set(child.property, {
      name: child.property,
      label: typeof s['x-label'] === 'string' ? s['x-label'] : child.label.many,
      kind: 'json',
      // x-ui.widget "images" turns a child table of pictures (gallery images) into the image gallery input.
      widget: ((s['x-ui'] ?? {}) as { widget?: UiWidget }).widget === 'images' ? 'images' : 'json',
      required: (e.schema.required ?? []).includes(child.property),
      nullable: false,
      help: ((s['x-ui'] ?? {}) as { help?: string }).help,
      items: child.fields.map(modelField),
      // Rows the server writes (an order's lines) are shown, never edited.
      inForm: s.readOnly !== true,
      inShow: true,
      inList: false,
      inFilter: false,
    });
  }
  return Object.keys(e.schema.properties ?? {})
    .map((name) => byName.get(name))
    .filter((f): f is UiField => f !== undefined);
}

// ---------------------------------------------------------------------------------------------------------
// Small code builders.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key: bare when it is an identifier. */
const key = (k: string) => (IDENTIFIER.test(k) ? k : lit(k));

/** A JS literal with single quotes and bare keys where possible. */
export function lit(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string')
    return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(lit).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${key(k)}: ${lit(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  throw new AdminEmitError(`cannot write ${typeof value} as a literal`);
}

type Attr = string | false | null | undefined;

/** A JSX string attribute; text JSX cannot hold as is goes in braces. */
function str(name: string, value: string): string {
  return /^[^"&{}<>\\\n]*$/.test(value) ? `${name}="${value}"` : `${name}={${lit(value)}}`;
}

function expr(name: string, code: string): string {
  return `${name}={${code}}`;
}

function indent(code: string): string {
  return code
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

function el(tag: string, attrs: Attr[], children: string[] = []): string {
  const a = attrs.filter((x): x is string => Boolean(x)).join(' ');
  const open = a ? `${tag} ${a}` : tag;
  if (children.length === 0) return `<${open} />`;
  return `<${open}>\n${indent(children.join('\n'))}\n</${tag}>`;
}

/** A function component returning JSX, with optional statements before the return. */
function component(name: string, jsx: string, { exported = true, prelude = [] as string[] } = {}): string {
  const body = [...prelude, `return (\n${indent(jsx)}\n);`].join('\n');
  return `${exported ? 'export ' : ''}function ${name}() {\n${indent(body)}\n}`;
}

const camel = (s: string) => {
  const p = pascal(s.replace(/\./g, '-'));
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** Collects the imports of one generated file. */
class Imports {
  private readonly named = new Map<string, Map<string, boolean>>();
  private readonly defaults = new Map<string, string>();

  add(module: string, name: string, typeOnly = false): string {
    const names = this.named.get(module) ?? new Map<string, boolean>();
    names.set(name, (names.get(name) ?? true) && typeOnly);
    this.named.set(module, names);
    return name;
  }

  addDefault(module: string, local: string): string {
    this.defaults.set(module, local);
    return local;
  }

  render(): string {
    const order = (m: string) =>
      m === 'react-admin' ? 0 : m.startsWith('@mui/') ? 1 : m.startsWith('@shop/') ? 2 : 3;
    const modules = [...new Set([...this.named.keys(), ...this.defaults.keys()])].sort(
      (a, b) => order(a) - order(b) || a.localeCompare(b, 'en'),
    );
    return modules
      .map((m) => {
        const def = this.defaults.get(m);
        const names = [...(this.named.get(m) ?? new Map<string, boolean>())]
          .sort(([a], [b]) => a.localeCompare(b, 'en'))
          .map(([n, typeOnly]) => (typeOnly ? `type ${n}` : n));
        const parts = [def, names.length ? `{ ${names.join(', ')} }` : undefined].filter(Boolean);
        return `import ${parts.join(', ')} from '${m}';`;
      })
      .join('\n');
  }
}

// ---------------------------------------------------------------------------------------------------------
// One entity's screens.

const FIELDS = '../src/fields';

interface Ctx {
  entity: EntityModel;
  byResource: Map<string, EntityModel>;
  imports: Imports;
  /** Module-level choice lists, by constant name. */
  choices: Map<string, string>;
}

const ra = (ctx: Ctx, name: string) => ctx.imports.add('react-admin', name);
const shared = (ctx: Ctx, name: string) => ctx.imports.add(FIELDS, name);

/** The constant holding an enum's Russian choices ({ id, name }), declared once per field path. */
function choicesConst(ctx: Ctx, f: UiField, path: string): string {
  const name = `${camel(path)}Choices`;
  if (!ctx.choices.has(name)) {
    const list = (f.enum ?? []).map((v) => ({ id: v, name: f.enumLabels?.[String(v)] ?? String(v) }));
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

function refTitleOption(ctx: Ctx, ref: RefModel): Attr {
  const title = refTitle(ctx, ref);
  if (!title) return null;
  return 'field' in title
    ? str('optionText', title.field)
    : expr('optionText', `${shared(ctx, 'recordTemplate')}(${lit(title.template)})`);
}

/** AutocompleteInput searches with `q`; a target without x-list.search gets its first page instead. */
function refSearch(ctx: Ctx, ref: RefModel): Attr {
  const target = ctx.byResource.get(ref.resource);
  return target && target.list.search.length > 0
    ? null
    : expr('filterToQuery', ctx.imports.add('../src/list', 'noSearch'));
}

function refLink(ctx: Ctx, ref: RefModel): Attr {
  return ctx.byResource.get(ref.resource)?.admin ? null : expr('link', 'false');
}

/** The element naming a referenced record inside ReferenceField (TextField) or in chips (ChipField). */
function refTitleChild(ctx: Ctx, ref: RefModel, tag: 'TextField' | 'ChipField'): string | null {
  const title = refTitle(ctx, ref);
  if (!title) return null;
  if ('field' in title) return el(ra(ctx, tag), [str('source', title.field)]);
  return el(ra(ctx, 'FunctionField'), [
    expr('render', `${shared(ctx, 'recordTemplate')}(${lit(title.template)})`),
  ]);
}

// ---- fields (list columns and show rows) ----

interface FieldOptions {
  /** Inside a list Datagrid column (thumbnails, one-line JSON, sortable flags). */
  column: boolean;
  /** A nested row (ArrayField): labels are written out, react-admin cannot find them in the messages. */
  nested: boolean;
  path: string;
  sortable?: boolean;
}

function fieldElement(ctx: Ctx, f: UiField, o: FieldOptions): string {
  const source = str('source', f.name);
  const label = o.nested ? str('label', f.label) : null;
  const sortable = o.column && o.sortable === false ? expr('sortable', 'false') : null;
  const base = [source, label, sortable];
  if (f.ref) {
    const attrs = [...base, str('reference', f.ref.resource), refLink(ctx, f.ref)];
    if (f.ref.many) {
      const chip = refTitleChild(ctx, f.ref, 'ChipField');
      return el(
        ra(ctx, 'ReferenceArrayField'),
        attrs,
        chip ? [el(ra(ctx, 'SingleFieldList'), [], [chip])] : [],
      );
    }
    const child = refTitleChild(ctx, f.ref, 'TextField');
    return el(ra(ctx, 'ReferenceField'), attrs, child ? [child] : []);
  }
  if (f.items) {
    if (f.widget === 'images' && f.items.some((i) => i.name === 'url')) {
      // Previews through the server's WebP variants, never the full-size originals.
      const title = f.items.some((i) => i.name === 'alt') ? str('title', 'alt') : null;
      return el(shared(ctx, 'ImagePreviewField'), [
        ...base,
        str('src', 'url'),
        title,
        o.column && 'thumbnail',
      ]);
    }
    if (o.column) return el(shared(ctx, 'JsonField'), [...base, expr('inline', '60')]);
    const columns = f.items
      .filter((i) => i.inShow && i.name !== 'id')
      .map((i) =>
        fieldElement(ctx, i, { column: true, nested: true, path: `${o.path}.${i.name}`, sortable: false }),
      );
    return el(ra(ctx, 'ArrayField'), base, [
      el(
        ra(ctx, 'Datagrid'),
        [expr('bulkActionButtons', 'false'), expr('rowClick', 'false'), 'optimized'],
        columns,
      ),
    ]);
  }
  if (f.enum) {
    const choices = expr('choices', choicesConst(ctx, f, o.path));
    if (f.kind.endsWith('[]')) return el(shared(ctx, 'ChoicesArrayField'), [...base, choices]);
    return el(ra(ctx, 'SelectField'), [...base, choices]);
  }
  switch (f.kind) {
    case 'boolean':
      return el(ra(ctx, 'BooleanField'), base);
    case 'integer':
    case 'number':
    case 'bigint':
      if (f.widget === 'money') return el(shared(ctx, 'MoneyField'), [...base, str('textAlign', 'right')]);
      if (f.widget === 'percent')
        return el(shared(ctx, 'PercentField'), [...base, str('textAlign', 'right')]);
      if (f.unitFrom)
        return el(shared(ctx, 'UnitField'), [...base, ...unitAttrs(f.unitFrom), str('textAlign', 'right')]);
      // Identifiers read as written: "1024", not "1 024".
      if (f.name === 'id' || /Id$/.test(f.name) || f.kind === 'bigint') return el(ra(ctx, 'TextField'), base);
      return el(ra(ctx, 'NumberField'), [...base, str('locales', 'ru-RU')]);
    case 'date-time':
      return el(ra(ctx, 'DateField'), [
        ...base,
        'showTime',
        str('locales', 'ru-RU'),
        expr('options', shared(ctx, 'moscowDateTime')),
      ]);
    case 'date':
      return el(ra(ctx, 'DateField'), [
        ...base,
        str('locales', 'ru-RU'),
        expr('options', shared(ctx, 'calendarDate')),
      ]);
    case 'string[]':
      return el(ra(ctx, 'TextArrayField'), base);
    case 'integer[]':
    case 'json':
      return el(shared(ctx, 'JsonField'), [
        ...base,
        f.directoryCoded && 'directories',
        o.column && expr('inline', '60'),
      ]);
    case 'string':
      return stringField(ctx, f, base, o);
  }
}

/** The props of UnitField and UnitInput: the field that says the unit, and each of its values' units. */
function unitAttrs(u: UnitFrom): Attr[] {
  return [str('unitSource', u.field), expr('units', lit(u.units))];
}

function stringField(ctx: Ctx, f: UiField, base: Attr[], o: FieldOptions): string {
  switch (f.widget) {
    case 'image':
      return el(shared(ctx, 'ImagePreviewField'), [...base, o.column && 'thumbnail']);
    case 'email':
      return el(ra(ctx, 'EmailField'), base);
    case 'richtext':
      return o.column ? el(ra(ctx, 'TextField'), base) : el(ra(ctx, 'RichTextField'), base);
    case 'textarea':
      return el(ra(ctx, 'TextField'), [...base, !o.column && expr('sx', "{ whiteSpace: 'pre-wrap' }")]);
    default:
      return el(ra(ctx, 'TextField'), base);
  }
}

// ---- inputs (forms) ----

function defaultAttr(f: UiField): Attr {
  const d = f.default;
  if (d === undefined || d === null) return null;
  if (typeof d === 'object' && Object.keys(d).length === 0) return null;
  return typeof d === 'string' ? str('defaultValue', d) : expr('defaultValue', lit(d));
}

function inputElement(ctx: Ctx, f: UiField, path: string): string {
  const source = str('source', f.name);
  const required = f.required && f.kind !== 'boolean' ? 'isRequired' : null;
  const help = f.help ? str('helperText', f.help) : null;
  const common = [source, required, help, defaultAttr(f)];
  if (f.ref) {
    const inner = [required, help, refTitleOption(ctx, f.ref), refSearch(ctx, f.ref)];
    return f.ref.many
      ? el(
          ra(ctx, 'ReferenceArrayInput'),
          [source, str('reference', f.ref.resource), defaultAttr(f)],
          [el(ra(ctx, 'AutocompleteArrayInput'), [...inner, 'fullWidth'])],
        )
      : el(
          ra(ctx, 'ReferenceInput'),
          [source, str('reference', f.ref.resource), defaultAttr(f)],
          [el(ra(ctx, 'AutocompleteInput'), inner)],
        );
  }
  if (f.items) {
    // Pictures with addresses: upload, preview, reorder by dragging, alt text (admin/src/fields/ImagesInput).
    if (f.widget === 'images' && f.items.some((i) => i.name === 'url'))
      return el(shared(ctx, 'ImagesInput'), [
        source,
        help,
        f.items.some((i) => i.name === 'alt') && 'withAlt',
        f.items.some((i) => i.name === 'sortOrder') && 'withSortOrder',
      ]);
    const inputs = f.items
      .filter((i) => i.inForm && i.name !== 'id')
      .map((i) => inputElement(ctx, i, `${path}.${i.name}`));
    return el(ra(ctx, 'ArrayInput'), [source, help], [el(ra(ctx, 'SimpleFormIterator'), ['inline'], inputs)]);
  }
  if (f.enum) {
    const choices = expr('choices', choicesConst(ctx, f, path));
    if (f.kind.endsWith('[]')) return el(ra(ctx, 'SelectArrayInput'), [...common, choices]);
    const tag = f.widget === 'autocomplete' ? 'AutocompleteInput' : 'SelectInput';
    return el(ra(ctx, tag), [...common, choices]);
  }
  switch (f.kind) {
    case 'boolean':
      return el(ra(ctx, 'BooleanInput'), common);
    case 'integer':
    case 'number':
    case 'bigint':
      if (f.widget === 'money') return el(shared(ctx, 'MoneyInput'), common);
      if (f.widget === 'percent') return el(shared(ctx, 'PercentInput'), common);
      if (f.unitFrom) return el(shared(ctx, 'UnitInput'), [...common, ...unitAttrs(f.unitFrom)]);
      return el(ra(ctx, 'NumberInput'), common);
    case 'date-time':
      return el(ra(ctx, 'DateTimeInput'), [
        ...common,
        expr('format', shared(ctx, 'isoToMoscowLocal')),
        expr('parse', shared(ctx, 'moscowLocalToIso')),
      ]);
    case 'date':
      return el(ra(ctx, 'DateInput'), common);
    case 'string[]':
      return el(ra(ctx, 'TextArrayInput'), common);
    case 'integer[]':
    case 'json':
      // Keys a person types (a payment service's shopId and secret key): inputs of their own, never a JSON box.
      if (f.secretKeys)
        return el(shared(ctx, 'SecretKeysInput'), [
          source,
          help,
          expr('keys', lit(f.secretKeys)),
          f.check && 'check',
        ]);
      return el(shared(ctx, 'JsonInput'), common);
    case 'string':
      return stringInput(ctx, f, common);
  }
}

function stringInput(ctx: Ctx, f: UiField, common: Attr[]): string {
  switch (f.widget) {
    case 'password':
      return el(ra(ctx, 'PasswordInput'), [...common, str('autoComplete', 'new-password')]);
    case 'textarea':
      return el(ra(ctx, 'TextInput'), [...common, 'multiline', expr('minRows', '3'), 'fullWidth']);
    case 'richtext':
      // A WYSIWYG editor whose toolbar matches what the storefront keeps (admin/src/fields/RichTextInput).
      return el(shared(ctx, 'RichTextInput'), common);
    case 'email':
      return el(ra(ctx, 'TextInput'), [...common, str('type', 'email')]);
    case 'phone':
      return el(ra(ctx, 'TextInput'), [...common, str('type', 'tel')]);
    case 'slug':
      // Fills itself from the title while a new record's address is not typed by hand (admin/src/fields).
      return el(shared(ctx, 'SlugInput'), common);
    case 'image':
      // Upload with a preview, replace and clear (admin/src/fields/ImageInput).
      return el(shared(ctx, 'ImageInput'), common);
    default:
      return el(ra(ctx, 'TextInput'), common);
  }
}

// ---- filters ----

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

function filterLabel(f: UiField, op: 'eq' | 'gte' | 'lte' | 'ne'): string {
  const dated = f.kind === 'date-time' || f.kind === 'date';
  if (op === 'gte') return `${f.label} ${dated ? 'с' : 'от'}`;
  if (op === 'lte') return `${f.label} ${dated ? 'по' : 'до'}`;
  if (op === 'ne') return `${f.label}: кроме`;
  return f.label;
}

function filterElements(ctx: Ctx, fields: Map<string, UiField>): string[] {
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
  return out;
}

// ---- screens ----

/** x-components: "./screens/orders#OrderList" → import { OrderList } from '../src/screens/orders'. */
function componentImport(ctx: Ctx, key: string, spec: string, taken: Set<string>): string {
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

function listScreen(ctx: Ctx, name: string, fields: Map<string, UiField>): string {
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

function formScreens(
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
 * x-form.related: under the edit form (outside it: a hand-written piece may hold a form of its own), the
 * records of another resource whose `target` field refers to this record, in that resource's list columns.
 */
function relatedSection(
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

function showScreen(ctx: Ctx, name: string, fields: UiField[]): string {
  const rows = fields
    .filter((f) => f.inShow)
    .map((f) => fieldElement(ctx, f, { column: false, nested: false, path: f.name }));
  const layout = el(ra(ctx, 'SimpleShowLayout'), [], rows);
  return component(name, el(ra(ctx, 'Show'), [], [layout]));
}

function representation(ctx: Ctx, title: string): string {
  return IDENTIFIER.test(title) ? lit(title) : `${shared(ctx, 'recordTemplate')}(${lit(title)})`;
}

export function resourceConst(e: EntityModel): string {
  return `${camel(e.resource)}Resource`;
}

function checkComponents(e: EntityModel): void {
  for (const key of Object.keys(e.components)) {
    if (!(ADMIN_COMPONENT_KEYS as readonly string[]).includes(key)) {
      throw new AdminEmitError(
        `${e.file}: x-components.${key}: unknown screen; use one of ${ADMIN_COMPONENT_KEYS.join(', ')}`,
      );
    }
  }
}

function emitScreens(e: EntityModel, byResource: Map<string, EntityModel>): string {
  checkComponents(e);
  const ctx: Ctx = { entity: e, byResource, imports: new Imports(), choices: new Map() };
  const fields = entityFields(e);
  const fieldsByName = new Map(fields.map((f) => [f.name, f]));
  const generatedNames: Record<ScreenKey, string> = {
    list: `${e.typeName}List`,
    create: `${e.typeName}Create`,
    edit: `${e.typeName}Edit`,
    show: `${e.typeName}Show`,
  };
  const taken = new Set([...Object.values(generatedNames), `${e.typeName}Form`]);
  // x-components: a string names a hand-written screen; false or null drops the screen.
  const own = new Set<ScreenKey>();
  const names = { ...generatedNames };
  const absent = new Set<ScreenKey>();
  for (const key of ADMIN_COMPONENT_KEYS) {
    const spec = (e.components as Record<string, unknown>)[key];
    // No generated form for an action nobody may do (x-access compiled: a history record's edit, an
    // order's create); a hand-written screen in its place serves its services (the order screen).
    if (spec === undefined && (key === 'create' || key === 'edit') && e.access[key].length === 0)
      absent.add(key);
    else if (spec === undefined) own.add(key);
    else if (typeof spec === 'string') names[key] = componentImport(ctx, key, spec, taken);
    else if (spec === false || spec === null) absent.add(key);
    else
      throw new AdminEmitError(`${e.file}: x-components.${key}: a "./path#Export" string or false expected`);
  }

  const body: string[] = [];
  if (own.has('list')) body.push(listScreen(ctx, names.list, fieldsByName));
  if (own.has('create') || own.has('edit')) body.push(formScreens(ctx, fields, names, own));
  if (own.has('show')) body.push(showScreen(ctx, names.show, fields));

  const icon = e.icon;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(icon))
    throw new AdminEmitError(`${e.file}: x-entity.icon: "${icon}" is not an @mui/icons-material name`);
  const iconName = ctx.imports.addDefault(`@mui/icons-material/${icon}`, `${icon}Icon`);
  ctx.imports.add('react-admin', 'ResourceProps', true);
  // A hand-written edit screen gets the record's history below it, as generated ones have it beside.
  const screen = (k: ScreenKey) =>
    k === 'edit' && !own.has(k)
      ? `${ctx.imports.add('../src/history', 'withHistory')}(${names[k]})`
      : names[k];
  const screens = ADMIN_COMPONENT_KEYS.filter((k) => !absent.has(k)).map((k) => `${k}: ${screen(k)}`);
  body.push(
    [
      `/** <Resource> props of ${e.resource}: ${e.label.many}. */`,
      `export const ${resourceConst(e)}: ResourceProps = {`,
      indent(
        [
          `name: ${lit(e.resource)}`,
          ...screens,
          `icon: ${iconName}`,
          `recordRepresentation: ${representation(ctx, e.recordTitle)}`,
          `options: ${lit({ label: e.label.many, ...(e.sitePath ? { sitePath: e.sitePath } : {}) })}`,
        ].join(',\n'),
      ),
      '};',
    ].join('\n'),
  );

  return [
    GENERATED_HEADER,
    `// ${e.label.many} (${e.resource}): screens from schemas/entities/${e.file}.`,
    ctx.imports.render(),
    ...[...ctx.choices.keys()].sort().map((k) => ctx.choices.get(k)!),
    ...body,
  ]
    .filter((part) => part !== '')
    .join('\n\n')
    .concat('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The files shared by all entities.

function emitResources(entities: EntityModel[]): string {
  const imports = entities.map((e) => `import { ${resourceConst(e)} } from './${e.resource}';`).join('\n');
  return (
    [
      GENERATED_HEADER,
      '// The generated resources the admin app renders, one per admin entity.',
      `import type { ResourceProps } from 'react-admin';\n${imports}`,
      `export const resources: ResourceProps[] = [\n${indent(entities.map((e) => `${resourceConst(e)},`).join('\n'))}\n];`,
      `export { access, type AdminAction, type AdminRole } from './access';\nexport { menuGroups, type MenuGroup } from './menu';`,
    ].join('\n\n') + '\n'
  );
}

function emitAccess(entities: EntityModel[]): string {
  const rows = entities.map((e) => {
    const actions = ACTIONS.map((a) => `${a}: ${lit(e.access[a])}`).join(',\n');
    return `${key(e.resource)}: {\n${indent(actions)},\n},`;
  });
  const fieldRows = entities.flatMap((e) => {
    const named = [
      ...e.fields.map((f) => [f.name, f.writeRoles] as const),
      ...e.children.flatMap((c) => c.fields.map((f) => [`${c.property}.${f.name}`, f.writeRoles] as const)),
    ].filter((x): x is readonly [string, Role[]] => x[1] !== undefined);
    if (named.length === 0) return [];
    const lines = named.map(([name, roles]) => `${key(name)}: ${lit(roles)},`).join('\n');
    return [`${key(e.resource)}: {\n${indent(lines)}\n},`];
  });
  return (
    [
      GENERATED_HEADER,
      '// x-access, exactly as written: the roles that may do each action on each resource ([] is nobody);',
      '// service: changing a history record through its own service (codegen/src/model.ts accessModel).',
      `export type AdminRole = ${ROLES.map(lit).join(' | ')};`,
      `export type AdminAction = ${ACTIONS.map(lit).join(' | ')};`,
      `export const access: Record<string, Record<AdminAction, readonly AdminRole[]>> = {\n${indent(rows.join('\n'))}\n};`,
      '// x-access.write on properties: the roles that may change a field ("offers.basePrice" for a child row\'s);',
      "// a field not named here is any writer's (admin/src/access.ts canWriteField).",
      `export const fieldWriteRoles: Record<string, Record<string, readonly AdminRole[]>> = {\n${indent(fieldRows.join('\n'))}\n};`,
    ].join('\n\n') + '\n'
  );
}

function emitMenu(entities: EntityModel[]): string {
  const groups = MENU_GROUPS.map((g) => ({
    ...g,
    resources: entities
      .filter((e) => e.menu === g.key)
      .sort(
        (a, b) =>
          a.label.many.localeCompare(b.label.many, 'ru') || a.resource.localeCompare(b.resource, 'en'),
      )
      .map((e) => e.resource),
  })).filter((g) => g.resources.length > 0);
  const items = groups.map(
    (g) => `{ key: ${lit(g.key)}, title: ${lit(g.title)}, resources: ${lit(g.resources)} },`,
  );
  return (
    [
      GENERATED_HEADER,
      '// The admin menu: groups of x-entity.menu in a fixed order, resources by their Russian names.',
      'export interface MenuGroup {\n  key: string;\n  title: string;\n  resources: readonly string[];\n}',
      `export const menuGroups: MenuGroup[] = [\n${indent(items.join('\n'))}\n];`,
    ].join('\n\n') + '\n'
  );
}

/** Field labels for react-admin: top-level fields, filter inputs and item fields ("offers.article"). */
function fieldMessages(e: EntityModel): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (fields: UiField[], prefix: string) => {
    for (const f of fields) {
      out[`${prefix}${f.name}`] = f.label;
      if (f.items) add(f.items, `${prefix}${f.name}.`);
    }
  };
  const fields = entityFields(e);
  add(fields, '');
  if (e.list.search.length > 0) out.q = 'Поиск';
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const filter of e.list.filters) {
    const f = byName.get(filter.field);
    if (!f) continue;
    for (const op of filter.ops) if (op !== 'eq') out[`${f.name}_${op}`] = filterLabel(f, op);
  }
  return out;
}

function emitMessages(entities: EntityModel[]): string {
  const resources = entities.map((e) => {
    // ra-i18n-polyglot with locale 'ru' picks one of three forms (1, 2–4, 5+): the plural label serves both.
    const name = `${e.label.one} |||| ${e.label.many} |||| ${e.label.many}`;
    const fields = Object.entries(fieldMessages(e)).map(([k, v]) => `${key(k)}: ${lit(v)},`);
    return `${key(e.resource)}: {\n${indent(`name: ${lit(name)},\nfields: {\n${indent(fields.join('\n'))}\n},`)}\n},`;
  });
  return (
    [
      GENERATED_HEADER,
      '// react-admin messages of the generated resources: names ("one |||| few |||| many") and field labels.',
      `export const messages = {\n  resources: {\n${indent(indent(resources.join('\n')))}\n  },\n};`,
    ].join('\n\n') + '\n'
  );
}

function checkEntities(entities: EntityModel[]): void {
  const keys = new Set(MENU_GROUPS.map((g) => g.key));
  for (const e of entities) {
    if (SHARED_FILES.includes(e.resource)) {
      throw new AdminEmitError(
        `${e.file}: the resource name "${e.resource}" is taken by admin/generated/${e.resource}`,
      );
    }
    if (!keys.has(e.menu)) {
      throw new AdminEmitError(
        `${e.file}: x-entity.menu: unknown menu group "${e.menu}"; use one of ${[...keys].join(', ')}`,
      );
    }
  }
}

/**
 * The admin files for every entity with admin access, keyed by path from the repository root. The
 * codegen main formats them with prettier and writes them (or, with --check, compares them).
 */
export function emitAdmin(entities: EntityModel[]): Record<string, string> {
  const byResource = new Map(entities.map((e) => [e.resource, e]));
  const admin = entities.filter((e) => e.admin).sort((a, b) => a.resource.localeCompare(b.resource, 'en'));
  checkEntities(admin);
  const files: Record<string, string> = {};
  for (const e of admin) files[`admin/generated/${e.resource}.tsx`] = emitScreens(e, byResource);
  files['admin/generated/resources.tsx'] = emitResources(admin);
  files['admin/generated/access.ts'] = emitAccess(admin);
  files['admin/generated/menu.ts'] = emitMenu(admin);
  files['admin/generated/messages.ts'] = emitMessages(admin);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b, 'en')));
}
