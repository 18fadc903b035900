import type { Route } from './+types/profile.orders.canceled';
import { OrdersView } from '../components/profile/OrdersView';
import { accountMeta } from '../components/profile/account';
import { loadOrderList } from '../components/profile/account.server';

export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, 'canceled');
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Отменённые заказы', '/profile/orders/canceled', matches);

/** /profile/orders/canceled: the canceled orders with their reasons. */
export default function ProfileOrdersCanceled({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
