// What the admin's and the storefront's forms say when the generated zod schemas refuse a value: the
// server's words (rules/messages.ts) or the schema's own (x-messages), never a type name, a pattern or
// zod's notation; and the rules the server applies (x-normalize, x-not-before) hold in the form too.
import { describe, expect, it } from 'vitest';
import {
  BannerInputSchema,
  ProductInputSchema,
  ShopSettingsInputSchema,
  UserInputSchema,
  inputSchemas,
  patchSchemas,
} from '../generated/zod';
import { ruleMessage } from './messages';

/** Messages of a refused parse by field path. */
function refusals(schema: { safeParse(v: unknown): unknown }, value: unknown): Record<string, string> {
  const result = schema.safeParse(value) as
    { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.map(String).join('.'), i.message]));
}

/** Machine notation a person should never read: zod's or JSON Schema's type names, patterns, operators. */
const MACHINE =
  /\b(string|number|integer|int|boolean|object|array|undefined|null|NaN|regex)\b|[<>]=?\s*\d|\^|\$\/|\\[dswS]|\[[A-Za-z0-9-]+\]/;

/** A value of the wrong kind for a property of a zod object (whatever its kind, one of these is wrong). */
const WRONG = [{}, 'не то', -1, 1e12, true, ['x'], 'x'.repeat(5000)];

describe('form validation messages', () => {
  it('says the server’s words for every rule of every entity, whatever wrong value a field is given', () => {
    let seen = 0;
    for (const [resource, schema] of Object.entries({ ...inputSchemas, ...patchSchemas })) {
      const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of Object.keys(shape)) {
        for (const wrong of WRONG) {
          for (const [path, message] of Object.entries(refusals(schema, { [field]: wrong }))) {
            seen++;
            expect(message, `${resource}.${path} = ${JSON.stringify(wrong).slice(0, 40)}`).not.toMatch(
              MACHINE,
            );
            expect(message, `${resource}.${path}`).toMatch(/^[А-ЯЁ0-9«]/);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(1000);
  });

  it('uses the schema’s own words for a pattern and the shared words for limits and types', () => {
    expect(refusals(ProductInputSchema, { title: 'Ресницы', slug: 'Ресницы Норка' }).slug).toBe(
      'Только строчные латинские буквы, цифры и дефисы между ними, например lashes-classic',
    );
    const settings = refusals(ShopSettingsInputSchema, { shopName: 'Магазин', bonusAccrualPercent: -5 });
    expect(settings.bonusAccrualPercent).toBe(ruleMessage({ keyword: 'minimum', limit: 0 }));
    expect(settings.bonusAccrualPercent).toBe('Не меньше 0');
    expect(refusals(ShopSettingsInputSchema, { shopName: 5 }).shopName).toBe('Должно быть строкой');
  });

  it('lets a phone typed the usual ways through, as the server stores it normalised', () => {
    const user = { email: 'anna@example.ru', name: 'Анна' };
    for (const phone of ['8 (495) 123-45-67', '+7 912 345-67-89', '9123456789', '+79123456789'])
      expect(refusals(UserInputSchema, { ...user, phone }), phone).toEqual({});
    expect(refusals(UserInputSchema, { ...user, phone: '8 (495) 12' }).phone).toBe(
      'Введите номер полностью, например +7 999 123-45-67 или 8 (495) 123-45-67',
    );
  });

  it('refuses a banner that ends before it starts, and nothing when either end is open', () => {
    const banner = { title: 'Неделя клея', imageDesktopUrl: '/uploads/b.webp' };
    expect(
      refusals(BannerInputSchema, {
        ...banner,
        startsAt: '2026-12-10T00:00:00.000Z',
        endsAt: '2026-12-01T00:00:00.000Z',
      }),
    ).toEqual({ endsAt: 'Не может быть раньше, чем «Показывать с»' });
    expect(
      refusals(BannerInputSchema, { ...banner, startsAt: null, endsAt: '2026-12-01T00:00:00.000Z' }),
    ).toEqual({});
  });
});
