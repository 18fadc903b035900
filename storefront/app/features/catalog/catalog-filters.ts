// Catalogue filters live in the address (shareable, rendered on the server, usable without JavaScript
// through a GET form): ?curl=D&curl=CC&thickness=0.07&brand=miralash&priceMin=500&priceMax=1500&inStock=1
// &new=1&sort=price&page=2. Characteristic keys are directory codes, values entry codes, prices whole
// roubles. This module turns an address into the state and back, and the state into API parameters.
import type { ProductListParams, ProductSort } from '@shop/client';

/** The API's sorts, plus relevance: the search engine's own order, used when no sort is sent. */
export type CatalogSort = ProductSort | 'relevance';

export interface CatalogState {
  /** Directory code → chosen entry codes (brand, curl, thickness, length, colour…). */
  values: Record<string, string[]>;
  /** Whole roubles, as typed. */
  priceMin: number | null;
  priceMax: number | null;
  inStock: boolean;
  isNew: boolean;
  sort: CatalogSort;
  page: number;
}

export const SORT_OPTIONS: readonly { value: CatalogSort; label: string }[] = [
  { value: 'popular', label: 'По популярности' },
  { value: 'price', label: 'Сначала дешевле' },
  { value: '-price', label: 'Сначала дороже' },
  { value: 'new', label: 'Сначала новинки' },
];
export const RELEVANCE_OPTION = { value: 'relevance', label: 'По релевантности' } as const;
/** The catalogue's default order; search results default to relevance. */
export const DEFAULT_SORT: CatalogSort = 'popular';
export const PAGE_SIZE = 24;
const MAX_PAGE = 10_000;

/** Query keys that are not characteristics. `qwery` is the search text (spec §2). */
export const RESERVED_KEYS = new Set(['sort', 'page', 'priceMin', 'priceMax', 'inStock', 'new', 'qwery']);
const DIRECTORY_CODE = /^[a-z][a-z0-9_]{0,49}$/;
const ENTRY_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SORTS = new Set<string>([...SORT_OPTIONS.map((s) => s.value), RELEVANCE_OPTION.value]);

function roubles(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? Math.round(n) : null;
}

const on = (raw: string | null) => raw === '1' || raw === 'true' || raw === 'on';

/** The state an address describes; anything malformed is dropped rather than refused. */
export function parseCatalogState(
  params: URLSearchParams,
  defaultSort: CatalogSort = DEFAULT_SORT,
): CatalogState {
  const values: Record<string, string[]> = {};
  for (const [key, raw] of params) {
    if (RESERVED_KEYS.has(key) || !DIRECTORY_CODE.test(key)) continue;
    for (const value of raw.split(',').map((v) => v.trim())) {
      if (!ENTRY_CODE.test(value)) continue;
      const list = (values[key] ??= []);
      if (!list.includes(value) && list.length < 50) list.push(value);
    }
  }
  let priceMin = roubles(params.get('priceMin'));
  let priceMax = roubles(params.get('priceMax'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    values,
    priceMin,
    priceMax,
    inStock: on(params.get('inStock')),
    isNew: on(params.get('new')),
    sort: SORTS.has(sort) ? (sort as CatalogSort) : defaultSort,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The address query of a state, in a stable order and without defaults: '' or '?…'. */
export function catalogSearch(
  state: CatalogState,
  extra: Record<string, string | null | undefined> = {},
  defaultSort: CatalogSort = DEFAULT_SORT,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.append(key, value);
  for (const key of Object.keys(state.values).sort())
    for (const v of state.values[key]!) params.append(key, v);
  if (state.priceMin !== null) params.set('priceMin', String(state.priceMin));
  if (state.priceMax !== null) params.set('priceMax', String(state.priceMax));
  if (state.inStock) params.set('inStock', '1');
  if (state.isNew) params.set('new', '1');
  if (state.sort !== defaultSort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The listing's API parameters: the page's own scope plus the visitor's filters (prices in kopecks). */
export function toListParams(
  state: CatalogState,
  scope: { categorySlug?: string; search?: string; isNew?: boolean } = {},
  perPage = PAGE_SIZE,
): ProductListParams {
  return {
    ...(scope.categorySlug ? { categorySlug: scope.categorySlug } : {}),
    ...(scope.search ? { search: scope.search } : {}),
    ...(scope.isNew || state.isNew ? { isNew: true } : {}),
    ...(state.inStock ? { inStock: true } : {}),
    ...(state.priceMin !== null ? { priceMin: state.priceMin * 100 } : {}),
    ...(state.priceMax !== null ? { priceMax: state.priceMax * 100 } : {}),
    ...(Object.keys(state.values).length ? { values: state.values } : {}),
    ...(state.sort !== 'relevance' ? { sort: state.sort } : {}),
    page: state.page,
    perPage,
  };
}

/** Any filter chosen (sort and page are not filters). */
export function hasFilters(state: CatalogState): boolean {
  return (
    Object.values(state.values).some((v) => v.length > 0) ||
    state.priceMin !== null ||
    state.priceMax !== null ||
    state.inStock ||
    state.isNew
  );
}

/** Filters changed: back to the first page. */
const firstPage = (state: CatalogState): CatalogState => ({ ...state, page: 1 });

export function withoutValue(state: CatalogState, code: string, value: string): CatalogState {
  const rest = (state.values[code] ?? []).filter((v) => v !== value);
  const values = { ...state.values };
  if (rest.length) values[code] = rest;
  else delete values[code];
  return firstPage({ ...state, values });
}

export function withoutPrice(state: CatalogState): CatalogState {
  return firstPage({ ...state, priceMin: null, priceMax: null });
}

export function withoutFilters(state: CatalogState): CatalogState {
  return { ...state, values: {}, priceMin: null, priceMax: null, inStock: false, isNew: false, page: 1 };
}

export function withPage(state: CatalogState, page: number): CatalogState {
  return { ...state, page };
}

/** Keeps only characteristics the listing knows (stray query keys such as utm_source fall out of links). */
export function keepKnownValues(state: CatalogState, known: ReadonlySet<string>): CatalogState {
  return { ...state, values: Object.fromEntries(Object.entries(state.values).filter(([k]) => known.has(k))) };
}

/** The state a filter form holds (FormData of the GET form, or of a checkbox change with JavaScript). */
export function stateFromForm(form: FormData, defaultSort: CatalogSort = DEFAULT_SORT): CatalogState {
  const params = new URLSearchParams();
  for (const [key, value] of form)
    if (typeof value === 'string' && value.trim() !== '') params.append(key, value);
  params.delete('page');
  return parseCatalogState(params, defaultSort);
}

/** Numbered pages around the current one, with null for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function pageList(current: number, count: number): (number | null)[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const pages = new Set([1, count, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (current >= count - 2) [count - 3, count - 2, count - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** The canonical query of a listing page: only the page number counts, filters and sort do not. */
export function canonicalSearch(state: CatalogState): string {
  return state.page > 1 ? `?page=${state.page}` : '';
}
