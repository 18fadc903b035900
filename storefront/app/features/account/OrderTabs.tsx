import { NavLink } from 'react-router';
import { ORDER_TABS } from './order-lists';

/** Текущие / Выполненные / Отменённые: links, so each list has its own address (R66). */
export function OrderTabs() {
  return (
    <nav className="profile-tabs" aria-label="Списки заказов">
      <ul className="profile-tabs__list">
        {ORDER_TABS.map((tab) => (
          <li key={tab.kind}>
            <NavLink to={tab.path} end className="profile-tabs__link">
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
