// GET/PUT /api/profile/company (/profile/company): the customer's organisation for invoices and closing
// documents. Beyond the schema's formats, every number is checked the way the tax service and the Bank of
// Russia define it (schemas/rules/requisites.ts, shared with the forms), and against the legal form.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidAccount, isValidBik, isValidInn, isValidOgrn, type ProfileCompany } from '@shop/schemas';
import schema from '@shop/schemas/api/accounts/profile-company.schema.json' with { type: 'json' };
import { fieldsError } from '../../platform/http/validation';
import { labelsOf } from './input';
import { isUniqueViolation } from './register';
import type { Db } from '../../platform/db';
import { userOrganizations } from '../../../generated/tables';
import { conflict } from '../../platform/http/errors';
import { accountLimit } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { readCompany, updateCompany } from '@shop/schemas/contracts/accounts';

const LABELS = labelsOf(schema);
const PERSONS = new Set(['ip', 'self_employed']);
/** The requisites a customer writes; the id is the server's. */
const FIELDS = Object.keys(schema.properties).filter((f) => f !== 'id') as (keyof ProfileCompany)[];

/** The fields a form may leave empty (nullable in the schema). */
const OPTIONAL = new Set(
  Object.entries(schema.properties)
    .filter(([, p]) => [p.type].flat().includes('null'))
    .map(([k]) => k),
);

/**
 * An empty or blank optional field of a form means "not given": it becomes null before validation, which
 * no schema keyword says (a КПП of "" would fail its pattern). The schema's x-trim trims the rest.
 */
async function blanksAsNull(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  for (const [k, v] of Object.entries(fields))
    if (OPTIONAL.has(k) && typeof v === 'string' && !v.trim()) fields[k] = null;
}

/** Each rule the numbers break, by field, in words a bookkeeper would use. */
export function requisiteProblems(c: ProfileCompany): Record<string, string> {
  const problems: Record<string, string> = {};
  const person = PERSONS.has(c.legalForm);
  if (!isValidInn(c.inn)) problems.inn = 'Неверный ИНН: не сходится контрольное число. Проверьте цифры.';
  else if (person && c.inn.length !== 12) problems.inn = 'У ИП и самозанятого ИНН из 12 цифр';
  else if (c.legalForm !== 'other' && !person && c.inn.length !== 10)
    problems.inn = 'У организации ИНН из 10 цифр';
  if (c.kpp && person) problems.kpp = 'У ИП и самозанятого нет КПП: оставьте поле пустым';
  if (c.ogrn) {
    if (!isValidOgrn(c.ogrn))
      problems.ogrn = 'Неверный ОГРН / ОГРНИП: не сходится контрольное число. Проверьте цифры.';
    else if (person && c.ogrn.length !== 15) problems.ogrn = 'У ИП ОГРНИП из 15 цифр';
    else if (!person && c.legalForm !== 'other' && c.ogrn.length !== 13)
      problems.ogrn = 'У организации ОГРН из 13 цифр';
  }
  if (c.bik && !isValidBik(c.bik)) problems.bik = 'Неверный БИК: он начинается с 04 и состоит из 9 цифр';
  if (c.settlementAccount) {
    if (!c.bik) problems.bik = 'Укажите БИК банка, в котором открыт счёт';
    else if (isValidBik(c.bik) && !isValidAccount(c.bik, c.settlementAccount))
      problems.settlementAccount = 'Расчётный счёт не сходится с БИК: проверьте цифры счёта и БИК';
  }
  // A correspondent account is 301… and ends with the last three digits of its bank's БИК.
  if (c.correspondentAccount) {
    if (!c.correspondentAccount.startsWith('301'))
      problems.correspondentAccount = 'Корреспондентский счёт начинается с 301';
    else if (c.bik && c.correspondentAccount.slice(-3) !== c.bik.slice(-3))
      problems.correspondentAccount = 'Корреспондентский счёт должен оканчиваться на последние три цифры БИК';
  }
  return problems;
}

export function profileCompanyRoutes(db: Db) {
  const ownRow = (userId: number) =>
    db
      .select()
      .from(userOrganizations)
      .where(eq(userOrganizations.userId, userId))
      .orderBy(asc(userOrganizations.id))
      .limit(1);
  const view = (row: Record<string, unknown> | undefined): ProfileCompany | null =>
    row
      ? ({
          id: row.id,
          ...Object.fromEntries(FIELDS.map((f) => [f, row[f] ?? null])),
        } as unknown as ProfileCompany)
      : null;

  return async function plugin(app: FastifyInstance) {
    serve(app, readCompany, async (request) => {
      const [row] = await ownRow(request.user!.id);
      return { data: view(row) };
    });

    const limit = accountLimit('profile', 'profile-company');
    serve(
      app,
      updateCompany,
      async (request) => {
        const c = request.body;
        const problems = requisiteProblems(c);
        if (Object.keys(problems).length) throw fieldsError(problems, LABELS);
        const values = Object.fromEntries(FIELDS.map((f) => [f, c[f] ?? null])) as unknown as ProfileCompany;
        const userId = request.user!.id;
        const [existing] = await ownRow(userId);
        try {
          const [row] = existing
            ? await db
                .update(userOrganizations)
                .set({ ...values, updatedAt: new Date() })
                .where(eq(userOrganizations.id, existing.id))
                .returning()
            : await db
                .insert(userOrganizations)
                .values({ ...values, userId })
                .returning();
          return { data: view(row) };
        } catch (e) {
          if (isUniqueViolation(e))
            throw conflict('Организация с этим ИНН уже есть в вашем кабинете', {
              inn: 'Этот ИНН уже указан',
            });
          throw e;
        }
      },
      { config: { rateLimit: limit }, preValidation: blanksAsNull },
    );
  };
}
