import type { Route } from '../../routes/+types/profile.orders';
import { OrdersView } from './OrdersView';
import { accountMeta } from './account';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Мои заказы', '/profile/orders', matches);

/** /profile/orders: the orders still under way (new, confirmed, paid, shipped). */
export default function ProfileOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
