// A write refused by PostgreSQL (a unique, foreign-key, check or NOT NULL constraint) answered as the API
// answers a refused body: 409/400 in Russian, naming the field when it belongs to the resource written.
import { getTableName } from 'drizzle-orm';
import { constraints } from '../../../../generated/constraints';
import { badRequest, conflict } from '../../http/errors';
import type { Registry, ResourceDef } from '../types';

interface PgErrorLike {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: unknown;
}
function pgError(e: unknown): PgErrorLike | null {
  let cur: unknown = e;
  for (let i = 0; i < 3 && cur && typeof cur === 'object'; i++) {
    const pe = cur as PgErrorLike;
    if (typeof pe.code === 'string' && /^[0-9A-Z]{5}$/.test(pe.code)) return pe;
    cur = pe.cause;
  }
  return null;
}

/** What a refused write broke: the resource, its fields (keys as validation names them) and a check's rule. */
interface Broken {
  resource: string;
  fields: { key: string; label: string }[];
  rule?: string;
}

/**
 * The field behind a constraint. The generated map (server/generated/constraints.ts, written with the
 * migrations) knows every constraint of the schemas by name. A resource it does not know (one a test
 * registers) falls back to the naming rule the migrations follow, `<table>_<column>_key|fkey|check`,
 * matched exactly so that `id` is never taken for the `_id` ending of a reference. A NOT NULL violation
 * names a column, not a constraint.
 */
function brokenBy(registry: Registry, pe: PgErrorLike): Broken | null {
  const known = pe.code !== '23502' && pe.constraint ? constraints[pe.constraint] : undefined;
  if (known)
    return {
      resource: known.resource,
      fields: known.fields.map((f) => ({
        key: known.child ? `${known.child}.${f.name}` : f.name,
        label: f.label,
      })),
      ...(known.rule ? { rule: known.rule } : {}),
    };
  if (!pe.table) return null;
  const owner = registry.byTable(pe.table);
  if (!owner) return null;
  const child = owner.children.find((c) => getTableName(c.table) === pe.table);
  const fields = child ? child.fields : owner.fields;
  let column = pe.code === '23502' ? pe.column : undefined;
  if (pe.code !== '23502' && pe.constraint?.startsWith(`${pe.table}_`))
    column = pe.constraint.slice(pe.table.length + 1).replace(/_(key|fkey|check)$/, '');
  const f = fields.find((x) => x.column === column);
  if (!f) return null;
  return {
    resource: owner.resource,
    fields: [{ key: child ? `${child.property}.${f.name}` : f.name, label: f.label }],
  };
}

/**
 * Database constraint violations → 409/400 naming the field or the referring section in Russian. The
 * answer lists the fields (as validation does) only when they belong to the resource being written; a hook
 * that broke another table's rule gets the message alone.
 */
export function translateDbError(
  registry: Registry,
  def: ResourceDef,
  e: unknown,
  op: 'write' | 'delete',
): never {
  const pe = pgError(e);
  if (!pe) throw e;
  // 23503: foreign key violation; 23001: ON DELETE RESTRICT.
  if (op === 'delete' && (pe.code === '23503' || pe.code === '23001')) {
    const referrer = pe.table ? registry.byTable(pe.table) : undefined;
    throw conflict(
      `Нельзя удалить: на эту запись ссылаются ${referrer ? `записи раздела «${referrer.label.many}»` : 'другие данные'}`,
    );
  }
  const broken = brokenBy(registry, pe);
  const labels = broken?.fields.map((f) => `«${f.label}»`).join(', ');
  const fieldsWith = (text: string) =>
    broken && broken.resource === def.resource
      ? Object.fromEntries(broken.fields.map((f) => [f.key, text]))
      : undefined;
  if (pe.code === '23505') {
    if (!broken) throw conflict('Такая запись уже существует');
    const msg =
      broken.fields.length > 1
        ? `Сочетание полей ${labels} уже занято другой записью`
        : `Значение поля ${labels} уже занято другой записью`;
    throw conflict(msg, fieldsWith('Значение уже занято'));
  }
  if (pe.code === '23503' || pe.code === '23001')
    throw badRequest(
      `${labels ?? '«Ссылка»'}: связанная запись не найдена`,
      fieldsWith('Связанная запись не найдена'),
    );
  if (pe.code === '23514') {
    const rule = broken?.rule ?? 'Недопустимое значение';
    const lower = rule.charAt(0).toLowerCase() + rule.slice(1);
    throw badRequest(broken ? `${labels}: ${lower}` : `Недопустимое значение: ${lower}`, fieldsWith(rule));
  }
  if (pe.code === '23502')
    throw badRequest(
      broken ? `${labels}: обязательное поле` : 'Не заполнено обязательное поле',
      fieldsWith('Обязательное поле'),
    );
  throw e;
}
