import type { Route } from '../../routes/+types/company.consent';
import { loadPage } from '../../lib/content.server';

// Согласие на обработку персональных данных: the text of page "consent" from the admin.
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'consent') };
}
