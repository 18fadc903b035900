import type { FacetGroup, ProductFacets } from '@shop/schemas';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import {
  RELEVANCE_OPTION,
  SORT_OPTIONS,
  catalogSearch,
  hasFilters,
  pageList,
  parseCatalogState,
  stateFromForm,
  withPage,
  withoutFilters,
  withoutPrice,
  withoutValue,
  type CatalogSort,
  type CatalogState,
} from './catalog-filters';
import { formatMoney, GOODS, plural } from '../../lib/format';
import { useHydrated } from '../../lib/hydrated';
import type { ListingData } from './listing.server';
import { Icon } from '../../ui/Icon';
import { ProductCard } from './ProductCard';
import '../content/content.css';
import './catalog.css';

// The cards of a phone's first screen: their images are the page's largest paint, so they load first.
const FIRST_ROW_ON_PHONES = 2;
export const productCount = (n: number) => `${n} ${plural(n, GOODS)}`;

interface CatalogListingProps {
  listing: ListingData;
  /** Query keys the page keeps in every link and in the form (the search text `qwery`). */
  keep?: Record<string, string>;
  /** The page lists only novelties already: no "Новинки" filter. */
  fixedNew?: boolean;
  /** What to say when the page's scope has no products at all (no filters chosen). */
  empty?: ReactNode;
  /** The listing opens the page (default): its first cards' images load first. */
  firstOnScreen?: boolean;
}

/**
 * A catalogue listing (DESIGN.md "Catalogue"): filters with counts (a side column on desktop, a drawer on
 * phones), chosen filters as removable chips, sort, the count in Russian plural, product cards and pages.
 * Everything is in the address: a plain GET form and links without JavaScript, instant updates with it.
 */
export function CatalogListing({
  listing,
  keep = {},
  fixedNew = false,
  empty,
  firstOnScreen = true,
}: CatalogListingProps) {
  const { state, facets, products, total, totalCapped, pageCount, defaultSort } = listing;
  const sortOptions = defaultSort === 'relevance' ? [RELEVANCE_OPTION, ...SORT_OPTIONS] : SORT_OPTIONS;
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const id = useId();
  const panelId = `${id}-filters`;
  const formId = `${id}-form`;
  const hydrated = useHydrated();

  // While the next listing loads, the controls already show what was chosen.
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname
      ? parseCatalogState(new URLSearchParams(navigation.location.search), defaultSort)
      : null;
  const shown = pending ?? state;
  const href = (next: CatalogState) => ({
    pathname: location.pathname,
    search: catalogSearch(next, keep, defaultSort),
  });
  const apply = (next: CatalogState) => {
    void navigate(href({ ...next, page: 1 }), { preventScrollReset: true });
  };
  const chosenCount =
    Object.values(state.values).reduce((n, v) => n + v.length, 0) +
    (state.priceMin !== null || state.priceMax !== null ? 1 : 0) +
    (state.inStock ? 1 : 0) +
    (state.isNew && !fixedNew ? 1 : 0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(stateFromForm(new FormData(event.currentTarget), defaultSort));
    document.getElementById(panelId)?.hidePopover?.();
  };
  const onPriceBlur = (event: FormEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!form) return;
    const next = stateFromForm(new FormData(form), defaultSort);
    if (next.priceMin !== shown.priceMin || next.priceMax !== shown.priceMax) apply(next);
  };
  const toggle = (code: string, value: string) => {
    const list = shown.values[code] ?? [];
    apply({
      ...shown,
      values: {
        ...shown.values,
        [code]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value],
      },
    });
  };

  return (
    <div className="catalog" data-hydrated={hydrated || undefined}>
      <div className="catalog__toolbar">
        <p className="catalog__count" role="status">
          {totalCapped ? `более ${productCount(total)}` : productCount(total)}
        </p>
        <button
          type="button"
          className="button button--quiet catalog__filters-toggle"
          popoverTarget={panelId}
          aria-controls={panelId}
        >
          <FiltersIcon />
          Фильтры
          {chosenCount > 0 && <span className="catalog__filters-count">{chosenCount}</span>}
        </button>
        <div className="catalog__sort">
          <label htmlFor={`${id}-sort`}>Сортировка</label>
          <select
            id={`${id}-sort`}
            name="sort"
            form={formId}
            value={shown.sort}
            onChange={(e) => apply({ ...shown, sort: e.currentTarget.value as CatalogSort })}
          >
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" form={formId} className="button button--quiet">
              Применить
            </button>
          </noscript>
        </div>
      </div>

      <AppliedFilters state={state} facets={facets} fixedNew={fixedNew} href={href} />

      <div className="catalog__body">
        <aside id={panelId} className="filters" popover="auto" aria-label="Фильтры">
          <div className="filters__head">
            <h2 className="filters__title">Фильтры</h2>
            <button
              type="button"
              className="filters__close"
              popoverTarget={panelId}
              popoverTargetAction="hide"
              aria-label="Закрыть фильтры"
            >
              <Icon name="close" />
            </button>
          </div>
          <form
            id={formId}
            method="get"
            action={location.pathname}
            className="filters__form"
            onSubmit={onSubmit}
          >
            {Object.entries(keep).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <fieldset className="filters__group">
              <legend className="filters__legend">Наличие</legend>
              <FilterCheck
                name="inStock"
                value="1"
                label="В наличии"
                count={facets.inStock}
                checked={shown.inStock}
                onChange={() => apply({ ...shown, inStock: !shown.inStock })}
              />
              {!fixedNew && (
                <FilterCheck
                  name="new"
                  value="1"
                  label="Новинки"
                  count={facets.isNew}
                  checked={shown.isNew}
                  onChange={() => apply({ ...shown, isNew: !shown.isNew })}
                />
              )}
            </fieldset>
            <PriceFilter
              key={`${state.priceMin}-${state.priceMax}`}
              state={state}
              facets={facets}
              onBlur={onPriceBlur}
            />
            {facets.groups.map((group) => (
              <FacetFieldset
                key={group.code}
                group={group}
                chosen={shown.values[group.code] ?? []}
                onToggle={(value) => toggle(group.code, value)}
              />
            ))}
            <div className="filters__actions">
              <button type="submit" className="button button--primary filters__apply">
                Показать {productCount(facets.total)}
              </button>
              {hasFilters(state) && (
                <Link
                  to={href(withoutFilters(state))}
                  className="button button--quiet"
                  preventScrollReset
                  onClick={() => document.getElementById(panelId)?.hidePopover?.()}
                >
                  Сбросить
                </Link>
              )}
            </div>
          </form>
        </aside>

        <div className="catalog__results" aria-busy={navigation.state === 'loading' || undefined}>
          {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 where the filters are folded away. */}
          <h2 className="visually-hidden">Товары</h2>
          {products.length > 0 ? (
            <ul className="product-grid">
              {products.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} priority={firstOnScreen && i < FIRST_ROW_ON_PHONES} />
                </li>
              ))}
            </ul>
          ) : total > 0 ? (
            <div className="catalog__empty">
              <p>На этой странице товаров нет.</p>
              <Link to={href(withPage(state, 1))} className="button button--quiet">
                К первой странице
              </Link>
            </div>
          ) : hasFilters(state) ? (
            <div className="catalog__empty">
              <p className="catalog__empty-title">Ничего не нашлось</p>
              <p>Попробуйте убрать часть фильтров.</p>
              <Link to={href(withoutFilters(state))} className="button button--primary" preventScrollReset>
                Сбросить фильтры
              </Link>
            </div>
          ) : (
            <div className="catalog__empty">{empty ?? <p>В этом разделе пока нет товаров.</p>}</div>
          )}
          <CatalogPagination state={state} pageCount={pageCount} href={href} />
        </div>
      </div>
    </div>
  );
}

/** Three sliders: the filters' button. */
function FiltersIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  );
}

function FilterCheck({
  name,
  value,
  label,
  count,
  checked,
  onChange,
  swatch,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
  onChange: () => void;
  swatch?: string | null;
}) {
  const disabled = count === 0 && !checked;
  return (
    <label className={`filter-check${disabled ? ' filter-check--disabled' : ''}`}>
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
      />
      {swatch && <span className="filter-check__swatch" style={{ background: swatch }} aria-hidden="true" />}
      <span className="filter-check__label">{label}</span>
      <span className="filter-check__count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">, {productCount(count)}</span>
    </label>
  );
}

/** Values with short titles (curl, thickness, length) as a grid of chips; longer ones (brands) as a list. */
function FacetFieldset({
  group,
  chosen,
  onToggle,
}: {
  group: FacetGroup;
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  const compact = group.values.every((v) => v.title.length <= 14 && !v.hex);
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">{group.title}</legend>
      <div className={compact ? 'filters__chips' : 'filters__list'}>
        {group.values.map((v) =>
          compact ? (
            <label
              key={v.code}
              className={`filter-chip${v.count === 0 && !chosen.includes(v.code) ? ' filter-chip--disabled' : ''}`}
            >
              <input
                type="checkbox"
                name={group.code}
                value={v.code}
                checked={chosen.includes(v.code)}
                disabled={v.count === 0 && !chosen.includes(v.code)}
                onChange={() => onToggle(v.code)}
              />
              <span className="filter-chip__box">
                {v.title}
                <span className="filter-chip__count" aria-hidden="true">
                  {v.count}
                </span>
                <span className="visually-hidden">, {productCount(v.count)}</span>
              </span>
            </label>
          ) : (
            <FilterCheck
              key={v.code}
              name={group.code}
              value={v.code}
              label={v.title}
              count={v.count}
              checked={chosen.includes(v.code)}
              swatch={v.hex}
              onChange={() => onToggle(v.code)}
            />
          ),
        )}
      </div>
    </fieldset>
  );
}

function PriceFilter({
  state,
  facets,
  onBlur,
}: {
  state: CatalogState;
  facets: ProductFacets;
  onBlur: (event: FormEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  const min = facets.price.min === null ? undefined : Math.floor(facets.price.min / 100);
  const max = facets.price.max === null ? undefined : Math.ceil(facets.price.max / 100);
  return (
    <fieldset className="filters__group">
      <legend className="filters__legend">Цена, ₽</legend>
      <div className="filters__price">
        <label htmlFor={`${id}-min`} className="visually-hidden">
          Цена от, ₽
        </label>
        <input
          id={`${id}-min`}
          className="filters__price-input"
          name="priceMin"
          inputMode="numeric"
          pattern="[0-9 ]*"
          autoComplete="off"
          placeholder={min !== undefined ? `от ${min}` : 'от'}
          defaultValue={state.priceMin ?? ''}
          onBlur={onBlur}
        />
        <span aria-hidden="true">—</span>
        <label htmlFor={`${id}-max`} className="visually-hidden">
          Цена до, ₽
        </label>
        <input
          id={`${id}-max`}
          className="filters__price-input"
          name="priceMax"
          inputMode="numeric"
          pattern="[0-9 ]*"
          autoComplete="off"
          placeholder={max !== undefined ? `до ${max}` : 'до'}
          defaultValue={state.priceMax ?? ''}
          onBlur={onBlur}
        />
      </div>
    </fieldset>
  );
}

type Href = (state: CatalogState) => { pathname: string; search: string };

/** The chosen filters as chips; each one's cross removes it (a plain link). */
function AppliedFilters({
  state,
  facets,
  fixedNew,
  href,
}: {
  state: CatalogState;
  facets: ProductFacets;
  fixedNew: boolean;
  href: Href;
}) {
  const chips: { key: string; label: string; to: ReturnType<Href> }[] = [];
  if (state.inStock)
    chips.push({ key: 'inStock', label: 'В наличии', to: href({ ...state, inStock: false, page: 1 }) });
  if (state.isNew && !fixedNew)
    chips.push({ key: 'new', label: 'Новинки', to: href({ ...state, isNew: false, page: 1 }) });
  if (state.priceMin !== null || state.priceMax !== null) {
    const from = state.priceMin !== null ? `от ${formatMoney(state.priceMin * 100)}` : '';
    const to = state.priceMax !== null ? `до ${formatMoney(state.priceMax * 100)}` : '';
    chips.push({
      key: 'price',
      label: `Цена ${[from, to].filter(Boolean).join(' ')}`,
      to: href(withoutPrice(state)),
    });
  }
  for (const group of facets.groups) {
    for (const value of group.values.filter((v) => v.selected)) {
      chips.push({
        key: `${group.code}:${value.code}`,
        label: `${group.title}: ${value.title}`,
        to: href(withoutValue(state, group.code, value.code)),
      });
    }
  }
  if (!chips.length) return null;
  return (
    <div className="applied-filters">
      <ul className="applied-filters__list" aria-label="Выбранные фильтры">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.to}
              className="applied-filter"
              preventScrollReset
              aria-label={`Убрать фильтр «${chip.label}»`}
            >
              {chip.label}
              <Icon name="close" size={16} />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Link to={href(withoutFilters(state))} className="applied-filters__reset" preventScrollReset>
          Сбросить все
        </Link>
      )}
    </div>
  );
}

function CatalogPagination({
  state,
  pageCount,
  href,
}: {
  state: CatalogState;
  pageCount: number;
  href: Href;
}) {
  if (pageCount <= 1) return null;
  const page = Math.min(state.page, pageCount);
  return (
    <nav className="pagination catalog__pagination" aria-label="Страницы каталога">
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <Link
              className="pagination__link"
              to={href(withPage(state, page - 1))}
              rel="prev"
              aria-label="Предыдущая страница"
            >
              ←
            </Link>
          </li>
        )}
        {pageList(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className="pagination__link"
                to={href(withPage(state, n))}
                aria-current={n === state.page ? 'page' : undefined}
                aria-label={`Страница ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link
              className="pagination__link"
              to={href(withPage(state, page + 1))}
              rel="next"
              aria-label="Следующая страница"
            >
              →
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
