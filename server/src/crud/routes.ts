// Admin REST for every generated resource, in the ra-data-simple-rest convention (ARCHITECTURE §5):
// GET /api/admin/<resource>?sort=["f","ASC"]&range=[0,24]&filter={...} with Content-Range, GET/PUT/DELETE
// /api/admin/<resource>/:id and POST /api/admin/<resource>.
import { getTableName } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { requireAccess } from '../auth/guard';
import { badRequest } from '../http/errors';
import { guardFieldWrites } from './field-access';
import type { ResourceDef } from './resource';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  updateRecord,
  type ListQuery,
  type Registry,
} from './service';

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`Параметр ${name} указан несколько раз`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`Параметр ${name}: некорректный JSON`);
  }
}

export function parseListQuery(query: Record<string, unknown>): ListQuery {
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
    (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n)))
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

function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw badRequest('Неверный номер записи');
  return id;
}

export function adminCrudRoutes(database: Database, registry: Registry, resources: ResourceDef[]) {
  return async function plugin(app: FastifyInstance) {
    const { db } = database;
    for (const def of resources.filter((r) => r.admin)) {
      const base = `/${def.resource}`;
      app.get(base, { preHandler: requireAccess(def, 'list') }, async (request, reply) => {
        const { rows, total, start } = await listRecords(
          db,
          def,
          parseListQuery(request.query as Record<string, unknown>),
        );
        const range = rows.length ? `${start}-${start + rows.length - 1}` : '*';
        return reply.header('Content-Range', `${def.resource} ${range}/${total}`).send(rows);
      });
      app.get(`${base}/:id`, { preHandler: requireAccess(def, 'show') }, async (request) =>
        getRecord(db, def, idParam(request)),
      );
      const writesFields = def.fields.some((f) => f.writeRoles);
      app.post(base, { preHandler: requireAccess(def, 'create') }, async (request, reply) => {
        const body = guardFieldWrites(def, request.user!.role, request.body, null);
        return reply.status(201).send(await createRecord(db, registry, def, body));
      });
      app.put(`${base}/:id`, { preHandler: requireAccess(def, 'edit') }, async (request) => {
        const id = idParam(request);
        // Only resources with restricted fields pay for reading the stored record first.
        const body = writesFields
          ? guardFieldWrites(def, request.user!.role, request.body, await getRecord(db, def, id))
          : request.body;
        return updateRecord(db, registry, def, id, body);
      });
      app.delete(`${base}/:id`, { preHandler: requireAccess(def, 'delete') }, async (request) =>
        deleteRecord(db, registry, def, idParam(request)),
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
