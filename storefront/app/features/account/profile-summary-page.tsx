import { Link } from 'react-router';
import type { Route } from '../../routes/+types/profile._index';
import { pointsWord } from './BonusHistory';
import { EmptyOrders, OrderList } from './OrderList';
import { ProfilePage } from './ProfilePage';
import { ResendConfirmation } from './ResendConfirmation';
import { accountMeta } from './account';
import { formatPoints } from './order-lists';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta('Личный кабинет', '/profile', matches);

const SECTIONS = [
  { to: '/profile/user', title: 'Личные данные', text: 'Имя, e-mail, телефон, дата рождения' },
  { to: '/profile/orders', title: 'Мои заказы', text: 'Текущие, выполненные и отменённые' },
  { to: '/profile/bonuses', title: 'Бонусы', text: 'Баланс и история начислений' },
  { to: '/profile/company', title: 'Реквизиты организации', text: 'Для счетов и закрывающих документов' },
  { to: '/profile/subscriptions', title: 'Подписки', text: 'Новости и акции по e-mail и SMS' },
  { to: '/profile/change-pass', title: 'Смена пароля', text: 'Новый пароль для входа' },
];

/** /profile: greeting, the e-mail's state, the bonus balance, the current orders and the sections. */
export default function ProfileIndex({ loaderData }: Route.ComponentProps) {
  const { user, orders } = loaderData;
  return (
    <ProfilePage title={`Здравствуйте, ${user.name}!`}>
      <div className="profile-summary">
        <section className="profile-card" aria-labelledby="summary-email">
          <h2 id="summary-email" className="profile-card__title">
            E-mail
          </h2>
          <p className="profile-card__value">{user.email}</p>
          {user.emailConfirmed ? (
            <p className="profile-card__ok">Адрес подтверждён</p>
          ) : (
            <>
              <p className="profile-card__warn">
                Адрес не подтверждён: перейдите по ссылке из письма, которое мы отправили.
              </p>
              <ResendConfirmation />
            </>
          )}
        </section>
        <section className="profile-card" aria-labelledby="summary-bonus">
          <h2 id="summary-bonus" className="profile-card__title">
            Бонусы
          </h2>
          {user.isBonusAllowed ? (
            <p className="profile-card__value">
              {formatPoints(user.bonusBalance)} {pointsWord(user.bonusBalance)}
            </p>
          ) : (
            <p className="profile-card__muted">Бонусная программа для вас пока не действует</p>
          )}
          <Link to="/profile/bonuses" className="profile-card__link">
            История бонусов
          </Link>
        </section>
      </div>

      <section className="profile-page__block" aria-labelledby="summary-orders">
        <div className="section__head">
          <h2 id="summary-orders" className="profile-page__subtitle">
            Текущие заказы
          </h2>
          {orders.meta.total > 0 && (
            <Link to="/profile/orders" className="section__more">
              Все заказы
            </Link>
          )}
        </div>
        {orders.data.length ? <OrderList orders={orders.data} /> : <EmptyOrders text="Текущих заказов нет" />}
      </section>

      <nav className="profile-page__block" aria-label="Разделы кабинета">
        <ul className="profile-sections">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="profile-section">
                <span className="profile-section__title">{s.title}</span>
                <span className="profile-section__text">{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </ProfilePage>
  );
}
