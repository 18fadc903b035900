import type { SearchProduct } from '@shop/schemas';
import { QueryClient, QueryClientContext, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useApi } from '../../lib/browser-api';
import { formatDiscount, formatMoney, GOODS, plural } from '../../lib/format';
import { Icon } from '../../ui/Icon';
import { LiveSearchSkeleton } from './LiveSearchSkeleton';
import { NOTHING_FOUND, SEARCH_PAGE_SIZE, searchPageUrl } from './live-search-rules';

// The live search's results (LiveSearch.tsx loads this module when the field is first used): the query with
// its cache, and what the panel shows. React Query (about 11 kB gzip) comes with it, so a page whose visitor
// never searches does not load it.

/** The results are kept a minute, per text and per viewer (their prices). One cache for the browser tab. */
let tabClient: QueryClient | null = null;
function useSearchClient(): QueryClient {
  // A client above (the tests give each render its own) is used as it is.
  const above = useContext(QueryClientContext);
  const [client] = useState(
    () =>
      above ??
      (tabClient ??= new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 } },
      })),
  );
  return client;
}

export interface LiveSearchResultsProps {
  /** The text as typed (trimmed), and the same once it has stayed unchanged for the debounce. */
  typed: string;
  settled: string;
  /** Called after the visitor picked a result or «Все результаты». */
  onPick: () => void;
  /** What a screen reader is told of the results (the live region stays in LiveSearch). */
  onStatus: (text: string) => void;
}

export default function LiveSearchResults(props: LiveSearchResultsProps) {
  const client = useSearchClient();
  return (
    <QueryClientProvider client={client}>
      <Results {...props} />
    </QueryClientProvider>
  );
}

function Results({ typed, settled, onPick, onStatus }: LiveSearchResultsProps) {
  const api = useApi();
  // The prices are the visitor's own (their type's discount): results kept from before a sign-in or a
  // sign-out are not shown to the new session.
  const { user, group } = useAuth();
  const viewer = user ? `${user.id}:${group ?? ''}` : null;
  const query = useQuery({
    queryKey: ['live-search', viewer, settled],
    queryFn: () => api.catalog.searchProducts({ search: settled, perPage: SEARCH_PAGE_SIZE, page: 1 }),
    // Spec §5: search runs only for non-empty text.
    enabled: settled.length > 0,
  });

  const waiting = typed !== settled || query.isPending;
  const results = typed === settled ? (query.data?.data.slice(0, SEARCH_PAGE_SIZE) ?? []) : [];
  const total = query.data?.meta.total ?? 0;
  // Above a thousand matches the API stops counting: "более 1000 товаров".
  const found = `${query.data?.meta.totalCapped ? 'более ' : ''}${total} ${plural(total, GOODS)}`;

  const status =
    waiting || query.isError
      ? ''
      : results.length
        ? `Найдено ${found}. Стрелка вниз — к результатам.`
        : NOTHING_FOUND;
  useEffect(() => onStatus(status), [status, onStatus]);

  if (waiting) return <LiveSearchSkeleton />;
  if (query.isError)
    return (
      <div className="live-search__message">
        <p>Не удалось выполнить поиск. Проверьте подключение к интернету.</p>
        <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
          Повторить
        </button>
      </div>
    );
  if (results.length === 0) return <p className="live-search__message">{NOTHING_FOUND}</p>;
  return (
    <>
      <ul className="live-search__list" aria-label="Найденные товары">
        {results.map((product) => (
          <li key={product.id}>
            <SearchResult product={product} onPick={onPick} />
          </li>
        ))}
      </ul>
      <Link to={searchPageUrl(typed)} className="live-search__all" onClick={onPick}>
        Все результаты: {found}
        <Icon name="chevronRight" size={18} />
      </Link>
    </>
  );
}

function SearchResult({ product, onPick }: { product: SearchProduct; onPick: () => void }) {
  const onSale = product.benefitPercent > 0 && product.basePrice > product.salePrice;
  const from = product.offersCount > 1 ? 'от ' : '';
  return (
    <Link to={product.url} className="live-search__item" onClick={onPick}>
      <span className="live-search__thumb">
        {product.announceImageUrl && (
          <img src={product.announceImageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
        )}
      </span>
      <span className="live-search__title">{product.title}</span>
      {!product.inStock && <span className="live-search__stock">Нет в наличии</span>}
      <span className="live-search__price">
        <span className={onSale ? 'live-search__sale' : undefined}>
          {from}
          {formatMoney(product.salePrice)}
        </span>
        {onSale && (
          <>
            <s className="live-search__old">
              <span className="visually-hidden">Старая цена </span>
              {formatMoney(product.basePrice)}
            </s>
            <span className="live-search__badge">{formatDiscount(product.benefitPercent)}</span>
          </>
        )}
      </span>
    </Link>
  );
}
