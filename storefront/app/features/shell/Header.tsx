import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { reachGoal } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { useCartCount } from '../cart';
import { representedGroups } from '../../lib/auth-cookies';
import { useFavoritesCount } from '../catalog';
import { GOODS, POINTS, plural } from '../../lib/format';
import { formatPoints } from '../account';
import { useShellData } from '../../lib/shell-data';
import { CountBadge } from './CountBadge';
import { Icon } from '../../ui/Icon';
import { loadLiveSearch } from '../search';
import { loadFeedbackDialogs, type FeedbackKind } from '../feedback';
import { deferred } from '../../lib/deferred';
import { Wordmark } from './Wordmark';
import './header.css';
import './header-menus.css';

// The call-back and message forms (with their captcha) load on the first use: most visitors never open them.
const FeedbackDialogs = lazy(loadFeedbackDialogs);
// The top strip (tablet and up) and the desktop's menus: rendered on the server, their code fetched while the
// page hydrates (lib/deferred), since a phone shows neither and they are not what a page is opened for.
const Topbar = deferred(() => import('./Topbar').then((m) => m.Topbar));
const SiteNav = deferred(() => import('./SiteNav').then((m) => m.SiteNav));
// The search field (its form submits to the search page until then).
const LiveSearch = deferred(loadLiveSearch);
// A representative's choice of group: signed-in pages only, never kept for guests.
const GroupMenu = deferred(() => import('./GroupMenu').then((m) => m.GroupMenu));
// The side menu of phones and tablets: a closed dialog until the burger is tapped, so neither its code nor its
// markup comes with the page; touching the burger starts the download.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const preloadMobileMenu = () => void loadMobileMenu();

/** "Корзина, 3 товара": the badge is hidden from screen readers, so the link says the count. */
function countedLabel(title: string, count: number): string {
  return count > 0 ? `${title}, ${count} ${plural(count, GOODS)}` : title;
}

/**
 * The customer's bonus balance, on every screen (issue 31: points where a purchase is decided): «★ 1 250» on a
 * phone, with «баллов» under it on a desktop; it opens the bonus account.
 */
function PointsLink({ balance }: { balance: number }) {
  return (
    <Link
      to="/profile/bonuses"
      className="header-action header-points"
      aria-label={`Бонусы: ${formatPoints(balance)} ${plural(balance, POINTS)}`}
    >
      <span className="header-points__value">
        <Icon name="star" size={16} />
        {formatPoints(balance)}
      </span>
      <span className="header-action__label">{plural(balance, POINTS)}</span>
    </Link>
  );
}

/** A door with an arrow out of it, drawn like the other header icons. */
function SignOutIcon() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M14 4H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8M10 12h10m-3-3 3 3-3 3" />
    </svg>
  );
}

/**
 * The shell header of the spec (§2).
 * - Top strip (tablet and up): where to buy, "Стать представителем", the support phone, social links.
 * - Main bar: on desktop the logo, the catalogue and company menus, Акции, the live search, sign-in,
 *   favourites and cart; on tablets a burger for the side menu and the search in the bar; on phones the
 *   burger, the logo and icons, the search opening as a full-width panel. It sticks to the top on phones
 *   and tablets.
 * The call-back and message dialogs open from the top strip and, on phones, from the side menu.
 * A signed-in visitor sees «Профиль» and «Выйти» instead of «Войти» (spec §2).
 */
export function Header() {
  const { categories, maintenanceBypass } = useShellData();
  const cartCount = useCartCount();
  const { status, user, group, signOut } = useAuth();
  const represented = representedGroups(user);
  const actingTitle = represented.find((g) => g.id === group)?.title;
  // Favourites live in the browser (features/catalog/favorites): 0 on the server, the real count after hydration.
  const favoritesCount = useFavoritesCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const [feedback, setFeedback] = useState<FeedbackKind | null>(null);
  const [feedbackUsed, setFeedbackUsed] = useState(false);
  const openFeedback = useCallback((kind: FeedbackKind) => {
    setFeedbackUsed(true);
    setFeedback(kind);
  }, []);
  const closeFeedback = useCallback(() => setFeedback(null), []);
  // Going anywhere closes the phone's search panel.
  const { key: locationKey } = useLocation();
  useEffect(() => setSearchOpen(false), [locationKey]);

  return (
    <>
      {maintenanceBypass && (
        <p className="staff-notice" role="status">
          Сайт закрыт на технические работы: посетители видят страницу обслуживания. Вы видите сайт, потому
          что вошли как сотрудник.
        </p>
      )}
      <Topbar onFeedback={openFeedback} />
      <header className="site-header" data-search-open={searchOpen || undefined}>
        <div className="container site-header__bar">
          <button
            type="button"
            className="icon-button site-header__burger"
            aria-label="Меню"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerDown={preloadMobileMenu}
            onPointerEnter={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
          >
            <Icon name="menu" />
          </button>
          <Wordmark />
          <SiteNav categories={categories} />
          <div className="site-header__search" id="header-search">
            <LiveSearch inputRef={searchInput} onDone={closeSearch} />
          </div>
          <nav className="site-header__actions" aria-label="Покупки">
            <button
              type="button"
              className="header-action site-header__search-toggle"
              aria-label={searchOpen ? 'Закрыть поиск' : 'Поиск'}
              aria-expanded={searchOpen}
              aria-controls="header-search"
              onClick={() => {
                const next = !searchOpen;
                setSearchOpen(next);
                // The panel is shown by this render; its field takes the focus right after.
                // Before the field's code has arrived, the server's field is there to focus.
                if (next)
                  window.requestAnimationFrame(() =>
                    (
                      searchInput.current ?? document.querySelector<HTMLInputElement>('#header-search input')
                    )?.focus(),
                  );
              }}
            >
              <Icon name={searchOpen ? 'close' : 'search'} />
            </button>
            {status === 'authenticated' ? (
              <>
                <Link to="/profile" className="header-action header-action--login">
                  <Icon name="user" />
                  <span className="header-action__label">Профиль</span>
                </Link>
                {user?.isBonusAllowed && <PointsLink balance={user.bonusBalance} />}
                {represented.length > 0 && <GroupMenu actingTitle={actingTitle} />}
                <button
                  type="button"
                  className="header-action header-action--login"
                  onClick={() => void signOut()}
                >
                  <SignOutIcon />
                  <span className="header-action__label">Выйти</span>
                </button>
              </>
            ) : (
              <Link
                to="/login"
                className="header-action header-action--login"
                onClick={() => reachGoal('login')}
              >
                <Icon name="user" />
                <span className="header-action__label">Войти</span>
              </Link>
            )}
            <Link
              to="/favorites"
              className="header-action"
              aria-label={countedLabel('Избранное', favoritesCount)}
            >
              <span className="header-action__icon">
                <Icon name="heart" />
                <CountBadge count={favoritesCount} />
              </span>
              <span className="header-action__label">Избранное</span>
            </Link>
            <Link
              to="/cart"
              className="header-action"
              aria-label={countedLabel('Корзина', cartCount)}
              onClick={() => reachGoal('cart')}
            >
              <span className="header-action__icon">
                <Icon name="cart" />
                <CountBadge count={cartCount} />
              </span>
              <span className="header-action__label">Корзина</span>
            </Link>
          </nav>
        </div>
      </header>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} onFeedback={openFeedback} />
        </Suspense>
      )}
      {feedbackUsed && (
        <Suspense fallback={null}>
          <FeedbackDialogs open={feedback} onClose={closeFeedback} />
        </Suspense>
      )}
    </>
  );
}
