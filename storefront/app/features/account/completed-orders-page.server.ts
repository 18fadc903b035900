import type { Route } from '../../routes/+types/profile.orders.completed';
import { loadOrderList } from './account.server';

export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, 'completed');
}
