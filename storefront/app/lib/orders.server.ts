import type { ApiClient } from '@shop/client';
import type { ProfileOrder } from '@shop/schemas';
import type { OrderedProduct } from '../components/profile/OrderDetails';

/**
 * Pictures and links of an order's products, from the catalogue, for the products it still shows (the
 * account's order page and a guest's private order page). The order is worth showing without them: a
 * failing catalogue gives none.
 */
export async function orderedProducts(
  api: ApiClient,
  order: Pick<ProfileOrder, 'items'>,
): Promise<Record<number, OrderedProduct>> {
  const ids = [
    ...new Set((order.items ?? []).map((i) => i.productId).filter((id): id is number => id !== null)),
  ];
  const products: Record<number, OrderedProduct> = {};
  if (!ids.length) return products;
  try {
    const found = await api.catalog.listProducts({ ids: ids.slice(0, 100), perPage: 100 });
    for (const p of found.data) products[p.id] = { url: p.url, image: p.announceImageUrl };
  } catch (error) {
    console.error('order pictures unavailable:', error instanceof Error ? error.message : error);
  }
  return products;
}
