import type { Route } from '../../routes/+types/profile.orders.canceled';
import { loadOrderList } from './account.server';

export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, 'canceled');
}
