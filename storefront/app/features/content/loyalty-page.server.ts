import type { Route } from '../../routes/+types/loyalty';
import { loadPage } from '../../lib/content.server';

// Программа лояльности: the text of page "loyalty" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'loyalty') };
}
