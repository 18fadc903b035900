import { data, redirect } from 'react-router';
import type { Route } from '../../routes/+types/product.$slug';
import { serverApi } from '../../lib/api.server';
import { isNotFound } from '../catalog/index.server';

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
