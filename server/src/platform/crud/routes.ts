// Admin REST for every generated resource, in the ra-data-simple-rest convention (ARCHITECTURE §5):
// GET /api/admin/<resource>?sort=["f","ASC"]&range=[0,24]&filter={...} with Content-Range, GET/PUT/DELETE
// /api/admin/<resource>/:id and POST /api/admin/<resource>; GET /api/admin/<resource>/counts?field=…&filter=…
// for a list split into tabs (x-list.tabs).
import { getTableName } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { requireAccess } from '../auth/guard';
import { badRequest } from '../http/errors';
import { idParams, INT4_MAX } from '@shop/schemas/contracts/contract';
import { unsafeInput } from '../http/route-schemas';
import { crudRouteSchemas, MAX_JSON_PARAM } from './route-schemas';
import { userContext } from './context';
import { exportCsv } from './csv-export';
import {
  countRecords,
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  secretsState,
  updateRecord,
} from './service';
import type { ListQuery, Registry, ResourceDef } from './types';

/**
 * A resource's CSV file in a format of its own instead of the list's columns (the domains give theirs:
 * products as their import reads them, orders one row per line).
 */
export type CsvFormat = typeof exportCsv;

/**
 * A JSON query parameter, decoded and then checked like a body: the text a query string carries escapes
 * what it holds ("\u0000" is six harmless characters until JSON.parse makes it a NUL).
 */
function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`Параметр ${name} указан несколько раз`);
  if (raw.length > MAX_JSON_PARAM)
    throw badRequest(`Параметр ${name}: не длиннее ${MAX_JSON_PARAM} символов`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Параметр ${name}: некорректный JSON`);
  }
  const bad = unsafeInput(value);
  if (bad) {
    const reason = bad.reason.charAt(0).toLowerCase() + bad.reason.slice(1);
    throw badRequest(`Параметр ${name}${bad.path ? ` («${bad.path}»)` : ''}: ${reason}`);
  }
  return value;
}

/** The query of a list, an export and the tab counts, as their schemas (route-schemas.ts) let it through. */
export interface CrudListQuerystring {
  sort?: string;
  range?: string;
  filter?: string;
  /** The tab counts: the field to count by. */
  field?: string;
}

/** The parts of a generic route's request: the record's number, the list's query, a record to write. */
interface CrudRoute {
  Params: { id: number };
  Querystring: CrudListQuerystring;
  Body: Record<string, unknown>;
}

export function parseListQuery(query: CrudListQuerystring): ListQuery {
  const sort = parseJsonParam('sort', query.sort);
  const range = parseJsonParam('range', query.range);
  const filter = parseJsonParam('filter', query.filter);
  if (
    sort !== undefined &&
    (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string')
  )
    throw badRequest('Параметр sort: ожидается ["поле","ASC"|"DESC"]');
  if (
    range !== undefined &&
    (!Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0 && n <= INT4_MAX) ||
      range[0] > range[1])
  )
    throw badRequest('Параметр range: ожидается [начало, конец]');
  if (filter !== undefined && (typeof filter !== 'object' || filter === null || Array.isArray(filter)))
    throw badRequest('Параметр filter: ожидается JSON-объект');
  return {
    sort: sort as [string, string] | undefined,
    range: range as [number, number] | undefined,
    filter: filter as Record<string, unknown> | undefined,
  };
}

/** GET …/:id/secrets: true or false per secret, per key for a key set. */
function secretsSchema(def: ResourceDef) {
  const secrets = def.fields.filter((f) => f.writeOnly && !f.virtual);
  const properties = Object.fromEntries(
    secrets.map((f) => [
      f.name,
      f.keys
        ? {
            type: 'object',
            additionalProperties: false,
            required: f.keys,
            properties: Object.fromEntries(f.keys.map((k) => [k, { type: 'boolean' }])),
          }
        : { type: 'boolean' },
    ]),
  );
  return {
    tags: [def.label.many],
    summary: `${def.label.one}: какие секреты заданы (сами значения не отдаются)`,
    params: idParams,
    response: {
      200: {
        type: 'object',
        additionalProperties: false,
        required: ['data'],
        properties: {
          data: {
            type: 'object',
            additionalProperties: false,
            required: Object.keys(properties),
            properties,
          },
        },
      },
    },
  };
}

export function adminCrudRoutes(
  database: Database,
  registry: Registry,
  resources: ResourceDef[],
  csvFormats: Record<string, CsvFormat> = {},
) {
  return async function plugin(app: FastifyInstance) {
    const { db } = database;
    for (const def of resources.filter((r) => r.admin)) {
      const base = `/${def.resource}`;
      const schemas = crudRouteSchemas(def);
      // Access is checked before validation: a guest learns nothing about what a body should look like.
      const allowed = (action: Parameters<typeof requireAccess>[1]) => requireAccess(def, action);
      // The signed-in user's rows and fields are the service's to enforce.
      const caller = (request: FastifyRequest<CrudRoute>) => userContext(db, registry, def, request.user!);
      app.get<CrudRoute>(
        base,
        { preValidation: allowed('list'), config: { crud: def.resource }, schema: schemas.list },
        async (request, reply) => {
          const query = parseListQuery(request.query);
          const { rows, total, start } = await listRecords(caller(request), query);
          const range = rows.length ? `${start}-${start + rows.length - 1}` : '*';
          return reply.header('Content-Range', `${def.resource} ${range}/${total}`).send(rows);
        },
      );
      // The filtered list as a CSV file for Excel (same filter, sort and row scope as the list).
      app.get<CrudRoute>(
        `${base}/export.csv`,
        { preValidation: allowed('export'), config: { crud: def.resource }, schema: schemas.export },
        async (request, reply) => {
          const { sort, filter } = parseListQuery(request.query);
          const chunks = (csvFormats[def.resource] ?? exportCsv)(caller(request), { sort, filter });
          // The first chunk is read before answering, so a bad filter still answers 400 in JSON.
          const first = await chunks.next();
          const stream = Readable.from(
            (async function* () {
              if (!first.done) yield first.value;
              yield* chunks;
            })(),
          );
          const name = `${def.resource}-${new Date().toISOString().slice(0, 10)}.csv`;
          return reply
            .header('Content-Type', 'text/csv; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="${name}"`)
            .send(stream);
        },
      );
      // The counts of the list's tabs (x-list.tabs), with the list's own access, filter and row scope.
      if (schemas.counts)
        app.get<CrudRoute>(
          `${base}/counts`,
          { preValidation: allowed('list'), config: { crud: def.resource }, schema: schemas.counts },
          async (request) => {
            const { filter } = parseListQuery(request.query);
            // Required by the counts schema.
            return { data: await countRecords(caller(request), request.query.field!, filter) };
          },
        );
      app.get<CrudRoute>(
        `${base}/:id`,
        { preValidation: allowed('show'), config: { crud: def.resource }, schema: schemas.show },
        async (request) => getRecord(caller(request), request.params.id),
      );
      // Whether each secret (write-only stored field, each key of a key set) is set: the form says «задан».
      if (def.fields.some((f) => f.writeOnly && !f.virtual))
        app.get<CrudRoute>(
          `${base}/:id/secrets`,
          { preValidation: allowed('show'), config: { crud: def.resource }, schema: secretsSchema(def) },
          async (request) => ({ data: await secretsState(caller(request), request.params.id) }),
        );
      app.post<CrudRoute>(
        base,
        { preValidation: allowed('create'), config: { crud: def.resource }, schema: schemas.create },
        async (request, reply) => reply.status(201).send(await createRecord(caller(request), request.body)),
      );
      app.put<CrudRoute>(
        `${base}/:id`,
        { preValidation: allowed('edit'), config: { crud: def.resource }, schema: schemas.update },
        async (request) => updateRecord(caller(request), request.params.id, request.body),
      );
      app.delete<CrudRoute>(
        `${base}/:id`,
        { preValidation: allowed('delete'), config: { crud: def.resource }, schema: schemas.remove },
        async (request) => deleteRecord(caller(request), request.params.id),
      );
    }
  };
}

export function createRegistry(resources: ResourceDef[]): Registry {
  const byName = new Map(resources.map((r) => [r.resource, r]));
  const byTable = new Map<string, ResourceDef>();
  for (const r of resources) {
    byTable.set(r.tableName, r);
  }
  return {
    get: (name) => byName.get(name),
    byTable: (table) =>
      byTable.get(table) ?? resources.find((r) => r.children.some((c) => getTableName(c.table) === table)),
  };
}
