import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import './content.css';

export interface SectionLink {
  to: string;
  label: string;
}

/** Pages of one section (company, payment and delivery): a side column on desktop, a chip row on phones. */
export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the chips scroll sideways: the current page's chip is brought into view.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('.active');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = Math.max(0, active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2);
  }, [pathname]);
  return (
    <nav ref={nav} className="section-nav" aria-label={label}>
      <ul className="section-nav__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="section-nav__link" prefetch="intent">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The company section (spec §2: /company pages). */
export const COMPANY_LINKS: readonly SectionLink[] = [
  { to: '/company', label: 'О компании' },
  { to: '/company/activity', label: 'Деятельность' },
  { to: '/company/reviews', label: 'Отзывы' },
  { to: '/company/interesting', label: 'Интересное' },
  { to: '/contacts', label: 'Контакты' },
];
