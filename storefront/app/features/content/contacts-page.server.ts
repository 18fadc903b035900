import type { Route } from '../../routes/+types/contacts';
import { serverApi } from '../../lib/api.server';
import { loadPage } from '../../lib/content.server';

// Контакты: phone, e-mail, address, working hours and legal details from the shop's settings (edited in
// the admin), the text of page "contacts" (how to get there and the like) and the shop on the map.
export async function loader({ context }: Route.LoaderArgs) {
  const [page, settings] = await Promise.all([
    loadPage(context, 'contacts'),
    serverApi(context)
      .site.settings()
      .catch((error: unknown) => {
        console.error('settings unavailable:', error instanceof Error ? error.message : error);
        return null;
      }),
  ]);
  return { page, settings };
}
