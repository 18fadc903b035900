import { Link } from 'react-router';
import { phoneHref, useShellData } from '../../lib/shell-data';
import { NewsletterForm } from '../newsletter';
import { RepresentLink } from '../feedback';
import { SocialLinks } from './SocialLinks';
import { Wordmark } from './Wordmark';
import './footer.css';

const columns = [
  {
    title: 'Покупателям',
    links: [
      { to: '/catalog', label: 'Каталог' },
      { to: '/promotions', label: 'Акции' },
      { to: '/loyalty', label: 'Программа лояльности' },
      { to: '/payment-and-delivery', label: 'Оплата и доставка' },
      { to: '/where-buy', label: 'Где купить' },
    ],
  },
  {
    title: 'Компания',
    links: [
      { to: '/company', label: 'О компании' },
      { to: '/company/activity', label: 'Деятельность' },
      { to: '/company/reviews', label: 'Отзывы' },
      { to: '/company/interesting', label: 'Интересное' },
      { to: '/contacts', label: 'Контакты' },
    ],
  },
] as const;

/** A page of the site goes through the router; a document (PDF) or another site is an ordinary link. */
function PolicyLink({ href }: { href: string }) {
  const isPage = href.startsWith('/') && !href.startsWith('//') && !/\.[a-z0-9]{2,5}$/i.test(href);
  return isPage ? (
    <Link to={href}>Политика конфиденциальности</Link>
  ) : (
    <a href={href} target="_blank" rel="noopener">
      Политика конфиденциальности
    </a>
  );
}

/**
 * The shell footer (spec §2): phone, links, the newsletter box, social icons, the seller's legal details and
 * the privacy policy.
 */
export function Footer() {
  const { config, year } = useShellData();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Wordmark />
          <p className="site-footer__about">Материалы для наращивания и ламинирования ресниц</p>
          <a className="site-footer__phone" href={phoneHref(config.supportPhone)}>
            <span className="visually-hidden">Телефон поддержки: </span>
            {config.supportPhone}
          </a>
          {config.supportEmail && (
            <a className="site-footer__email" href={`mailto:${config.supportEmail}`}>
              {config.supportEmail}
            </a>
          )}
          <SocialLinks urls={config.social} className="site-footer__social" />
        </div>
        {columns.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <h2 className="site-footer__title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              {column.title === 'Компания' && (
                <li>
                  <RepresentLink variant="footer" />
                </li>
              )}
            </ul>
          </nav>
        ))}
        <NewsletterForm />
      </div>
      <div className="container">
        <div className="site-footer__legal">
          <p>
            © {year} {config.shopName}. {config.legalName}, ОГРН {config.registrationNumber}
          </p>
          <PolicyLink href={config.privacyPolicyUrl} />
        </div>
      </div>
    </footer>
  );
}
