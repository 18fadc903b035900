import type { Route } from '../../routes/+types/profile.orders.canceled';
import { OrdersView } from './OrdersView';
import { accountMeta } from './account';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Отменённые заказы', '/profile/orders/canceled', matches);

/** /profile/orders/canceled: the canceled orders with their reasons. */
export default function ProfileOrdersCanceled({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
