import type { ProfileProduct } from '@shop/schemas';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from '../../routes/+types/profile.products';
import { ProfilePage } from './ProfilePage';
import { accountMeta } from './account';
import { MY_PRODUCTS_PATH, quantityField } from './my-products';
import { formatAttributes, productPath } from '../cart';
import { formatDate, formatMoney } from '../../lib/format';
import { Picture } from '../../ui/Picture';
import { Pagination } from '../../ui/Pagination';
import './my-products.css';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta('Мои товары', MY_PRODUCTS_PATH, matches);

const available = (p: ProfileProduct) => p.onSale && p.stock > 0;

/** What the variant is now: its price, or why it cannot be bought. */
function nowText(p: ProfileProduct): string {
  if (p.productId === null) return 'Больше не продаётся';
  if (!p.onSale) return 'Сейчас не продаётся';
  if (p.stock <= 0) return 'Нет в наличии';
  return `Сейчас ${formatMoney(p.price ?? 0)}`;
}

function Row({ product: p }: { product: ProfileProduct }) {
  const variant = formatAttributes(p.attributes);
  const id = `my-product-${p.offerId}`;
  const canBuy = available(p);
  return (
    <li className={`my-product${canBuy ? '' : ' my-product--out'}`}>
      <input
        type="checkbox"
        name="offer"
        value={p.offerId}
        id={id}
        className="my-product__tick"
        disabled={!canBuy}
        aria-describedby={`${id}-now`}
      />
      <div className="my-product__image">
        {p.image ? (
          <Picture src={p.image} alt="" width={64} height={64} sizes="64px" />
        ) : (
          <span className="order-item__noimage" aria-hidden="true" />
        )}
      </div>
      <div className="my-product__body">
        <label htmlFor={id} className="my-product__title">
          {p.title}
          {variant && <span className="my-product__variant"> {variant}</span>}
        </label>
        <p className="my-product__meta">
          {formatDate(p.lastOrderedAt)}: {p.lastQuantity}&nbsp;шт. по {formatMoney(p.lastPrice)}
          {p.slug && (
            <>
              {' · '}
              <Link to={productPath(p.slug)}>страница товара</Link>
            </>
          )}
        </p>
        <p className={`my-product__now${canBuy ? '' : ' my-product__now--out'}`} id={`${id}-now`}>
          {nowText(p)}
        </p>
      </div>
      {canBuy && (
        <div className="my-product__quantity">
          <input type="hidden" name="available" value={p.offerId} />
          <label className="visually-hidden" htmlFor={`${id}-qty`}>
            Количество, шт.
          </label>
          <input
            id={`${id}-qty`}
            name={quantityField(p.offerId)}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.min(p.stock, 9999)}
            defaultValue={Math.min(p.lastQuantity, p.stock)}
            className="my-product__input"
          />
          <span aria-hidden="true">шт.</span>
        </div>
      )}
    </li>
  );
}

/** /profile/products: the variants of the customer's orders, ticked and put in the cart in one step. */
export default function MyProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { page, products } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const anyAvailable = products.data.some(available);
  return (
    <ProfilePage title="Мои товары">
      {products.data.length === 0 ? (
        <div className="profile-empty">
          <p className="profile-empty__text">
            Здесь появятся товары из ваших заказов — чтобы заказать их снова в одно касание
          </p>
          <Link to="/catalog" className="button button--primary">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <Form method="post" className="my-products">
          <p className="profile-page__lead">
            Всё, что вы заказывали, с ценой последней покупки. Отметьте нужное, поправьте количество — и в
            корзину.
          </p>
          {actionData?.message && (
            <p className="profile-form__failure" role="alert">
              {actionData.message}
            </p>
          )}
          <ul className="my-products__list">
            {products.data.map((p) => (
              <Row key={p.offerId} product={p} />
            ))}
          </ul>
          {anyAvailable && (
            <div className="my-products__actions">
              <button
                type="submit"
                name="intent"
                value="chosen"
                className="button button--primary"
                disabled={busy}
              >
                В корзину отмеченные
              </button>
              <button
                type="submit"
                name="intent"
                value="all"
                className="button button--quiet"
                disabled={busy}
              >
                Всё в корзину
              </button>
            </div>
          )}
          <Pagination
            page={page}
            total={products.meta.total}
            perPage={products.meta.perPage}
            path={MY_PRODUCTS_PATH}
            label="Страницы списка моих товаров"
          />
        </Form>
      )}
    </ProfilePage>
  );
}
