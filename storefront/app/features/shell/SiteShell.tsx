import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';

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
