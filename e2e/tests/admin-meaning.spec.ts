// Every generated list, show and edit screen under /nuxt reads as the schema means it: money (x-ui.widget
// money, and a x-ui.unitFrom number whose record says "money") in roubles with ₽, never kopecks; percentages
// with %; enum values by their Russian labels, never their codes; references by their records' titles, never
// ids; no JSON box anywhere a person types (the payment and delivery keys are inputs of their own). The plan
// of each screen comes from the entity schemas themselves, so a new field or entity is checked as soon as it
// exists. Then the payment service's keys: typed in, saved by the first click on «Сохранить», shown only as
// «задан», and checked with «Проверить подключение» against the local YooKassa (e2e/yookassa.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ENTITIES_DIR, schemaPaths } from '@shop/schemas/files';
import { formatMoney } from '@shop/schemas/rules/money';
import { adminToken, signInAdmin } from '../admin';
import { PORT } from '../playwright.config';
import { startYookassa, YOOKASSA_SHOP } from '../yookassa';

interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  'x-enum-labels'?: Record<string, string>;
  'x-ui'?: { widget?: string; unitFrom?: { field: string; units: Record<string, string> } };
  'x-ref'?: { resource: string };
  items?: PropertySchema & { properties?: Record<string, PropertySchema> };
}
interface EntitySchema {
  $id: string;
  'x-entity'?: { admin?: boolean; history?: boolean };
  'x-access'?: Partial<Record<'all' | 'write' | 'edit', string[]>>;
  'x-components'?: Record<string, unknown>;
  properties: Record<string, PropertySchema>;
}

/** What one field must look like on screen. */
interface FieldCheck {
  name: string;
  look: 'money' | 'percent' | 'unit' | 'enum' | 'ref';
  /** enum: the codes whose label differs from them, with their labels. */
  labels?: Record<string, string>;
}

const ENTITIES = schemaPaths(ENTITIES_DIR)
  .map((path) => JSON.parse(readFileSync(path, 'utf8')) as EntitySchema)
  .filter((e) => e['x-entity']?.admin !== false)
  .sort((a, b) => a.$id.localeCompare(b.$id));

function checksOf(e: EntitySchema): FieldCheck[] {
  const out: FieldCheck[] = [];
  for (const [name, s] of Object.entries(e.properties)) {
    const ui = s['x-ui'] ?? {};
    if (ui.widget === 'money') out.push({ name, look: 'money' });
    else if (ui.widget === 'percent') out.push({ name, look: 'percent' });
    else if (ui.unitFrom) out.push({ name, look: 'unit' });
    const labels = s['x-enum-labels'] ?? s.items?.['x-enum-labels'];
    if (labels) out.push({ name, look: 'enum', labels });
    if (s['x-ref']) out.push({ name, look: 'ref' });
  }
  return out;
}

/** One row of what the page shows (e2e/admin-meaning-page.js). */
interface Seen {
  out: { name: string; where: 'list' | 'show' | 'form'; text: string }[];
  boxes: { name: string; value: string }[];
}

// Runs inside the page: admin-meaning-page.js, one arrow function (the e2e project has no DOM library).
const READ_SCREEN = readFileSync(join(import.meta.dirname, '../admin-meaning-page.js'), 'utf8')
  .trim()
  .replace(/;$/, '');

/** What the open screen shows for these fields, and its multi-line boxes. */
const readScreen = (page: Page, names: string[]) =>
  page.evaluate<Seen>(`(${READ_SCREEN})(${JSON.stringify(names)})`);

// The shop's one money rule (schemas/rules/money.ts): whole roubles bare, kopecks when there are any.
const MONEY = /^[-−]?\d{1,3}( \d{3})*(,\d{2})? ₽$/;
const PERCENT = /^\d+(,\d+)? %$/;

/**
 * The findings of one screen: each field's text against its look, and each multi-line box: a field's box
 * must be a text field's, and no box may hold JSON (a JSON box is for no one to type into).
 */
function judge(path: string, e: EntitySchema, checks: FieldCheck[], seen: Seen): string[] {
  const isText = (name: string) => [e.properties[name]?.type ?? []].flat().includes('string');
  const findings = seen.boxes
    // A box of a hand-written piece beside the form (a bonus adjustment's reason) is text of its own.
    .filter((b) => (b.name in e.properties && !isText(b.name)) || /^\s*[[{]/.test(b.value))
    .map((b) => `${path}: a JSON box for «${b.name}» «${b.value.slice(0, 40)}»`);
  for (const { name, where, text } of seen.out) {
    for (const c of checks.filter((x) => x.name === name)) {
      if (text === '') continue;
      const bad = (why: string) => findings.push(`${path} ${where} ${name}: «${text}» ${why}`);
      if (c.look === 'money' && !MONEY.test(text)) bad('is not roubles with ₽');
      if (c.look === 'percent' && !PERCENT.test(text)) bad('is not a percentage with %');
      if (c.look === 'unit' && !MONEY.test(text) && !PERCENT.test(text)) bad('is neither roubles nor %');
      // A reference reads as its record's title; a form's input holds the id the title stands for.
      if (c.look === 'ref' && where !== 'form' && /^[#№]?\d+(, [#№]?\d+)*$/.test(text))
        bad('is an id, not a title');
      if (c.look === 'enum' && c.labels) {
        const codes = Object.entries(c.labels).filter(([code, label]) => code !== label);
        if (codes.some(([code]) => text.split(', ').includes(code))) bad('is a raw enum code');
      }
    }
  }
  return findings;
}

/**
 * Whether the administrator has an edit screen: x-access read as written (the action, its group, `all`;
 * nobody when none is given), and never for a history record (server/test/access-matrix.test.ts holds the
 * admin's own access map to the same reading).
 */
function adminEdits(e: EntitySchema): boolean {
  if (e['x-entity']?.history) return false;
  const a = e['x-access'] ?? {};
  return (a.edit ?? a.write ?? a.all ?? []).includes('admin');
}

async function firstId(request: APIRequestContext, token: string, resource: string): Promise<number | null> {
  const res = await request.get(`/api/admin/${resource}?range=[0,9]`, { headers: { authorization: token } });
  expect(res.status(), resource).toBe(200);
  const rows = (await res.json()) as { id: number }[];
  return rows[0]?.id ?? null;
}

async function open(page: Page, path: string) {
  await page.goto(`/nuxt${path}`);
  await expect(page.locator('#main-content, main').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiLinearProgress-root, .ra-loading')).toHaveCount(0);
}

/** The text a form's money or percent input shows, with its adornment. */
async function formText(page: Page, source: string) {
  const seen = await readScreen(page, [source]);
  return seen.out.filter((o) => o.where === 'form').map((o) => o.text);
}

test('every generated list, show and edit screen shows roubles, percentages, labels and titles, never kopecks, codes, ids or JSON', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const token = await adminToken(request);
  await signInAdmin(page);
  const findings: string[] = [];
  let screens = 0;
  for (const e of ENTITIES) {
    const own = e['x-components'] ?? {};
    const checks = checksOf(e);
    const names = [...new Set(checks.map((c) => c.name))];
    const id = await firstId(request, token, e.$id);
    const paths = [
      !('list' in own) && `/${e.$id}`,
      !('show' in own) && id !== null && `/${e.$id}/${id}/show`,
      !('edit' in own) && adminEdits(e) && id !== null && `/${e.$id}/${id}`,
    ].filter((p): p is string => typeof p === 'string');
    for (const path of paths) {
      await open(page, path);
      if (path === `/${e.$id}`)
        await expect(page.locator('table, .RaList-noResults, .RaEmpty-message').first()).toBeVisible();
      else await expect(page.locator(path.endsWith('/show') ? '.ra-field' : 'form').first()).toBeVisible();
      findings.push(...judge(path, e, checks, await readScreen(page, names)));
      screens += 1;
    }
  }
  expect(screens).toBeGreaterThan(60);
  expect(findings).toEqual([]);
});

test('the coupon MINUS500 reads 500 ₽ in its list, show and form; a percentage coupon reads %', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const res = await request.get(
    `/api/admin/coupons?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ q: 'MINUS500' }))}`,
    { headers: { authorization: token } },
  );
  const [coupon] = (await res.json()) as { id: number; code: string; value: number }[];
  expect(coupon).toMatchObject({ code: 'MINUS500', value: 50_000 });
  await signInAdmin(page);
  await open(page, `/coupons?filter=${encodeURIComponent(JSON.stringify({ q: 'MINUS500' }))}`);
  const row = page.locator('tr', { hasText: 'MINUS500' });
  // Read by the shop's one money rule: whole roubles without «,00».
  await expect(row.locator('td.column-value')).toHaveText(formatMoney(50_000));
  await open(page, `/coupons/${coupon!.id}/show`);
  await expect(page.locator('.ra-field-value')).toContainText(formatMoney(50_000));
  await open(page, `/coupons/${coupon!.id}`);
  expect(await formText(page, 'value')).toEqual(['500,00 ₽']);
  // The form follows the type: a percentage is typed as a whole number with %.
  await page.locator('.ra-input-type [role=combobox]').click();
  await page.getByRole('option', { name: 'Процент' }).click();
  await expect(page.locator('.ra-input-value input')).toHaveValue('50000');
  expect(await formText(page, 'value')).toEqual(['50000 %']);
});

test.describe('the payment service keys', () => {
  let fake: Awaited<ReturnType<typeof startYookassa>['server']> | undefined;
  test.beforeAll(async () => {
    fake = await startYookassa(PORT).server;
  });
  test.afterAll(async ({ request }) => {
    // Disconnected again (null clears a key): the other specs see the demo shop as it starts.
    const headers = { authorization: await adminToken(request) };
    const id = await onlineServiceId(request, headers.authorization);
    await request.put(`/api/admin/payment-services/${id}`, {
      headers,
      data: { credentials: { shopId: null, secretKey: null } },
    });
    await fake?.close();
  });

  async function onlineServiceId(request: APIRequestContext, token: string) {
    const res = await request.get(
      `/api/admin/payment-services?range=[0,0]&filter=${encodeURIComponent('{"kind":"online"}')}`,
      { headers: { authorization: token } },
    );
    return ((await res.json()) as { id: number }[])[0]!.id;
  }

  test('are typed into inputs of their own, saved by the first click, shown only as set, and checked', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const id = await onlineServiceId(request, token);
    await signInAdmin(page);
    await open(page, `/payment-services/${id}`);
    await page.getByRole('tab', { name: 'Подключение' }).click();
    await expect(page.locator('.ra-input-credentials textarea')).toHaveCount(0);
    await expect(page.getByTestId('credentials.secretKey-state')).toHaveText('Секретный ключ: не задан');
    await page.getByLabel('Идентификатор магазина (shopId)').fill(YOOKASSA_SHOP.shopId);
    await page.getByLabel('Секретный ключ').fill(YOOKASSA_SHOP.secretKey);
    // The typed keys are tried before they are saved.
    await page.getByRole('button', { name: 'Проверить подключение' }).click();
    await expect(page.getByTestId('check-connection-result')).toHaveText(
      `Подключение работает: ЮKassa приняла ключи магазина ${YOOKASSA_SHOP.shopId} (тестовый магазин: деньги не списываются)`,
    );
    // One click on «Сохранить», straight from the focused input, saves.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/payment-services/')) puts.push(r.url());
    });
    await page.getByLabel('Секретный ключ').focus();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(/\/nuxt\/payment-services$/);
    expect(puts).toHaveLength(1);
    const secrets = await request.get(`/api/admin/payment-services/${id}/secrets`, {
      headers: { authorization: token },
    });
    expect(await secrets.json()).toEqual({ data: { credentials: { shopId: true, secretKey: true } } });
    // Opened again: set, never shown; a save with the inputs left empty keeps them.
    await open(page, `/payment-services/${id}`);
    await page.getByRole('tab', { name: 'Подключение' }).click();
    await expect(page.getByTestId('credentials.secretKey-state')).toHaveText('Секретный ключ: задан');
    await expect(page.locator('input[type=password]').first()).toHaveValue('');
    expect(await page.content()).not.toContain(YOOKASSA_SHOP.secretKey);
    await page.getByRole('button', { name: 'Проверить подключение' }).click();
    await expect(page.getByTestId('check-connection-result')).toContainText('Подключение работает');
  });
});
