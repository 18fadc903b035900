import type { Route } from '../../routes/+types/catalog-new';
import { serverApi } from '../../lib/api.server';
import { loadListing } from './listing.server';

/** /catalog-new: the novelties, with the same filters as the catalogue. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { listing: await loadListing(serverApi(context), request, { isNew: true }) };
}
