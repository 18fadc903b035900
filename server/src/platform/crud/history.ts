// The change history: every create, update and delete through the CRUD service writes one `history` row in
// the same transaction as the change (who, when, field → { from, to }). Hand-written admin endpoints make
// their changes through the service's changeRecords and recordCreated, which write it the same way.
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { history } from '../../../generated/tables';
import type { DbOrTx } from '../db';
import { fieldLooks } from './csv-fields';
import type { Actor, ChildDef, FieldDef, ResourceDef } from './types';
import { sameValue } from './same-value';

export function actorOf(
  user: {
    id: number;
    name?: string | null;
    email?: string | null;
    role?: string | null;
    sessionId?: number | null;
  } | null,
): Actor {
  if (!user) return { id: null, name: null };
  const name = [user.name?.trim(), user.email ? `<${user.email}>` : ''].filter(Boolean).join(' ');
  return { id: user.id, name: name || null, role: user.role ?? null, sessionId: user.sessionId ?? null };
}

export type HistoryAction = 'create' | 'update' | 'delete';

/**
 * A field's change; a secret (write-only or private) one is recorded only as changed, never its values. A
 * number whose unit a sibling gives (x-ui.unitFrom) keeps that sibling's values beside it (`unitOf`), so the
 * line reads «500 ₽ → 7 %» whatever the record becomes later.
 */
export type FieldChange =
  { from?: unknown; to?: unknown; unitOf?: { from?: unknown; to?: unknown } } | { changed: true };

/** A child row named by its id and its key fields (an offer's article, an item's title...). */
export type ChildSummary = Record<string, unknown>;

export interface ChildrenChange {
  added: ChildSummary[];
  changed: (ChildSummary & { fields: Record<string, { from: unknown; to: unknown }> })[];
  removed: ChildSummary[];
}

export type Changes = Record<string, FieldChange | ChildrenChange>;

/** Fields a history entry leaves out: the id and the timestamps the server moves on every write. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt']);
/** Fields that name a child row in a summary, the first ones present. */
const KEY_FIELDS = ['article', 'code', 'title', 'name', 'productTitle', 'url', 'offerId'];

const visible = (f: FieldDef) => !f.private && !f.virtual && !f.writeOnly && !IGNORED.has(f.name);
/** Stored secrets a person sets (a password hash, API keys); derived private columns are not changes. */
const secret = (f: FieldDef) => !f.virtual && (f.writeOnly || (f.private && !f.readOnly));

/** Dates as ISO text, so that the jsonb holds what the API shows. */
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

export function childSummary(child: ChildDef, item: Record<string, unknown>): ChildSummary {
  const out: ChildSummary = {};
  if (item.id !== undefined && item.id !== null) out.id = item.id;
  const names = new Set(child.fields.map((f) => f.name));
  const keys = KEY_FIELDS.filter((k) => names.has(k)).slice(0, 2);
  for (const k of keys) out[k] = plain(item[k]);
  return out;
}

function diffChildren(
  child: ChildDef,
  before: Record<string, unknown>[],
  after: Record<string, unknown>[],
): ChildrenChange | null {
  const old = new Map(before.map((r) => [r.id, r]));
  const now = new Set(after.map((r) => r.id));
  const change: ChildrenChange = { added: [], changed: [], removed: [] };
  for (const item of after) {
    const prev = old.get(item.id);
    if (!prev) {
      change.added.push(childSummary(child, item));
      continue;
    }
    const fields: Record<string, { from: unknown; to: unknown }> = {};
    for (const f of child.fields.filter(visible)) {
      if (f.name === 'position') continue;
      if (!sameValue(prev[f.name], item[f.name]))
        fields[f.name] = { from: plain(prev[f.name]), to: plain(item[f.name]) };
    }
    if (Object.keys(fields).length) change.changed.push({ ...childSummary(child, item), fields });
  }
  for (const item of before) if (!now.has(item.id)) change.removed.push(childSummary(child, item));
  return change.added.length || change.changed.length || change.removed.length ? change : null;
}

/**
 * What changed between two states of a record (null before a create, null after a delete): visible
 * fields as { from, to }, child rows as added / changed / removed, and the secrets whose stored value
 * moved (`secretsBefore` and `secretsAfter` from readSecrets) as { changed: true }.
 */
export function diffRecords(
  def: ResourceDef,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secretsBefore: Record<string, unknown> = {},
  secretsAfter: Record<string, unknown> = {},
): Changes {
  const changes: Changes = {};
  const looks = fieldLooks(def.resource);
  for (const f of def.fields.filter(visible)) {
    const from = before ? plain(before[f.name]) : null;
    const to = after ? plain(after[f.name]) : null;
    if (sameValue(from, to)) continue;
    const change: FieldChange = before && after ? { from, to } : before ? { from } : { to };
    const unitField = looks.get(f.name)?.unitFrom?.field;
    if (unitField)
      change.unitOf = {
        ...(before ? { from: plain(before[unitField]) } : {}),
        ...(after ? { to: plain(after[unitField]) } : {}),
      };
    changes[f.name] = change;
  }
  for (const f of def.fields.filter(secret)) {
    const had = secretsBefore[f.name] ?? null;
    const has = secretsAfter[f.name] ?? null;
    if (!sameValue(had, has) && !(after === null)) changes[f.name] = { changed: true };
  }
  for (const child of def.children) {
    const rows = (r: Record<string, unknown> | null) =>
      (r?.[child.property] ?? []) as Record<string, unknown>[];
    const diff = diffChildren(child, rows(before), rows(after));
    if (diff) changes[child.property] = diff;
  }
  return changes;
}

/** The stored values of a record's secret columns, to tell whether a write changed them. */
export async function readSecrets(
  tx: DbOrTx,
  def: ResourceDef,
  id: number,
): Promise<Record<string, unknown>> {
  const fields = def.fields.filter(secret);
  if (!fields.length) return {};
  const cols = getTableColumns(def.table) as Record<string, PgColumn>;
  const rows = (await tx
    .select(Object.fromEntries(fields.map((f) => [f.name, cols[f.name]!])))
    .from(def.table)
    .where(eq(cols.id!, id))) as Record<string, unknown>[];
  return rows[0] ?? {};
}

export interface HistoryEntryInput {
  resource: string;
  recordId: number;
  action: HistoryAction;
  actor: Actor | null | undefined;
  changes: Changes;
}

/**
 * Writes history rows, in one insert; call it with the transaction that makes the changes, so that both
 * commit or neither does. An update that changed nothing writes no row. Answers how many rows it wrote.
 */
export async function recordHistory(tx: DbOrTx, ...entries: HistoryEntryInput[]): Promise<number> {
  const rows = entries
    .filter((e) => e.action !== 'update' || Object.keys(e.changes).length > 0)
    .map((e) => ({
      resource: e.resource,
      recordId: e.recordId,
      action: e.action,
      userId: e.actor?.id ?? null,
      userName: e.actor?.name?.slice(0, 255) ?? null,
      changes: e.changes,
    }));
  if (rows.length) await tx.insert(history).values(rows);
  return rows.length;
}
