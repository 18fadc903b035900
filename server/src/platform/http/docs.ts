// The OpenAPI document at /api/docs/json and its UI at /api/docs, written by @fastify/swagger from the routes
// themselves: every /api route appears with the schemas it declares (http/route-schemas.ts), the payload
// schemas of schemas/api as components named by their title. Routes outside /api (the storefront's pages,
// files, the admin SPA) are not API and stay out.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { component } from './openapi';

const HIDDEN = { hide: true };

/** "/api/admin/users/:id" → "/api/admin/users/{id}", as OpenAPI writes a path. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Registered before the routes: the plugin collects them as they are added. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API интернет-магазина',
        version: '1.0.0',
        description: 'Токен передаётся в заголовке Authorization без префикса.',
      },
    },
    // Shared schemas become components named by their title (LoginRequest), not def-0.
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) =>
        typeof json.title === 'string' ? json.title : typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    // The document speaks plain JSON Schema: our keywords (x-label, x-trim…), $schema and $id stay home.
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject;
      const components = doc.components as { schemas?: unknown } | undefined;
      return {
        ...doc,
        paths: component(doc.paths),
        ...(components ? { components: { ...components, schemas: component(components.schemas) } } : {}),
      } as never;
    },
    transform: ({ schema, url }) =>
      !url.startsWith('/api/') || url.startsWith('/api/docs') ? { schema: HIDDEN, url } : { schema, url },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
