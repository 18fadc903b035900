// The one typed API client of the shop: storefront (browser and SSR), admin and tests all talk to the
// server through it. Spec §7: base address from runtime configuration, 10 000 ms timeout, the token in
// `Authorization` with no prefix and `X-User-Group` for a representative's group.
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type {
  ApiErrorBody,
  Captcha,
  CartBonusesRequest,
  CartCouponRequest,
  CartItemAddRequest,
  CartItemUpdateRequest,
  CartState,
  OrderCancelRequest,
  OrderPaymentStarted,
  OrderPlaced,
  OrderPlaceRequest,
  OrderRepeated,
  FeedbackCallRequest,
  FeedbackCreated,
  FeedbackWriteRequest,
  LoginRequest,
  LoginResult,
  MaintenanceMode,
  NewsletterState,
  NewsletterSubscribeRequest,
  PasswordChangeRequest,
  PasswordResetRequest,
  Profile,
  ProfileBonuses,
  ProfileCompany,
  ProfileOrder,
  ProfileSubscriptions,
  ProfileSubscriptionsState,
  ProfileUpdateRequest,
  PublicBanner,
  PublicSettings,
  RegisterRequest,
  RegisterResult,
  SessionUser,
} from '@shop/schemas';
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

/** POST /api/feedback/represent (its schema is declared in the route, server/src/forms/form-routes.ts). */
export interface FeedbackRepresentRequest {
  name: string;
  city: string;
  phone: string;
  email: string;
  experience: string;
  captchaId: string;
  captchaPhrase: string;
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
    auth: {
      login: async (body: LoginRequest) =>
        (await http.post<Envelope<LoginResult>>('/api/auth/login', body)).data.data,
      session: async () => (await http.get<Envelope<SessionUser>>('/api/auth/session')).data.data,
      /** The admin area's sign-in: the session goes into an HttpOnly cookie, the answer holds its CSRF token. */
      adminLogin: async (body: LoginRequest) =>
        (await http.post<Envelope<{ csrfToken: string }>>('/api/auth/admin/login', body)).data.data,
      /** The staff member of the admin cookie and the session's CSRF token; null without a session. */
      adminSession: async () =>
        (await http.get<Envelope<{ user: SessionUser; csrfToken: string } | null>>('/api/auth/admin/session'))
          .data.data,
      /** Ends the admin cookie's session and clears the cookie (needs the CSRF token). */
      adminLogout: async () => {
        await http.post('/api/auth/admin/logout');
      },
      logout: async () => {
        await http.post('/api/auth/logout');
      },
      /** 201 with a token (null with signIn: false); 400/409 carry Russian messages per field. */
      register: async (body: RegisterRequest) =>
        (await http.post<Envelope<RegisterResult>>('/api/auth/register', body)).data.data,
      /** The token of the /mail-confirm?token=… link; 400 for an unknown, used or expired one. */
      confirmEmail: async (token: string) =>
        (await http.post<Envelope<{ emailConfirmed: true }>>('/api/auth/email/confirm', { token })).data.data,
      /** Signed in: a new confirmation letter (the earlier link stops working). */
      resendConfirmation: async () =>
        (await http.post<Envelope<{ sent: true }>>('/api/auth/email/resend')).data.data,
      /** The same answer whether or not the address has an account. */
      recover: async (email: string) =>
        (await http.post<Envelope<{ message: string }>>('/api/auth/password/recovery', { email })).data.data,
      /** The token of the /change-password?token=… link; every session of the customer ends. */
      reset: async (body: PasswordResetRequest) => {
        await http.post('/api/auth/password/reset', body);
      },
      /** Signed in; the other sessions end, this one stays. */
      changePassword: async (body: PasswordChangeRequest) => {
        await http.post('/api/auth/password/change', body);
      },
    },
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
    site: {
      settings: async () => (await http.get<Envelope<PublicSettings>>('/api/site/settings')).data.data,
    },
    content: {
      banners: async (position?: BannerPosition) =>
        generated.content.bannerList(position ? { position } : {}),
    },
    captcha: {
      /** A new picture; each one can be answered once (a 400 with code captcha_invalid asks for another). */
      generate: async () => (await http.post<Envelope<Captcha>>('/api/captcha/generate')).data.data,
    },
    feedback: {
      /** The call-back dialog; 400 with Russian messages per field, 429 when sent too often. */
      call: async (body: FeedbackCallRequest) =>
        (await http.post<Envelope<FeedbackCreated>>('/api/feedback/call', body)).data.data,
      /** The message dialog; `name` is the name, e-mail and phone joined with "+". */
      write: async (body: FeedbackWriteRequest) =>
        (await http.post<Envelope<FeedbackCreated>>('/api/feedback/write', body)).data.data,
      /** The home page's «Стать представителем» application; 400 and 429 as for `call`. */
      represent: async (body: FeedbackRepresentRequest) =>
        (await http.post<Envelope<FeedbackCreated>>('/api/feedback/represent', body)).data.data,
    },
    newsletter: {
      /** Always answers { status: 'pending' }: a confirmation letter goes out unless already subscribed. */
      subscribe: async (body: NewsletterSubscribeRequest) =>
        (await http.post<Envelope<NewsletterState>>('/api/newsletter/subscribe', body)).data.data,
      /** The token of the confirmation letter's link. */
      confirm: async (token: string) =>
        (await http.post<Envelope<NewsletterState>>('/api/newsletter/confirm', { token })).data.data,
      /** The token of a newsletter's unsubscribe link; a second call answers the same. */
      unsubscribe: async (token: string) =>
        (await http.post<Envelope<NewsletterState>>('/api/newsletter/unsubscribe', { token })).data.data,
    },
    profile: {
      get: async () => (await http.get<Envelope<Profile>>('/api/profile')).data.data,
      /** A changed e-mail is unconfirmed until the link of the letter sent to it is followed. */
      update: async (body: ProfileUpdateRequest) =>
        (await http.put<Envelope<Profile>>('/api/profile', body)).data.data,
      /** The customer's organisation, or null. */
      company: async () =>
        (await http.get<Envelope<ProfileCompany | null>>('/api/profile/company')).data.data,
      updateCompany: async (body: ProfileCompany) =>
        (await http.put<Envelope<ProfileCompany>>('/api/profile/company', body)).data.data,
      bonuses: async (p: PageParams = {}) =>
        (
          await http.get<Envelope<ProfileBonuses> & Pick<ListEnvelope<unknown>, 'meta'>>(
            '/api/profile/bonuses',
            { params: p },
          )
        ).data,
      /** Own orders (or the acting group's): active (default), completed or canceled; without items. */
      orders: async (p: PageParams & { status?: 'active' | 'canceled' | 'completed' } = {}) =>
        (await http.get<ListEnvelope<ProfileOrder>>('/api/profile/orders', { params: p })).data,
      /** One order with its items by number; 404 for anyone else's. */
      order: async (number: string) =>
        (await http.get<Envelope<ProfileOrder>>(`/api/profile/orders/${encodeURIComponent(number)}`)).data
          .data,
      /** Puts the order's offers back in the cart, as many as in stock; the rest are named. */
      repeatOrder: async (number: string) =>
        (
          await http.post<Envelope<OrderRepeated>>(
            `/api/profile/orders/${encodeURIComponent(number)}/repeat`,
            {},
          )
        ).data.data,
      /**
       * The invoice PDF of an organisation's order paid by invoice (404 when it has none), with the API's
       * Content-Disposition (its file name) to pass on.
       */
      invoicePdf: async (number: string) => {
        const res = await http.get<ArrayBuffer>(
          `/api/profile/orders/${encodeURIComponent(number)}/invoice.pdf`,
          { responseType: 'arraybuffer' },
        );
        const disposition: unknown = res.headers['content-disposition'];
        return { pdf: res.data, disposition: typeof disposition === 'string' ? disposition : null };
      },
      /** The signed-in customer's news by e-mail and SMS (401 for a guest). */
      subscriptions: async () =>
        (await http.get<Envelope<ProfileSubscriptionsState>>('/api/profile/subscriptions')).data.data,
      updateSubscriptions: async (body: ProfileSubscriptions) =>
        (await http.put<Envelope<ProfileSubscriptionsState>>('/api/profile/subscriptions', body)).data.data,
    },
    /**
     * The cart: every answer is the whole cart as the server priced it. A change that made a guest's cart
     * answers its `cartToken` once (keep it; send it back through getCartToken). Refusals are 400 with a
     * Russian message (apiErrorMessage): an unknown or inactive offer, not enough in stock, a bad quantity.
     */
    cart: {
      /** With a delivery and payment chosen, the cart is priced as the order would be (checkout). */
      get: async (quote: { deliveryServiceId?: number; paymentServiceId?: number } = {}) =>
        (await http.get<Envelope<CartState>>('/api/cart', { params: quote })).data.data,
      /** Adds pieces of an offer to what the cart holds of it already. */
      add: async (body: CartItemAddRequest) =>
        (await http.post<Envelope<CartState>>('/api/cart/items', body)).data.data,
      /** Sets a line's quantity; 404 for a line that is not in this cart. */
      update: async (lineId: number, body: CartItemUpdateRequest) =>
        (await http.patch<Envelope<CartState>>(`/api/cart/items/${lineId}`, body)).data.data,
      remove: async (lineId: number) =>
        (await http.delete<Envelope<CartState>>(`/api/cart/items/${lineId}`)).data.data,
      /** A code that does not fit is still a 200: `coupon.state` is 'rejected' and `coupon.message` says why. */
      applyCoupon: async (body: CartCouponRequest) =>
        (await http.post<Envelope<CartState>>('/api/cart/coupon', body)).data.data,
      removeCoupon: async () => (await http.delete<Envelope<CartState>>('/api/cart/coupon')).data.data,
      /** Signed-in customers: points to spend (0: none; more than allowed is cut to the allowance). */
      setBonuses: async (body: CartBonusesRequest) =>
        (await http.put<Envelope<CartState>>('/api/cart/bonuses', body)).data.data,
    },
    orders: {
      /**
       * Places the caller's cart as an order (201; 200 when the Idempotency-Key already placed it). 409 with
       * a Russian message when the cart cannot be ordered as it is (stock, a code that stopped working, a
       * total that changed from expectedTotal); 400 with per-field messages for the form.
       */
      place: async (body: OrderPlaceRequest, idempotencyKey?: string) =>
        (
          await http.post<Envelope<OrderPlaced>>('/api/orders', body, {
            headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
          })
        ).data.data,
      /** A guest's order by its private link's key; 404 for a wrong key. */
      byKey: async (number: string, key: string) =>
        (
          await http.get<Envelope<ProfileOrder>>(`/api/orders/${encodeURIComponent(number)}`, {
            params: { key },
          })
        ).data.data,
      // The order's actions: a guest names its private link's key, a signed-in customer's own order needs
      // none (key null). 404 for a wrong key or someone else's order; refusals are 409 in Russian.
      /** Starts (or resumes) the online payment: send the customer to `confirmationUrl`. 502: the provider. */
      pay: async (number: string, key: string | null) =>
        (
          await http.post<Envelope<OrderPaymentStarted>>(
            `/api/orders/${encodeURIComponent(number)}/payments`,
            key ? { key } : {},
          )
        ).data.data,
      /** The order after its payment was read again from the provider (back from the payment page). */
      checkPayment: async (number: string, key: string | null) =>
        (
          await http.post<Envelope<ProfileOrder>>(
            `/api/orders/${encodeURIComponent(number)}/payments/check`,
            key ? { key } : {},
          )
        ).data.data,
      /** Cancels a new order not paid yet; the reason is optional. */
      cancel: async (number: string, key: string | null, reason?: string) => {
        const body: OrderCancelRequest = { ...(key ? { key } : {}), ...(reason ? { reason } : {}) };
        return (
          await http.post<Envelope<ProfileOrder>>(`/api/orders/${encodeURIComponent(number)}/cancel`, body)
        ).data.data;
      },
      /** A guest's «Повторить заказ» (signed-in customers: profile.repeatOrder). */
      repeat: async (number: string, key: string) =>
        (
          await http.post<Envelope<OrderRepeated>>(`/api/orders/${encodeURIComponent(number)}/repeat`, {
            key,
          })
        ).data.data,
    },
    maintenanceMode: async () =>
      (await http.get<Envelope<MaintenanceMode>>('/api/maintenance-mode')).data.data,
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
