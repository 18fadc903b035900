// Search-engine and link-preview tags for every page (ARCHITECTURE §6): title, description, canonical URL,
// OpenGraph, and JSON-LD (Organization on every page, BreadcrumbList and Product where they fit).
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

// ---------------------------------------------------------------------------------------------- JSON-LD

export type JsonLd = Record<string, unknown>;
/** A meta descriptor React Router renders as <script type="application/ld+json">. */
export type JsonLdDescriptor = { 'script:ld+json': JsonLd };

/** A JSON-LD block as a meta descriptor, to put in a route's meta array. */
export function jsonLdMeta(value: JsonLd): JsonLdDescriptor {
  return { 'script:ld+json': value };
}

/** JSON for an inline <script>: "<" and the line separators escaped so the text can never close the tag. */
export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The seller (rendered on every page by the root layout). */
export function organizationJsonLd(config: PublicConfig): JsonLd {
  const sameAs = Object.values(config.social).filter((url): url is string => Boolean(url));
  const url = absoluteUrl('/', config.origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.shopName,
    legalName: config.legalName,
    url,
    logo: absoluteUrl('/favicon.svg', config.origin),
    ...(config.registrationNumber ? { identifier: `ОГРН ${config.registrationNumber}` } : {}),
    ...(config.supportEmail ? { email: config.supportEmail } : {}),
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: config.supportPhone,
      contactType: 'customer service',
      areaServed: 'RU',
      availableLanguage: 'ru',
    },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export interface BreadcrumbItem {
  name: string;
  /** Site path of the crumb, e.g. "/catalog/resnitsy". */
  path: string;
}

/** BreadcrumbList: the page's trail from the home page; the first crumb (Главная) is added here. */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[], matches?: SeoMatches): JsonLdDescriptor {
  const origin = rootConfig(matches)?.origin ?? '';
  const trail = [{ name: 'Главная', path: '/' }, ...items];
  return jsonLdMeta({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path, origin),
    })),
  });
}

export interface ProductJsonLdOffer {
  /** Price in kopecks (as everywhere in the shop). */
  price: number;
  sku?: string | null;
  inStock: boolean;
}

export interface ProductJsonLdInput {
  name: string;
  description?: string | null;
  /** Site path of the product page. */
  path: string;
  /** Site paths or absolute URLs of the product's photos. */
  images?: readonly string[];
  sku?: string | null;
  brand?: string | null;
  category?: string | null;
  /** The product's active offers (variants); one Offer, or an AggregateOffer for several. */
  offers: readonly ProductJsonLdOffer[];
  rating?: { value: number; count: number } | null;
}

/** "1290.00": schema.org prices are decimal strings in roubles. */
function rubles(kopecks: number): string {
  return (kopecks / 100).toFixed(2);
}

function availability(inStock: boolean): string {
  return inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

/** Product with its price(s) and availability, for the product page. */
export function productJsonLd(product: ProductJsonLdInput, matches?: SeoMatches): JsonLdDescriptor {
  const origin = rootConfig(matches)?.origin ?? '';
  const url = absoluteUrl(product.path, origin);
  const prices = product.offers.map((o) => o.price);
  const anyInStock = product.offers.some((o) => o.inStock);
  let offers: JsonLd | undefined;
  if (product.offers.length === 1) {
    const offer = product.offers[0]!;
    offers = {
      '@type': 'Offer',
      url,
      priceCurrency: 'RUB',
      price: rubles(offer.price),
      availability: availability(offer.inStock),
      ...(offer.sku ? { sku: offer.sku } : {}),
    };
  } else if (product.offers.length > 1) {
    offers = {
      '@type': 'AggregateOffer',
      url,
      priceCurrency: 'RUB',
      lowPrice: rubles(Math.min(...prices)),
      highPrice: rubles(Math.max(...prices)),
      offerCount: product.offers.length,
      availability: availability(anyInStock),
    };
  }
  return jsonLdMeta({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    ...(product.description ? { description: product.description.replace(/\s+/g, ' ').trim() } : {}),
    ...(product.images?.length ? { image: product.images.map((src) => absoluteUrl(src, origin)) } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.category ? { category: product.category } : {}),
    ...(offers ? { offers } : {}),
    ...(product.rating && product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.value,
            reviewCount: product.rating.count,
          },
        }
      : {}),
  });
}
