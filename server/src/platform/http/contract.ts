// Serving an endpoint contract (schemas/contracts): the route's method, path and schemas come from the
// contract, the handler's request parts are typed by the types codegen wrote from the same contract, so a
// handler reads `request.body.offerId` without a cast and the type cannot drift from the validator.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { EndpointContract } from '@shop/schemas/contracts/contract';
import type { EndpointName, Endpoints } from '@shop/schemas/generated/endpoints';

/** The request of a contract's handler: params, query, body and headers as validated. */
export type ContractRequest<N extends EndpointName> = FastifyRequest<{
  Params: Endpoints[N]['params'];
  Querystring: Endpoints[N]['query'];
  Body: Endpoints[N]['body'];
  Headers: Endpoints[N]['headers'];
}>;

/** What a route adds to its contract: hooks that run before the handler (access, limits), its config. */
export type ServeOptions = Pick<
  RouteShorthandOptions,
  'config' | 'onRequest' | 'preValidation' | 'preHandler' | 'bodyLimit'
>;

/** The route's config keeps the contract's name: the contract test matches routes to contracts by it. */
declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: string;
    /** The generic CRUD of this resource (crud/routes.ts): declared by the entity's schema, not a contract. */
    crud?: string;
  }
}

/**
 * Registers the contract's route on `app`, whose prefix is part of the contract's path (a plugin under
 * /api/admin serves '/admin/…' contracts).
 */
export function serve<C extends EndpointContract & { name: EndpointName }>(
  app: FastifyInstance,
  c: C,
  handler: (request: ContractRequest<C['name']>, reply: FastifyReply) => unknown,
  options: ServeOptions = {},
) {
  const full = `/api${c.path}`;
  if (!full.startsWith(app.prefix))
    throw new Error(`contract "${c.name}" (${full}) is served from a plugin under ${app.prefix}`);
  app.route({
    ...options,
    method: c.method,
    url: full.slice(app.prefix.length) || '/',
    config: { ...options.config, contract: c.name },
    schema: {
      tags: [...c.tags],
      summary: c.summary,
      ...(c.description ? { description: c.description } : {}),
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.body ? { body: c.body } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
      // No `produces`: the file's type is in its 2xx answer's `content`, and /api/docs would give the
      // route's JSON error answers that type too.
      response: c.response,
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}
