// Access finer than a resource's actions, both from x-access in the schema:
// - rows (x-access.rows): a role sees and touches only the rows whose fields hold the allowed values (a
//   manager works with customers' accounts, never with staff ones); other rows answer 404 as if absent;
// - fields (x-access.write on a property, a child row's too): some fields only some roles may set (a
//   user's role: the administrator alone; an offer's price and stock: the manager, not the content
//   editor). react-admin sends the whole record back on save, so a field the role may not write passes when it carries the value already stored (it is then dropped from the body); any other
//   value is refused with 403 and nothing is written.
// The shop's own jobs (SYSTEM) are bound by neither.
import { ApiError, notFound } from '../http/errors';
import { sameValue } from './same-value';
import { type ChildDef, type FieldDef, type ResourceDef, type Role, type RowScope, SYSTEM } from './types';

const ROLE_NAMES: Record<Role, string> = {
  admin: 'администратор',
  manager: 'менеджер',
  content: 'контент-редактор',
};

/** The message of a refused field: who may change it. */
function refusedField(f: FieldDef, key: string): ApiError {
  const who = (f.writeRoles ?? []).map((r) => ROLE_NAMES[r]).join(' или ');
  const message = who ? `Поле «${f.label}» может менять только ${who}` : `Поле «${f.label}» менять нельзя`;
  return new ApiError(403, 'forbidden', message, {
    [key]: 'Недостаточно прав, чтобы менять это поле',
  });
}

const restrictedFor = (fields: FieldDef[], role: string) =>
  fields.filter((f) => f.writeRoles && !f.writeRoles.includes(role as Role));

/**
 * A child list (a product's offers) as the role may write it: a kept row may not change a restricted field,
 * a new row may not set one, a removed row may not take a set one away (removing an offer takes its price
 * and stock). The rows are left as sent: an item's unchanged values pass the item's own validation.
 */
function guardChildWrites(child: ChildDef, role: string, items: unknown, stored: unknown) {
  const restricted = restrictedFor(child.fields, role);
  if (restricted.length === 0 || !Array.isArray(items)) return;
  const before = new Map<unknown, Record<string, unknown>>(
    (Array.isArray(stored) ? (stored as Record<string, unknown>[]) : []).map((row) => [row.id, row]),
  );
  const kept = new Set<unknown>();
  for (const [index, item] of (items as unknown[]).entries()) {
    if (typeof item !== 'object' || item === null) continue;
    const row = item as Record<string, unknown>;
    const old = row.id == null ? undefined : before.get(row.id);
    if (old) kept.add(row.id);
    for (const f of restricted) {
      if (!(f.name in row)) continue;
      if (old ? !sameValue(row[f.name], old[f.name]) : row[f.name] != null)
        throw refusedField(f, `${child.property}.${index}.${f.name}`);
    }
  }
  for (const [id, row] of before)
    if (!kept.has(id)) {
      const f = restricted.find((x) => row[x.name] != null);
      if (f) throw refusedField(f, `${child.property}.${f.name}`);
    }
}

/**
 * The body without the restricted fields the role sent unchanged; throws 403 naming the first field the
 * role tried to set, a child row's (x-access.write on an offer's price) included. `existing` is the stored
 * record (with its children) when updating, null when creating.
 */
export function guardFieldWrites(
  def: ResourceDef,
  role: string,
  body: unknown,
  existing: Record<string, unknown> | null,
): unknown {
  if (role === SYSTEM || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const f of restrictedFor(def.fields, role)) {
    if (!(f.name in out)) continue;
    const unchanged = existing ? sameValue(out[f.name], existing[f.name]) : out[f.name] == null;
    if (!unchanged) throw refusedField(f, f.name);
    delete out[f.name];
  }
  for (const child of def.children)
    if (!child.readOnly && child.property in out)
      guardChildWrites(child, role, out[child.property], existing?.[child.property]);
  return out;
}

/**
 * Refuses (403) a role that may not change the named fields of a child table, for services that write its
 * rows directly (the bulk price and stock edit of offers): the same x-access.write as the CRUD body's.
 */
export function assertChildFieldsWritable(def: ResourceDef, role: string, property: string, names: string[]) {
  if (role === SYSTEM) return;
  const child = def.children.find((c) => c.property === property);
  if (!child) throw new Error(`${def.resource}: нет дочерних записей ${property}`);
  for (const f of restrictedFor(child.fields, role))
    if (names.includes(f.name)) throw refusedField(f, `${property}.${f.name}`);
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
