// Search-engine and link-preview tags for every page (ARCHITECTURE §6): title, description, canonical URL and
// OpenGraph; the JSON-LD blocks are lib/json-ld.ts's.
//
// In a route module:
//   export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
//     ...seoMeta({ title: loaderData.title, description: loaderData.text, path: `/promotions/${slug}` }, matches),
//     breadcrumbJsonLd([{ name: 'Акции', path: '/promotions' }, { name: loaderData.title, path: … }], matches),
//   ];
// `matches` (from the meta arguments) gives the site's address and name from the root loader, so canonical
// and OpenGraph URLs are absolute; without it they stay site-relative.
import type { MetaDescriptor } from 'react-router';
import { SHOP_NAME } from './brand';
import type { PublicConfig, ShellData } from './shell-data';

/** The `matches` of a meta function (only the root's loader data is read). */
export type SeoMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

export interface SeoInput {
  /** The page's own title; " — <shop name>" is appended unless the shop name is already in it. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** The page's canonical path, e.g. "/catalog/resnitsy" (keep only query parameters that change the content). */
  path: string;
  /** Preview image: a site path ("/uploads/…") or an absolute URL. */
  image?: string | null;
  /** OpenGraph type; "website" by default. */
  type?: 'website' | 'article' | 'product';
  /** Pages that must stay out of search results (cart, account, search results). */
  noindex?: boolean;
}

/** The root loader's configuration, when the meta function was given its matches. */
export function rootConfig(matches?: SeoMatches): PublicConfig | undefined {
  const root = matches?.find((m) => m?.id === 'root');
  return (root?.loaderData as ShellData | undefined)?.config;
}

/**
 * The site's address for absolute URLs: from a meta function's `matches` (the root loader's configuration),
 * or given as it is by a loader (which has it from the request); '' when neither knows it.
 */
export function siteOriginOf(site?: SeoMatches | string): string {
  return typeof site === 'string' ? site : (rootConfig(site)?.origin ?? '');
}

/** An absolute URL for a site path ("/catalog" → "https://shop.example/catalog"); absolute URLs pass. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** "Клей" → "Клей — LashLine"; a title that already names the shop is kept. */
export function pageTitle(title: string, shopName = SHOP_NAME): string {
  const trimmed = title.trim();
  if (!trimmed) return shopName;
  return trimmed.toLowerCase().includes(shopName.toLowerCase()) ? trimmed : `${trimmed} — ${shopName}`;
}

/** Title, description, canonical link and OpenGraph tags of one page. */
export function seoMeta(input: SeoInput, matches?: SeoMatches): MetaDescriptor[] {
  const config = rootConfig(matches);
  const origin = config?.origin ?? '';
  const shopName = config?.shopName ?? SHOP_NAME;
  const title = pageTitle(input.title, shopName);
  const description = input.description.replace(/\s+/g, ' ').trim();
  const url = absoluteUrl(input.path, origin);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:site_name', content: shopName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
  ];
  if (input.image) {
    tags.push(
      { property: 'og:image', content: absoluteUrl(input.image, origin) },
      { name: 'twitter:card', content: 'summary_large_image' },
    );
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
}
