// OpenAPI document at /api/docs/json and its UI at /api/docs: the generated admin fragment plus the
// hand-written public endpoints.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import apiError from '../../schemas/api/api-error.schema.json' with { type: 'json' };
import catalogCategory from '../../schemas/api/catalog-category.schema.json' with { type: 'json' };
import categoryNode from '../../schemas/api/category-node.schema.json' with { type: 'json' };
import productFacets from '../../schemas/api/product-facets.schema.json' with { type: 'json' };
import searchProduct from '../../schemas/api/search-product.schema.json' with { type: 'json' };
import { component, envelope, json, ref } from './http/openapi';

const strip = ({ $schema: _s, $id: _i, ...rest }: Record<string, unknown>) => rest;
// A schema's own "#/definitions/…" pointers, made to work inside components.schemas.
const localRefs = (schema: Record<string, unknown>, name: string) =>
  JSON.parse(
    JSON.stringify(schema).replaceAll('"#/definitions/', `"#/components/schemas/${name}/definitions/`),
  ) as Record<string, unknown>;

const PUBLIC_PATHS = {
  '/api/categories/tree': {
    get: {
      tags: ['Каталог'],
      summary: 'Дерево активных категорий',
      responses: {
        200: { description: 'Категории', ...envelope({ type: 'array', items: ref('CategoryNode') }) },
      },
    },
  },
  '/api/products/search': {
    get: {
      tags: ['Каталог'],
      summary: 'Поиск и выборка товаров',
      parameters: [
        { name: 'filter[search]', in: 'query', schema: { type: 'string' } },
        { name: 'filter[categorySlug]', in: 'query', schema: { type: 'string' } },
        { name: 'filter[isNew]', in: 'query', schema: { type: 'string', enum: ['1'] } },
        { name: 'filter[isHit]', in: 'query', schema: { type: 'string', enum: ['1'] } },
        { name: 'filter[inStock]', in: 'query', schema: { type: 'string', enum: ['1'] } },
        {
          name: 'filter[priceMin]',
          in: 'query',
          description: 'копейки',
          schema: { type: 'integer', minimum: 0 },
        },
        {
          name: 'filter[priceMax]',
          in: 'query',
          description: 'копейки',
          schema: { type: 'integer', minimum: 0 },
        },
        {
          name: 'filter[ids]',
          in: 'query',
          description: 'id через запятую, до 100',
          schema: { type: 'string' },
        },
        {
          name: 'filter[brand]',
          in: 'query',
          description:
            'коды записей справочника через запятую; так же filter[curl], filter[thickness]… — любой справочник с флагом «Фильтр в каталоге»',
          schema: { type: 'string' },
        },
        {
          name: 'sort',
          in: 'query',
          schema: { type: 'string', enum: ['popular', 'new', 'price', '-price'] },
        },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
      ],
      responses: {
        200: {
          description: 'Товары и meta {total, page, perPage}',
          ...json({
            type: 'object',
            properties: { data: { type: 'array', items: ref('SearchProduct') }, meta: { type: 'object' } },
          }),
        },
      },
    },
  },
  '/api/products/facets': {
    get: {
      tags: ['Каталог'],
      summary: 'Фильтры выборки товаров со счётчиками',
      description:
        'Те же параметры, что у /api/products/search: filter[search], filter[categorySlug], filter[ids], ' +
        'filter[isNew], filter[isHit], filter[inStock], filter[priceMin], filter[priceMax] (копейки) и ' +
        'filter[<код справочника>]=код1,код2 для справочников с флагом «Фильтр в каталоге» (brand — бренд товара).',
      responses: { 200: { description: 'Фильтры', ...envelope(ref('ProductFacets')) } },
    },
  },
  '/api/catalog/categories/{slug}': {
    get: {
      tags: ['Каталог'],
      summary: 'Категория для её страницы: путь, подкатегории, SEO',
      parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: { description: 'Категория', ...envelope(ref('CatalogCategory')) },
        404: { description: 'Категория не найдена', ...json(ref('ApiErrorBody')) },
      },
    },
  },
};

const HIDDEN = { hide: true };

/** "/api/admin/users/:id" → "/api/admin/users/{id}", as OpenAPI writes a path. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * @fastify/swagger in dynamic mode: every /api route appears in /api/docs from its own `schema` (routes
 * outside /api, the storefront's pages and files, are not API). Routes not yet declared that way keep their
 * hand-written description, which goes as each one is declared.
 */
export async function registerDocs(app: FastifyInstance) {
  const handWritten: Record<string, Record<string, unknown>> = {
    ...PUBLIC_PATHS,
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API интернет-магазина',
        version: '1.0.0',
        description: 'Токен передаётся в заголовке Authorization без префикса.',
      },
      paths: handWritten,
      components: {
        schemas: {
          ApiErrorBody: strip(apiError),
          CategoryNode: {
            ...strip(categoryNode),
            properties: {
              ...categoryNode.properties,
              children: { type: 'array', items: ref('CategoryNode') },
            },
          },
          CatalogCategory: localRefs(strip(catalogCategory), 'CatalogCategory'),
          ProductFacets: strip(productFacets),
          SearchProduct: strip(searchProduct),
        } as unknown as Record<string, never>,
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
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return { schema: HIDDEN, url };
      const declared =
        schema && Object.keys(schema).some((k) => k !== 'hide' && k !== 'tags' && k !== 'summary');
      const methods = ([] as string[]).concat(route.method).map((m) => m.toLowerCase());
      const described = methods.every((m) => handWritten[openapiPath(url)]?.[m]);
      if (!declared && described) return { schema: HIDDEN, url };
      return { schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
