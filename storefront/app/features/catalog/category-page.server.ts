import { data } from 'react-router';
import type { Route } from '../../routes/+types/catalog.$slug';
import { serverApi } from '../../lib/api.server';
import { isNotFound, loadListing } from './listing.server';

/** /catalog/:slug: a category with its subcategories and its products (those of the subcategories too). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [category, listing] = await Promise.all([
    api.catalog.category(params.slug).catch((error: unknown) => {
      if (isNotFound(error)) throw data(null, { status: 404, statusText: 'Not Found' });
      throw error;
    }),
    loadListing(api, request, { categorySlug: params.slug }),
  ]);
  return { category, listing };
}
