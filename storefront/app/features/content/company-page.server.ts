import type { Route } from '../../routes/+types/company';
import { loadPage } from '../../lib/content.server';

// О компании: the text of page "company" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'company') };
}
