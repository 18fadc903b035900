import type { Route } from '../../routes/+types/catalog';
import { CatalogListing } from './CatalogListing';
import { CategoryTiles } from './CategoryTiles';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { canonicalSearch } from './catalog-filters';
import { breadcrumbJsonLd } from '../../lib/json-ld';
import { seoMeta } from '../../lib/seo';
import { useShellData } from '../../lib/shell-data';
import { GUEST_PAGE } from '../../lib/guest-page';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.listing.state.page ?? 1;
  return [
    ...seoMeta(
      {
        title:
          page > 1
            ? `Каталог, страница ${page}`
            : 'Каталог материалов для наращивания и ламинирования ресниц',
        description:
          'Ресницы всех изгибов, толщин и длин, клей, препараты, составы для ламинирования, пинцеты и аксессуары для лэшмейкеров.',
        path: `/catalog${loaderData ? canonicalSearch(loaderData.listing.state) : ''}`,
      },
      matches,
    ),
    breadcrumbJsonLd([{ name: 'Каталог', path: '/catalog' }], matches),
  ];
};

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { categories } = useShellData();
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Каталог' }]} />
      <header className="catalog-page__head">
        <h1 className="catalog-page__title">Каталог</h1>
      </header>
      {categories.length > 0 && <CategoryTiles categories={categories} priority />}
      <section className="catalog-page__section" aria-labelledby="catalog-all-title">
        <h2 id="catalog-all-title" className="section__title catalog-page__subtitle">
          Все товары
        </h2>
        <CatalogListing listing={loaderData.listing} firstOnScreen={false} />
      </section>
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
