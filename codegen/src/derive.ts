// From one entity schema, the three shapes the API speaks, as clean JSON Schemas (no x- annotations but
// validation's own):
// - read:   what the API returns (no private or input-only fields; every property present, nullable ones may be null)
// - create: what a create accepts (no readOnly fields; the schema's `required`)
// - patch:  what an update accepts (the create shape with nothing required: an update changes what it sends)
// Types, ajv validators, zod schemas and OpenAPI are all generated from these, so they cannot disagree.
import { withStorageBounds } from '@shop/schemas/rules/bounds';
import type { ChildModel, EntityModel, FieldModel, JsonSchema } from './model';

export type Shape = 'read' | 'create' | 'patch';

/**
 * The annotations validation reads, which the API's schemas keep: x-messages (the words of a failed rule)
 * and x-normalize (a phone number typed any way is stored one way). OpenAPI drops them (http/openapi.ts).
 */
const VALIDATION_KEYS = new Set(['x-messages', 'x-normalize']);

/**
 * A property's schema without x- annotations and `default` (the database applies defaults); an input shape
 * (`forInput`) keeps validation's annotations.
 */
export function clean(s: JsonSchema, forInput = false): JsonSchema {
  const out: JsonSchema = {};
  // A reference to another schemas/api file (`{ "$ref": "search-product#", "tsType": "SearchProduct" }`)
  // is for the server's validators and serialisers; the types name it by its tsType, since the compiler
  // would look for the other schema as a file of its own.
  const named = typeof s.tsType === 'string' && typeof s.$ref === 'string';
  for (const [k, v] of Object.entries(s)) {
    if (named && k === '$ref') continue;
    if (
      (k.startsWith('x-') && !(forInput && VALIDATION_KEYS.has(k))) ||
      k === 'default' ||
      k === 'readOnly' ||
      k === 'writeOnly' ||
      k === '$comment'
    )
      continue;
    if (k === 'properties' && v && typeof v === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(v as Record<string, JsonSchema>).map(([n, p]) => [n, clean(p, forInput)]),
      );
    } else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object') {
      out[k] = clean(v as JsonSchema, forInput);
    } else if (k === 'anyOf' && Array.isArray(v)) {
      out.anyOf = (v as JsonSchema[]).map((a) => clean(a, forInput));
    } else {
      out[k] = v;
    }
  }
  return out;
}

function withNull(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.type)) return s.type.includes('null') ? s : { ...s, type: [...s.type, 'null'] };
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  if (s.enum) return s.enum.includes(null) ? s : { ...s, enum: [...s.enum, null] };
  return { anyOf: [s, { type: 'null' }] };
}

function inShape(f: FieldModel, shape: Shape): boolean {
  if (shape === 'read') return !f.private && !f.virtual && !f.writeOnly;
  return !f.readOnly && !f.private;
}

/**
 * A field's schema as the API states it; what the API accepts also says what its column holds (schemas/rules/bounds.ts): an integer
 * within its column type, a date within the years both the database and JavaScript read back.
 */
function propertySchema(f: FieldModel, shape: Shape): JsonSchema {
  const own = clean(f.schema, shape !== 'read');
  if (shape === 'read') return f.nullable ? withNull(own) : own;
  const bounds = { int8: f.kind === 'bigint' };
  const s =
    f.kind === 'integer[]' && own.items
      ? { ...own, items: withStorageBounds(own.items, bounds) as JsonSchema }
      : (withStorageBounds(own, bounds) as JsonSchema);
  return f.nullable ? withNull(s) : s;
}

function objectSchema(
  title: string,
  fields: FieldModel[],
  children: ChildModel[],
  shape: Shape,
  description?: string,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of fields) {
    if (!inShape(f, shape)) continue;
    properties[f.name] = propertySchema(f, shape);
    if (shape === 'read' || (shape === 'create' && f.required)) required.push(f.name);
  }
  for (const c of children) {
    // Rows the server writes (an order's lines) are read, never sent: like a read-only field.
    if (c.readOnly && shape !== 'read') continue;
    properties[c.property] = {
      type: 'array',
      items: childSchema(c, shape),
    };
    if (shape === 'read') required.push(c.property);
  }
  const out: JsonSchema = { title, type: 'object', additionalProperties: false, properties };
  if (description) out.description = description;
  if (required.length) out.required = required;
  return out;
}

function childSchema(c: ChildModel, shape: Shape): JsonSchema {
  // Child rows are replaced as a set on every save of the parent: the create shape is used for patches too.
  // The id of an existing child row is sent back, so that the row is updated in place.
  return objectSchema(shapeTitle(c.typeName, shape), c.fields, [], shape === 'patch' ? 'create' : shape);
}

export function shapeTitle(typeName: string, shape: Shape): string {
  return shape === 'read' ? typeName : shape === 'create' ? `${typeName}Input` : `${typeName}Patch`;
}

export function deriveSchema(e: EntityModel, shape: Shape): JsonSchema {
  const what = shape === 'read' ? 'как её отдаёт API' : shape === 'create' ? 'для создания' : 'для изменения';
  return objectSchema(shapeTitle(e.typeName, shape), e.fields, e.children, shape, `${e.label.one}: ${what}`);
}

/** Russian labels of every field (and child field as `children.field`), for error messages. */
export function fieldLabels(e: EntityModel): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of e.fields) out[f.name] = f.label;
  for (const c of e.children) {
    out[c.property] = c.label.many;
    for (const f of c.fields) out[`${c.property}.${f.name}`] = f.label;
  }
  return out;
}
