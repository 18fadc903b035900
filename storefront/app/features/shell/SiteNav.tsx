import type { CategoryNode } from '@shop/schemas';
import { Link } from 'react-router';
import { CatalogMenu, CompanyMenu } from './CatalogMenu';

/** The desktop header's sections (hidden on phones and tablets, whose side menu has them). */
export function SiteNav({ categories }: { categories: CategoryNode[] }) {
  return (
    <nav className="site-nav" aria-label="Разделы">
      <CatalogMenu categories={categories} />
      <CompanyMenu />
      <Link to="/promotions" className="site-nav__link">
        Акции
      </Link>
    </nav>
  );
}
