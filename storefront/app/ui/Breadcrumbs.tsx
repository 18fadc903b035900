import { Link } from 'react-router';
import '../features/content/content.css';

export interface Crumb {
  label: string;
  /** The current page has none. */
  to?: string;
}

/** "Главная / О компании / Деятельность": the trail above a page's title. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const trail: Crumb[] = [{ label: 'Главная', to: '/' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label="Вы здесь">
      <ol className="breadcrumbs__list">
        {trail.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className="breadcrumbs__item">
            {crumb.to && i < trail.length - 1 ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
