// Beside a line of «Новый заказ» (and of the order screen's «Добавить товар»): the product and price of the
// typed article, found a moment after typing stops. The storefront's search finds the products having the
// article (articles are in its index), the admin API gives their offers; the order's prices are still the
// server's, for that customer.
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider, type DataProvider } from 'react-admin';
import { adminApiClient } from '../../../authProvider';
import { formatRubles } from '../../../fields/money';
import { offerOf, type FoundOffer, type ProductRecord } from './place-order';

const DEBOUNCE_MS = 400;

async function findOffer(dataProvider: DataProvider, article: string): Promise<FoundOffer | null> {
  const found = await adminApiClient.catalog.searchProducts({ search: article, perPage: 5 });
  for (const product of found.data) {
    const { data } = await dataProvider.getOne<ProductRecord>('products', { id: product.id });
    const offer = offerOf(data, article);
    if (offer) return offer;
  }
  return null;
}

export type OfferLookup =
  { state: 'idle' } | { state: 'loading' } | { state: 'found'; offer: FoundOffer } | { state: 'missing' };

/** The offer of a typed article, looked up a moment after typing stops. */
export function useOfferLookup(article: string | null | undefined): OfferLookup {
  const dataProvider = useDataProvider();
  const wanted = (article ?? '').trim();
  const [lookup, setLookup] = useState<OfferLookup>({ state: 'idle' });

  useEffect(() => {
    if (!wanted) {
      setLookup({ state: 'idle' });
      return;
    }
    let live = true;
    setLookup({ state: 'loading' });
    const timer = setTimeout(() => {
      findOffer(dataProvider, wanted).then(
        (offer) => live && setLookup(offer ? { state: 'found', offer } : { state: 'missing' }),
        // The lookup is a help only: without it the server still names an unknown article.
        () => live && setLookup({ state: 'idle' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dataProvider, wanted]);
  return lookup;
}

/** What a lookup found, beside the article: the product, its price and stock, or that there is none. */
export function OfferLookupHint({ lookup }: { lookup: OfferLookup }) {
  const sx = { minWidth: 200, flex: '1 1 240px', alignSelf: 'center', py: 1 };
  if (lookup.state === 'found') {
    const { offer } = lookup;
    return (
      <Typography variant="body2" sx={sx} data-testid="offer-hint">
        {offer.title}
        <br />
        <Typography component="span" variant="body2" color="text.secondary">
          {formatRubles(offer.price)} · {offer.stock > 0 ? `в наличии ${offer.stock} шт.` : 'нет в наличии'}
        </Typography>
      </Typography>
    );
  }
  if (lookup.state === 'missing')
    return (
      <Typography variant="body2" color="warning.main" sx={sx} data-testid="offer-hint">
        Среди товаров в продаже такого артикула нет
      </Typography>
    );
  if (lookup.state === 'loading')
    return (
      <Typography variant="body2" color="text.secondary" sx={sx}>
        Ищем товар…
      </Typography>
    );
  return <Typography component="span" sx={sx} />;
}

export function OfferHint({ article }: { article: string | null | undefined }) {
  return <OfferLookupHint lookup={useOfferLookup(article)} />;
}
