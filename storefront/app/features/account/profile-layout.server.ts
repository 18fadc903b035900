import type { Route } from '../../routes/+types/profile';
import { requireUser } from '../../lib/auth.server';

// The account area's frame: every /profile page needs a signed-in customer (spec §6). The guard runs on
// the server for page loads and client navigations alike; the pages themselves are the child routes.

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  return { name: user.name };
}
