import type { Route } from '../../routes/+types/profile.subscriptions';
import { account } from './account.server';

export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  const [state, profile] = await Promise.all([api.profile.subscriptions(), api.profile.get()]);
  return { state, email: profile.email };
}
