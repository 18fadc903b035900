import type { Route } from '../../routes/+types/profile.orders.completed';
import { OrdersView } from './OrdersView';
import { accountMeta } from './account';

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta('Выполненные заказы', '/profile/orders/completed', matches);

/** /profile/orders/completed: the delivered orders. */
export default function ProfileOrdersCompleted({ loaderData }: Route.ComponentProps) {
  return <OrdersView {...loaderData} />;
}
