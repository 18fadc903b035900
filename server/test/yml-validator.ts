// A YML (Yandex Market Language) validator written from the rules of the integration reference (§1, §5 and
// §6 of integrations-ru.md): no official XSD exists, so the tests carry the rules Market's and Direct's
// checks are known to apply. It reads the bytes as a stream (saxes), so a feed of 10 000 products is checked
// without a tree in memory, and answers every rule broken, each with where.
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface YmlReport {
  errors: string[];
  offers: number;
  categories: number;
  /** The root's `date`, as written. */
  date: string | null;
}

/** The `<shop>` children in Market's order; `true` = required. */
const SHOP_ORDER: [string, boolean][] = [
  ['name', true],
  ['company', true],
  ['url', true],
  ['platform', false],
  ['version', false],
  ['agency', false],
  ['email', false],
  ['currencies', true],
  ['categories', true],
  ['delivery-options', false],
  ['pickup-options', false],
  ['enable_auto_discounts', false],
  ['offers', true],
  ['gifts', false],
  ['promos', false],
];

/** What an offer may hold; the repeatable ones; the ones it must hold. */
const OFFER_CHILDREN = new Set([
  'url',
  'price',
  'oldprice',
  'purchase_price',
  'enable_auto_discounts',
  'currencyId',
  'categoryId',
  'picture',
  'supplier',
  'delivery',
  'pickup',
  'store',
  'delivery-options',
  'pickup-options',
  'name',
  'typePrefix',
  'vendor',
  'model',
  'vendorCode',
  'description',
  'sales_notes',
  'min-quantity',
  'manufacturer_warranty',
  'country_of_origin',
  'adult',
  'barcode',
  'param',
  'condition',
  'credit-template',
  'expiry',
  'weight',
  'dimensions',
  'downloadable',
  'age',
  'count',
  'disabled',
]);
const REPEATABLE = new Set(['picture', 'barcode', 'param', 'credit-template']);

/** RFC 3339 date and time with a zone (seconds optional, as Market's own example omits them). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Market's SKU: ≤ 80 characters of Latin and Cyrillic letters, digits and . , / \ ( ) [ ] - = _ */
const OFFER_ID = /^[0-9A-Za-zА-Яа-яЁё.,/\\()[\]\-=_]{1,80}$/;
const PRICE = /^\d+(\.\d{1,2})?$/;
const DAY = 24 * 60 * 60 * 1000;

interface Open {
  name: string;
  attributes: Record<string, string>;
  children: string[];
  text: string;
  /** An offer's elements by name (every value), and its params as «name=value». */
  values: Map<string, string[]>;
  params: string[];
}

interface OfferSeen {
  id: string;
  line: number;
  groupId: string | null;
  params: string;
}

export function validateYml(bytes: Buffer, now = new Date()): YmlReport {
  const errors: string[] = [];
  const report: YmlReport = { errors, offers: 0, categories: 0, date: null };

  // The bytes: UTF-8, the declaration at byte 0 (no BOM, no blank line before it).
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    errors.push('не UTF-8: файл содержит байты, которые не являются UTF-8');
    return report;
  }
  if (!bytes.subarray(0, 5).equals(Buffer.from('<?xml')))
    errors.push('объявление <?xml …?> должно стоять в самом начале файла (байт 0, без BOM и пробелов)');
  // Text outside CDATA: an & that starts no entity breaks the whole file (§5).
  const outsideCdata = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const rawAmp = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(outsideCdata);
  if (rawAmp)
    errors.push(`неэкранированный & около «${outsideCdata.slice(rawAmp.index, rawAmp.index + 20)}»`);

  const parser = new SaxesParser({ position: true, xmlns: false });
  const stack: Open[] = [];
  const categories = new Map<string, string | null>();
  const categoryLines = new Map<string, number>();
  const currencies = new Set<string>();
  const offers: OfferSeen[] = [];
  const offerIds = new Set<string>();
  let roots = 0;
  let shops = 0;
  const at = () => `строка ${parser.line}`;
  const err = (message: string) => errors.push(`${at()}: ${message}`);

  parser.on('xmldecl', (decl) => {
    if (decl.encoding && decl.encoding.toLowerCase() !== 'utf-8')
      err(`объявлена кодировка ${decl.encoding}, а файл в UTF-8`);
  });
  parser.on('error', (e) => errors.push(`XML: ${e.message}`));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const parent = stack.at(-1);
    parent?.children.push(tag.name);
    if (!parent) {
      roots++;
      if (tag.name !== 'yml_catalog') err(`корневой элемент ${tag.name}, а должен быть yml_catalog`);
      const date = tag.attributes.date ?? null;
      report.date = date;
      checkDate(date, now, err);
    } else if (parent.name === 'yml_catalog') {
      if (tag.name !== 'shop') err(`в yml_catalog только shop, а не ${tag.name}`);
      else shops++;
    }
    stack.push({
      name: tag.name,
      attributes: tag.attributes,
      children: [],
      text: '',
      values: new Map(),
      params: [],
    });
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    const el = stack.pop()!;
    const parent = stack.at(-1);
    const value = el.text.trim();
    const path = `${parent?.name ?? ''}/${el.name}`;
    switch (path) {
      case '/yml_catalog':
        if (shops !== 1) err(`в yml_catalog должен быть ровно один shop, а их ${shops}`);
        break;
      case 'yml_catalog/shop':
        checkShopOrder(el.children, err);
        break;
      case 'shop/name':
      case 'shop/company':
        if (!value) err(`пустой ${el.name} магазина`);
        break;
      case 'shop/url':
        if (!isAbsoluteUrl(value)) err(`адрес магазина не абсолютный: «${value}»`);
        break;
      case 'currencies/currency': {
        const id = el.attributes.id ?? '';
        if (!id) err('currency без id');
        currencies.add(id);
        break;
      }
      case 'categories/category': {
        const id = el.attributes.id ?? '';
        if (!/^\d{1,18}$/.test(id)) err(`id категории «${id}» не число`);
        if (categories.has(id)) err(`категория ${id} объявлена дважды`);
        if (!value) err(`у категории ${id} нет названия`);
        categories.set(id, el.attributes.parentId ?? null);
        categoryLines.set(id, parser.line);
        break;
      }
      case 'offers/offer':
        offers.push(checkOffer(el, offerIds, err, parser.line));
        break;
      default:
        if (parent?.name !== 'offer') break;
        if (el.name === 'param') {
          if (!el.attributes.name?.trim()) err('param без имени');
          if (!value) err(`пустой param «${el.attributes.name ?? ''}»`);
          parent.params.push(`${el.attributes.name ?? ''}=${value}`);
        }
        parent.values.set(el.name, [...(parent.values.get(el.name) ?? []), value]);
    }
  });
  parser.write(text).close();
  if (roots !== 1) errors.push(`корневых элементов ${roots}, а должен быть один`);

  // Categories: every parentId declared, no cycle.
  for (const [id, parentId] of categories) {
    if (parentId !== null && !categories.has(parentId))
      errors.push(`строка ${categoryLines.get(id)}: parentId ${parentId} категории ${id} не объявлен`);
    const seen = new Set([id]);
    for (let p = parentId; p !== null && categories.has(p); p = categories.get(p)!) {
      if (seen.has(p)) {
        errors.push(`строка ${categoryLines.get(id)}: цикл в дереве категорий через ${id}`);
        break;
      }
      seen.add(p);
    }
  }
  // Offers: currency and category declared; the variants of a group told apart by their params.
  const groups = new Map<string, Map<string, string>>();
  for (const offer of offers as (OfferSeen & { currencyId?: string; categoryId?: string })[]) {
    if (offer.currencyId !== undefined && !currencies.has(offer.currencyId))
      errors.push(`строка ${offer.line}: currencyId ${offer.currencyId} предложения ${offer.id} не объявлен`);
    if (offer.categoryId !== undefined && !categories.has(offer.categoryId))
      errors.push(`строка ${offer.line}: categoryId ${offer.categoryId} предложения ${offer.id} не объявлен`);
    if (offer.groupId === null) continue;
    let group = groups.get(offer.groupId);
    if (!group) groups.set(offer.groupId, (group = new Map<string, string>()));
    const twin = group.get(offer.params);
    if (twin !== undefined)
      errors.push(
        `строка ${offer.line}: предложения ${twin} и ${offer.id} группы ${offer.groupId} не отличаются param`,
      );
    else group.set(offer.params, offer.id);
  }
  report.offers = offers.length;
  report.categories = categories.size;
  return report;
}

/** Throws with every error, or answers the report of a valid feed. */
export function assertValidYml(bytes: Buffer, now = new Date()): YmlReport {
  const report = validateYml(bytes, now);
  if (report.errors.length)
    throw new Error(
      `YML: ${report.errors.length} ошибок:\n${report.errors.slice(0, 30).join('\n')}` +
        (report.errors.length > 30 ? `\n… и ещё ${report.errors.length - 30}` : ''),
    );
  return report;
}

function checkDate(date: string | null, now: Date, err: (m: string) => void) {
  if (!date) return err('у yml_catalog нет атрибута date');
  const m = RFC3339.exec(date);
  if (!m) return err(`date «${date}» не в формате RFC 3339 с часовым поясом`);
  const at = new Date(date);
  if (Number.isNaN(at.getTime()) || Number(m[2]) > 12 || Number(m[3]) > 31 || Number(m[4]) > 23)
    return err(`date «${date}» — нет такой даты`);
  if (now.getTime() - at.getTime() > 10 * DAY) err(`date «${date}» старше 10 дней: Маркет не примет файл`);
  if (at.getTime() - now.getTime() > 5 * 60 * 1000) err(`date «${date}» в будущем`);
}

function checkShopOrder(children: string[], err: (m: string) => void) {
  let next = 0;
  const seen = new Set<string>();
  for (const name of children) {
    const at = SHOP_ORDER.findIndex(([n]) => n === name);
    if (at < 0) {
      err(`неизвестный элемент shop/${name} (имена элементов чувствительны к регистру)`);
      continue;
    }
    if (seen.has(name)) err(`shop/${name} повторяется`);
    else if (at < next) err(`shop/${name} стоит после ${SHOP_ORDER[next - 1]![0]}: порядок нарушен`);
    seen.add(name);
    next = Math.max(next, at + 1);
  }
  for (const [name, required] of SHOP_ORDER)
    if (required && !seen.has(name)) err(`в shop нет обязательного элемента ${name}`);
}

function isAbsoluteUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/]+/.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function checkOffer(
  el: Open,
  ids: Set<string>,
  err: (m: string) => void,
  line: number,
): OfferSeen & { currencyId?: string; categoryId?: string } {
  const id = el.attributes.id ?? '';
  const name = `предложение ${id || '(без id)'}`;
  if (!OFFER_ID.test(id)) err(`${name}: id пустой, длиннее 80 символов или с недопустимыми знаками`);
  if (ids.has(id)) err(`${name}: id повторяется`);
  ids.add(id);
  const available = el.attributes.available;
  if (available !== undefined && available !== 'true' && available !== 'false')
    err(`${name}: available «${available}», а должно быть true или false`);
  const groupId = el.attributes.group_id ?? null;
  if (groupId !== null && !/^\d{1,9}$/.test(groupId))
    err(`${name}: group_id «${groupId}» не число до 9 цифр`);
  const values = el.values;
  const one = (key: string) => values.get(key)?.[0];
  for (const [key, list] of values) {
    if (!OFFER_CHILDREN.has(key)) err(`${name}: неизвестный элемент ${key}`);
    if (list.length > 1 && !REPEATABLE.has(key)) err(`${name}: элемент ${key} повторяется`);
  }
  for (const key of ['url', 'price', 'currencyId', 'categoryId'])
    if (!values.has(key)) err(`${name}: нет обязательного элемента ${key}`);
  if (!values.has('name') && !values.has('model')) err(`${name}: нет name (или model)`);
  const url = one('url');
  if (url !== undefined && !isAbsoluteUrl(url)) err(`${name}: url не абсолютный или с пробелами: «${url}»`);
  for (const picture of values.get('picture') ?? [])
    if (!isAbsoluteUrl(picture)) err(`${name}: picture не абсолютный или с пробелами: «${picture}»`);
  const price = one('price');
  if (price !== undefined && (!PRICE.test(price) || Number(price) <= 0))
    err(`${name}: цена «${price}» должна быть числом больше нуля с точкой`);
  const oldPrice = one('oldprice');
  if (oldPrice !== undefined && (!PRICE.test(oldPrice) || Number(oldPrice) <= Number(price)))
    err(`${name}: oldprice «${oldPrice}» должна быть больше цены ${price}`);
  if (values.has('vendor') && !one('vendor')) err(`${name}: пустой vendor`);
  if (!values.has('vendor')) err(`${name}: нет vendor (бренда): Маркет скрывает такие предложения`);
  const count = one('count');
  if (count !== undefined && !/^\d+$/.test(count)) err(`${name}: count «${count}» не целое неотрицательное`);
  for (const key of ['name', 'description']) if (values.has(key) && !one(key)) err(`${name}: пустой ${key}`);
  if ((one('name') ?? '').length > 256) err(`${name}: name длиннее 256 символов`);
  const params = [...el.params].sort().join('\u0000');
  return { id, line, groupId, params, currencyId: one('currencyId'), categoryId: one('categoryId') };
}
