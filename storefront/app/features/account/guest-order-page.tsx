import type { Route } from '../../routes/+types/orders.$number';
import { OrderPage } from './OrderPage';
import { seoMeta } from '../../lib/seo';
import './profile.css';

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
