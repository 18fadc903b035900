import { Link } from 'react-router';
import type { Route } from '../../routes/+types/catalog.$slug';
import { CatalogListing } from './CatalogListing';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { canonicalSearch } from './catalog-filters';
import { breadcrumbJsonLd } from '../../lib/json-ld';
import { seoMeta } from '../../lib/seo';
import { useShellData } from '../../lib/shell-data';
import { GUEST_PAGE } from '../../lib/guest-page';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { category, listing } = loaderData;
  const page = listing.state.page;
  const trail = [
    { name: 'Каталог', path: '/catalog' },
    ...category.ancestors.map((c) => ({ name: c.title, path: `/catalog/${c.slug}` })),
    { name: category.title, path: `/catalog/${category.slug}` },
  ];
  return [
    ...seoMeta(
      {
        title: `${category.seoTitle || category.title}${page > 1 ? `, страница ${page}` : ''}`,
        description:
          category.seoDescription ||
          category.description ||
          `${category.title}: каталог товаров для лэшмейкеров.`,
        path: `/catalog/${category.slug}${canonicalSearch(listing.state)}`,
        image: category.image?.url,
      },
      matches,
    ),
    breadcrumbJsonLd(trail, matches),
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, listing } = loaderData;
  const { categories } = useShellData();
  // A subcategory shows its siblings, so the visitor moves between them in one tap.
  const parentNode = category.parent ? categories.find((c) => c.id === category.parent!.id) : undefined;
  const chips = category.children.length ? category.children : (parentNode?.children ?? []);
  return (
    <div className="catalog-page">
      <Breadcrumbs
        items={[
          { label: 'Каталог', to: '/catalog' },
          ...category.ancestors.map((c) => ({ label: c.title, to: `/catalog/${c.slug}` })),
          { label: category.title },
        ]}
      />
      <header className="catalog-page__head">
        <h1 className="catalog-page__title">{category.title}</h1>
      </header>
      {chips.length > 0 && (
        <nav
          aria-label={category.children.length ? 'Подкатегории' : `Другие разделы: ${category.parent?.title}`}
        >
          <ul className="subcategories">
            {category.parent && !category.children.length && (
              <li>
                <Link to={`/catalog/${category.parent.slug}`} className="subcategory-chip">
                  Все: {category.parent.title}
                </Link>
              </li>
            )}
            {chips.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/catalog/${c.slug}`}
                  className="subcategory-chip"
                  aria-current={c.slug === category.slug ? 'page' : undefined}
                >
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <CatalogListing listing={listing} />
      {category.description && listing.state.page === 1 && (
        <p className="catalog-page__lead catalog-page__section">{category.description}</p>
      )}
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
