import type { Route } from '../../routes/+types/home';
import { serverApi } from '../../lib/api.server';

const SELECTION_SIZE = 8;

/** The home page is rendered on the server from the API: categories, new arrivals and best sellers. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = serverApi(context);
  // One failing call must not take the whole page down: each section degrades on its own.
  const [tree, fresh, hits, slides] = await Promise.allSettled([
    api.catalog.categoriesTree(),
    api.catalog.searchProducts({ isNew: true, perPage: SELECTION_SIZE }),
    api.catalog.searchProducts({ isHit: true, perPage: SELECTION_SIZE }),
    api.content.banners('home_slider'),
  ]);
  for (const result of [tree, fresh, hits, slides]) {
    // One line per failure: the whole axios error object would flood the server log.
    if (result.status === 'rejected') {
      const reason: unknown = result.reason;
      console.error('home page: API call failed:', reason instanceof Error ? reason.message : reason);
    }
  }
  return {
    canonical: new URL('/', request.url).href,
    categories: tree.status === 'fulfilled' ? tree.value : null,
    newProducts: fresh.status === 'fulfilled' ? fresh.value.data : [],
    hits: hits.status === 'fulfilled' ? hits.value.data : [],
    banners: slides.status === 'fulfilled' ? slides.value : [],
  };
}
