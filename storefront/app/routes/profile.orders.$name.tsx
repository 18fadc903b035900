import { Link } from 'react-router';
import type { Route } from './+types/profile.orders.$name';
import { OrderDetails } from '../components/profile/OrderDetails';
import { ProfilePage } from '../components/profile/ProfilePage';
import { accountMeta } from '../components/profile/account';
import { account } from '../components/profile/account.server';
import { orderPath } from '../components/profile/orders';
import { orNotFound } from '../lib/content.server';
import { orderedProducts } from '../lib/orders.server';

/** One order of the customer (or of the group they act for); anyone else's number is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  const order = await orNotFound(api.profile.order(args.params.name));
  return { order, products: await orderedProducts(api, order) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  accountMeta(
    `Заказ № ${loaderData?.order.number ?? params.name}`,
    orderPath(loaderData?.order.number ?? params.name),
    matches,
  );

/** /profile/orders/{name}: one order in full. */
export default function ProfileOrder({ loaderData }: Route.ComponentProps) {
  const { order, products } = loaderData;
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
      <OrderDetails order={order} products={products} />
    </ProfilePage>
  );
}
