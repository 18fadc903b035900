import type { MetaDescriptor } from 'react-router';
import { seoMeta, type SeoMatches } from '../../lib/seo';

/** Account pages stay out of search results; each has its own title. */
export function accountMeta(title: string, path: string, matches: SeoMatches): MetaDescriptor[] {
  return seoMeta({ title, description: 'Личный кабинет покупателя.', path, noindex: true }, matches);
}
