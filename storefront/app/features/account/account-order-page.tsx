import { Link } from 'react-router';
import type { Route } from '../../routes/+types/profile.orders.$name';
import { OrderPage } from './OrderPage';
import { ProfilePage } from './ProfilePage';
import { accountMeta } from './account';
import { orderPath } from './order-lists';

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  accountMeta(
    `Заказ № ${loaderData?.order.number ?? params.name}`,
    orderPath(loaderData?.order.number ?? params.name),
    matches,
  );

/** /profile/orders/{name}: one order in full. */
export default function ProfileOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const back =
    order.status === 'completed'
      ? '/profile/orders/completed'
      : order.status === 'canceled'
        ? '/profile/orders/canceled'
        : '/profile/orders';
  return (
    <ProfilePage title={`Заказ № ${order.number}`}>
      <p className="profile-page__back">
        <Link to={back}>← Все заказы</Link>
      </p>
      <OrderPage data={loaderData} result={actionData} />
    </ProfilePage>
  );
}
