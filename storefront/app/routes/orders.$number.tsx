import type { Route } from './+types/orders.$number';
import { OrderDetails } from '../components/profile/OrderDetails';
import { serverApi } from '../lib/api.server';
import { notFound, orNotFound } from '../lib/content.server';
import { orderedProducts } from '../lib/orders.server';
import { seoMeta } from '../lib/seo';
import '../components/profile/profile.css';

/**
 * /orders/{number}?key=…: a guest's order by the private link of the order's letter and success page. A
 * missing or wrong key is the 404 page: the link must not tell whether the number exists.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key')?.trim();
  if (!key) notFound();
  const api = serverApi(context);
  const order = await orNotFound(api.orders.byKey(params.number, key.slice(0, 200)));
  return { order, products: await orderedProducts(api, order) };
}

// The canonical address leaves the key out: it is the customer's, never a search engine's.
export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seoMeta(
    {
      title: `Заказ № ${loaderData?.order.number ?? params.number}`,
      description: 'Страница заказа.',
      path: `/orders/${encodeURIComponent(params.number)}`,
      noindex: true,
    },
    matches,
  );

export default function GuestOrder({ loaderData }: Route.ComponentProps) {
  const { order, products } = loaderData;
  return (
    <div className="profile-page">
      <h1 className="profile-page__title">Заказ № {order.number}</h1>
      <OrderDetails order={order} products={products} />
    </div>
  );
}
