import { Link } from 'react-router';
import '../features/content/content.css';

/** Page numbers to show: the first, the last, and two either side of the current one, with gaps. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of list) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && n - prev > 1) out.push('gap');
    out.push(n);
  }
  return out;
}

interface PaginationProps {
  page: number;
  total: number;
  perPage: number;
  /** The list's path; page 1 is the bare path, others ?page=N. */
  path: string;
  label: string;
}

/** Numbered pages of a list, as plain links (they work without JavaScript and for crawlers). */
export function Pagination({ page, total, perPage, path, label }: PaginationProps) {
  const pages = Math.ceil(total / perPage);
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <Link
              className="pagination__link"
              to={href(page - 1)}
              rel="prev"
              aria-label="Предыдущая страница"
            >
              ←
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className="pagination__link"
                to={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Страница ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link className="pagination__link" to={href(page + 1)} rel="next" aria-label="Следующая страница">
              →
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
