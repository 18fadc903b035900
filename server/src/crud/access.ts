// Access finer than a resource's actions, both from x-access in the schema:
// - rows (x-access.rows): a role sees and touches only the rows whose fields hold the allowed values (a
//   manager works with customers' accounts, never with staff ones); other rows answer 404 as if absent;
// - fields (x-access.write on a property): some fields only some roles may set (a user's role: the
//   administrator alone). react-admin sends the whole record back on save, so a field the role may not
//   write passes when it carries the value already stored (it is then dropped from the body); any other
//   value is refused with 403 and nothing is written.
// The shop's own jobs (SYSTEM) are bound by neither.
import { ApiError, notFound } from '../http/errors';
import { type ResourceDef, type Role, type RowScope, SYSTEM } from './types';

const ROLE_NAMES: Record<Role, string> = {
  admin: 'администратор',
  manager: 'менеджер',
  content: 'контент-редактор',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The body without the restricted fields the role sent unchanged; throws 403 naming the first field the
 * role tried to set. `existing` is the stored record when updating, null when creating.
 */
export function guardFieldWrites(
  def: ResourceDef,
  role: string,
  body: unknown,
  existing: Record<string, unknown> | null,
): unknown {
  if (role === SYSTEM || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const restricted = def.fields.filter((f) => f.writeRoles && !f.writeRoles.includes(role as Role));
  if (restricted.length === 0) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const f of restricted) {
    if (!(f.name in out)) continue;
    const unchanged = existing ? same(out[f.name], existing[f.name]) : out[f.name] == null;
    if (!unchanged) {
      const who = f.writeRoles!.map((r) => ROLE_NAMES[r]).join(' или ');
      throw new ApiError(403, 'forbidden', `Поле «${f.label}» может менять только ${who}`, {
        [f.name]: 'Недостаточно прав, чтобы менять это поле',
      });
    }
    delete out[f.name];
  }
  return out;
}

/** The rows the role may see and touch, or undefined for every row. */
export function rowScopeOf(def: ResourceDef, role: string): RowScope | undefined {
  return def.rowScopes[role as Role];
}

/** Throws 404 (as if the row did not exist) when the record lies outside the role's rows. */
export function assertInScope(
  def: ResourceDef,
  scope: RowScope | undefined,
  record: Record<string, unknown>,
) {
  if (!scope) return;
  for (const [field, values] of Object.entries(scope)) {
    if (!values.includes(record[field] as string | number | boolean))
      throw notFound(`${def.label.one}: запись не найдена`);
  }
}

/** Refuses (403) a body that would put a row outside the role's rows. A field left out keeps its value. */
export function assertBodyInScope(def: ResourceDef, scope: RowScope | undefined, body: unknown) {
  if (!scope || typeof body !== 'object' || body === null) return;
  for (const [field, values] of Object.entries(scope)) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined && !values.includes(value as string | number | boolean)) {
      const label = def.fields.find((f) => f.name === field)?.label ?? field;
      throw new ApiError(
        403,
        'forbidden',
        `Недостаточно прав: такое значение поля «${label}» вам недоступно`,
        {
          [field]: 'Недоступное значение',
        },
      );
    }
  }
}
