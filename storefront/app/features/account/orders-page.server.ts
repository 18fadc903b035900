import type { Route } from '../../routes/+types/profile.orders';
import { loadOrderList } from './account.server';

export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args, 'active');
}
