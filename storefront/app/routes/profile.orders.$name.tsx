import { Link } from 'react-router';
import type { Route } from './+types/profile.orders.$name';
import { OrderPage } from '../components/profile/OrderPage';
import { ProfilePage } from '../components/profile/ProfilePage';
import { accountMeta } from '../components/profile/account';
import { account } from '../components/profile/account.server';
import { orderPath } from '../components/profile/orders';
import { requireUser } from '../lib/auth.server';
import { loadOrderPage, orderPageAction } from '../lib/orders.server';

/** One order of the customer (or of the group they act for); anyone else's number is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  return loadOrderPage(api, { number: args.params.name, key: null }, args.request);
}

/** «Оплатить», «Повторить заказ», «Отменить заказ»: the customer's own order, by the session. */
export async function action(args: Route.ActionArgs) {
  await requireUser(args);
  return orderPageAction(args, { number: args.params.name, key: null });
}

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
