import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useEffect } from 'react';
import type { Route } from '../../routes/+types/profile';
import { GroupChooser } from './auth-group-chooser';
import { loginPath } from '../../lib/auth-cookies';
import { useAuth } from '../../lib/auth';
import { POINTS, plural } from '../../lib/format';
import { formatPoints } from './order-lists';
import './profile-layout.css';

const SECTIONS = [
  { to: '/profile', label: 'Профиль', end: true },
  { to: '/profile/user', label: 'Личные данные', end: true },
  { to: '/profile/orders', label: 'Мои заказы', end: false },
  { to: '/profile/products', label: 'Мои товары', end: true },
  { to: '/profile/bonuses', label: 'Бонусы', end: true },
  { to: '/profile/company', label: 'Компания', end: true },
  { to: '/profile/subscriptions', label: 'Подписки', end: true },
  { to: '/profile/change-pass', label: 'Смена пароля', end: true },
] as const;

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { status, user, signOut } = useAuth();
  // The bonus balance beside «Бонусы», for a customer in the programme (issue 31).
  const balance = user?.isBonusAllowed ? user.bonusBalance : null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  // Signed out while the page was open (another tab, an expired session found on return to the tab).
  useEffect(() => {
    if (status === 'unauthenticated') void navigate(loginPath(pathname + search), { replace: true });
  }, [status, navigate, pathname, search]);

  return (
    <div className="account">
      <aside className="account__aside">
        <p className="account__name">{loaderData.name}</p>
        <nav aria-label="Личный кабинет">
          <ul className="account__menu">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className="account__link">
                  {section.label}
                  {section.to === '/profile/bonuses' && balance !== null && (
                    <span className="account__points">
                      {formatPoints(balance)} {plural(balance, POINTS)}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className="account__link account__signout" onClick={() => void signOut()}>
                Выйти
              </button>
            </li>
          </ul>
        </nav>
        <GroupChooser className="account__group" />
      </aside>
      <div className="account__main">
        <Outlet />
      </div>
    </div>
  );
}
