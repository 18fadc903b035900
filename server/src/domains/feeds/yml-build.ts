// Writes the YML document (Yandex Market's «Yandex Market Language», also read by Yandex Direct) from what
// yml-data.ts reads: the shop, the currency, the visible categories before the offers, then one <offer> per
// purchasable variant, the variants of one product sharing its id as group_id and told apart by <param>.
// A variant Market would refuse or hide is left out with the reason (FeedWarning), never silently.
// The text goes to `write` a product at a time: the caller hashes and compresses it as it comes.
import type { FeedCategory, FeedDirectory, FeedOffer, FeedProduct, FeedReference } from './yml-data';
import { absoluteUrl, cdata, cutText, moscowDateTime, xmlText, ymlPrice } from './yml-text';

export const CURRENCY = 'RUR';
/** Market shows up to 10 pictures of an offer. */
const MAX_PICTURES = 10;
/** Market's limits: the offer's name (≤ 256) and description (≤ 3 000 characters), the shop's name (≤ 20). */
const MAX_NAME = 256;
const MAX_DESCRIPTION = 3000;
export const MAX_SHOP_NAME = 20;

export type WarningReason =
  'no_offers' | 'no_category' | 'no_picture' | 'no_brand' | 'no_price' | 'same_params' | 'shop_name';

export const WARNING_TEXT: Record<WarningReason, string> = {
  no_offers: 'Нет активных вариантов',
  no_category: 'Товар не в активной категории',
  no_picture: 'У товара нет картинки',
  no_brand: 'Не указан бренд',
  no_price: 'Нет цены',
  same_params: 'Характеристики совпадают с другим вариантом товара',
  shop_name: `Название магазина длиннее ${MAX_SHOP_NAME} символов: Маркет может отклонить фид`,
};

export interface FeedWarning {
  reason: WarningReason;
  productId: number | null;
  productTitle: string | null;
  offerId: number | null;
  article: string | null;
}

export interface FeedShop {
  /** Short name (Market: ≤ 20 characters, no slogans or phones). */
  name: string;
  /** The legal name (required, not published). */
  company: string;
  /** The shop's origin, https://… */
  url: string;
}

/** The price a guest pays and the price struck through, in kopecks (the catalogue's own pricing). */
export type PriceOf = (product: FeedProduct, offer: FeedOffer) => { price: number; oldPrice: number | null };

export interface FeedInput {
  shop: FeedShop;
  reference: FeedReference;
  /** The active products a page at a time (yml-data.ts readProductPage). */
  products: AsyncIterable<FeedProduct[]>;
  priceOf: PriceOf;
  /** Sanitised description HTML (platform/web/sanitize-html.ts). */
  cleanHtml: (html: string) => string;
}

export interface FeedSummary {
  offers: number;
  products: number;
  warnings: FeedWarning[];
}

/** The first bytes: the declaration at byte 0, then the root with the build's date (kept apart: hashing skips it). */
export function ymlHead(date: Date): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${moscowDateTime(date)}">\n`;
}

/** Everything after the root's opening tag, written through `write` in pieces. */
export async function writeYmlBody(
  input: FeedInput,
  write: (text: string) => void | Promise<void>,
): Promise<FeedSummary> {
  const { shop, reference } = input;
  const warnings: FeedWarning[] = [];
  if (shop.name.length > MAX_SHOP_NAME)
    warnings.push({ reason: 'shop_name', productId: null, productTitle: null, offerId: null, article: null });
  const visible = visibleCategories(reference.categories);
  await write(
    '<shop>\n' +
      `<name>${xmlText(shop.name)}</name>\n` +
      `<company>${xmlText(shop.company)}</company>\n` +
      `<url>${xmlText(shop.url)}</url>\n` +
      '<platform>Lash shop</platform>\n' +
      `<currencies>\n<currency id="${CURRENCY}" rate="1"/>\n</currencies>\n` +
      '<categories>\n' +
      [...visible.values()]
        .map(
          (c) =>
            `<category id="${c.id}"${c.parentId !== null ? ` parentId="${c.parentId}"` : ''}>` +
            `${xmlText(c.title)}</category>\n`,
        )
        .join('') +
      '</categories>\n<offers>\n',
  );
  const dirs = [...reference.directories.values()];
  let offers = 0;
  let products = 0;
  for await (const page of input.products) {
    let text = '';
    for (const product of page) {
      const written = productOffers(input, product, visible, dirs, warnings);
      if (written.count) products++;
      offers += written.count;
      text += written.text;
    }
    await write(text);
  }
  await write('</offers>\n</shop>\n</yml_catalog>\n');
  return { offers, products, warnings };
}

/** Active categories with every category above them active too, as the storefront shows them. */
export function visibleCategories(categories: FeedCategory[]): Map<number, FeedCategory> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const shown = new Map<number, boolean>();
  const isShown = (c: FeedCategory, depth: number): boolean => {
    const known = shown.get(c.id);
    if (known !== undefined) return known;
    // A loop or a deep chain (never made by the admin, which allows two levels) is not shown.
    shown.set(c.id, false);
    const parent = c.parentId === null ? null : byId.get(c.parentId);
    const result =
      c.active && depth < 10 && (c.parentId === null || (!!parent && isShown(parent, depth + 1)));
    shown.set(c.id, result);
    return result;
  };
  const sorted = [...categories].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  // Each shown category followed by its shown subcategories: a reader meets every parentId declared already.
  const out = new Map<number, FeedCategory>();
  const add = (parentId: number | null) => {
    for (const c of sorted)
      if (c.parentId === parentId && !out.has(c.id) && isShown(c, 0)) {
        out.set(c.id, c);
        add(c.id);
      }
  };
  add(null);
  return out;
}

interface ParamValue {
  name: string;
  unit: string | null;
  value: string;
}

/** The offer's characteristics in the directories' order, the unit apart from the value («0,07» and «мм»). */
function paramsOf(offer: FeedOffer, dirs: FeedDirectory[]): ParamValue[] {
  const known = dirs.filter((d) => offer.attributes[d.code] !== undefined);
  const unknown = Object.keys(offer.attributes)
    .filter((code) => !dirs.some((d) => d.code === code))
    .sort();
  return [
    ...known.map((d) => {
      const code = offer.attributes[d.code]!;
      const title = d.entries.get(code) ?? code;
      const suffix = d.unit ? ` ${d.unit}` : null;
      const value = suffix && title.endsWith(suffix) ? title.slice(0, -suffix.length).trim() : title;
      // A measured value is a number with a dot for Market («0,07 мм» → 0.07 and «мм»).
      return { name: d.title, unit: d.unit, value: d.unit ? value.replace(/^(\d+),(\d+)$/, '$1.$2') : value };
    }),
    ...unknown.map((code) => ({ name: code, unit: null, value: offer.attributes[code]! })),
  ].filter((p) => p.value !== '');
}

function productOffers(
  input: FeedInput,
  product: FeedProduct,
  visible: Map<number, FeedCategory>,
  dirs: FeedDirectory[],
  warnings: FeedWarning[],
): { text: string; count: number } {
  const origin = input.shop.url;
  const warn = (reason: WarningReason, offer: FeedOffer | null = null) =>
    warnings.push({
      reason,
      productId: product.id,
      productTitle: product.title,
      offerId: offer?.id ?? null,
      article: offer?.article ?? null,
    });
  // The product's own faults leave out every variant: said once, for the product.
  if (!product.offers.length) return (warn('no_offers'), { text: '', count: 0 });
  const category = product.categoryIds.map((id) => visible.get(id)).find((c) => c !== undefined);
  if (!category) return (warn('no_category'), { text: '', count: 0 });
  const pictures = product.images
    .map((i) => absoluteUrl(origin, i.url))
    .filter((u): u is string => u !== null)
    .slice(0, MAX_PICTURES);
  if (!pictures.length) return (warn('no_picture'), { text: '', count: 0 });
  const brand = product.brandId === null ? undefined : input.reference.brands.get(product.brandId);
  if (!brand?.title.trim()) return (warn('no_brand'), { text: '', count: 0 });

  const page = `${origin}/catalog/${encodeURIComponent(category.slug)}/product/${encodeURIComponent(product.slug)}`;
  const several = product.offers.length > 1;
  const description = descriptionOf(input, product);
  const common =
    `<categoryId>${category.id}</categoryId>\n` +
    pictures.map((p) => `<picture>${xmlText(p)}</picture>\n`).join('');
  const vendor = `<vendor>${xmlText(brand.title.trim())}</vendor>\n`;
  const about =
    (description ? `<description>${description}</description>\n` : '') +
    (brand.country ? `<country_of_origin>${xmlText(brand.country)}</country_of_origin>\n` : '');

  let text = '';
  let count = 0;
  const seen = new Set<string>();
  for (const offer of product.offers) {
    const { price, oldPrice } = input.priceOf(product, offer);
    if (price <= 0) {
      warn('no_price', offer);
      continue;
    }
    const params = paramsOf(offer, dirs);
    // Variants of a group are told apart by their params: a second one with the same set would be a duplicate.
    const key = JSON.stringify(params.map((p) => [p.name, p.value]));
    if (several && seen.has(key)) {
      warn('same_params', offer);
      continue;
    }
    seen.add(key);
    const name = cutText(
      [product.title.trim(), ...params.map((p) => (p.unit ? `${p.value} ${p.unit}` : p.value))].join(', '),
      MAX_NAME,
    );
    text +=
      `<offer id="${offer.id}" available="${offer.stock > 0}"${several ? ` group_id="${product.id}"` : ''}>\n` +
      // A link that opens the page on this variant (the storefront reads ?offer=), with its price.
      `<url>${xmlText(several ? `${page}?offer=${offer.id}` : page)}</url>\n` +
      `<price>${ymlPrice(price)}</price>\n` +
      (oldPrice !== null && oldPrice > price ? `<oldprice>${ymlPrice(oldPrice)}</oldprice>\n` : '') +
      `<currencyId>${CURRENCY}</currencyId>\n` +
      common +
      `<name>${xmlText(name)}</name>\n` +
      vendor +
      `<vendorCode>${xmlText(offer.article)}</vendorCode>\n` +
      about +
      params
        .map(
          (p) =>
            `<param name="${xmlText(p.name)}"${p.unit ? ` unit="${xmlText(p.unit)}"` : ''}>${xmlText(p.value)}</param>\n`,
        )
        .join('') +
      (offer.weight ? `<weight>${(offer.weight / 1000).toFixed(3).replace(/\.?0+$/, '')}</weight>\n` : '') +
      (offer.length && offer.width && offer.height
        ? `<dimensions>${offer.length}/${offer.width}/${offer.height}</dimensions>\n`
        : '') +
      `<count>${Math.max(0, offer.stock)}</count>\n` +
      '</offer>\n';
    count++;
  }
  return { text, count };
}

/** The description as Market takes it: the admin's HTML cleaned, in CDATA; the short text when that is too long. */
function descriptionOf(input: FeedInput, product: FeedProduct): string | null {
  const html = product.description ? input.cleanHtml(product.description).trim() : '';
  if (html && html.length <= MAX_DESCRIPTION) return cdata(html);
  const short = product.shortDescription?.trim();
  if (short) return xmlText(cutText(short, MAX_DESCRIPTION));
  return html ? xmlText(cutText(plainText(html), MAX_DESCRIPTION)) : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Cleaned HTML as plain text: tags gone, the entities the cleaner writes read back. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/g, (all, name: string) =>
      name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? all),
    )
    .replace(/\s+/g, ' ')
    .trim();
}
