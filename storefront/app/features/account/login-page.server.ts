import type { Route } from '../../routes/+types/login';
import { guestOnly } from '../../lib/auth.server';

export async function loader(args: Route.LoaderArgs) {
  await guestOnly(args);
  return null;
}
