import type { Route } from '../../routes/+types/company.activity';
import { loadPage } from '../../lib/content.server';

// Деятельность: the text of page "activity" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'activity') };
}
