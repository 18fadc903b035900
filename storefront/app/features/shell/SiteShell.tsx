import type { ReactNode } from 'react';
import { deferred } from '../../lib/deferred';

// Rendered on the server, their code fetched while the page hydrates (lib/deferred): the header (its menus,
// search, counters) and the footer (the newsletter form, the social icons) are not what a page is opened
// for, and until their code arrives their links are ordinary links and the search an ordinary form. They
// take no props, so nothing above reaches them first.
const Header = deferred(() => import('./Header').then((m) => m.Header));
const Footer = deferred(() => import('./Footer').then((m) => m.Footer));

/** Header, main content and footer: shared by the `default` and `pages` layouts and the error pages. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#content">
        Перейти к содержимому
      </a>
      <Header />
      <main id="content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
