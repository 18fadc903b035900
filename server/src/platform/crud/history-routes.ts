// The change history read endpoint, CSV export and import.
// Registered under /api/admin by admin-api.ts, next to the generated CRUD routes.
// GET /history?resource=products&recordId=12&page=1&perPage=20: newest first, for a role that may `show`
// the resource (and, with row access, the record). Each entry comes with ready Russian lines: field
// labels, enum labels, roubles, Moscow time, so every screen shows history the same way.
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HISTORY_PAGE_MAX, history as historyContract } from '@shop/schemas/contracts/platform';
import { history } from '../../../generated/tables';
import { rowScopeOf } from './access';
import { userContext } from './context';
import { referenceTitles, titlesText } from './csv-export';
import { displayValue, fieldLooks, lookIn, type FieldLook } from './csv-fields';
import { attributeReader, type Attributes } from './directory-values';
import type { Changes, ChildrenChange, ChildSummary, FieldChange } from './history';
import { getRecord } from './service';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { serve } from '../http/contract';
import type { AdminApiContext } from '../types';
import type { Role } from './types';

export interface HistoryLine {
  label: string;
  from?: string;
  to?: string;
  /** For what has no values to show: a secret changed, a child row added or removed. */
  note?: string;
}

const ACTION_LABELS = { create: 'Создание', update: 'Изменение', delete: 'Удаление' } as const;

function isChildren(c: FieldChange | ChildrenChange): c is ChildrenChange {
  return 'added' in c && 'removed' in c;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** Reads directory-coded attributes ({ curl: 'C' }) as «Изгиб: C»; the history route loads it. */
export type AttributesText = (attributes: Attributes) => string;

/** A value as the history shows it: attributes by their directories' names, other objects as «ключ: значение». */
function valueText(look: FieldLook | undefined, v: unknown, attributes?: AttributesText): string {
  // A list of objects kept in the row (a product's pictures): each as «Файл: …, Подпись: …», never as JSON.
  if (Array.isArray(v) && v.some(isPlainObject))
    return v.map((x) => valueText(look, x, attributes)).join('; ');
  if (!isPlainObject(v)) return displayValue(look, v, true);
  if (look?.directoryCoded && attributes) return attributes(v as Attributes);
  // In the schema's order of the fields (jsonb keeps its keys by length, «alt» before «url»).
  const order = [...(look?.items?.keys() ?? [])];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.entries(v)
    .filter(([, x]) => x !== null && x !== undefined && x !== '')
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([k, x]) => `${look?.items?.get(k)?.label ?? k}: ${valueText(look?.items?.get(k), x, attributes)}`)
    .join(', ');
}

function summaryText(
  items: Map<string, FieldLook> | undefined,
  s: ChildSummary,
  attributes?: AttributesText,
): string {
  const parts = Object.entries(s)
    .filter(([k]) => k !== 'id' && k !== 'fields')
    .map(([k, v]) => `${items?.get(k)?.label ?? k} ${valueText(items?.get(k), v, attributes)}`);
  return parts.length ? parts.join(', ') : `№${typeof s.id === 'number' ? s.id : ''}`;
}

/** The directory-coded values a change set holds (an offer's attributes before and after), to be named. */
export function codedValues(resource: string, changes: Changes): Attributes[] {
  const looks = fieldLooks(resource);
  const out: Attributes[] = [];
  const take = (look: FieldLook | undefined, v: unknown) => {
    if (look?.directoryCoded && isPlainObject(v)) out.push(v as Attributes);
  };
  for (const [name, change] of Object.entries(changes)) {
    const look = looks.get(name);
    if (isChildren(change)) {
      for (const s of [...change.added, ...change.removed, ...change.changed])
        for (const [k, v] of Object.entries(s)) take(look?.items?.get(k), v);
      for (const s of change.changed)
        for (const [k, v] of Object.entries(s.fields)) {
          take(look?.items?.get(k), v.from);
          take(look?.items?.get(k), v.to);
        }
    } else if ('from' in change || 'to' in change) {
      take(look, change.from);
      take(look, change.to);
    }
  }
  return out;
}

/**
 * A stored change set → lines a person reads; `titles` names the referenced records by field, `attributes`
 * the directory-coded values.
 */
export function historyLines(
  resource: string,
  changes: Changes,
  titles: Map<string, Map<number, string>> = new Map(),
  attributes?: AttributesText,
): HistoryLine[] {
  const looks = fieldLooks(resource);
  const lines: HistoryLine[] = [];
  for (const [name, change] of Object.entries(changes)) {
    const look = looks.get(name);
    const label = look?.label ?? name;
    const names = titles.get(name);
    // x-ui.unitFrom: the sibling's value stored with the change, else this entry's change of the sibling.
    const sibling = look?.unitFrom ? changes[look.unitFrom.field] : undefined;
    const unitOf = (side: 'from' | 'to'): unknown => {
      if (!look?.unitFrom || isChildren(change) || 'changed' in change) return undefined;
      if (change.unitOf && side in change.unitOf) return change.unitOf[side];
      return sibling && !isChildren(sibling) && side in sibling
        ? (sibling as Record<string, unknown>)[side]
        : undefined;
    };
    const show = (v: unknown, side: 'from' | 'to') =>
      names && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)
        ? titlesText(names, v)
        : valueText(lookIn(look, unitOf(side)), v, attributes);
    if (isChildren(change)) {
      const items = look?.items;
      const summary = (s: ChildSummary) => summaryText(items, s, attributes);
      for (const s of change.added) lines.push({ label, note: `добавлено: ${summary(s)}` });
      for (const s of change.changed) {
        for (const [field, v] of Object.entries(s.fields)) {
          lines.push({
            label: `${label} (${summary(s)}): ${items?.get(field)?.label ?? field}`,
            from: valueText(items?.get(field), v.from, attributes),
            to: valueText(items?.get(field), v.to, attributes),
          });
        }
      }
      for (const s of change.removed) lines.push({ label, note: `удалено: ${summary(s)}` });
    } else if ('changed' in change) {
      lines.push({ label, note: 'изменено (значение не показывается)' });
    } else {
      lines.push({
        label,
        ...('from' in change ? { from: show(change.from, 'from') } : {}),
        ...('to' in change ? { to: show(change.to, 'to') } : {}),
      });
    }
  }
  return lines;
}

export function historyRoutes(ctx: AdminApiContext) {
  return async function plugin(app: FastifyInstance) {
    const { db } = ctx.database;
    // Signed in before the query is read; which role may see it depends on the section it names.
    const signedIn = async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
    };
    serve(
      app,
      historyContract,
      async (request) => {
        const user = request.user!;
        const q = request.query;
        const def = ctx.registry.get(q.resource);
        if (!def || !def.admin) throw badRequest('Неизвестный раздел (resource)');
        if (!def.access.show.includes(user.role as Role)) throw forbidden();
        const { recordId, page } = q;
        const perPage = Math.min(q.perPage, HISTORY_PAGE_MAX);
        if (rowScopeOf(def, user.role)) {
          // A role limited to some rows sees the history of those rows only (a deleted one: none).
          await getRecord(userContext(db, ctx.registry, def, user), recordId).catch(() => {
            throw notFound(`${def.label.one}: запись не найдена`);
          });
        }
        const where = and(eq(history.resource, def.resource), eq(history.recordId, recordId));
        const rows = await db
          .select()
          .from(history)
          .where(where)
          .orderBy(desc(history.createdAt), desc(history.id))
          .limit(perPage)
          .offset((page - 1) * perPage);
        const [{ total }] = (await db.select({ total: count() }).from(history).where(where)) as [
          { total: number },
        ];
        // The references the entries name (a brand, categories) by their titles, one query per resource.
        const values = rows.flatMap((r) =>
          Object.entries(r.changes as Changes).flatMap(([field, c]) =>
            'from' in c || 'to' in c ? [{ [field]: c.from }, { [field]: c.to }] : [],
          ),
        ) as Record<string, unknown>[];
        const titles = await referenceTitles(db, ctx.registry, def.fields, values);
        const read = await attributeReader(
          db,
          rows.flatMap((r) => codedValues(def.resource, r.changes as Changes)),
        );
        const attributes: AttributesText = (a) =>
          read(a)
            .map((x) => `${x.name}: ${x.value}`)
            .join(', ');
        return {
          data: rows.map((r) => ({
            id: r.id,
            action: r.action,
            actionLabel: ACTION_LABELS[r.action as keyof typeof ACTION_LABELS] ?? r.action,
            userId: r.userId,
            userName: r.userName,
            createdAt: r.createdAt.toISOString(),
            changes: r.changes,
            lines: historyLines(def.resource, r.changes as Changes, titles, attributes),
          })),
          total: Number(total),
          page,
          perPage,
        };
      },
      { preValidation: signedIn },
    );
  };
}
