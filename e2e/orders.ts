// Orders for the specs that need some, placed the one way an order exists: a cart checked out through
// POST /api/orders (the admin cannot type an order in). A status the spec needs is then set by the
// administrator, as a manager would move the order along.
import { expect, type APIRequestContext } from '@playwright/test';

type Headers = Record<string, string>;

/** The id of the demo shop's delivery or payment service with this code. */
async function serviceId(
  request: APIRequestContext,
  admin: Headers,
  resource: 'delivery-services' | 'payment-services',
  code: string,
): Promise<number> {
  const res = await request.get(`/api/admin/${resource}?range=[0,99]`, { headers: admin });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as { id: number; code: string }[]).find((s) => s.code === code);
  expect(found, `${resource} ${code}`).toBeTruthy();
  return found!.id;
}

export interface PlacedOrder {
  id: number;
  number: string;
  accessKey: string;
}

/**
 * Places an order of these offers for the customer of `customer` (their session token, or a guest's
 * X-Cart-Token headers), delivered by the Moscow courier and paid on receipt unless `body` says otherwise.
 */
export async function placeOrder(
  request: APIRequestContext,
  admin: Headers,
  customer: Headers,
  lines: { offerId: number; quantity: number }[],
  body: Record<string, unknown>,
): Promise<PlacedOrder> {
  let headers = { ...customer };
  for (const line of lines) {
    const res = await request.post('/api/cart/items', { headers, data: line });
    expect(res.status(), await res.text()).toBe(200);
    const token = ((await res.json()) as { data: { cartToken: string | null } }).data.cartToken;
    if (token) headers = { ...headers, 'x-cart-token': token };
  }
  const placed = await request.post('/api/orders', {
    headers,
    data: {
      deliveryServiceId: await serviceId(request, admin, 'delivery-services', 'courier_moscow'),
      paymentServiceId: await serviceId(request, admin, 'payment-services', 'on_delivery'),
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Лесная, д. 5',
      consent: true,
      ...body,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number, accessKey } = ((await placed.json()) as { data: { number: string; accessKey: string } })
    .data;
  const found = await request.get(
    `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: number }))}&range=[0,0]`,
    { headers: admin },
  );
  const [order] = (await found.json()) as { id: number; number: string }[];
  expect(order?.number).toBe(number);
  return { id: order!.id, number, accessKey };
}

/** The administrator's buttons on the order's screen, in the order a courier order paid on receipt takes them. */
const PATH_TO = {
  confirmed: [{ action: 'confirm' }],
  completed: [{ action: 'confirm' }, { action: 'ship', trackNumber: 'E2E-TRACK-1' }, { action: 'complete' }],
  canceled: [{ action: 'cancel', comment: 'Покупатель передумал' }],
} as const;

/** Moves an order to a status as the administrator does: through the order's actions, step by step. */
export async function setOrderStatus(
  request: APIRequestContext,
  admin: Headers,
  id: number,
  status: keyof typeof PATH_TO,
): Promise<void> {
  for (const step of PATH_TO[status]) {
    const res = await request.post(`/api/admin/orders/${id}/actions`, { headers: admin, data: step });
    expect(res.status(), await res.text()).toBe(200);
  }
}
