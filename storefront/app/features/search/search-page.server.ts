import type { Route } from '../../routes/+types/search';
import { serverApi } from '../../lib/api.server';
import { loadListing } from '../catalog/index.server';
import { MAX_QUERY } from './search-page';

/** /search?qwery=…: the full search results with the catalogue's filters. An empty query searches nothing (spec §5). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('qwery') ?? '').trim().slice(0, MAX_QUERY);
  if (!query) return { query, listing: null };
  return { query, listing: await loadListing(serverApi(context), request, { search: query }) };
}
