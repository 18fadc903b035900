// Property-level x-access.write: some fields only some roles may set (a user's role: the administrator
// alone). react-admin sends the whole record back on save, so a field the role may not write passes when it
// carries the value already stored (it is then dropped from the body); any other value is refused with 403
// and nothing is written.
import { ApiError } from '../http/errors';
import type { ResourceDef, Role } from './resource';

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
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
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
