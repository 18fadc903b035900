// x-access: which staff role may do which action on an entity, and the rows a role is limited to.
import { fail } from './check';
import {
  ACTIONS,
  ROLES,
  WRITE_ACTIONS,
  type Action,
  type EntityModel,
  type FieldModel,
  type Role,
} from './types';

type RawAccess = Partial<Record<Action | 'read' | 'write' | 'all', Role[]>>;

/**
 * x-access compiled exactly as written: each action takes the roles of the first key present of the action
 * itself, its group (read: list, show, export; write: create, edit, delete) and `all`; no role is added,
 * the administrator included: an empty list, or no key at all, is nobody.
 * A history entity (x-entity.history) names no write key: its create, edit and delete are nobody's, and
 * `service` names who changes its rows through their services. `service` belongs to history entities only.
 */
function accessModel(file: string, raw: RawAccess, history: boolean): Record<Action, Role[]> {
  const access = {} as Record<Action, Role[]>;
  for (const [key, roles] of Object.entries(raw)) {
    if (!Array.isArray(roles)) fail(file, `x-access.${key}`, 'a list of roles expected');
    for (const r of roles) if (!ROLES.includes(r)) fail(file, `x-access.${key}`, `unknown role ${String(r)}`);
  }
  if (history) {
    for (const key of ['write', 'all', ...WRITE_ACTIONS])
      if (key in raw)
        fail(
          file,
          `x-access.${key}`,
          'a history entity (x-entity.history) is never written through the generic API: name only read and service',
        );
  } else if ('service' in raw)
    fail(file, 'x-access.service', 'service is for history entities (x-entity.history) only');
  for (const a of ACTIONS) {
    if (a === 'service') {
      access[a] = [...new Set(raw.service ?? [])];
      continue;
    }
    const group = a === 'list' || a === 'show' || a === 'export' ? 'read' : 'write';
    const roles = history && WRITE_ACTIONS.includes(a) ? [] : (raw[a] ?? raw[group] ?? raw.all ?? []);
    access[a] = [...new Set(roles)];
  }
  return access;
}

/**
 * The entity's x-access: its actions as accessModel compiles them, and x-access.rows, per role, the rows it
 * may see and touch at all (field → allowed values).
 */
export function entityAccess(
  file: string,
  raw: unknown,
  history: boolean,
  byName: Map<string, FieldModel>,
): Pick<EntityModel, 'access' | 'rowScopes'> {
  const { rows: rawRows, ...rawAccess } = (raw ?? {}) as Partial<
    Record<Action | 'read' | 'write' | 'all', Role[]>
  > & { rows?: Record<string, Record<string, unknown>> };
  for (const key of Object.keys(rawAccess))
    if (!(ACTIONS as string[]).includes(key) && !['read', 'write', 'all'].includes(key))
      fail(file, 'x-access', `unknown key ${key}`);
  const rowScopes: EntityModel['rowScopes'] = {};
  for (const [role, scope] of Object.entries(rawRows ?? {})) {
    if (!ROLES.includes(role as Role) || role === 'admin')
      fail(file, 'x-access.rows', `${role}: a staff role other than admin expected`);
    for (const [name, values] of Object.entries(scope)) {
      const f = byName.get(name);
      if (!f || f.kind.endsWith('[]') || f.kind === 'json' || f.private || f.virtual)
        fail(file, 'x-access.rows', `${name} is not a scalar field`);
      if (!Array.isArray(values) || values.length === 0)
        fail(file, 'x-access.rows', `${role}.${name}: a list of allowed values expected`);
    }
    rowScopes[role as Role] = scope as Record<string, (string | number | boolean)[]>;
  }
  const access = accessModel(file, rawAccess, history);
  return { access, rowScopes };
}
