// Delivery as a customer on a phone (375 px) meets it, against the local servers that speak СДЭК's and
// Почта России's protocols (e2e/carriers.ts) and a stub of the Yandex map: a customer in Казань picks a СДЭК
// pickup point on the map and in the list, sees its price and dates and is charged exactly that; Почта
// России is priced by the customer's index; the shop's courier in Москва comes on a chosen day and time.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminHeaders, signInAdmin } from '../admin';
import { CDEK_KEYS, startCarriers } from '../carriers';
import { offersOf, products } from '../shop';
import { formatMoney } from '@shop/schemas/rules/money';

test.use({ viewport: { width: 375, height: 812 } });

type Headers = Record<string, string>;
let carriers: Awaited<ReturnType<typeof startCarriers>>;
let admin: Headers;
let settingsId = 0;
/** The order the Казань test places, handed to СДЭК by the next. */
let kazanOrder = '';
let onDeliveryBefore: { id: number; deliveryServiceIds: number[] } | null = null;

/** A stub of Yandex Maps 2.1: each feature of an ObjectManager is a button on the map that «clicks» it. */
const MAP_STUB = `window.ymaps = {
  ready: (cb) => setTimeout(cb, 0),
  Map: function (node) {
    this.geoObjects = { add: (om) => om.__mount(node) };
    this.setBounds = () => Promise.resolve();
    this.setCenter = () => Promise.resolve();
    this.panTo = () => Promise.resolve();
    this.getZoom = () => 12;
    this.destroy = () => { node.innerHTML = ''; };
  },
  ObjectManager: function () {
    const handlers = [];
    let features = [];
    let root = null;
    const draw = () => {
      if (!root) return;
      root.querySelectorAll('.stub-point').forEach((b) => b.remove());
      for (const f of features) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'stub-point';
        b.textContent = f.properties.hintContent;
        b.dataset.coordinates = f.geometry.coordinates.join(',');
        b.onclick = () => handlers.forEach((h) => h({ get: (k) => (k === 'objectId' ? f.id : undefined) }));
        root.appendChild(b);
      }
    };
    this.__mount = (node) => { root = node; draw(); };
    this.add = (collection) => { features = features.concat(collection.features); draw(); };
    this.removeAll = () => { features = []; draw(); };
    this.getBounds = () => [[55, 49], [56, 50]];
    const options = { set: () => {} };
    this.objects = {
      options,
      events: { add: (name, h) => handlers.push(h) },
      setObjectOptions: () => {},
      getById: (id) => features.find((f) => f.id === id),
      each: (fn) => features.forEach(fn),
    };
    this.clusters = { options, events: { add: () => {} } };
  },
};`;

async function serviceOf(request: APIRequestContext, code: string) {
  const res = await request.get('/api/admin/delivery-services?range=[0,99]', { headers: admin });
  const found = ((await res.json()) as { id: number; code: string }[]).find((s) => s.code === code);
  expect(found, code).toBeTruthy();
  return found!.id;
}

test.beforeAll(async ({ request }) => {
  carriers = await startCarriers();
  admin = await adminHeaders(request);
  // The administrator connects СДЭК: its keys in the service (Почта's calculator needs none).
  const cdek = await serviceOf(request, 'cdek_pvz');
  const keys = await request.put(`/api/admin/delivery-services/${cdek}`, {
    headers: admin,
    data: { credentials: CDEK_KEYS },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const [row] = (await (await request.get('/api/admin/settings', { headers: admin })).json()) as {
    id: number;
  }[];
  settingsId = row!.id;
  expect((await setMapsKey(request, 'e2e-map-key')).ok()).toBe(true);
  // The demo takes payment on receipt for СДЭК and the courier; here for Почта too, so the guest can order.
  const payments = (await (
    await request.get('/api/admin/payment-services?range=[0,99]', { headers: admin })
  ).json()) as { id: number; code: string; deliveryServiceIds: number[] }[];
  const onDelivery = payments.find((p) => p.code === 'on_delivery')!;
  onDeliveryBefore = { id: onDelivery.id, deliveryServiceIds: onDelivery.deliveryServiceIds };
  const post = await serviceOf(request, 'russian_post');
  const allowed = await request.put(`/api/admin/payment-services/${onDelivery.id}`, {
    headers: admin,
    data: { deliveryServiceIds: [...onDelivery.deliveryServiceIds, post] },
  });
  expect(allowed.status(), await allowed.text()).toBe(200);
  // СДЭК's keys stay (an empty field keeps them): later specs' СДЭК prices fall back to the flat price.
});
test.afterAll(async ({ request }) => {
  if (settingsId) await setMapsKey(request, null);
  if (onDeliveryBefore)
    await request.put(`/api/admin/payment-services/${onDeliveryBefore.id}`, {
      headers: admin,
      data: { deliveryServiceIds: onDeliveryBefore.deliveryServiceIds },
    });
  await carriers?.close();
});

const setMapsKey = (request: APIRequestContext, mapsApiKey: string | null) =>
  request.put(`/api/admin/settings/${settingsId}`, { headers: admin, data: { mapsApiKey } });

/** A cart of one product, and the checkout opened with the contacts filled. */
async function openCheckout(page: Page, request: APIRequestContext) {
  const { single } = await products(request);
  const [offer] = await offersOf(request, single[0]!.slug);
  // One unit: below the free delivery threshold, so the delivery's price is charged.
  const added = await page.request.post('/api/cart/items', { data: { offerId: offer!.id, quantity: 1 } });
  expect(added.status(), await added.text()).toBe(200);
  await page.route('https://api-maps.yandex.ru/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: MAP_STUB }),
  );
  await page.goto('/cart/order');
  await expect(page.locator('.checkout[data-hydrated]')).toBeVisible();
  await page.getByLabel('Имя и фамилия').fill('Алия Гарипова');
  await page.getByLabel('Телефон').pressSequentially(`9${String(Date.now()).slice(-9)}`);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`delivery-${Date.now()}@e2e.local`);
}

async function chooseCity(page: Page, typed: string, city: string) {
  const field = page.getByRole('combobox', { name: /Город доставки/ });
  await field.fill(typed);
  await page
    .getByRole('option', { name: new RegExp(city) })
    .first()
    .click();
  await expect(field).toHaveValue(city);
}

/** Confirms the order with payment on receipt; answers the total the page showed and the order's number. */
async function confirm(page: Page) {
  await page.getByRole('radio', { name: /При получении/ }).check();
  await page.getByLabel(/обработку персональных данных/).check();
  // Each choice re-prices the cart through the page's address: the total is read once it has.
  await page.waitForLoadState('networkidle');
  const shown = (await page.locator('.checkout__aside .cart-summary__total dd').textContent())!.trim();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page).toHaveURL(/\/cart\/order\/success\?/);
  // The address changes before React has drawn the new page: the heading is read once it is the success page's.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Заказ № \S+ оформлен$/);
  const number = /№ (\S+)/.exec((await heading.textContent())!)![1]!;
  return { shown, number };
}

async function orderOf(request: APIRequestContext, number: string) {
  const res = await request.get(
    `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: number }))}&range=[0,0]`,
    { headers: admin },
  );
  const [order] = (await res.json()) as Record<string, unknown>[];
  return order!;
}

test('Казань: a СДЭК pickup point on the map and in the list, its price and dates, charged exactly that', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openCheckout(page, request);
  await chooseCity(page, 'Каз', 'Казань');
  const option = page.locator('#deliveryServiceId label.choice').filter({ hasText: 'СДЭК' });
  await expect(option).toContainText(/Забрать с \d+ [а-я]+/);
  await option.getByRole('radio').check();

  // The map: one mark per point, at [lat, lon]; a tap on one chooses it in the list.
  const marks = page.locator('.stub-point');
  await expect(marks.first()).toBeVisible();
  const coordinates = await marks.first().getAttribute('data-coordinates');
  expect(Number(coordinates!.split(',')[0])).toBeGreaterThan(50); // latitude first: Казань is at 55.8, 49.1
  await marks.nth(1).click();
  const chosen = page.locator('input[name="deliveryPickupPoint"]:checked');
  await expect(chosen).toHaveCount(1);
  const fromMap = await chosen.getAttribute('value');
  // The list: a search, and a tap on another point.
  await page
    .getByRole('searchbox')
    .or(page.getByLabel(/Улица, метро или код/))
    .first()
    .fill('');
  const radios = page.locator('input[name="deliveryPickupPoint"]');
  await radios.first().check();
  const fromList = await chosen.getAttribute('value');
  expect(fromList).not.toBe(fromMap);

  const price = (await option.locator('.choice__price').textContent())!.trim();
  const { shown, number } = await confirm(page);
  const order = await orderOf(request, number);
  expect(formatMoney(order.total as number)).toBe(shown);
  expect(formatMoney(order.deliveryPrice as number)).toBe(price);
  expect(order).toMatchObject({
    deliveryCity: 'Казань',
    deliveryPickupPoint: fromList,
    deliveryPriceSource: 'carrier',
  });
  expect((order.deliveryPoint as { address: string }).address).toContain('Казань');
  expect(errors).toEqual([]);
  kazanOrder = number;
});

test('the administrator hands the order to СДЭК from its screen and gets the label', async ({ browser }) => {
  expect(kazanOrder, 'the Казань order of the test before').toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await signInAdmin(page);
  await page.goto(`/nuxt/orders/${kazanOrder}`);
  const delivery = page.getByTestId('order-delivery');
  // The point the customer chose, with its hours.
  await expect(delivery).toContainText('Казань');
  await page.getByTestId('order-actions').getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Подтверждён');
  await delivery.getByRole('button', { name: 'Передать в СДЭК' }).click();
  await expect(page.getByText('Заказ передан в СДЭК')).toBeVisible();
  await expect(delivery).toContainText('Регистрируется');
  await expect(delivery.getByRole('button', { name: 'Передать в СДЭК' })).toHaveCount(0);
  // СДЭК has the registration: one order with our number, for the chosen point.
  const sent = [...carriers.cdek.orders.values()].filter((o) => JSON.stringify(o).includes(kazanOrder));
  expect(sent).toHaveLength(1);
  const label = page.waitForEvent('download');
  await delivery
    .getByRole('button', { name: /Этикетка/ })
    .or(delivery.getByRole('link', { name: /Этикетка/ }))
    .click();
  expect((await label).suggestedFilename()).toMatch(/\.pdf$/);
  await context.close();
});

test('Почта России: priced for the city, then for the customer’s own index, and charged exactly that', async ({
  page,
  request,
}) => {
  await openCheckout(page, request);
  await chooseCity(page, 'Екатер', 'Екатеринбург');
  const option = page.locator('#deliveryServiceId label.choice').filter({ hasText: 'Почта России' });
  await option.getByRole('radio').check();
  const price = option.locator('.choice__price');
  // Почта's figure for the city's main index, not the service's flat 300 ₽.
  await expect(page.getByLabel('Индекс')).toHaveValue('620000');
  await expect(price).not.toHaveText('300 ₽');
  await expect(option).toContainText(/Доставим \d+/);
  const forCity = (await price.textContent())!.trim();
  // The customer's own index (Владивосток's) costs otherwise: the price follows it.
  await page.getByLabel('Индекс').fill('690001');
  await page.getByLabel(/Адрес: улица/).fill('ул. Светланская, 1, кв. 2');
  await expect(price).not.toHaveText(forCity);
  const forIndex = (await price.textContent())!.trim();
  const { shown, number } = await confirm(page);
  const order = await orderOf(request, number);
  expect(formatMoney(order.total as number)).toBe(shown);
  expect(formatMoney(order.deliveryPrice as number)).toBe(forIndex);
  expect(order).toMatchObject({ deliveryPostalCode: '690001', deliveryPriceSource: 'carrier' });
});

test('the courier in Москва comes on the chosen day and time', async ({ page, request }) => {
  await openCheckout(page, request);
  await chooseCity(page, 'Моск', 'Москва');
  const option = page.locator('#deliveryServiceId label.choice').filter({ hasText: 'Курьер' });
  await option.getByRole('radio').check();
  // Choosing re-prices the page; the day and time are chosen on the page as it is then.
  await expect(option.locator('.choice__price')).toHaveText('450 ₽');
  await page.waitForLoadState('networkidle');
  await page.getByLabel(/Адрес: улица/).fill('ул. Лесная, 5, кв. 10');
  const day = page.locator('input[name="deliveryDate"]').nth(1);
  const date = await day.getAttribute('value');
  await page.locator(`label:has(input[name="deliveryDate"][value="${date}"])`).click();
  await expect(day).toBeChecked();
  const slot = page.locator('input[name="deliveryTimeSlot"][value="14:00–18:00"]');
  await page.locator('label:has(input[name="deliveryTimeSlot"][value="14:00–18:00"])').click();
  await expect(slot).toBeChecked();
  const { shown, number } = await confirm(page);
  const order = await orderOf(request, number);
  expect(formatMoney(order.total as number)).toBe(shown);
  expect(order).toMatchObject({
    deliveryDate: date,
    deliveryTimeSlot: '14:00–18:00',
    deliveryPriceSource: 'zone',
  });
});
