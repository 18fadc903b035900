// Who acts on which resource, and through what: every read and write of the CRUD service takes one context,
// and the service applies the rules of its role itself (x-access rows and fields, the change history), so
// that no caller (a route, the CSV import, a hand-written admin endpoint) can skip them.
import type { DbOrTx } from '../db';
import { actorOf } from './history';
import { type CrudContext, type Registry, type ResourceDef, SYSTEM } from './types';

/** A signed-in user's context (the admin API's routes); given a transaction, it stays typed as one. */
export function userContext<D extends DbOrTx>(
  db: D,
  registry: Registry,
  def: ResourceDef,
  user: Parameters<typeof actorOf>[0] & { role: string },
): CrudContext & { db: D } {
  return { db, registry, def, role: user.role, actor: actorOf(user) };
}

/** The shop's own context: no restriction, and no one named in the history. */
export function systemContext(db: DbOrTx, registry: Registry, def: ResourceDef): CrudContext {
  return { db, registry, def, role: SYSTEM, actor: null };
}
