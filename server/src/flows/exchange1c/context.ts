// What every step of an exchange works with: the database, the CRUD registry (the catalogue is written
// through the CRUD service, so its validation, hooks, search documents and history apply), who acts (the
// 1C user, named in the history), where files live, and the warnings a step collects for the log.
import type { Db, DbOrTx } from '../../platform/db';
import { actorOf } from '../../platform/crud/history';
import { type CrudContext, type Registry, SYSTEM } from '../../platform/crud/types';
import type { Config } from '../../platform/config';
import type { FileStorage } from '../../platform/storage';

export interface ExchangeUser {
  id: number;
  name: string | null;
  email: string | null;
  role: string;
}

export interface Exchange {
  db: Db;
  registry: Registry;
  storage: FileStorage;
  runId: number;
  user: ExchangeUser;
  config: Config;
  /** Something left out (a picture that is not one, an offer of an unknown good): said in the log. */
  warn(text: string): void;
  /**
   * What one call has looked up or made (a property's directory, a value's entry), by key: ten thousand goods
   * name the same few. Only for the call: the next one may come to another instance.
   */
  memo: Map<string, Promise<unknown>>;
}

/** `make()` once per key and call. */
export function remember<T>(ex: Exchange, key: string, make: () => Promise<T>): Promise<T> {
  let kept = ex.memo.get(key) as Promise<T> | undefined;
  if (!kept) {
    kept = make();
    ex.memo.set(key, kept);
    // A failure is not kept: the call fails with it, and a later call asks again.
    kept.catch(() => ex.memo.delete(key));
  }
  return kept;
}

/** The CRUD context of a resource for the exchange: the shop's own rights, the 1C user named as actor. */
export function crudOf(ex: Exchange, resource: string, db: DbOrTx = ex.db): CrudContext {
  const def = ex.registry.get(resource);
  if (!def) throw new Error(`no resource ${resource}`);
  return { db, registry: ex.registry, def, role: SYSTEM, actor: actorOf(ex.user) };
}
