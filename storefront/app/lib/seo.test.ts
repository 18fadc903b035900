import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, jsonLdText, organizationJsonLd, productJsonLd } from './json-ld';
import { absoluteUrl, pageTitle, seoMeta, type SeoMatches } from './seo';
import { FALLBACK_SHELL, type ShellData } from './shell-data';

const shell: ShellData = {
  ...FALLBACK_SHELL,
  config: {
    ...FALLBACK_SHELL.config,
    origin: 'https://lashline.example',
    shopName: 'LashLine',
    supportPhone: '+7 (800) 555-35-35',
    supportEmail: 'info@lashline.example',
    legalName: 'ООО «Лэшлайн»',
    registrationNumber: '1167746123456',
    social: {
      ...FALLBACK_SHELL.config.social,
      vk: 'https://vk.com/lashline',
      telegram: 'https://t.me/lashline',
    },
  },
};
const matches: SeoMatches = [
  { id: 'root', loaderData: shell },
  { id: 'routes/page', loaderData: {} },
];

describe('seoMeta', () => {
  it('gives title, description, canonical and OpenGraph with absolute URLs', () => {
    expect(
      seoMeta(
        {
          title: 'Клей',
          description: '  Клей для наращивания\n ресниц. ',
          path: '/catalog/kley',
          image: '/uploads/glue.webp',
        },
        matches,
      ),
    ).toEqual([
      { title: 'Клей — LashLine' },
      { name: 'description', content: 'Клей для наращивания ресниц.' },
      { tagName: 'link', rel: 'canonical', href: 'https://lashline.example/catalog/kley' },
      { property: 'og:type', content: 'website' },
      { property: 'og:locale', content: 'ru_RU' },
      { property: 'og:site_name', content: 'LashLine' },
      { property: 'og:title', content: 'Клей — LashLine' },
      { property: 'og:description', content: 'Клей для наращивания ресниц.' },
      { property: 'og:url', content: 'https://lashline.example/catalog/kley' },
      { property: 'og:image', content: 'https://lashline.example/uploads/glue.webp' },
      { name: 'twitter:card', content: 'summary_large_image' },
    ]);
  });

  it('keeps site-relative URLs without matches, and marks noindex pages', () => {
    const tags = seoMeta({
      title: 'Корзина',
      description: 'Ваша корзина',
      path: '/cart',
      noindex: true,
      type: 'website',
    });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: '/cart' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });

  it('does not repeat the shop name in a title that has it', () => {
    expect(pageTitle('LashLine — ресницы')).toBe('LashLine — ресницы');
    expect(pageTitle('  ')).toBe('LashLine');
  });

  it('passes absolute image URLs through', () => {
    expect(absoluteUrl('https://cdn.example/a.webp', 'https://lashline.example')).toBe(
      'https://cdn.example/a.webp',
    );
    expect(absoluteUrl('catalog', 'https://lashline.example/')).toBe('https://lashline.example/catalog');
  });
});

describe('JSON-LD', () => {
  it('Organization from the settings', () => {
    expect(organizationJsonLd(shell.config)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'LashLine',
      legalName: 'ООО «Лэшлайн»',
      url: 'https://lashline.example/',
      logo: 'https://lashline.example/favicon.svg',
      identifier: 'ОГРН 1167746123456',
      email: 'info@lashline.example',
      contactPoint: {
        '@type': 'ContactPoint',
        telephone: '+7 (800) 555-35-35',
        contactType: 'customer service',
        areaServed: 'RU',
        availableLanguage: 'ru',
      },
      sameAs: ['https://vk.com/lashline', 'https://t.me/lashline'],
    });
  });

  it('BreadcrumbList starts at the home page', () => {
    expect(breadcrumbJsonLd([{ name: 'Каталог', path: '/catalog' }], matches)).toEqual({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://lashline.example/' },
          { '@type': 'ListItem', position: 2, name: 'Каталог', item: 'https://lashline.example/catalog' },
        ],
      },
    });
  });

  it("takes the site's address from a loader as from a meta function's matches", () => {
    const trail = [{ name: 'Каталог', path: '/catalog' }];
    expect(breadcrumbJsonLd(trail, 'https://lashline.example')).toEqual(breadcrumbJsonLd(trail, matches));
  });

  it('Product with one offer, and with several as an AggregateOffer', () => {
    const one = productJsonLd(
      {
        name: 'Клей Miralash Pro',
        path: '/catalog/kley/product/miralash-pro',
        images: ['/uploads/glue.webp'],
        brand: 'Miralash',
        offers: [{ price: 129000, sku: 'ML-5', inStock: true }],
        rating: { value: 4.8, count: 12 },
      },
      matches,
    )['script:ld+json'];
    expect(one).toMatchObject({
      '@type': 'Product',
      name: 'Клей Miralash Pro',
      url: 'https://lashline.example/catalog/kley/product/miralash-pro',
      image: ['https://lashline.example/uploads/glue.webp'],
      brand: { '@type': 'Brand', name: 'Miralash' },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'RUB',
        price: '1290.00',
        availability: 'https://schema.org/InStock',
        sku: 'ML-5',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 12 },
    });

    const many = productJsonLd(
      {
        name: 'Ресницы',
        path: '/p',
        offers: [
          { price: 90000, inStock: false },
          { price: 127000, inStock: true },
        ],
      },
      matches,
    )['script:ld+json'];
    expect(many.offers).toEqual({
      '@type': 'AggregateOffer',
      url: 'https://lashline.example/p',
      priceCurrency: 'RUB',
      lowPrice: '900.00',
      highPrice: '1270.00',
      offerCount: 2,
      availability: 'https://schema.org/InStock',
    });
    expect(many.aggregateRating).toBeUndefined();
  });

  it('inline JSON cannot close its script tag', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});
