import { Link } from 'react-router';
import type { Route } from '../../routes/+types/search';
import { CatalogListing } from '../catalog';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { seoMeta } from '../../lib/seo';
import { GUEST_PAGE } from '../../lib/guest-page';
import './search.css';
import { quoted } from '../../lib/format';

export const MAX_QUERY = 200;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    {
      title: loaderData?.query ? `Поиск: ${loaderData.query}` : 'Поиск по каталогу',
      description: 'Поиск ресниц, клея, препаратов и инструментов в каталоге.',
      path: '/search',
      // Result pages of arbitrary queries stay out of search engines.
      noindex: true,
    },
    matches,
  );

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, listing } = loaderData;
  // The engine read the query otherwise (another layout, a typo): the page says what it searched for.
  const searchedFor = listing?.searchedFor ?? null;
  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Поиск' }]} />
      <header className="catalog-page__head">
        <h1 className="catalog-page__title">
          {query ? `Результаты поиска ${quoted(searchedFor ?? query)}` : 'Поиск по каталогу'}
        </h1>
        {searchedFor && <SearchedFor query={query} searchedFor={searchedFor} />}
      </header>
      {!listing ? (
        <form method="get" action="/search" className="search-page__form" role="search">
          <label htmlFor="search-page-input">Что вы ищете?</label>
          <div className="search-page__row">
            <input
              id="search-page-input"
              name="qwery"
              type="search"
              className="filters__price-input search-page__input"
              placeholder="Например, ресницы D 0,07"
              enterKeyHint="search"
              required
            />
            <button type="submit" className="button button--primary">
              Найти
            </button>
          </div>
        </form>
      ) : (
        <CatalogListing
          listing={listing}
          keep={{ qwery: query }}
          empty={
            <>
              <p className="catalog__empty-title">Сожалеем, но ничего не найдено</p>
              <p>Проверьте написание или поищите в каталоге по разделам.</p>
              <Link to="/catalog" className="button button--primary">
                Перейти в каталог
              </Link>
            </>
          }
        />
      )}
    </div>
  );
}

/**
 * «Показаны результаты по запросу «ресницы»», and the visitor's own words in the field under it, to
 * correct them and search again.
 */
function SearchedFor({ query, searchedFor }: { query: string; searchedFor: string }) {
  return (
    <div className="search-read">
      <p className="search-read__used">
        Показаны результаты по запросу <strong>«{searchedFor}»</strong>
      </p>
      <form method="get" action="/search" className="search-read__form" role="search">
        <label htmlFor="search-read-input" className="search-read__label">
          Вы искали «{query}». Изменить запрос:
        </label>
        <div className="search-page__row">
          <input
            id="search-read-input"
            name="qwery"
            type="search"
            className="filters__price-input search-page__input"
            defaultValue={query}
            enterKeyHint="search"
            maxLength={MAX_QUERY}
            required
          />
          <button type="submit" className="button button--quiet">
            Найти
          </button>
        </div>
      </form>
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
