// The YML validator can fail: a correct feed passes, and each rule of the reference's section 6 broken on its
// own is found and named. And the text rules of the feed (server/src/domains/feeds/yml-text.ts).
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  cdata,
  cutText,
  moscowDateTime,
  xmlText,
  ymlPrice,
} from '../src/domains/feeds/yml-text';
import { validateYml } from './yml-validator';

const NOW = new Date('2026-11-29T09:00:00Z');

const GOOD = `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-29T11:30:00+03:00">
<shop>
<name>LashLine</name>
<company>ООО «Лэшлайн»</company>
<url>https://lash.example</url>
<platform>Lash shop</platform>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories>
<category id="1">Ресницы</category>
<category id="2" parentId="1">Чёрные ресницы</category>
</categories>
<offers>
<offer id="11" available="true" group_id="5">
<url>https://lash.example/catalog/chernye/product/silk?offer=11</url>
<price>780</price>
<oldprice>820.50</oldprice>
<currencyId>RUR</currencyId>
<categoryId>2</categoryId>
<picture>https://lash.example/uploads/a.webp</picture>
<name>Ресницы Silk, C, 0.07 мм</name>
<vendor>Velora</vendor>
<vendorCode>VS-C-007</vendorCode>
<description><![CDATA[<p>Мягкие & лёгкие</p>]]></description>
<param name="Изгиб">C</param>
<param name="Толщина" unit="мм">0.07</param>
<count>3</count>
</offer>
<offer id="12" available="false" group_id="5">
<url>https://lash.example/catalog/chernye/product/silk?offer=12</url>
<price>780</price>
<currencyId>RUR</currencyId>
<categoryId>2</categoryId>
<picture>https://lash.example/uploads/a.webp</picture>
<name>Ресницы Silk, D, 0.07 мм</name>
<vendor>Velora &amp; Co</vendor>
<vendorCode>VS-D-007</vendorCode>
<param name="Изгиб">D</param>
<param name="Толщина" unit="мм">0.07</param>
<count>0</count>
</offer>
</offers>
</shop>
</yml_catalog>
`;

const check = (text: string | Buffer) => validateYml(Buffer.isBuffer(text) ? text : Buffer.from(text), NOW);

describe('the YML validator', () => {
  it('passes a correct feed and counts what it holds', () => {
    const report = check(GOOD);
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ offers: 2, categories: 2, date: '2026-11-29T11:30:00+03:00' });
  });

  const broken: [what: string, change: (feed: string) => string | Buffer, error: RegExp][] = [
    ['not UTF-8', (f) => Buffer.concat([Buffer.from(f), Buffer.from([0xff, 0xfe])]), /не UTF-8/],
    ['a byte-order mark before the declaration', (f) => `\ufeff${f}`, /байт 0/],
    ['a blank line before the declaration', (f) => `\n${f}`, /байт 0/],
    ['not well-formed', (f) => f.replace('</categories>', '</category>'), /XML:/],
    ['a raw &', (f) => f.replace('Velora &amp; Co', 'Velora & Co'), /неэкранированный &/],
    ['a date without a zone', (f) => f.replace('11:30:00+03:00', '11:30:00'), /RFC 3339/],
    ["Direct's old date form", (f) => f.replace('2026-11-29T11:30:00+03:00', '2026-11-29 11:30'), /RFC 3339/],
    ['a date 11 days old', (f) => f.replace('2026-11-29T11', '2026-11-18T11'), /старше 10 дней/],
    ['no date', (f) => f.replace(' date="2026-11-29T11:30:00+03:00"', ''), /нет атрибута date/],
    ['another root', (f) => f.replaceAll('yml_catalog', 'catalog'), /корневой элемент catalog/],
    [
      'company before name',
      (f) => f.replace(/(<name>LashLine<\/name>\n)(<company>.*<\/company>\n)/, '$2$1'),
      /порядок нарушен/,
    ],
    [
      'categories after offers',
      (f) =>
        f
          .replace(/<categories>[\s\S]*<\/categories>\n/, '')
          .replace(
            '</offers>\n',
            '</offers>\n<categories><category id="1">Ресницы</category><category id="2" parentId="1">Чёрные</category></categories>\n',
          ),
      /порядок нарушен/,
    ],
    [
      'no currencies',
      (f) => f.replace(/<currencies>.*<\/currencies>\n/, ''),
      /нет обязательного элемента currencies/,
    ],
    [
      'a wrongly cased element',
      (f) => f.replace('<platform>Lash shop</platform>', '<Platform>Lash shop</Platform>'),
      /неизвестный элемент shop\/Platform/,
    ],
    [
      'an undeclared parentId',
      (f) => f.replace('parentId="1"', 'parentId="9"'),
      /parentId 9 категории 2 не объявлен/,
    ],
    [
      'a cycle of categories',
      (f) => f.replace('<category id="1">', '<category id="1" parentId="2">'),
      /цикл/,
    ],
    [
      'an undeclared categoryId',
      (f) => f.replace('<categoryId>2</categoryId>', '<categoryId>7</categoryId>'),
      /categoryId 7 предложения 11 не объявлен/,
    ],
    [
      'an undeclared currencyId',
      (f) => f.replace('<currencyId>RUR</currencyId>', '<currencyId>USD</currencyId>'),
      /currencyId USD/,
    ],
    ['a repeated offer id', (f) => f.replace('offer id="12"', 'offer id="11"'), /id повторяется/],
    [
      'an offer id of 81 characters',
      (f) => f.replace('offer id="12"', `offer id="${'a'.repeat(81)}"`),
      /длиннее 80/,
    ],
    [
      'an offer id with a space',
      (f) => f.replace('offer id="12"', 'offer id="12 b"'),
      /недопустимыми знаками/,
    ],
    ['a price of zero', (f) => f.replace('<price>780</price>', '<price>0</price>'), /больше нуля/],
    [
      'a price with a comma',
      (f) => f.replace('<price>780</price>', '<price>780,50</price>'),
      /больше нуля с точкой/,
    ],
    ['an old price below the price', (f) => f.replace('820.50', '700'), /oldprice «700» должна быть больше/],
    [
      'a relative page address',
      (f) =>
        f.replace(
          'https://lash.example/catalog/chernye/product/silk?offer=11',
          '/catalog/chernye/product/silk',
        ),
      /url не абсолютный/,
    ],
    [
      'a picture address with a line break',
      (f) =>
        f.replace(
          '<picture>https://lash.example/uploads/a.webp</picture>',
          '<picture>https://lash.example/uploads/\na.webp</picture>',
        ),
      /picture не абсолютный или с пробелами/,
    ],
    ['an empty brand', (f) => f.replace('<vendor>Velora</vendor>', '<vendor> </vendor>'), /пустой vendor/],
    ['no brand', (f) => f.replace('<vendor>Velora</vendor>\n', ''), /нет vendor/],
    [
      'variants of a group with the same params',
      (f) => f.replace('<param name="Изгиб">D</param>', '<param name="Изгиб">C</param>'),
      /не отличаются param/,
    ],
    [
      'no price',
      (f) => f.replace('<price>780</price>\n<oldprice>820.50</oldprice>\n', ''),
      /нет обязательного элемента price/,
    ],
    ['available as yes', (f) => f.replace('available="true"', 'available="yes"'), /available «yes»/],
    ['a negative count', (f) => f.replace('<count>3</count>', '<count>-3</count>'), /count «-3»/],
    [
      'a declared Windows-1251 with UTF-8 bytes',
      (f) => f.replace('encoding="UTF-8"', 'encoding="windows-1251"'),
      /кодировка windows-1251/,
    ],
  ];
  for (const [what, change, error] of broken)
    it(`finds ${what}`, () => {
      const report = check(change(GOOD));
      expect(report.errors.join('\n')).toMatch(error);
    });
});

describe('YML text', () => {
  it('escapes the XML specials and drops what XML 1.0 forbids', () => {
    expect(xmlText(`A & B <c> "d" 'e'\u0001\ud800`)).toBe('A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    expect(xmlText('ресницы 😀')).toBe('ресницы 😀');
  });

  it('keeps a CDATA section closed where the HTML says ]]>', () => {
    expect(cdata('<p>a]]>b</p>')).toBe('<![CDATA[<p>a]]]]><![CDATA[>b</p>]]>');
  });

  it('writes prices in roubles with a dot', () => {
    expect([ymlPrice(129050), ymlPrice(129000), ymlPrice(5), ymlPrice(100)]).toEqual([
      '1290.50',
      '1290',
      '0.05',
      '1',
    ]);
  });

  it('dates the feed in Moscow time with its zone', () => {
    expect(moscowDateTime(new Date('2026-11-29T05:03:13.450Z'))).toBe('2026-11-29T08:03:13+03:00');
    expect(moscowDateTime(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01T01:30:00+03:00');
  });

  it('makes addresses absolute, encoded and without white space', () => {
    const origin = 'https://lash.example';
    expect(absoluteUrl(origin, '/uploads/a b.webp')).toBe('https://lash.example/uploads/a%20b.webp');
    expect(absoluteUrl(origin, ' /uploads/фото.webp\n')).toBe(
      'https://lash.example/uploads/%D1%84%D0%BE%D1%82%D0%BE.webp',
    );
    expect(absoluteUrl(origin, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(absoluteUrl(origin, 'uploads/x.jpg')).toBeNull();
    expect(absoluteUrl(origin, 'javascript:alert(1)')).toBeNull();
  });

  it('cuts a long name at a word', () => {
    const cut = cutText('Ресницы '.repeat(50), 256);
    expect(cut.length).toBeLessThanOrEqual(256);
    expect(cut.endsWith('Ресницы…')).toBe(true);
  });
});
