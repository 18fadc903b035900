// The access of the admin API against x-access as written in the schemas, three ways, for every entity:
// 1. the compiled result: the generated registration (server/generated/resources.ts), the admin's generated
//    access map (admin/generated/access.ts), the admin's permission answers (admin/src/access.ts, which hides
//    buttons, menu entries and pages) and each field's write roles are what the schema's x-access says, read
//    here on its own: the action's key, else its group (read / write), else `all`; nothing added, the
//    administrator included; a history entity's create, edit and delete are nobody's;
// 2. the API, cell by cell: for every resource with admin endpoints, every caller (a guest, a customer, each
//    staff role) and every CRUD action: a guest gets 401; a role x-access leaves out gets 403; a role it
//    names is let through (whatever the handler then says about a missing record or an empty body: 200,
//    201, 400, 404… but never 401, 403 or a server error).
import { readFileSync } from 'node:fs';
import { ENTITIES_DIR, schemaPaths } from '@shop/schemas/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access as adminAccessMap, fieldWriteRoles } from '../../admin/generated/access';
import { canRoleAccess } from '../../admin/src/access';
import { resources } from '../generated/resources';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import type { Action, FieldDef, ResourceDef, Role } from '../src/platform/crud/types';

const ROLES: Role[] = ['admin', 'manager', 'content'];
const ALL_ACTIONS: Action[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'service'];
const WRITES: Action[] = ['create', 'edit', 'delete'];

type RawAccess = Partial<Record<Action | 'read' | 'write' | 'all', Role[]>>;
interface RawSchema {
  $id: string;
  'x-entity'?: { history?: boolean; admin?: boolean };
  'x-access'?: RawAccess;
  properties: Record<string, RawProperty>;
}
interface RawProperty {
  'x-access'?: { write: Role[] };
  'x-children'?: unknown;
  items?: { properties?: Record<string, RawProperty> };
}

const schemas: RawSchema[] = schemaPaths(ENTITIES_DIR).map(
  (path) => JSON.parse(readFileSync(path, 'utf8')) as RawSchema,
);

/** The roles x-access as written gives an action: nothing implied, nothing added. */
function written(schema: RawSchema, action: Action): Role[] {
  const raw = schema['x-access'] ?? {};
  if (action === 'service') return raw.service ?? [];
  if (schema['x-entity']?.history && WRITES.includes(action)) return [];
  const group = action === 'list' || action === 'show' || action === 'export' ? 'read' : 'write';
  return raw[action] ?? raw[group] ?? raw.all ?? [];
}

const defOf = (resource: string) => resources.find((r) => r.resource === resource)!;
const sorted = (roles: readonly string[]) => [...roles].sort();

describe('x-access compiled exactly as written', () => {
  it('has one schema per registered resource', () => {
    expect(sorted(schemas.map((s) => s.$id))).toEqual(sorted(resources.map((r) => r.resource)));
  });

  it('gives the registration, the admin map and the admin’s permissions the schema’s roles', () => {
    const mismatches: string[] = [];
    for (const schema of schemas) {
      const def = defOf(schema.$id);
      const shown = schema['x-entity']?.admin !== false;
      for (const action of ALL_ACTIONS) {
        const want = sorted(written(schema, action));
        const where = `${schema.$id} ${action}`;
        if (sorted(def.access[action]).join() !== want.join())
          mismatches.push(`${where}: registration ${def.access[action].join()} ≠ x-access ${want.join()}`);
        if (!shown) continue;
        const map = adminAccessMap[schema.$id]?.[action] ?? [];
        if (sorted(map).join() !== want.join())
          mismatches.push(`${where}: admin map ${map.join()} ≠ x-access ${want.join()}`);
        for (const role of ROLES)
          if (canRoleAccess(role, schema.$id, action) !== want.includes(role))
            mismatches.push(`${where}: the admin answers ${role} ${String(!want.includes(role))}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('gives each field, a child row’s too, the write roles of its x-access', () => {
    const mismatches: string[] = [];
    const compare = (where: string, prop: RawProperty, field: FieldDef | undefined) => {
      const want = prop['x-access']?.write;
      const [resource, ...path] = where.split('.');
      const shown = fieldWriteRoles[resource!]?.[path.join('.')];
      for (const [source, got] of [
        ['registration', field?.writeRoles],
        ['admin map', shown],
      ] as const)
        if (sorted(want ?? []).join() !== sorted(got ?? []).join() || !want !== !got)
          mismatches.push(`${where}: ${source} ${String(got)} ≠ ${String(want)}`);
    };
    for (const schema of schemas) {
      const def = defOf(schema.$id);
      for (const [name, prop] of Object.entries(schema.properties)) {
        const child = prop['x-children'] ? def.children.find((c) => c.property === name) : undefined;
        if (!child) {
          compare(
            `${schema.$id}.${name}`,
            prop,
            def.fields.find((f) => f.name === name),
          );
          continue;
        }
        for (const [sub, subProp] of Object.entries(prop.items?.properties ?? {}))
          if (sub !== 'id')
            compare(
              `${schema.$id}.${name}.${sub}`,
              subProp,
              child.fields.find((f) => f.name === sub),
            );
      }
    }
    expect(mismatches).toEqual([]);
  });
});

type Caller = 'guest' | 'customer' | Role;
const CALLERS: Caller[] = ['guest', 'customer', 'content', 'manager', 'admin'];
/** No record has this id (the largest PostgreSQL integer, still valid for the routes' params schema). */
const MISSING = 2147483647;

type CrudAction = Exclude<Action, 'service'>;
const REQUESTS: Record<
  CrudAction,
  (r: string) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string }
> = {
  list: (r) => ({ method: 'GET', url: `/api/admin/${r}` }),
  show: (r) => ({ method: 'GET', url: `/api/admin/${r}/${MISSING}` }),
  create: (r) => ({ method: 'POST', url: `/api/admin/${r}` }),
  edit: (r) => ({ method: 'PUT', url: `/api/admin/${r}/${MISSING}` }),
  delete: (r) => ({ method: 'DELETE', url: `/api/admin/${r}/${MISSING}` }),
  export: (r) => ({ method: 'GET', url: `/api/admin/${r}/export.csv` }),
};
const ACTIONS = Object.keys(REQUESTS) as CrudAction[];

const adminDefs: ResourceDef[] = resources.filter((r) => r.admin);

/** What x-access as written in the schema promises for one cell. */
function expected(def: ResourceDef, caller: Caller, action: CrudAction): 401 | 403 | 'allowed' {
  if (caller === 'guest') return 401;
  const schema = schemas.find((s) => s.$id === def.resource)!;
  if (caller === 'customer' || !written(schema, action).includes(caller)) return 403;
  return 'allowed';
}

describeOnDatabases('admin access matrix on $name', (target) => {
  let t: TestApp;
  const tokens = new Map<Caller, string>();

  beforeAll(async () => {
    t = await startTestApp(target);
    tokens.set('admin', t.adminToken);
    for (const role of ['customer', 'content', 'manager'] as const) {
      const email = `${role}@matrix.test.local`;
      const password = `${role}-password-1`;
      const { token } = await signedInUser(t, { email, name: `Пользователь ${role}`, role, password });
      tokens.set(role, token);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every cell as the schema’s x-access says', { timeout: 300_000 }, async () => {
    expect(adminDefs.length).toBeGreaterThan(0);
    const mismatches: string[] = [];
    let cells = 0;
    for (const def of adminDefs) {
      for (const caller of CALLERS) {
        const token = tokens.get(caller);
        for (const action of ACTIONS) {
          cells++;
          const want = expected(def, caller, action);
          const { method, url } = REQUESTS[action](def.resource);
          const res = await t.app.inject({
            method,
            url,
            headers: token ? { authorization: token } : {},
            ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
          });
          const got = res.statusCode;
          const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
          if (!ok)
            mismatches.push(
              `${def.resource} ${action} as ${caller}: expected ${want}, got ${got} ${res.body.slice(0, 200)}`,
            );
          // An empty body that happens to be a valid record: remove it, so the matrix leaves nothing behind.
          if (action === 'create' && got === 201) {
            const id = res.json<{ id: number }>().id;
            await t.app.inject({
              method: 'DELETE',
              url: `/api/admin/${def.resource}/${id}`,
              headers: { authorization: t.adminToken },
            });
          }
        }
      }
    }
    console.log(
      `access matrix on ${target.name}: ${cells} cells checked (${adminDefs.length} resources × ${CALLERS.length} callers × ${ACTIONS.length} actions), ${mismatches.length} mismatches`,
    );
    expect(cells).toBe(adminDefs.length * CALLERS.length * ACTIONS.length);
    expect(mismatches).toEqual([]);
  });
});
