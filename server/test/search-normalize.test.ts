// The search engine's text functions, without a database: one spelling for documents and queries, the
// readings of a typed word (keyboard layout, transliteration, curls), the document parts and the SQL.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { documentParts, documentWords, type Lookups } from '../src/domains/catalog/search/document';
import {
  analyzeQuery,
  articleKey,
  cyrillicToLatin,
  fold,
  latinToCyrillic,
  normalizeText,
  stripHtml,
  switchLayout,
  variantKeys,
  vocabularyWords,
} from '../src/domains/catalog/search/normalize';
import { altRows, compileSearch } from '../src/domains/catalog/search/query';

describe('normalizeText', () => {
  it('folds case and ё, and keeps letters, digits and decimal points only', () => {
    expect(fold('Чёрные ЁЛКИ')).toBe('черные елки');
    expect(normalizeText('Клей Miralash Pro Fast, сцепка 0,5–1 сек!')).toBe(
      'клей miralash pro fast сцепка 0.5 1 сек',
    );
    expect(normalizeText('Лёгкие ресницы «Easy fan»')).toBe('легкие ресницы easy fan');
    expect(normalizeText('Тёмно-коричневые')).toBe('темно коричневые');
    expect(normalizeText('  ')).toBe('');
  });

  it('writes thickness one way: 0,07 = 0.07 = ,07; 0,10 = 0.1', () => {
    for (const t of ['0,07', '0.07', ',07', '0,070']) expect(normalizeText(t)).toBe('0.07');
    expect(normalizeText('0,10 мм')).toBe('0.1 мм');
    expect(normalizeText('0.20')).toBe('0.2');
    expect(normalizeText('12,5 см')).toBe('12.5 см');
    expect(normalizeText('10.0')).toBe('10');
  });

  it('splits a number from its unit and spells units in Russian: 10мм = 10 mm = 10 мм', () => {
    for (const t of ['10мм', '10 mm', '10mm', '10 мм', '10MM']) expect(normalizeText(t)).toBe('10 мм');
    expect(normalizeText('5ml')).toBe('5 мл');
    expect(normalizeText('100pcs')).toBe('100 шт');
    expect(normalizeText('микс 7–12мм')).toBe('микс 7 12 мм');
  });

  it('writes the curl L+ as lplus, in either alphabet', () => {
    expect(normalizeText('L+')).toBe('lplus');
    expect(normalizeText('изгиб Л+')).toBe('изгиб lplus');
    expect(normalizeText('Изгибы C, D, L+')).toBe('изгибы c d lplus');
  });

  it('reads descriptions as text: entities decoded, tags break words, code left out', () => {
    expect(normalizeText(stripHtml('Клей &laquo;Pro&raquo; &amp; праймер'))).toBe('клей pro праймер');
    // Entities the search used not to know were words of the index ("mdash").
    expect(normalizeText(stripHtml('<p>Клей&nbsp;&mdash; &#1096;&#x451;&#1083;&#1082;</p>'))).toBe(
      'клей шелк',
    );
    expect(normalizeText(stripHtml('один<br>два<p>три</p><ul><li>четыре</li></ul>'))).toBe(
      'один два три четыре',
    );
    expect(
      normalizeText(
        stripHtml(
          '<img alt="фото" src="/a.png"><script>var x = "скрипт"</script><style>p{}</style>текст<!-- заметка -->',
        ),
      ),
    ).toBe('текст');
    expect(normalizeText(stripHtml('a < b, 1 > 0 <b title="незакрытый'))).toBe('a b 1 0');
  });
});

describe('vocabulary and articles', () => {
  it('keeps words of two letters or more without digits', () => {
    expect(vocabularyWords('клей 5 мл d lb12 ресницы')).toEqual(['клей', 'мл', 'ресницы']);
  });

  it('reads articles in lower case without spaces', () => {
    expect(articleKey('LB12-C-007-10')).toBe('lb12-c-007-10');
    expect(articleKey(' Ab 12 ')).toBe('ab-12');
    expect(articleKey('ЁЖ-1')).toBe('еж-1');
  });
});

describe('keyboard layout', () => {
  it('reads Russian typed with the Latin layout, punctuation keys included', () => {
    expect(switchLayout('htcybws')).toBe('ресницы');
    expect(switchLayout(',hjdtq')).toBe('бровей');
    expect(switchLayout('j,]`v')).toBe('объем');
    expect(switchLayout('xedcndbntkmys[')).toBe('чувствительных');
  });

  it('reads Latin typed with the Russian layout', () => {
    expect(switchLayout('ьшкфдфыр')).toBe('miralash');
    expect(switchLayout('ДИ12-С-007-10')).toBe('lb12-c-007-10');
    expect(switchLayout('егкищ')).toBe('turbo');
  });

  it('leaves mixed alphabets and digits-only words alone', () => {
    expect(switchLayout('клейq')).toBeNull();
    expect(switchLayout('0.07')).toBeNull();
  });
});

describe('transliteration', () => {
  it('reads Russian as Latin, plainly and the English way', () => {
    expect(cyrillicToLatin('миралаш')).toEqual(['miralash']);
    expect(cyrillicToLatin('велора')).toEqual(['velora']);
    expect(cyrillicToLatin('лашлайн')).toEqual(['lashlayn', 'lashlin']);
    expect(cyrillicToLatin('клауд')).toEqual(['klaud', 'cloud']);
  });

  it('reads Latin as Russian', () => {
    expect(latinToCyrillic('resnitsy')).toBe('ресницы');
    expect(latinToCyrillic('kley')).toBe('клей');
    expect(latinToCyrillic('praymer')).toBe('праймер');
    expect(latinToCyrillic('velora')).toBe('велора');
    expect(latinToCyrillic('pintset')).toBe('пинцет');
    expect(latinToCyrillic('shchetka')).toBe('щетка');
  });
});

describe('analyzeQuery', () => {
  const kinds = (q: string) => analyzeQuery(q).units.map((u) => u.alts.map((a) => `${a.kind}:${a.word}`));

  it('gives every word its readings; the last word, still being typed, matches as a beginning', () => {
    const q = analyzeQuery('клей миралаш');
    expect(q.units.map((u) => [u.typed, u.prefix])).toEqual([
      ['клей', false],
      ['миралаш', true],
    ]);
    expect(kinds('htcybws')[0]).toEqual(expect.arrayContaining(['typed:htcybws', 'layout:ресницы']));
    expect(kinds('миралаш')[0]).toEqual(expect.arrayContaining(['typed:миралаш', 'translit:miralash']));
    expect(kinds('velora')[0]).toEqual(expect.arrayContaining(['typed:velora', 'translit:велора']));
    // A space after the last word: it is complete.
    expect(analyzeQuery('клей ').units[0]!.prefix).toBe(false);
  });

  it('reads a Latin word with punctuation inside as one word of the other layout', () => {
    expect(kinds('клей для ,hjdtq')[2]).toEqual(['typed:hjdtq', 'layout:бровей']);
    expect(kinds('gbywtn lkz j,]`vf')[2]).toEqual(['typed:vf', 'layout:объема']);
    // Punctuation at the end is punctuation.
    expect(analyzeQuery('клей, праймер').units.map((u) => u.typed)).toEqual(['клей', 'праймер']);
  });

  it('reads lash notation: numbers as they are, curls in either alphabet, units as words', () => {
    expect(kinds('D 0,07 10мм')).toEqual([
      expect.arrayContaining(['curl:d']),
      ['literal:0.07'],
      ['literal:10'],
      expect.arrayContaining(['typed:мм']),
    ]);
    expect(kinds('Д')[0]).toContain('curl:d');
    expect(kinds('СС')[0]).toContain('curl:cc');
    expect(kinds('л+')[0]).toContain('curl:lplus');
    expect(analyzeQuery('ресницы Д 0,07 11мм').variant).toBe('0.07/11/d');
  });

  it('takes "с" and "в" for curls only next to notation: they are prepositions too', () => {
    expect(kinds('праймер с ароматом')[1]).not.toContain('curl:c');
    expect(kinds('ресницы с 0.07')[1]).toContain('curl:c');
    expect(kinds('в 0.2')[0]).toContain('curl:b');
  });

  it('keeps an article one word, in any case and layout, and ranks it exactly', () => {
    const q = analyzeQuery('LB12-C-007-10');
    expect(q.units).toHaveLength(1);
    expect(kinds('LB12-C-007-10')[0]).toEqual(['article:lb12-c-007-10', 'article:ди12-с-007-10']);
    expect(q.articles).toContain('lb12-c-007-10');
    expect(analyzeQuery('ДИ12-С-007-10').articles).toContain('lb12-c-007-10');
    expect(kinds('lb12')[0]).toEqual(['article:lb12', 'literal:lb12']);
    // One word may be an article made of letters.
    expect(kinds('abcd')[0]).toContain('article:abcd');
    expect(kinds('клей праймер')[0]).not.toContain('article:клей');
  });

  it('looks at eight words at most and at nothing for blank text', () => {
    expect(analyzeQuery('a b c d e f g h i j k').units).toHaveLength(8);
    expect(analyzeQuery('  ,  ').units).toEqual([]);
    expect(compileSearch('  ').empty).toBe(true);
  });
});

describe('variantKeys', () => {
  it('gives every combination of two or more notation values of one offer', () => {
    expect(variantKeys(['D', '0,07 мм', '11 мм', 'Чёрный'])).toEqual([
      '0.07/11',
      '0.07/d',
      '11/d',
      '0.07/11/d',
    ]);
    expect(variantKeys(['L+', '0,10 мм'])).toEqual(['0.1/lplus']);
    expect(variantKeys(['5 мл'])).toEqual([]);
    expect(variantKeys(['Микс 7–12 мм', 'C'])).toEqual([]);
  });
});

describe('documentParts', () => {
  const lookups: Lookups = {
    brands: new Map([[7, 'Miralash']]),
    categories: new Map([
      [1, { title: 'Ресницы', parentId: null }],
      [2, { title: 'Чёрные ресницы', parentId: 1 }],
    ]),
    entries: new Map([
      ['curl/D', { directory: 'Изгиб', title: 'D' }],
      ['curl/Lplus', { directory: 'Изгиб', title: 'L+' }],
      ['thickness/0.07', { directory: 'Толщина', title: '0,07 мм' }],
      ['length/11', { directory: 'Длина', title: '11 мм' }],
    ]),
  };
  const parts = documentParts(
    {
      title: 'Ресницы Cloud, чёрные',
      brandId: 7,
      categoryIds: [2],
      shortDescription: 'Мягкие ресницы.',
      description: '<p>Волокно &laquo;шёлк&raquo;</p>',
      offers: [
        { article: 'LB2-D-007-11', attributes: { curl: 'D', thickness: '0.07', length: '11' } },
        { article: 'LB2-LP-007-11', attributes: { curl: 'Lplus', thickness: '0.07', length: '11' } },
        { article: 'LB2-OFF', attributes: { curl: 'X' }, active: false },
      ],
    },
    lookups,
  );

  it('puts title and brand, articles, characteristics with categories, and the text apart', () => {
    expect(parts.main).toBe('ресницы cloud черные miralash');
    expect(parts.articles).toContain("'#lb2-d-007-11':1");
    expect(parts.articles).toContain("'#lb2-lp-007-11':2");
    expect(parts.variants).toContain("'=0.07/11/d'");
    expect(parts.variants).toContain("'=0.07/11/lplus'");
    expect(parts.articles).not.toContain('lb2-off');
    expect(parts.attributes).toBe('изгиб d толщина 0.07 мм длина 11 мм изгиб lplus черные ресницы ресницы');
    expect(parts.body).toBe('мягкие ресницы волокно шелк');
    const words = documentWords(parts);
    expect(words.main).toEqual(expect.arrayContaining(['ресницы', 'cloud', 'miralash', 'изгиб', 'lplus']));
    // A word of the text alone is told apart: searching it looks into descriptions.
    expect(words.body).toEqual(['мягкие', 'волокно', 'шелк']);
  });

  it('does not repeat a brand the title already names', () => {
    expect(documentParts({ title: 'Клей Miralash Turbo', brandId: 7 }, lookups).main).toBe(
      'клей miralash turbo',
    );
  });
});

describe('the SQL', () => {
  const dialect = new PgDialect();

  it('sends the readings as JSON rows and ranks exact articles and variants first', () => {
    const rows = altRows(analyzeQuery('LB12'));
    expect(rows).toEqual([
      { u: 0, w: 'lb12', k: 'article', p: true },
      { u: 0, w: 'lb12', k: 'literal', p: true },
    ]);
    const search = compileSearch('ресницы D 0,07 11мм');
    const rank = search.rank(sql`s.q`, sql`s.body`);
    const columns = dialect.sqlToQuery(rank.columns);
    // The variant, then what was asked for (the head of the title or a category's), the title's rank, the
    // whole document's when descriptions count, and at equal relevance what is in stock.
    expect(columns.sql).toMatch(
      /^coalesce\(p\.search_title @@ \$1::tsquery, false\) AS r0, \(coalesce\(p\.search_title @@ \(SELECT regexp_replace\(/,
    );
    expect(columns.sql).toContain('p.category_ids && ARRAY(SELECT c.id FROM product_categories c');
    expect(columns.sql).toContain(
      ' AS r1, ts_rank(p.search_title, s.q) AS r2, ' +
        'CASE WHEN s.body THEN ts_rank($4::float4[], p.search_vector, s.q) END AS r3, ' +
        'EXISTS (SELECT 1 FROM product_offers o WHERE o.product_id = p.id AND o.active AND o.stock > 0) AS r4',
    );
    expect(columns.params[0]).toBe("'=0.07/11/d'");
    expect(dialect.sqlToQuery(rank.order).sql).toBe('r0 DESC, r1 DESC, r2 DESC, r3 DESC NULLS LAST, r4 DESC');
    // An article first, when one word with a digit is typed; a plain word ranks by what was asked for.
    const article = compileSearch('LB12-C').rank(sql`s.q`, sql`s.body`);
    expect(dialect.sqlToQuery(article.columns).params[0]).toBe("'#lb12-c' | '#ди12-с'");
    expect(dialect.sqlToQuery(compileSearch('клей').rank(sql`s.q`, sql`s.body`).columns).sql).toMatch(
      /^\(coalesce\(p\.search_title @@ \(SELECT regexp_replace/,
    );
    const where = dialect.sqlToQuery(search.where);
    expect(where.sql).toContain('p.search_vector @@ (WITH a AS');
    expect(JSON.parse(where.params[0] as string)).toHaveLength(
      analyzeQuery('ресницы D 0,07 11мм').units.flatMap((u) => u.alts).length,
    );
  });

  it('matches nothing when no word is left', () => {
    expect(dialect.sqlToQuery(compileSearch('').where).sql).toBe('false');
  });
});
