import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { reachGoal } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { GroupChooser, formatPoints } from '../account';
import { POINTS, plural } from '../../lib/format';
import { phoneHref, useShellData } from '../../lib/shell-data';
import { COMPANY_LINKS, categoryPath } from './CatalogMenu';
import type { FeedbackKind } from '../feedback';
import { Icon } from '../../ui/Icon';
import { RepresentLink } from '../feedback';
import { SocialLinks } from './SocialLinks';
import { Wordmark } from './Wordmark';

const SHOP_LINKS = [
  { to: '/promotions', label: 'Акции' },
  { to: '/catalog-new', label: 'Новинки' },
  { to: '/favorites', label: 'Избранное' },
  { to: '/cart', label: 'Корзина' },
  { to: '/profile/orders', label: 'Мои заказы' },
] as const;

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  /** Opens the call-back or message dialog (the header's top strip, which has them, is hidden on phones). */
  onFeedback: (kind: FeedbackKind) => void;
}

/**
 * The side menu of phones and tablets (spec §2): sign-in, the catalogue by category (links by slug),
 * the shop's and the company's pages, the phone, the call-back and message dialogs and the social links. A modal <dialog>: the rest of the
 * page is inert while it is open, Escape and a tap outside close it, and so does any navigation.
 */
export function MobileMenu({ open, onClose, onFeedback }: MobileMenuProps) {
  const { config, categories } = useShellData();
  const { status, user, signOut } = useAuth();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const { key: locationKey } = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Any navigation closes it; its own mounting does not (it mounts on the burger's first tap, open).
  const shownAt = useRef(locationKey);
  useEffect(() => {
    if (shownAt.current === locationKey) return;
    shownAt.current = locationKey;
    onClose();
  }, [locationKey, onClose]);

  return (
    <dialog
      ref={dialogRef}
      className="mobile-menu"
      aria-label="Меню"
      onClose={onClose}
      onClick={(event) => {
        // The dialog box itself is only reachable on its backdrop: its content fills it.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="mobile-menu__inner">
        <div className="mobile-menu__head">
          <Wordmark />
          <button type="button" className="icon-button" aria-label="Закрыть меню" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>

        {status === 'authenticated' ? (
          <div className="mobile-menu__account">
            <Link to="/profile" className="button button--primary mobile-menu__login">
              <Icon name="user" size={20} />
              Профиль
            </Link>
            {user?.isBonusAllowed && (
              <Link to="/profile/bonuses" className="mobile-menu__points">
                На бонусном счёте{' '}
                <strong>
                  {formatPoints(user.bonusBalance)} {plural(user.bonusBalance, POINTS)}
                </strong>
              </Link>
            )}
            <button
              type="button"
              className="button button--quiet mobile-menu__login"
              onClick={() => {
                onClose();
                void signOut();
              }}
            >
              Выйти
            </button>
            <GroupChooser />
          </div>
        ) : (
          <div className="mobile-menu__account">
            <Link
              to="/login"
              className="button button--primary mobile-menu__login"
              onClick={() => reachGoal('login')}
            >
              <Icon name="user" size={20} />
              Войти
            </Link>
            <div className="mobile-menu__account-links">
              <Link to="/auth/register" onClick={() => reachGoal('register')}>
                Регистрация
              </Link>
              <Link to="/recovery-password">Забыли пароль?</Link>
            </div>
          </div>
        )}

        <nav aria-label="Каталог" className="mobile-menu__section">
          <h2 className="mobile-menu__title">
            <Link to="/catalog">Каталог</Link>
          </h2>
          <ul>
            {categories.map((category) => {
              const isOpen = expanded === category.id;
              return (
                <li key={category.id}>
                  <div className="mobile-menu__row">
                    <Link to={categoryPath(category)} className="mobile-menu__link">
                      {category.title}
                    </Link>
                    {category.children.length > 0 && (
                      <button
                        type="button"
                        className="icon-button mobile-menu__toggle"
                        aria-expanded={isOpen}
                        aria-controls={`mobile-cat-${category.id}`}
                        aria-label={`Подразделы: ${category.title}`}
                        onClick={() => setExpanded(isOpen ? null : category.id)}
                      >
                        <Icon name="chevronDown" size={20} />
                      </button>
                    )}
                  </div>
                  {category.children.length > 0 && (
                    <ul id={`mobile-cat-${category.id}`} className="mobile-menu__sub" hidden={!isOpen}>
                      {category.children.map((child) => (
                        <li key={child.id}>
                          <Link to={categoryPath(child)} className="mobile-menu__link">
                            {child.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>

        <nav aria-label="Покупателям" className="mobile-menu__section">
          <ul>
            {SHOP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="mobile-menu__link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Компания" className="mobile-menu__section">
          <h2 className="mobile-menu__title">Компания</h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="mobile-menu__link">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <RepresentLink
                variant="header"
                className="mobile-menu__link mobile-menu__represent"
                onActivate={onClose}
              />
            </li>
          </ul>
        </nav>

        <div className="mobile-menu__contacts">
          <a className="mobile-menu__phone" href={phoneHref(config.supportPhone)}>
            <Icon name="phone" size={18} />
            <span className="visually-hidden">Телефон поддержки: </span>
            {config.supportPhone}
          </a>
          <div className="mobile-menu__feedback">
            {(
              [
                ['call', 'Заказать звонок'],
                ['message', 'Написать нам'],
              ] as const
            ).map(([kind, label]) => (
              <button
                key={kind}
                type="button"
                className="button button--quiet"
                aria-haspopup="dialog"
                onClick={() => {
                  onClose();
                  onFeedback(kind);
                }}
              >
                {label}
              </button>
            ))}
          </div>
          <SocialLinks urls={config.social} />
        </div>
      </div>
    </dialog>
  );
}
