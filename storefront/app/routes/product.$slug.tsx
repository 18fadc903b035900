import { data, redirect } from 'react-router';
import type { Route } from './+types/product.$slug';
import { serverApi } from '../lib/api.server';
import { isNotFound } from '../lib/listing.server';
import { GUEST_PAGE } from '../lib/guest-page';

// /product/:slug: a product by its slug alone (a cart line knows no category), sent on to its address
// /catalog/{category}/product/{slug}. Unknown or switched-off products are the usual 404.
export async function loader({ context, params }: Route.LoaderArgs) {
  const product = await serverApi(context)
    .catalog.product(params.slug)
    .catch((error: unknown) => {
      if (isNotFound(error)) throw data(null, { status: 404, statusText: 'Not Found' });
      throw error;
    });
  throw redirect(product.url, 302);
}

// A route without a component would be a resource route (a bare 404 with no page): keep this one.
export default function ProductBySlug() {
  return null;
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
