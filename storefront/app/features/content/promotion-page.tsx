import { Link } from 'react-router';
import type { Route } from '../../routes/+types/promotions.$name';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { PROMOTION_IMAGE_HEIGHT, PROMOTION_IMAGE_WIDTH, promotionDates } from './PromotionCard';
import { RichText } from './RichText';
import { Picture } from '../../ui/Picture';
import { ProductCard } from '../catalog';
import { contentMeta } from './content-meta';
import { GUEST_PAGE } from '../../lib/guest-page';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { promotion } = loaderData;
  const path = `/promotions/${promotion.slug}`;
  return contentMeta(
    {
      ...promotion,
      text: promotion.announce ?? promotion.content,
      image: promotion.imageUrl,
    },
    path,
    [
      { name: 'Акции', path: '/promotions' },
      { name: promotion.title, path },
    ],
    matches,
  );
};

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { promotion } = loaderData;
  const dates = promotionDates(promotion.startsAt, promotion.endsAt);
  return (
    <div className="promotion">
      <Breadcrumbs items={[{ label: 'Акции', to: '/promotions' }, { label: promotion.title }]} />
      <div className="promotion__head">
        <div className="promotion__text">
          <h1 className="content-page__title promotion__title">{promotion.title}</h1>
          {dates && <p className="promotion__dates">{promotion.finished ? `Проходила ${dates}` : dates}</p>}
          {promotion.finished && (
            <p className="notice promotion__finished" role="status">
              Акция завершена. Посмотрите <Link to="/promotions">действующие акции</Link>.
            </p>
          )}
          <RichText html={promotion.content} />
        </div>
        {promotion.imageUrl && (
          <Picture
            className="promotion__image"
            src={promotion.imageUrl}
            alt=""
            width={PROMOTION_IMAGE_WIDTH}
            height={PROMOTION_IMAGE_HEIGHT}
            sizes="(min-width: 1432px) 664px, (min-width: 1024px) 46vw, calc(100vw - 32px)"
            maxDisplayWidth={1000}
            priority
          />
        )}
      </div>
      {promotion.products.length > 0 && (
        <section className="section" aria-labelledby="promotion-products">
          <div className="section__head">
            <h2 id="promotion-products" className="section__title">
              Товары акции
            </h2>
          </div>
          <ul className="product-grid">
            {promotion.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
