import { Link } from 'react-router';
import type { Route } from '../../routes/+types/profile.bonuses';
import { BonusHistory, pointsWord } from './BonusHistory';
import { ProfilePage } from './ProfilePage';
import { accountMeta } from './account';
import { formatPoints } from './order-lists';
import { Pagination } from '../../ui/Pagination';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta('Бонусы', '/profile/bonuses', matches);

/** /profile/bonuses: the balance and the ledger, a page at a time. */
export default function ProfileBonuses({ loaderData }: Route.ComponentProps) {
  const { page, bonuses } = loaderData;
  const { balance, allowed, history } = bonuses.data;
  return (
    <ProfilePage title="Бонусы">
      <div className="bonus-balance">
        <p className="bonus-balance__label">На счёте</p>
        <p className="bonus-balance__value">
          {formatPoints(balance)} {pointsWord(balance)}
        </p>
        {allowed ? (
          <p className="bonus-balance__note">
            Баллами можно оплатить часть следующего заказа. <Link to="/loyalty">Как это работает</Link>
          </p>
        ) : (
          <p className="bonus-balance__note">
            Бонусная программа сейчас не действует для вашей учётной записи.{' '}
            <Link to="/loyalty">О программе лояльности</Link>
          </p>
        )}
      </div>
      <h2 className="profile-page__subtitle">История</h2>
      {history.length === 0 ? (
        <div className="profile-empty">
          <p className="profile-empty__text">Начислений и списаний пока не было</p>
          <Link to="/catalog" className="button button--primary">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <>
          <BonusHistory history={history} />
          <Pagination
            page={page}
            total={bonuses.meta.total}
            perPage={bonuses.meta.perPage}
            path="/profile/bonuses"
            label="Страницы истории бонусов"
          />
        </>
      )}
    </ProfilePage>
  );
}
