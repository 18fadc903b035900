import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../ui/Icon';
import './newsletter.css';

interface NewsletterNoticeProps {
  title: string;
  ok?: boolean;
  /** The ways back to the shop; a page asking for a decision leaves them out. */
  links?: boolean;
  children?: ReactNode;
}

/** The answer of the confirmation and unsubscribe pages: a short card with the way back to the shop. */
export function NewsletterNotice({ title, ok = false, links = true, children }: NewsletterNoticeProps) {
  return (
    <section className="newsletter-notice" aria-labelledby="newsletter-notice-title">
      {ok && (
        <span className="newsletter-notice__icon">
          <Icon name="check" size={32} />
        </span>
      )}
      <h1 id="newsletter-notice-title" className="newsletter-notice__title">
        {title}
      </h1>
      {children}
      {links && (
        <p className="newsletter-notice__links">
          <Link to="/catalog" className="button button--primary">
            Перейти в каталог
          </Link>
          <Link to="/" className="button button--quiet">
            На главную
          </Link>
        </p>
      )}
    </section>
  );
}
