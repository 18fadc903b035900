// Catalogue pages of the storefront: GET /api/catalog/categories/:slug (a category with its breadcrumbs and
// subcategories) and GET /api/products/facets (the filters of a listing with their counts). The listing
// itself is GET /api/products/search (catalog-routes.ts); both read the catalogue's read model (read-model/).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CatalogCategory, ProductFacets } from '@shop/schemas';
import { selectRows, type Db } from '../../platform/db';
import { ApiError } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { category, productsFacets } from '@shop/schemas/contracts/catalog';
import { searchTextCondition } from './product-filters';
import type { CatalogReadModel } from './read-model/live';
import { KeptWhileUnchanged } from './read-model/kept';
import { facets } from './read-model/queries';
import { keptUntilChange, type PublicData } from '../../platform/web/public-data';

const CATEGORY_NOT_FOUND = () => new ApiError(404, 'not_found', 'Категория не найдена');
const MAX_DEPTH = 10;

interface CategoryRow {
  id: number;
  title: string;
  slug: string;
  parent_id: number | null;
  description: string | null;
  image_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
  active: boolean;
}

const image = (url: string | null) => (url ? { url } : null);

/** An active category for its page, or null when the slug is unknown or the category (or one above) is off. */
export async function categoryPage(db: Db, slug: string): Promise<CatalogCategory | null> {
  if (!slug || slug.length > 200) return null;
  const [row] = await selectRows<CategoryRow>(
    db,
    sql`SELECT id, title, slug, parent_id, description, image_url, seo_title, seo_description, active
        FROM product_categories WHERE slug = ${slug}`,
  );
  if (!row?.active) return null;

  // The path upwards; a switched-off category hides everything below it (as in the category tree).
  const ancestors: CategoryRow[] = [];
  let parentId = row.parent_id;
  while (parentId !== null && ancestors.length < MAX_DEPTH) {
    const [parent] = await selectRows<CategoryRow>(
      db,
      sql`SELECT id, title, slug, parent_id, active FROM product_categories WHERE id = ${parentId}`,
    );
    if (!parent?.active) return null;
    ancestors.unshift(parent);
    parentId = parent.parent_id;
  }
  const children = await selectRows<CategoryRow>(
    db,
    sql`SELECT id, title, slug, image_url FROM product_categories
        WHERE parent_id = ${row.id} AND active ORDER BY sort_order, title`,
  );
  const link = (c: CategoryRow) => ({ id: c.id, title: c.title, slug: c.slug });
  const parent = ancestors.at(-1);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    image: image(row.image_url),
    parent: parent ? link(parent) : null,
    ancestors: ancestors.map(link),
    children: children.map((c) => ({ ...link(c), image: image(c.image_url) })),
  };
}

/** How many filter combinations' counts are kept (a few kilobytes each). */
const KEPT_FACETS = 512;

export function catalogPageRoutes(db: Db, publicData: PublicData, model: CatalogReadModel) {
  // The active products a search text the read model does not hold matches (a word found only in descriptions),
  // for the counts of a search page's filters: kept until the catalogue changes, as the filters of one search
  // are asked again and again while a customer narrows.
  const searchMatches = keptUntilChange(
    publicData,
    async (text) =>
      (
        await selectRows<{ id: number }>(
          db,
          sql`SELECT p.id FROM products p WHERE p.active AND ${searchTextCondition(text)}`,
        )
      ).map((r) => r.id),
    { maxEntries: 200, tables: ['products'] },
  );
  // The counts of the filters last asked, per filters, kept while the read model stays as it was: a category's
  // counts are asked by every visitor of its page, and again at each choice.
  const keptFacets = new KeptWhileUnchanged<string, ProductFacets>(KEPT_FACETS);
  return async function plugin(app: FastifyInstance) {
    serve(app, category, async (request) => {
      const page = await categoryPage(db, request.params.slug);
      if (!page) throw CATEGORY_NOT_FOUND();
      return { data: page };
    });

    serve(app, productsFacets, async (request) => {
      const { index, ref, f, compiled } = await model.filters(request.query, searchMatches);
      const key = JSON.stringify(f, (_, v: unknown) => (v instanceof Map ? [...v] : v));
      const data = keptFacets.get(key, index, ref, () => facets(index, compiled, ref.dirs, ref.entries));
      return { data };
    });
  };
}
