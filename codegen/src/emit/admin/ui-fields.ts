// The field description the screens are written from: entity fields, x-children rows and items of object
// arrays all become UiFields, so lists, forms and shows treat them alike.
import type {
  EntityModel,
  FieldKind,
  FieldModel,
  JsonSchema,
  RefModel,
  UiWidget,
  UnitFrom,
} from '../../model';

export interface UiField {
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
export function entityFields(e: EntityModel): UiField[] {
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
