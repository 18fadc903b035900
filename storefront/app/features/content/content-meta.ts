// Meta tags of the content pages, from the SEO fields an administrator fills in (with the page's own
// title and the first words of its text when they are empty).
import type { MetaDescriptor } from 'react-router';
import { breadcrumbJsonLd, type BreadcrumbItem } from '../../lib/json-ld';
import { seoMeta, type SeoMatches } from '../../lib/seo';

const DESCRIPTION_MAX = 160;

/** The first sentence or so of an HTML text, as plain text for a description. */
export function textSummary(html: string | null | undefined, max = DESCRIPTION_MAX): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&laquo;/g, '«')
    .replace(/&raquo;/g, '»')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

export interface ContentSeo {
  title: string;
  seoTitle?: string | null;
  seoDescription?: string | null;
  /** HTML or plain text the description falls back to. */
  text?: string | null;
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
}

/** Title, description, canonical, OpenGraph and the breadcrumb trail of a content page. */
export function contentMeta(
  entity: ContentSeo,
  path: string,
  trail: readonly BreadcrumbItem[],
  matches?: SeoMatches,
): MetaDescriptor[] {
  return [
    ...seoMeta(
      {
        title: entity.seoTitle?.trim() || entity.title,
        description: entity.seoDescription?.trim() || textSummary(entity.text) || entity.title,
        path,
        image: entity.image ?? null,
        type: entity.type ?? 'website',
        noindex: entity.noindex,
      },
      matches,
    ),
    breadcrumbJsonLd(trail, matches),
  ];
}
