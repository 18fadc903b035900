import { Link } from 'react-router';
import type { Route } from '../../routes/+types/home';
import { CategoryTiles } from '../catalog';
import { Icon, type IconName } from '../../ui/Icon';
import { BannerSlider } from './BannerSlider';
import { ProductSection } from '../catalog';
import { RepresentBlock } from '../feedback';
import { SHOP_NAME } from '../../lib/brand';
import './home.css';
import { GUEST_PAGE } from '../../lib/guest-page';
const DESCRIPTION =
  'Интернет-магазин ресниц для наращивания и материалов для ламинирования: ресницы всех изгибов и толщин, ' +
  'клей, ремуверы, составы и инструменты для лэшмейкеров и салонов.';

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = `${SHOP_NAME} — интернет-магазин ресниц для наращивания и ламинирования`;
  return [
    { title },
    { name: 'description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: DESCRIPTION },
    ...(loaderData
      ? [
          { property: 'og:url', content: loaderData.canonical },
          { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
        ]
      : []),
  ];
};

/** What a lash maker weighs before a first order, each leading to the page that says more. */
const PROMISES: { icon: IconName; title: string; text: string; to: string }[] = [
  {
    icon: 'truck',
    title: 'Доставка по России',
    text: 'СДЭК, Почта России, курьер по Москве',
    to: '/payment-and-delivery/two_page',
  },
  {
    icon: 'star',
    title: 'Бонусы с заказов',
    text: 'Оплачивайте ими часть следующих покупок',
    to: '/loyalty',
  },
  { icon: 'user', title: 'Условия для мастеров', text: 'Цены для студий и салонов', to: '/loyalty' },
  {
    icon: 'card',
    title: 'Картой или по счёту',
    text: 'Онлайн, при получении, для юрлиц',
    to: '/payment-and-delivery/one_page',
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, newProducts, hits, banners } = loaderData;
  return (
    <div className="container home">
      <BannerSlider banners={banners} />
      <section className="home-intro" aria-labelledby="home-title">
        <h1 id="home-title" className="home-intro__title">
          Материалы для наращивания и ламинирования ресниц
        </h1>
        <p className="home-intro__text">
          Ресницы, клей, ремуверы и составы для ламинирования: всё для работы мастера в одном месте.
        </p>
        <Link to="/catalog" className="button button--primary home-intro__action">
          Перейти в каталог
        </Link>
        <ul className="home-promises" aria-label="Почему у нас">
          {PROMISES.map((promise) => (
            <li key={promise.title}>
              <Link to={promise.to} className="home-promise">
                <span className="home-promise__icon">
                  <Icon name={promise.icon} />
                </span>
                <span className="home-promise__title">{promise.title}</span>
                <span className="home-promise__text">{promise.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="categories-title">
        <div className="section__head">
          <h2 id="categories-title" className="section__title">
            Каталог
          </h2>
          <Link to="/catalog" className="section__more">
            Все товары
          </Link>
        </div>
        {categories === null ? (
          <div className="notice" role="status">
            <p>Не удалось загрузить каталог. Проверьте подключение и обновите страницу.</p>
            {/* A full reload re-runs the server loader. */}
            <a href="/" className="button button--quiet home__retry">
              Обновить
            </a>
          </div>
        ) : (
          <CategoryTiles categories={categories} />
        )}
      </section>

      <ProductSection
        id="new"
        title="Новинки"
        products={newProducts}
        moreHref="/catalog-new"
        moreLabel="Все новинки"
      />
      <ProductSection
        id="hits"
        title="Хиты продаж"
        products={hits}
        moreHref="/catalog?sort=popular"
        moreLabel="Все хиты"
      />

      <RepresentBlock />
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
