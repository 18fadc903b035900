import { phoneHref } from '../../lib/shell-data';
import './error-page.css';

/**
 * What visitors see while the shop is closed for maintenance (HTTP 503 with Retry-After, decided by the
 * root loader). No header or footer: their links would only lead back here.
 */
export function MaintenancePage({ shopName, supportPhone }: { shopName: string; supportPhone: string }) {
  return (
    <main id="content" className="site-main">
      <div className="container error-page">
        <p className="error-page__code">{shopName}</p>
        <h1 className="error-page__title">Ведутся технические работы</h1>
        <p className="error-page__text">
          Сайт временно недоступен: мы обновляем магазин. Пожалуйста, зайдите немного позже — все товары и
          ваша корзина никуда не денутся.
        </p>
        <p className="error-page__text">
          Нужна помощь с заказом прямо сейчас? Позвоните нам:{' '}
          <a href={phoneHref(supportPhone)}>{supportPhone}</a>
        </p>
      </div>
    </main>
  );
}
