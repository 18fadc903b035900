// The one typed API client of the shop: storefront (browser and SSR), admin and tests all talk to the
// server through it. Spec §7: base address from runtime configuration, 10 000 ms timeout, the token in
// `Authorization` with no prefix and `X-User-Group` for a representative's group.
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { ApiErrorBody, PublicBanner } from '@shop/schemas';
import { endpointMethods } from '../generated/endpoints';
import { inProcessAdapter, type InProcessTransport } from './in-process';

export { inProcessAdapter, type InProcessTransport } from './in-process';

export const API_TIMEOUT_MS = 10_000;

export interface ApiClientOptions {
  /** BASE_URL_TO_API: '' in the browser (same origin) or an absolute address on the server. */
  baseURL: string;
  /** Reads the current token (cookie `auth.token` in the storefront, local storage in the admin). */
  getToken?: () => string | null | undefined;
  /** The representative group the user acts for, if any. */
  getGroup?: () => string | number | null | undefined;
  /**
   * The admin area's CSRF token, sent as X-CSRF-Token: the admin's session is an HttpOnly cookie, and the
   * server refuses a change it authenticates without this proof that the admin's own script sent it.
   */
  getCsrfToken?: () => string | null | undefined;
  /**
   * A guest's cart token, sent as X-Cart-Token (the storefront's server keeps it in its HttpOnly cookie
   * cartToken); a signed-in customer's cart goes by the session and needs none.
   */
  getCartToken?: () => string | null | undefined;
  timeout?: number;
  /** Extra axios settings: headers to forward from an SSR request, an adapter for tests. */
  axios?: AxiosRequestConfig;
  /** Answers requests inside this process instead of over HTTP (the server-rendered storefront). */
  inProcess?: InProcessTransport;
}

export interface Envelope<T> {
  data: T;
}
export interface ListEnvelope<T> {
  data: T[];
  meta: {
    total: number;
    page: number;
    perPage: number;
    /** GET /api/products/search: there are more than `total` (the count stops there). */
    totalCapped?: boolean;
    /**
     * GET /api/products/search with a search text: the query as it was read when a word was read otherwise
     * than typed (another layout, a typo's correction: «htcybws» → «ресницы»), else null.
     */
    searchedFor?: string | null;
  };
}

export interface ProductSearchParams {
  search?: string;
  categorySlug?: string;
  isNew?: boolean;
  isHit?: boolean;
  sort?: 'popular' | 'price' | '-price' | 'new';
  page?: number;
  perPage?: number;
}

export interface PageParams {
  page?: number;
  perPage?: number;
}

export type BannerPosition = PublicBanner['position'];

export type ProductSort = 'popular' | 'price' | '-price' | 'new';

/** A catalogue listing: GET /api/products/search and GET /api/products/facets take the same filters. */
export interface ProductListParams {
  search?: string;
  categorySlug?: string;
  /** Product ids (favourites), at most 100. */
  ids?: number[];
  isNew?: boolean;
  isHit?: boolean;
  inStock?: boolean;
  /** Kopecks, on an offer's price to pay. */
  priceMin?: number;
  priceMax?: number;
  /** Filterable directory code → chosen entry codes, e.g. { brand: ['miralash'], curl: ['D', 'CC'] }. */
  values?: Record<string, string[]>;
  sort?: ProductSort;
  page?: number;
  perPage?: number;
}

/** The query string of a listing: filter[<name>]=…, lists comma-separated. */
export function productListQuery(p: ProductListParams): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  if (p.search) q['filter[search]'] = p.search;
  if (p.categorySlug) q['filter[categorySlug]'] = p.categorySlug;
  if (p.ids) q['filter[ids]'] = p.ids.join(',');
  if (p.isNew) q['filter[isNew]'] = 1;
  if (p.isHit) q['filter[isHit]'] = 1;
  if (p.inStock) q['filter[inStock]'] = 1;
  if (p.priceMin !== undefined) q['filter[priceMin]'] = p.priceMin;
  if (p.priceMax !== undefined) q['filter[priceMax]'] = p.priceMax;
  for (const [code, values] of Object.entries(p.values ?? {}))
    if (values.length) q[`filter[${code}]`] = values.join(',');
  if (p.sort) q.sort = p.sort;
  if (p.page) q.page = p.page;
  if (p.perPage) q.perPage = p.perPage;
  return q;
}

export function createApiClient(options: ApiClientOptions) {
  const http: AxiosInstance = axios.create({
    ...options.axios,
    ...(options.inProcess ? { adapter: inProcessAdapter(options.inProcess) } : {}),
    baseURL: options.baseURL,
    timeout: options.timeout ?? API_TIMEOUT_MS,
  });
  http.interceptors.request.use((config) => {
    const token = options.getToken?.();
    if (token) config.headers.set('Authorization', token);
    const group = options.getGroup?.();
    if (group !== null && group !== undefined && group !== '')
      config.headers.set('X-User-Group', String(group));
    const csrf = options.getCsrfToken?.();
    if (csrf) config.headers.set('X-CSRF-Token', csrf);
    const cartToken = options.getCartToken?.();
    if (cartToken) config.headers.set('X-Cart-Token', cartToken);
    return config;
  });

  // The methods generated from the endpoint contracts, and beside them what is still written by hand here.
  const generated = endpointMethods(http);
  return mergeGroups(generated, {
    http,
    catalog: {
      searchProducts: async (p: ProductSearchParams = {}) => {
        const query: Record<string, string | number> = { perPage: p.perPage ?? 7, page: p.page ?? 1 };
        if (p.search !== undefined) query['filter[search]'] = p.search;
        if (p.categorySlug) query['filter[categorySlug]'] = p.categorySlug;
        if (p.isNew) query['filter[isNew]'] = 1;
        if (p.isHit) query['filter[isHit]'] = 1;
        if (p.sort) query.sort = p.sort;
        return generated.catalog.productsSearch(query);
      },
      /** The catalogue listing with every filter (the same endpoint as the search). */
      listProducts: async (p: ProductListParams = {}) =>
        generated.catalog.productsSearch(productListQuery({ perPage: 24, page: 1, ...p })),
      /** The listing's filters with counts, for the same parameters (paging and sort are ignored). */
      facets: async (p: ProductListParams = {}) => {
        const { sort: _sort, page: _page, perPage: _perPage, ...filters } = p;
        return generated.catalog.productsFacets(productListQuery(filters));
      },
    },
    content: {
      banners: async (position?: BannerPosition) =>
        generated.content.bannerList(position ? { position } : {}),
    },
    /** The storefront's header asks it on every page (the site group's method, under its old name). */
    maintenanceMode: () => generated.site.maintenanceMode(),
  });
}

type Merged<A, B> = {
  [K in keyof A | keyof B]: K extends keyof A
    ? K extends keyof B
      ? A[K] & B[K]
      : A[K]
    : K extends keyof B
      ? B[K]
      : never;
};

/** One client object: a group (catalog) holds the generated methods and the written ones alike. */
function mergeGroups<A extends object, B extends object>(generated: A, written: B): Merged<A, B> {
  const out = { ...generated } as Record<string, unknown>;
  for (const [key, value] of Object.entries(written)) {
    const mine = out[key];
    out[key] =
      mine && typeof mine === 'object' && value && typeof value === 'object' ? { ...mine, ...value } : value;
  }
  return out as Merged<A, B>;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The server's Russian message for a failed call, or a generic one for network failures. */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as ApiErrorBody | undefined;
    if (body?.error?.message) return body.error.message;
    if (error.code === 'ECONNABORTED') return 'Сервер не ответил вовремя. Попробуйте ещё раз.';
    if (!error.response) return 'Нет связи с сервером. Проверьте подключение к интернету.';
  }
  return 'Произошла ошибка. Попробуйте ещё раз.';
}

/** The HTTP status of a failed call's answer (404 for a missing page…); undefined when none came. */
export function apiErrorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/** Per-field Russian messages of a 400 answer, keyed by field name. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof AxiosError) {
    const body = error.response?.data as ApiErrorBody | undefined;
    return Object.fromEntries(
      Object.entries(body?.error?.fields ?? {}).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  }
  return {};
}
