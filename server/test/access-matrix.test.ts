// The access matrix of the admin API, cell by cell: for every generated resource with admin endpoints,
// every caller (a guest, a customer, each staff role) and every action, the answer must follow the
// resource's declared x-access. A guest gets 401; a role missing from def.access[action] gets 403; a role
// listed there is let through (whatever the handler then says about a missing record or an empty body:
// 200, 201, 400, 404… but never 401, 403 or a server error).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resources } from '../generated/resources';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import type { Action, ResourceDef, Role } from '../src/crud/types';

type Caller = 'guest' | 'customer' | Role;
const CALLERS: Caller[] = ['guest', 'customer', 'content', 'manager', 'admin'];
/** No record has this id (the largest PostgreSQL integer, still valid for the routes' params schema). */
const MISSING = 2147483647;

const REQUESTS: Record<Action, (r: string) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string }> = {
  list: (r) => ({ method: 'GET', url: `/api/admin/${r}` }),
  show: (r) => ({ method: 'GET', url: `/api/admin/${r}/${MISSING}` }),
  create: (r) => ({ method: 'POST', url: `/api/admin/${r}` }),
  edit: (r) => ({ method: 'PUT', url: `/api/admin/${r}/${MISSING}` }),
  delete: (r) => ({ method: 'DELETE', url: `/api/admin/${r}/${MISSING}` }),
  export: (r) => ({ method: 'GET', url: `/api/admin/${r}/export.csv` }),
};
const ACTIONS = Object.keys(REQUESTS) as Action[];

const adminDefs: ResourceDef[] = resources.filter((r) => r.admin);

/** What the declared x-access promises for one cell. */
function expected(def: ResourceDef, caller: Caller, action: Action): 401 | 403 | 'allowed' {
  if (caller === 'guest') return 401;
  if (caller === 'customer' || !def.access[action].includes(caller)) return 403;
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

  it('answers every cell as the resource x-access declares', { timeout: 300_000 }, async () => {
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
