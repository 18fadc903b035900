// An endpoint's contract: everything the API promises about one route, declared once as data. The server
// serves it (validation, serialisation, /api/docs: server/src/platform/http/contract.ts), codegen writes its types
// (schemas/generated/endpoints.ts) and the client's method (client/generated/endpoints.ts) from it. A
// contract imports nothing but this file: schemas, not code, so codegen and the server read the same object.
import { INT4 } from '../rules/bounds';

export type Schema = Record<string, unknown>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointContract {
  /**
   * The client's method, '<group>.<method>' (client.catalog.product(slug)); unique across the API. Its
   * arguments follow one rule: the path's parameters in order, then the body, then the query, then headers.
   */
  name: string;
  method: HttpMethod;
  /** Under /api, in Fastify's syntax ('/products/:slug'). */
  path: string;
  /** /api/docs: the section and the one line (Russian, as the shop's documentation is). */
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  headers?: Schema;
  /** By status; the 2xx ones are what the client returns (an envelope's `data` when it is one). */
  response: Record<number, Schema>;
  /** The answer is a file of this type (the client returns its bytes and Content-Disposition). */
  produces?: string;
  /** No client method: the route is called by someone else (the payment provider, a mail client). */
  external?: true;
}

/** Keeps the literal name and path (the server's handler and the client's method are typed by them). */
export const contract = <const C extends EndpointContract>(c: C): C => c;

/** A reference to a schemas/api payload schema by its $id (checked when the server and codegen load them). */
export const api = (id: string) => ({ $ref: `${id}#` });

/** The spec's `{ data: … }` envelope around a response schema. */
export const envelope = (data: unknown) => ({
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data },
});

/** An error answer: `{ error: { code, message, fields } }`, with what it means for /api/docs. */
export const failure = (description: string) => ({ description, ...api('api-error') });

/** The largest PostgreSQL `integer`: ids and kopecks above it never reach the database. */
export const INT4_MAX = INT4.maximum;

/**
 * A record's number in a path or a query: a positive PostgreSQL integer. `message`, when given, is the one
 * answer for anything else ("Неверный номер рассылки"), instead of the rule that failed.
 */
export function recordId(label = 'Номер записи', message?: string): Schema {
  return {
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    'x-label': label,
    ...(message ? { 'x-messages': { type: message, minimum: message, maximum: message } } : {}),
  };
}

/** Path parameters: every one named is required (a path has no optional parts). */
export const pathParams = (properties: Record<string, Schema>) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

/** Path parameters `:id` (a record's number) and `:slug` (an address part). */
export const idParams = pathParams({ id: recordId() });
export const slugParams = pathParams({
  slug: { type: 'string', minLength: 1, maxLength: 255, 'x-label': 'Адрес' },
});

/** The query of a paged list: page (at most 10 000) and perPage (default and maximum per list). */
export function pagingQuery(perPage: { default: number; max: number }, extra: Record<string, Schema> = {}) {
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 10_000, default: 1, 'x-label': 'Страница' },
      perPage: {
        type: 'integer',
        minimum: 1,
        maximum: perPage.max,
        default: perPage.default,
        'x-label': 'Записей на странице',
      },
      ...extra,
    },
  };
}

/** A page of a list: `{ data: [...], meta: { total, page, perPage } }`; `data` may be another shape. */
export function pageOf(data: unknown, moreMeta: Record<string, unknown> = {}) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'meta'],
    properties: {
      data,
      meta: {
        type: 'object',
        additionalProperties: false,
        required: ['total', 'page', 'perPage'],
        properties: {
          total: { type: 'integer' },
          page: { type: 'integer' },
          perPage: { type: 'integer' },
          ...moreMeta,
        },
      },
    },
  };
}
