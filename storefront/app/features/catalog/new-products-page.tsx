import { Link } from 'react-router';
import type { Route } from '../../routes/+types/catalog-new';
import { CatalogListing } from './CatalogListing';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { canonicalSearch } from './catalog-filters';
import { breadcrumbJsonLd } from '../../lib/json-ld';
import { seoMeta } from '../../lib/seo';
import { GUEST_PAGE } from '../../lib/guest-page';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seoMeta(
    {
      title: 'Новинки',
      description: 'Новые ресницы, клей, препараты и инструменты для наращивания и ламинирования ресниц.',
      path: `/catalog-new${loaderData ? canonicalSearch(loaderData.listing.state) : ''}`,
    },
    matches,
  ),
  breadcrumbJsonLd(
    [
      { name: 'Каталог', path: '/catalog' },
      { name: 'Новинки', path: '/catalog-new' },
    ],
    matches,
  ),
];

export default function CatalogNew({ loaderData }: Route.ComponentProps) {
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Каталог', to: '/catalog' }, { label: 'Новинки' }]} />
      <header className="catalog-page__head">
        <h1 className="catalog-page__title">Новинки</h1>
      </header>
      <CatalogListing
        listing={loaderData.listing}
        fixedNew
        empty={
          <>
            <p>Новинок пока нет — загляните чуть позже.</p>
            <Link to="/catalog" className="button button--primary">
              Перейти в каталог
            </Link>
          </>
        }
      />
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
