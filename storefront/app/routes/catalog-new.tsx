import { Link } from 'react-router';
import type { Route } from './+types/catalog-new';
import { CatalogListing } from '../components/catalog/CatalogListing';
import { Breadcrumbs } from '../components/content/Breadcrumbs';
import { serverApi } from '../lib/api.server';
import { canonicalSearch } from '../lib/catalog-filters';
import { loadListing } from '../lib/listing.server';
import { breadcrumbJsonLd, seoMeta } from '../lib/seo';
import { GUEST_PAGE } from '../lib/guest-page';

/** /catalog-new: the novelties, with the same filters as the catalogue. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { listing: await loadListing(serverApi(context), request, { isNew: true }) };
}

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
