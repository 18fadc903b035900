import type { Route } from '../../routes/+types/profile.bonuses';
import { account } from './account.server';
import { notFound, pageNumber } from '../../lib/content.server';

const PER_PAGE = 20;

export async function loader(args: Route.LoaderArgs) {
  const page = pageNumber(args.request);
  const { api } = await account(args);
  const bonuses = await api.profile.bonuses({ page, perPage: PER_PAGE });
  if (page > 1 && bonuses.data.history.length === 0) notFound();
  return { page, bonuses };
}
