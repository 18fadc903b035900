// CommerceML 2 packages as 1C writes them, for the script that acts as 1C (exchange1c.test.ts) and the
// bench: a classifier with groups and properties, goods with pictures, offers with characteristics
// (`товар#характеристика`), price types, stock; with or without a namespace (and its prefix), with a BOM.
import { zipSync } from 'fflate';
import sharp from 'sharp';

export interface Good {
  id: string;
  name: string;
  article?: string;
  groups?: string[];
  description?: string;
  pictures?: string[];
  /** Property Ид → value (a value's ИдЗначения for a list property). */
  properties?: Record<string, string>;
  deleted?: boolean;
}

export interface Offer {
  /** `good` or `good#characteristic`. */
  id: string;
  name?: string;
  characteristics?: Record<string, string>;
  /** Price type Ид → roubles. */
  prices?: Record<string, number>;
  quantity?: number;
}

export interface Package {
  /** `urn:1C.ru:commerceml_2`, `_205`, `_210`, or none. */
  namespace?: string | null;
  /** A namespace prefix (`cml:`) on every element. */
  prefix?: string;
  bom?: boolean;
  onlyChanges?: boolean;
  version?: string;
}

export const PRICE_TYPES = [
  { id: 'pt-retail', name: 'Розничная' },
  { id: 'pt-wholesale', name: 'Оптовая' },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Turns `<a>` into `<cml:a>` when a prefix is asked for, and adds the declaration and BOM. */
function wrap(p: Package, rootAttrs: string, body: string): string {
  const ns = p.namespace === undefined ? 'urn:1C.ru:commerceml_2' : p.namespace;
  const prefix = p.prefix ?? '';
  const xmlns = ns ? ` xmlns${prefix ? `:${prefix.replace(':', '')}` : ''}="${ns}"` : '';
  let xml = `<КоммерческаяИнформация${xmlns} ВерсияСхемы="${p.version ?? '2.10'}" ДатаФормирования="2026-11-29T10:00:00"${rootAttrs}>${body}</КоммерческаяИнформация>`;
  if (prefix) xml = xml.replace(/<(\/?)([А-ЯA-Zа-яa-z])/g, `<$1${prefix}$2`);
  return `${p.bom ? '\uFEFF' : ''}<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

export interface Catalogue {
  groups?: { id: string; name: string; children?: { id: string; name: string }[] }[];
  properties?: { id: string; name: string; values?: Record<string, string> }[];
  goods: Good[];
}

export function importXml(p: Package, c: Catalogue): string {
  const groups = (list: NonNullable<typeof c.groups>): string =>
    `<Группы>${list
      .map(
        (g) =>
          `<Группа><Ид>${g.id}</Ид><Наименование>${esc(g.name)}</Наименование>${g.children ? groups(g.children) : ''}</Группа>`,
      )
      .join('')}</Группы>`;
  const properties = (c.properties ?? [])
    .map(
      (pr) =>
        `<Свойство><Ид>${pr.id}</Ид><Наименование>${esc(pr.name)}</Наименование>${
          pr.values
            ? `<ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>${Object.entries(pr.values)
                .map(
                  ([id, v]) =>
                    `<Справочник><ИдЗначения>${id}</ИдЗначения><Значение>${esc(v)}</Значение></Справочник>`,
                )
                .join('')}</ВариантыЗначений>`
            : '<ТипЗначений>Строка</ТипЗначений>'
        }</Свойство>`,
    )
    .join('');
  const goods = c.goods
    .map(
      (g) =>
        `<Товар><Ид>${g.id}</Ид><Артикул>${esc(g.article ?? '')}</Артикул><Наименование>${esc(g.name)}</Наименование>` +
        `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>` +
        `<Группы>${(g.groups ?? []).map((id) => `<Ид>${id}</Ид>`).join('')}</Группы>` +
        (g.description ? `<Описание>${esc(g.description)}</Описание>` : '') +
        (g.pictures ?? []).map((pic) => `<Картинка>${pic}</Картинка>`).join('') +
        `<ЗначенияСвойств>${Object.entries(g.properties ?? {})
          .map(
            ([id, v]) => `<ЗначенияСвойства><Ид>${id}</Ид><Значение>${esc(v)}</Значение></ЗначенияСвойства>`,
          )
          .join('')}</ЗначенияСвойств>` +
        `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>` +
        (g.deleted ? '<ПометкаУдаления>true</ПометкаУдаления>' : '') +
        `</Товар>`,
    )
    .join('');
  const classifier =
    c.groups || c.properties
      ? `<Классификатор><Ид>cls-1</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>${
          c.groups ? groups(c.groups) : ''
        }<Свойства>${properties}</Свойства></Классификатор>`
      : '';
  return wrap(
    p,
    '',
    `${classifier}<Каталог СодержитТолькоИзменения="${p.onlyChanges ? 'true' : 'false'}"><Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>${goods}</Товары></Каталог>`,
  );
}

export function offersXml(p: Package, offers: Offer[], opts: { priceTypes?: boolean } = {}): string {
  const types =
    opts.priceTypes === false
      ? ''
      : `<ТипыЦен>${PRICE_TYPES.map(
          (t) =>
            `<ТипЦены><Ид>${t.id}</Ид><Наименование>${t.name}</Наименование><Валюта>RUB</Валюта></ТипЦены>`,
        ).join('')}</ТипыЦен>`;
  const body = offers
    .map(
      (o) =>
        `<Предложение><Ид>${o.id}</Ид><Наименование>${esc(o.name ?? '')}</Наименование>` +
        (o.characteristics
          ? `<ХарактеристикиТовара>${Object.entries(o.characteristics)
              .map(
                ([n, v]) =>
                  `<ХарактеристикаТовара><Наименование>${esc(n)}</Наименование><Значение>${esc(v)}</Значение></ХарактеристикаТовара>`,
              )
              .join('')}</ХарактеристикиТовара>`
          : '') +
        (o.prices
          ? `<Цены>${Object.entries(o.prices)
              .map(
                ([t, v]) =>
                  `<Цена><Представление>${v} RUB за шт</Представление><ИдТипаЦены>${t}</ИдТипаЦены><ЦенаЗаЕдиницу>${v.toFixed(2)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`,
              )
              .join('')}</Цены>`
          : '') +
        (o.quantity !== undefined ? `<Количество>${o.quantity}</Количество>` : '') +
        `</Предложение>`,
    )
    .join('');
  return wrap(
    p,
    '',
    `<ПакетПредложений СодержитТолькоИзменения="${p.onlyChanges ? 'true' : 'false'}"><Ид>cat-1#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cls-1</ИдКлассификатора>${types}<Предложения>${body}</Предложения></ПакетПредложений>`,
  );
}

/** 2.10 rests: Остатки/Остаток/Склад/Количество per warehouse. */
export function restsXml(p: Package, rests: Record<string, number[]>): string {
  const body = Object.entries(rests)
    .map(
      ([id, stores]) =>
        `<Предложение><Ид>${id}</Ид><Остатки>${stores
          .map((q, i) => `<Остаток><Склад><Ид>store-${i}</Ид><Количество>${q}</Количество></Склад></Остаток>`)
          .join('')}</Остатки></Предложение>`,
    )
    .join('');
  return wrap(
    p,
    '',
    `<ПакетПредложений СодержитТолькоИзменения="true"><Ид>cat-1#</Ид><ИдКаталога>cat-1</ИдКаталога><Предложения>${body}</Предложения></ПакетПредложений>`,
  );
}

export const zip = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([n, d]) => [n, typeof d === 'string' ? new TextEncoder().encode(d) : d]),
      ),
    ),
  );

/** A small real picture of one colour. */
export const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** The lash catalogue of the tests: a group tree, a brand and curl/thickness, two goods with variants. */
export const LASHES: Catalogue = {
  groups: [
    {
      id: 'g-lashes',
      name: 'Ресницы 1С',
      children: [{ id: 'g-classic', name: 'Классика 1С' }],
    },
  ],
  properties: [
    { id: 'p-brand', name: 'Производитель', values: { 'v-lb': 'Lash Be 1С' } },
    { id: 'p-curl', name: 'Изгиб', values: { 'v-d': 'D', 'v-c': 'C' } },
  ],
  goods: [
    {
      id: 'good-1',
      name: 'Ресницы Лэш Би 1С чёрные',
      article: 'LB1C',
      groups: ['g-classic'],
      description: 'Мягкие ресницы.\n\nДля классики & объёма',
      pictures: ['import_files/ab/pic-1.jpg'],
      properties: { 'p-brand': 'v-lb' },
    },
    { id: 'good-2', name: 'Клей 1С быстрый', article: 'GLUE1C', groups: ['g-lashes'] },
  ],
};

export const LASH_OFFERS: Offer[] = [
  {
    id: 'good-1#ch-d007',
    characteristics: { Изгиб: 'D', Толщина: '0,07' },
    prices: { 'pt-retail': 890, 'pt-wholesale': 700 },
    quantity: 12,
  },
  {
    id: 'good-1#ch-c010',
    characteristics: { Изгиб: 'C', Толщина: '0,10' },
    prices: { 'pt-retail': 910.5, 'pt-wholesale': 720 },
    quantity: 3,
  },
  { id: 'good-2', prices: { 'pt-retail': 1500 }, quantity: 7 },
];

/** Text in Windows-1251, as old 1C writes it (its declaration saying so): Russian letters and ASCII only. */
export function cp1251(text: string): Buffer {
  const bytes = [...text.replace(/^\uFEFF/, '').replace('encoding="UTF-8"', 'encoding="windows-1251"')].map(
    (ch) => {
      const code = ch.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (ch === 'ё') return 0xb8;
      if (ch === 'Ё') return 0xa8;
      throw new Error(`no Windows-1251 byte for ${ch}`);
    },
  );
  return Buffer.from(bytes);
}
