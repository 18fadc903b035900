import type { Route } from './+types/orders.$number';
import { OrderPage } from '../components/profile/OrderPage';
import { serverApi } from '../lib/api.server';
import { notFound } from '../lib/content.server';
import { linkKeyOf, loadOrderPage, orderPageAction } from '../lib/orders.server';
import { seoMeta } from '../lib/seo';
import '../components/profile/profile.css';

/**
 * /orders/{number}?key=…: a guest's order by the private link of the order's letter and success page. A
 * missing or wrong key is the 404 page: the link must not tell whether the number exists.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const key = linkKeyOf(request);
  if (!key) notFound();
  return loadOrderPage(serverApi(context), { number: params.number, key }, request);
}

/** The order's forms, with the link's key from the address they were posted to. */
export async function action(args: Route.ActionArgs) {
  const key = linkKeyOf(args.request);
  if (!key) notFound();
  return orderPageAction(args, { number: args.params.number, key });
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

export default function GuestOrder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="profile-page">
      <h1 className="profile-page__title">Заказ № {loaderData.order.number}</h1>
      <OrderPage data={loaderData} result={actionData} />
    </div>
  );
}
