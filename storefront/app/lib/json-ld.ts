// JSON-LD for search engines (ARCHITECTURE §6): Organization on every page, BreadcrumbList and Product where
// they fit. Apart from lib/seo.ts, which every page's meta needs in the browser too: the root and the product
// page build theirs in their loaders, on the server, so this code stays out of their first download (issue 28);
// other pages' meta functions call these directly.
import { absoluteUrl, siteOriginOf, type SeoMatches } from './seo';
import type { PublicConfig } from './shell-data';

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

/**
 * BreadcrumbList: the page's trail from the home page; the first crumb (Главная) is added here. `site`: a meta
 * function's matches, or the site's address (lib/seo.ts, siteOriginOf).
 */
export function breadcrumbJsonLd(
  items: readonly BreadcrumbItem[],
  site?: SeoMatches | string,
): JsonLdDescriptor {
  const origin = siteOriginOf(site);
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
export function productJsonLd(product: ProductJsonLdInput, site?: SeoMatches | string): JsonLdDescriptor {
  const origin = siteOriginOf(site);
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
