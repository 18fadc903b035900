import type { ProductPage, ProductPageOffer } from '@shop/schemas';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useFetcher } from 'react-router';
import { formatMoney } from '../../lib/format';
import { useHydrated } from '../../lib/hydrated';
import { Icon } from '../../ui/Icon';
import { useToast } from '../../ui/Toast';
import {
  CART_PATH,
  addedManyMessage,
  chosenText,
  lineAnalytics,
  quantityField,
  type CartActionResult,
} from '../cart';
import { cellName, checkGrid, lashGrid, type GridRow, type LashGrid } from './lash-grid';
import { pointsText, usePointsFor } from './points';
import './order-grid.css';

/**
 * «Заказ по длинам» (issue 31): the lash product's variants as a grid, rows by curl and thickness, columns by
 * length (on a phone each row is a list of its lengths), with the price and stock in every cell and a
 * quantity field where it is in stock. One «В корзину» adds every cell with pieces as its own cart line, in one
 * request (intent `add-many` of the cart's action, POST /api/cart/items/many): all of them or none. Quantities
 * that are not whole numbers, below zero or above the stock are said in Russian beside their cell, and
 * nothing is sent. Tab walks the fields row by row, Enter adds. Without JavaScript the same form posts to the
 * cart page. Nothing for a product that is not a lash kind in several lengths, or sold out altogether.
 */
export function OrderGrid({ product }: { product: ProductPage }) {
  const grid = useMemo(() => lashGrid(product.options, product.offers), [product]);
  if (!grid || !product.offers.some((o) => o.inStock)) return null;
  return <GridForm grid={grid} product={product} />;
}

function GridForm({ grid, product }: { grid: LashGrid; product: ProductPage }) {
  const id = useId();
  const fetcher = useFetcher<CartActionResult>();
  const toast = useToast();
  const hydrated = useHydrated();
  const pointsFor = usePointsFor();
  const [typed, setTyped] = useState<Record<number, string>>({});
  /** Set by «В корзину» with something wrong: from then on the problems follow the typing. */
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; offerId: number | null } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const section = useRef<HTMLElement>(null);
  useGridInView(section);
  const check = checkGrid(grid, typed);
  const offers = new Map(product.offers.map((o) => [o.id, o]));
  const pieces = check.lines.reduce((sum, l) => sum + l.quantity, 0);
  const total = check.lines.reduce((sum, l) => sum + l.quantity * offers.get(l.offerId)!.salePrice, 0);
  const points = pointsFor(total);
  const problems = tried ? check.problems : new Map<number | null, string>();
  if (refusal) problems.set(refusal.offerId, refusal.message);

  const seen = useRef<CartActionResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || seen.current === result || fetcher.state !== 'idle') return;
    seen.current = result;
    if (!result.ok) {
      setRefusal({ message: result.message ?? 'Не удалось добавить в корзину', offerId: result.offerId });
      return;
    }
    toast.show(addedManyMessage(product.title, result.variants ?? 0, result.quantity ?? 0), {
      kind: 'success',
      duration: 5000,
      link: { label: 'Перейти в корзину', to: CART_PATH },
    });
    const added = result.cart?.items ?? [];
    // Metrika's data layer, a line each, after the answer (as AddToCartForm does).
    void import('../../lib/analytics').then(({ trackAdd }) => {
      for (const line of added)
        if (line.productId === product.id && typed[line.offerId])
          trackAdd(lineAnalytics(line, Number(typed[line.offerId])));
    });
    setTyped({});
    setTried(false);
  }, [fetcher.data, fetcher.state, toast, product, typed]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setRefusal(null);
    if (!check.problems.size) return;
    // Nothing is sent while a quantity is wrong: the first such field takes the focus, the page says why.
    event.preventDefault();
    setTried(true);
    const first = [...check.problems.keys()].find((k) => k !== null);
    form.current?.querySelector<HTMLInputElement>(`[name="${quantityField(first ?? 0)}"]`)?.focus();
  };
  const change = (offerId: number, value: string) => {
    setTyped((t) => ({ ...t, [offerId]: value }));
    setRefusal(null);
  };

  return (
    <section
      ref={section}
      className="order-grid"
      aria-labelledby={`${id}-title`}
      data-hydrated={hydrated || undefined}
    >
      <h2 className="order-grid__title" id={`${id}-title`}>
        Заказ по длинам
      </h2>
      <p className="order-grid__lead">
        Укажите, сколько нужно каждой длины: всё ляжет в корзину одним нажатием, каждая длина — отдельной
        строкой.
      </p>
      <fetcher.Form method="post" action={CART_PATH} ref={form} onSubmit={submit} noValidate>
        <input type="hidden" name="intent" value="add-many" />
        <input type="hidden" name="title" value={product.title} />
        <div className="order-grid__table" style={{ ['--lengths' as string]: grid.lengths.length }}>
          <div className="order-grid__head" aria-hidden="true">
            <span />
            {grid.lengths.map((l) => (
              <span key={l.code}>{l.title}</span>
            ))}
          </div>
          {grid.rows.map((row) => (
            <Row
              key={row.key}
              grid={grid}
              row={row}
              id={`${id}-${row.key}`}
              typed={typed}
              problems={problems}
              onChange={change}
            />
          ))}
        </div>
        <div className="order-grid__footer">
          <p className="order-grid__sum" aria-live="polite">
            <span>{chosenText(check.lines.length, pieces)}</span>
            {total > 0 && <strong>{formatMoney(total)}</strong>}
            {points > 0 && <span className="order-grid__points">Вернётся баллами: {pointsText(points)}</span>}
          </p>
          {problems.size > 0 && (
            <ul className="order-grid__problems" role="alert">
              {[...problems.values()].map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
            <Icon name="cart" size={20} />В корзину
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/**
 * While the grid is on the screen the page's root says so (`data-order-grid`): a phone then shows the grid's
 * own sum and «В корзину» at the bottom instead of the chosen variant's bar (order-grid.css), so that the
 * button under the thumb is the grid's.
 */
function useGridInView(section: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = section.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) root.dataset.orderGrid = '';
      else delete root.dataset.orderGrid;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      delete root.dataset.orderGrid;
    };
  }, [section]);
}

function Row({
  grid,
  row,
  id,
  typed,
  problems,
  onChange,
}: {
  grid: LashGrid;
  row: GridRow;
  id: string;
  typed: Readonly<Record<number, string>>;
  problems: ReadonlyMap<number | null, string>;
  onChange: (offerId: number, value: string) => void;
}) {
  return (
    <div className="order-grid__row" role="group" aria-labelledby={`${id}-label`}>
      <p className="order-grid__label" id={`${id}-label`}>
        {row.label || 'Длина'}
      </p>
      {row.cells.map((offer, column) => (
        <Cell
          key={grid.lengths[column]!.code}
          offer={offer}
          length={grid.lengths[column]!.title}
          name={cellName(grid, row, column)}
          id={`${id}-${column}`}
          value={offer ? (typed[offer.id] ?? '') : ''}
          problem={offer ? problems.get(offer.id) : undefined}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

function Cell({
  offer,
  length,
  name,
  id,
  value,
  problem,
  onChange,
}: {
  offer: ProductPageOffer | null;
  length: string;
  name: string;
  id: string;
  value: string;
  problem: string | undefined;
  onChange: (offerId: number, value: string) => void;
}) {
  if (!offer)
    return (
      <div className="order-grid__cell order-grid__cell--missing">
        <span className="order-grid__length">{length}</span>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">: такого варианта нет</span>
      </div>
    );
  if (!offer.inStock)
    return (
      <div className="order-grid__cell order-grid__cell--soldout">
        <span className="order-grid__length">{length}</span>
        <span className="order-grid__price">{formatMoney(offer.salePrice)}</span>
        <span className="order-grid__stock">нет в наличии</span>
      </div>
    );
  return (
    <div className={`order-grid__cell${problem ? ' order-grid__cell--wrong' : ''}`}>
      <label className="order-grid__what" htmlFor={id}>
        <span className="order-grid__length">{length}</span>
        <span className="order-grid__price">{formatMoney(offer.salePrice)}</span>
        <span className="order-grid__stock">{offer.stock} шт.</span>
      </label>
      <input
        id={id}
        className="order-grid__qty"
        name={quantityField(offer.id)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        maxLength={5}
        value={value}
        aria-label={`${name}: количество, в наличии ${offer.stock} шт., ${formatMoney(offer.salePrice)}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(offer.id, event.target.value)}
      />
      {problem && (
        <span className="visually-hidden" id={`${id}-problem`}>
          {problem}
        </span>
      )}
    </div>
  );
}
