import type { Route } from '../../routes/+types/profile._index';
import { account } from './account.server';

const LATEST = 3;

export async function loader(args: Route.LoaderArgs) {
  const { user, api } = await account(args);
  const orders = await api.profile.orders({ status: 'active', perPage: LATEST });
  return { user, orders };
}
