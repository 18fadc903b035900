import type { Route } from '../../routes/+types/profile.change-pass';
import { account } from './account.server';

// Nothing to read: the loader only sends a guest to sign in (the layout does too; a page does not rely on it).
export async function loader(args: Route.LoaderArgs) {
  await account(args);
  return null;
}
