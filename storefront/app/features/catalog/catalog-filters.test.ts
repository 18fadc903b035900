import { describe, expect, it } from 'vitest';
import {
  catalogSearch,
  hasFilters,
  keepKnownValues,
  pageList,
  parseCatalogState,
  stateFromForm,
  toListParams,
  withPage,
  withoutFilters,
  withoutPrice,
  withoutValue,
} from './catalog-filters';

const parse = (query: string) => parseCatalogState(new URLSearchParams(query));

describe('catalogue filters in the address', () => {
  it('reads characteristics (repeated or comma-separated), prices, flags, sort and page', () => {
    expect(
      parse(
        'curl=D&curl=CC&thickness=0.07,0.10&brand=miralash&priceMin=500&priceMax=1500&inStock=1&new=1&sort=price&page=3',
      ),
    ).toEqual({
      values: { curl: ['D', 'CC'], thickness: ['0.07', '0.10'], brand: ['miralash'] },
      priceMin: 500,
      priceMax: 1500,
      inStock: true,
      isNew: true,
      sort: 'price',
      page: 3,
    });
  });

  it('falls back to the defaults and drops what is malformed instead of failing', () => {
    expect(parse('')).toEqual({
      values: {},
      priceMin: null,
      priceMax: null,
      inStock: false,
      isNew: false,
      sort: 'popular',
      page: 1,
    });
    const odd = parse(
      'sort=cheapest&page=-2&priceMin=abc&priceMax=&curl=%3Cb%3E&Bad-Key=x&curl=D&curl=D&qwery=клей',
    );
    expect(odd).toMatchObject({
      sort: 'popular',
      page: 1,
      priceMin: null,
      priceMax: null,
      values: { curl: ['D'] },
    });
    // A reversed range is read the way it was meant; "1 500,5" is a price too.
    expect(parse('priceMin=2000&priceMax=1%20500,5')).toMatchObject({ priceMin: 1501, priceMax: 2000 });
  });

  it('writes a state back to the same address, in a stable order, without defaults', () => {
    const query = 'brand=miralash&curl=D&curl=CC&priceMin=500&inStock=1&sort=-price&page=2';
    expect(catalogSearch(parse(query))).toBe(`?${query}`);
    expect(catalogSearch(parse('curl=CC&brand=miralash&curl=D'))).toBe('?brand=miralash&curl=CC&curl=D');
    expect(catalogSearch(parse('sort=popular&page=1'))).toBe('');
    // The search text stays first.
    expect(catalogSearch(parse('curl=D'), { qwery: 'клей' })).toBe('?qwery=%D0%BA%D0%BB%D0%B5%D0%B9&curl=D');
  });

  it('round-trips: parse(write(state)) is the state', () => {
    const state = parse('colour=black&length=11&length=12&priceMax=990&new=1&sort=new&page=4');
    expect(parse(catalogSearch(state).slice(1))).toEqual(state);
  });

  it('turns the state into API parameters, prices in kopecks, the page scope first', () => {
    expect(
      toListParams(parse('curl=D&priceMin=500&priceMax=1500&inStock=1&page=2'), { categorySlug: 'resnitsy' }),
    ).toEqual({
      categorySlug: 'resnitsy',
      inStock: true,
      priceMin: 50_000,
      priceMax: 150_000,
      values: { curl: ['D'] },
      sort: 'popular',
      page: 2,
      perPage: 24,
    });
    expect(toListParams(parse(''), { search: 'клей', isNew: true })).toMatchObject({
      search: 'клей',
      isNew: true,
    });
  });

  it('removes one chip, the price, or everything, and goes back to the first page', () => {
    const state = parse('curl=D&curl=CC&brand=miralash&priceMin=500&inStock=1&sort=price&page=3');
    expect(catalogSearch(withoutValue(state, 'curl', 'D'))).toBe(
      '?brand=miralash&curl=CC&priceMin=500&inStock=1&sort=price',
    );
    expect(withoutValue(withoutValue(state, 'curl', 'D'), 'curl', 'CC').values).toEqual({
      brand: ['miralash'],
    });
    expect(catalogSearch(withoutPrice(state))).toBe('?brand=miralash&curl=D&curl=CC&inStock=1&sort=price');
    // Sort is a choice, not a filter: it stays.
    expect(catalogSearch(withoutFilters(state))).toBe('?sort=price');
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters(withoutFilters(state))).toBe(false);
    expect(catalogSearch(withPage(state, 4))).toContain('page=4');
  });

  it('keeps only the characteristics the listing knows', () => {
    const state = parse('curl=D&utm_source=promo&fbclid=abc');
    expect(keepKnownValues(state, new Set(['curl', 'brand'])).values).toEqual({ curl: ['D'] });
  });

  it('reads the filter form, empty fields and the page left out', () => {
    const form = new FormData();
    form.append('curl', 'D');
    form.append('curl', 'C');
    form.append('priceMin', '');
    form.append('priceMax', '1200');
    form.append('sort', 'price');
    form.append('page', '5');
    expect(catalogSearch(stateFromForm(form))).toBe('?curl=D&curl=C&priceMax=1200&sort=price');
  });

  it('numbers the pages around the current one', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageList(1, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pageList(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageList(20, 20)).toEqual([1, null, 17, 18, 19, 20]);
  });
});

describe('search results order', () => {
  it('defaults to relevance, which is never sent to the API and stays out of the address', () => {
    const state = parseCatalogState(new URLSearchParams('qwery=клей'), 'relevance');
    expect(state.sort).toBe('relevance');
    expect(toListParams(state, { search: 'клей' })).not.toHaveProperty('sort');
    expect(catalogSearch(state, { qwery: 'клей' }, 'relevance')).toBe('?qwery=%D0%BA%D0%BB%D0%B5%D0%B9');
    const byPrice = parseCatalogState(new URLSearchParams('sort=price'), 'relevance');
    expect(catalogSearch(byPrice, {}, 'relevance')).toBe('?sort=price');
    // On the catalogue, popularity is the default and is sent.
    expect(toListParams(parseCatalogState(new URLSearchParams('')))).toMatchObject({ sort: 'popular' });
  });
});
