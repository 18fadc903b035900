import type { Route } from './+types/profile.orders';
import { OrdersView } from '../components/profile/OrdersView';
import { accountMeta } from '../components/profile/account';
import { loadOrderList } from '../components/profile/account.server';

export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, 'active');
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Мои заказы', '/profile/orders', matches);

/** /profile/orders: the orders still under way (new, confirmed, paid, shipped). */
export default function ProfileOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
