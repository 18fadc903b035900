import type { Route } from '../../routes/+types/profile.company';
import { account } from './account.server';

export async function loader(args: Route.LoaderArgs) {
  const { api } = await account(args);
  return { company: await api.profile.company() };
}
