import type { ApiClient } from '@shop/client';
import type { ProductFacets, SearchProduct } from '@shop/schemas';
import {
  PAGE_SIZE,
  keepKnownValues,
  parseCatalogState,
  toListParams,
  type CatalogSort,
  type CatalogState,
} from './catalog-filters';

/** What a catalogue listing page renders: the state from its address, one page of products and the filters. */
export interface ListingData {
  state: CatalogState;
  products: SearchProduct[];
  total: number;
  /** There are more than `total` products: the API stops counting there ("более 1000 товаров"). */
  totalCapped: boolean;
  pageCount: number;
  facets: ProductFacets;
  /** The page's order when none is chosen: relevance for search results, popularity elsewhere. */
  defaultSort: CatalogSort;
  /** A search read otherwise than typed (htcybws → ресницы): what it searched for, else null. */
  searchedFor: string | null;
}

/**
 * One listing for a loader: the visitor's filters from the address plus the page's own scope (category,
 * search text, novelties), the products and the filter counts fetched together.
 */
export async function loadListing(
  api: ApiClient,
  request: Request,
  scope: { categorySlug?: string; search?: string; isNew?: boolean } = {},
): Promise<ListingData> {
  const defaultSort: CatalogSort = scope.search ? 'relevance' : 'popular';
  const state = parseCatalogState(new URL(request.url).searchParams, defaultSort);
  const params = toListParams(state, scope, PAGE_SIZE);
  const [list, facets] = await Promise.all([api.catalog.listProducts(params), api.catalog.facets(params)]);
  return {
    // Stray query keys (utm_source…) are not characteristics: they stay out of the page's links.
    state: keepKnownValues(state, new Set(facets.groups.map((g) => g.code))),
    products: list.data,
    total: list.meta.total,
    totalCapped: list.meta.totalCapped === true,
    pageCount: Math.max(1, Math.ceil(list.meta.total / PAGE_SIZE)),
    facets,
    defaultSort,
    searchedFor: list.meta.searchedFor ?? null,
  };
}

/** An API 404 (unknown slug) as the page's 404. */
export function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'response' in error &&
    (error as { response?: { status?: number } }).response?.status === 404
  );
}
