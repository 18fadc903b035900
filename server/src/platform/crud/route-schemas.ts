// The route schemas of a generated resource, built from what codegen derived from its entity schema (read,
// create, patch): the admin REST routes declare them like any hand-written route, so Fastify validates with
// them and /api/docs describes them, and nothing about a resource is written twice.
import { idParams } from '@shop/schemas/contracts/contract';
import type { ResourceDef } from './types';

type Schema = Record<string, unknown>;

/** The derived schema with the Russian labels put back on its properties (validation names fields by them). */
function labelled(schema: object, labels: Record<string, string>, prefix = ''): Schema {
  const s = schema as Schema;
  const properties = s.properties as Record<string, Schema> | undefined;
  if (!properties) return s;
  const out: Record<string, Schema> = {};
  for (const [name, property] of Object.entries(properties)) {
    const label = labels[prefix + name];
    let p: Schema = label ? { ...property, 'x-label': label } : property;
    const items = p.items as Schema | undefined;
    if (items?.properties) p = { ...p, items: labelled(items, labels, `${prefix}${name}.`) };
    out[name] = p;
  }
  return { ...s, properties: out };
}

// The service checks a body against the same schemas again: it also serves callers without a route (the CSV
// import), and for a request the second check costs microseconds.

/** What a create accepts: exactly the fields a form may set. */
const createBody = (def: ResourceDef): Schema => labelled(def.schemas.create, def.labels);

/**
 * What an update accepts. react-admin sends the whole record back on save, so read-only fields may come
 * along: they are accepted here and dropped by the service, never written.
 */
function updateBody(def: ResourceDef): Schema {
  const schema = labelled(def.schemas.patch, def.labels);
  const passing: Record<string, Schema> = Object.fromEntries(
    [
      ...def.fields.filter((f) => f.readOnly || f.private).map((f) => f.name),
      ...def.children.filter((c) => c.readOnly).map((c) => c.property),
    ].map((name) => [name, { readOnly: true }]),
  );
  return { ...schema, properties: { ...passing, ...(schema.properties as Schema) } };
}

/** The longest JSON text a list parameter may be (a filter by a thousand ids fits). */
export const MAX_JSON_PARAM = 20_000;

const jsonParam = (description: string) => ({ type: 'string', maxLength: MAX_JSON_PARAM, description });

/** The list's `filter` parameter, naming the filters the resource whitelists. */
function filterParam(def: ResourceDef): Schema {
  const filters = [
    'id',
    ...(def.search ? ['q'] : []),
    ...Object.entries(def.filters).flatMap(([field, ops]) =>
      ops.map((o) => (o === 'eq' ? field : `${field}_${o}`)),
    ),
  ];
  return jsonParam(`JSON-объект; поля: ${filters.join(', ')}`);
}

function listQuery(def: ResourceDef, withRange: boolean): Schema {
  return {
    type: 'object',
    properties: {
      sort: jsonParam(`JSON ["поле","ASC|DESC"]; поля: ${def.sortable.join(', ')}`),
      ...(withRange ? { range: jsonParam('JSON [первый, последний], с нуля') } : {}),
      filter: filterParam(def),
    },
  };
}

/** GET /<resource>/counts of a resource with x-list.tabs: the field to count by and the list's filter. */
function countsSchema(def: ResourceDef, tabs: NonNullable<ResourceDef['tabs']>) {
  const label = def.labels[tabs.field] ?? tabs.field;
  const values = tabs.values.map(String);
  return {
    tags: [def.label.many],
    summary: `${def.label.many}: число записей на каждой вкладке «${label}» при фильтре списка`,
    querystring: {
      type: 'object',
      required: ['field'],
      properties: {
        field: { type: 'string', enum: [tabs.field], 'x-label': 'Поле вкладок' },
        filter: filterParam(def),
      },
    },
    response: {
      200: {
        type: 'object',
        additionalProperties: false,
        required: ['data'],
        properties: {
          data: {
            type: 'object',
            additionalProperties: false,
            required: ['total', 'values'],
            properties: {
              total: { type: 'integer', description: 'Вкладка «Все»' },
              values: {
                type: 'object',
                additionalProperties: false,
                required: values,
                properties: Object.fromEntries(values.map((v) => [v, { type: 'integer' }])),
              },
            },
          },
        },
      },
    },
  };
}

/** The `schema` of each of the resource's routes. */
export function crudRouteSchemas(def: ResourceDef) {
  const tags = [def.label.many];
  const read = def.schemas.read;
  return {
    list: {
      tags,
      summary: `${def.label.many}: список (заголовок Content-Range)`,
      querystring: listQuery(def, true),
      response: { 200: { type: 'array', items: read } },
    },
    export: {
      tags,
      summary: `${def.label.many}: выгрузка в CSV для Excel (фильтр и сортировка списка)`,
      querystring: listQuery(def, false),
      produces: ['text/csv'],
    },
    show: { tags, summary: `${def.label.one}: получить`, params: idParams, response: { 200: read } },
    create: {
      tags,
      summary: `${def.label.one}: создать`,
      body: createBody(def),
      response: { 201: read },
    },
    update: {
      tags,
      summary: `${def.label.one}: изменить`,
      params: idParams,
      body: updateBody(def),
      response: { 200: read },
    },
    remove: { tags, summary: `${def.label.one}: удалить`, params: idParams, response: { 200: read } },
    counts: def.tabs ? countsSchema(def, def.tabs) : null,
  };
}
