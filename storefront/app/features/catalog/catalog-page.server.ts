import type { Route } from '../../routes/+types/catalog';
import { serverApi } from '../../lib/api.server';
import { loadListing } from './listing.server';

/** /catalog: the top categories and every product, with the filters. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { listing: await loadListing(serverApi(context), request) };
}
