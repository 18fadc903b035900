import type { Route } from './+types/profile.orders.completed';
import { OrdersView } from '../components/profile/OrdersView';
import { accountMeta } from '../components/profile/account';
import { loadOrderList } from '../components/profile/account.server';

export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, 'completed');
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Выполненные заказы', '/profile/orders/completed', matches);

/** /profile/orders/completed: the delivered orders. */
export default function ProfileOrdersCompleted({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
