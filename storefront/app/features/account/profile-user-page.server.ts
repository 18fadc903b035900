import type { Route } from '../../routes/+types/profile.user';
import { account } from './account.server';

export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  return { profile: await api.profile.get() };
}
