// Search quality on the demo shop: what a visitor types (Russian morphology, typos, the wrong keyboard
// layout either way, brands in the other alphabet, lash notation in every spelling, articles in any case)
// and the product that must come up in the first three results of GET /api/products/search. Run on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the engine is SQL and must answer the same on both.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { indexProducts } from '../src/domains/catalog/search/document';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

interface Case {
  /** What it checks. */
  kind: string;
  query: string;
  /** Slugs of the demo shop: every one of them in the first three results, or (any) at least one. */
  top3: string[];
  any?: boolean;
}

const CASES: Case[] = [
  // Russian morphology: any form of a word finds the others.
  { kind: 'morphology', query: 'ресница amberie royal', top3: ['resnitsy-amberie-royal-chernye'] },
  { kind: 'morphology', query: 'клеем velora flex', top3: ['kley-velora-flex-stsepka-2-3-sek'] },
  { kind: 'morphology', query: 'пинцетом прямым silkara titan', top3: ['pintset-pryamoy-silkara-titan'] },
  {
    kind: 'morphology',
    query: 'ремуверы кремовые nordlash gentle',
    top3: ['kremovyy-remuver-nordlash-gentle'],
  },
  {
    kind: 'morphology',
    query: 'нефритовых камней квадратных',
    top3: ['nefritovyy-kamen-dlya-kleya-velora-kvadratnyy'],
  },
  {
    kind: 'morphology',
    query: 'масла для бровей',
    top3: [
      'maslo-dlya-resnits-i-brovey-nordlash-keratin-plus',
      'maslo-dlya-resnits-i-brovey-amberie-keratin-plus',
    ],
  },
  {
    kind: 'morphology',
    query: 'онлайн курсы наращивания',
    top3: ['onlayn-kurs-klassicheskoe-narashchivanie-s-nulya'],
  },
  {
    kind: 'morphology',
    query: 'скотчи силиконовые',
    top3: ['skotch-dlya-resnits-lashline-silikonovyy', 'skotch-dlya-resnits-silkara-silikonovyy'],
  },

  // Typos: a letter wrong, missing or doubled.
  { kind: 'typo', query: 'рисницы velora silk', top3: ['resnitsy-velora-silk-chernye'] },
  { kind: 'typo', query: 'клеи miralash turbo', top3: ['kley-miralash-turbo-stsepka-2-3-sek'] },
  {
    kind: 'typo',
    query: 'пенцет изогнутый expert',
    top3: ['pintset-izognutyy-lashline-expert', 'pintset-izognutyy-silkara-expert-rozovoe-zoloto'],
  },
  { kind: 'typo', query: 'обезжириватль velora pure', top3: ['obezzhirivatel-velora-pure'] },
  {
    kind: 'typo',
    query: 'праймр кокос',
    top3: [
      'praymer-miralash-pure-s-aromatom-kokosa',
      'praymer-miralash-active-s-aromatom-kokosa',
      'praymer-lashline-pure-s-aromatom-kokosa',
    ],
  },
  {
    kind: 'typo',
    query: 'гидрогеливые патчи',
    top3: [
      'gidrogelevye-patchi-lashline-collagen',
      'gidrogelevye-patchi-miralash-aqua',
      'gidrogelevye-patchi-lashline-cool',
    ],
  },
  { kind: 'typo', query: 'мастер-класс ламенирование', top3: ['master-klass-laminirovanie-resnits'] },
  {
    kind: 'typo',
    query: 'сывротка для роста',
    top3: [
      'syvorotka-dlya-rosta-resnits-lashline-keratin-plus',
      'syvorotka-dlya-rosta-resnits-miralash-nutri',
    ],
  },
  { kind: 'typo', query: 'кератинн miralash', top3: ['keratin-dlya-resnits-miralash-nutri'] },

  // Russian typed with the Latin layout on, every word of it: read as typed, none of these finds anything.
  {
    kind: 'layout ru→en',
    query: 'vtlyst wdtnyst htcybws',
    top3: ['tsvetnye-resnitsy-velora-rainbow-mednye', 'tsvetnye-resnitsy-nordlash-fashion-mednye'],
  },
  {
    kind: 'layout ru→en',
    query: 'rktq lkz xedcndbntkmys[ ukfp',
    any: true,
    top3: [
      'kley-dlya-chuvstvitelnyh-glaz-lashline-delicate',
      'kley-dlya-chuvstvitelnyh-glaz-velora-delicate',
      'kley-dlya-chuvstvitelnyh-glaz-velora-gentle',
      'kley-dlya-chuvstvitelnyh-glaz-velora-care',
    ],
  },
  {
    kind: 'layout ru→en',
    query: 'gbywtn lkz j,]`vf',
    any: true,
    top3: [
      'pintset-dlya-obema-lashline-master',
      'pintset-dlya-obema-miralash-classic-rozovoe-zoloto',
      'pintset-dlya-obema-nordlash-classic',
      'pintset-dlya-obema-amberie-titan-rozovoe-zoloto',
      'pintset-dlya-obema-silkara-precise',
      'pintset-dlya-obema-velora-diamond-grip',
    ],
  },
  { kind: 'layout ru→en', query: 'ghfqvth vzns', top3: ['praymer-silkara-soft-s-aromatom-myaty'] },
  { kind: 'layout ru→en', query: 'crjnx ,evf;ysq', top3: ['skotch-dlya-resnits-miralash-bumazhnyy'] },
  {
    kind: 'layout ru→en',
    query: 'htvedth rhtvjdsq',
    any: true,
    top3: [
      'kremovyy-remuver-miralash-quick',
      'kremovyy-remuver-nordlash-soft',
      'kremovyy-remuver-nordlash-gentle',
      'kremovyy-remuver-nordlash-quick',
    ],
  },

  // Latin brands and lines typed with the Russian layout on.
  { kind: 'layout en→ru', query: 'клей ьшкфдфыр егкищ', top3: ['kley-miralash-turbo-stsepka-2-3-sek'] },
  {
    kind: 'layout en→ru',
    query: 'тщквдфыр ифышс',
    top3: ['resnitsy-nordlash-basic-temno-korichnevye', 'resnitsy-nordlash-basic-korichnevye'],
  },
  { kind: 'layout en→ru', query: 'ышдлфкф удшеу', top3: ['resnitsy-silkara-elite-chernye'] },
  {
    kind: 'layout en→ru',
    query: 'мудщкф ыщае ещгср',
    top3: ['resnitsy-velora-soft-touch-miks-dlin-chernye'],
  },

  // Brands and lines in the other alphabet.
  {
    kind: 'transliteration',
    query: 'миралаш нутри',
    top3: ['syvorotka-dlya-rosta-resnits-miralash-nutri', 'keratin-dlya-resnits-miralash-nutri'],
  },
  {
    kind: 'transliteration',
    query: 'клей велора деликат',
    top3: ['kley-dlya-chuvstvitelnyh-glaz-velora-delicate'],
  },
  { kind: 'transliteration', query: 'силкара элит', top3: ['resnitsy-silkara-elite-chernye'] },
  { kind: 'transliteration', query: 'амбери роял', top3: ['resnitsy-amberie-royal-chernye'] },
  {
    kind: 'transliteration',
    query: 'лашлайн клауд',
    top3: [
      'resnitsy-lashline-cloud-miks-dlin-chernye',
      'resnitsy-lashline-cloud-temno-korichnevye',
      'resnitsy-lashline-cloud-chernye',
    ],
  },
  {
    kind: 'transliteration',
    query: 'kley dlya laminirovaniya',
    top3: ['kley-dlya-laminirovaniya-resnits-amberie-silk-lift'],
  },
  {
    kind: 'transliteration',
    query: 'nabor dlya snyatiya',
    top3: [
      'nabor-dlya-snyatiya-i-korrektsii-nordlash',
      'nabor-dlya-snyatiya-i-korrektsii-velora',
      'nabor-dlya-snyatiya-i-korrektsii-silkara',
    ],
  },

  // Lash notation: 0,07 = 0.07, 0,10 = 0.1, 10мм = 10 mm = 10 мм, Russian С/Д/М/В for the curls.
  {
    kind: 'notation',
    query: 'ресницы D 0,07 7мм',
    top3: ['legkie-resnitsy-nordlash-easy-fan-quick-korichnevye'],
  },
  {
    kind: 'notation',
    query: 'ресницы Д 0.07 7 мм',
    top3: ['legkie-resnitsy-nordlash-easy-fan-quick-korichnevye'],
  },
  { kind: 'notation', query: 'ресницы с 0,12 8 mm', top3: ['resnitsy-nordlash-soft-touch-chernye'] },
  { kind: 'notation', query: 'ресницы сс 0,15 8мм', top3: ['resnitsy-velora-silk-chernye'] },
  { kind: 'notation', query: 'дд 0,10 7 мм', top3: ['resnitsy-amberie-cashmere-chernye'] },
  { kind: 'notation', query: 'В 0.2 13mm', top3: ['resnitsy-amberie-cloud-chernye'] },
  { kind: 'notation', query: 'DD 0,15 10', top3: ['resnitsy-amberie-royal-chernye'] },
  {
    kind: 'notation',
    query: 'валики изгиб м',
    top3: ['silikonovye-valiki-nordlash-wave-izgib-m', 'silikonovye-valiki-lashline-soft-izgib-m'],
  },
  { kind: 'notation', query: 'микробраши размер М', top3: ['mikrobrashi-amberie-razmer-m'] },

  // Articles: exact, in any case and layout, first; a product's article prefix finds it.
  { kind: 'article', query: 'LB120-CC-010-7', top3: ['resnitsy-silkara-elite-chernye'] },
  { kind: 'article', query: 'lb2-c-007-10', top3: ['resnitsy-miralash-cloud-chernye'] },
  { kind: 'article', query: 'ДИ17-С-015-8', top3: ['resnitsy-amberie-royal-chernye'] },
  { kind: 'article', query: 'gl46-10ml', top3: ['kley-miralash-classic-stsepka-2-3-sek'] },
  { kind: 'article', query: 'TS50', top3: ['pintset-pryamoy-silkara-titan'] },
  { kind: 'article', query: 'LE103', top3: ['legkie-resnitsy-nordlash-easy-fan-quick-korichnevye'] },

  // Ranking and the description: a title match first; words found only in descriptions still find.
  { kind: 'ranking', query: 'кератин', top3: ['keratin-dlya-resnits-miralash-nutri'] },
  {
    kind: 'description',
    query: 'гиалуроновая кислота',
    any: true,
    top3: [
      'gidrogelevye-patchi-lashline-collagen',
      'gidrogelevye-patchi-miralash-aqua',
      'gidrogelevye-patchi-lashline-cool',
    ],
  },
  {
    kind: 'as typed',
    query: 'сывор',
    top3: ['syvorotka-dlya-rosta-resnits-lashline-keratin-plus'],
    any: true,
  },
];

describeOnDatabases('search quality on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { demo: true });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });
  const search = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent(query)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { slug: string; title: string }[]; meta: { total: number } }>();
  };

  // A misspelt slug among the alternatives of an `any` case would never be asked for, and go unnoticed.
  it('names only products of the demo shop in its cases', async () => {
    const named = [...new Set(CASES.flatMap((c) => c.top3))];
    const rows = await selectRows<{ slug: string }>(
      t.database.db,
      sql`SELECT slug FROM products WHERE slug IN (${sql.join(
        named.map((slug) => sql`${slug}`),
        sql`, `,
      )})`,
    );
    expect(rows.map((r) => r.slug).sort()).toEqual(named.sort());
  });

  it('reads a query typed wholly in the other layout as the right one: the same products', async () => {
    const slugs = async (query: string) => {
      const { data, meta } = await search(query);
      expect(meta.total, query).toBeGreaterThan(0);
      return data.map((p) => p.slug);
    };
    const pairs: [wrong: string, right: string][] = [
      ['vtlyst wdtnyst htcybws', 'медные цветные ресницы'],
      ['ghfqvth vzns', 'праймер мяты'],
      ['ышдлфкф удшеу', 'silkara elite'],
      ['тщквдфыр ифышс', 'nordlash basic'],
    ];
    for (const [wrong, right] of pairs) expect(await slugs(wrong), wrong).toEqual(await slugs(right));
  });

  it.each(CASES)('$kind: $query', async (c) => {
    const { data } = await search(c.query);
    const top = data.slice(0, 3).map((p) => p.slug);
    const found = c.top3.filter((slug) => top.includes(slug));
    const want = c.any ? 1 : Math.min(3, c.top3.length);
    expect(
      found.length,
      `top 3: ${data
        .slice(0, 3)
        .map((p) => p.title)
        .join(' | ')}`,
    ).toBeGreaterThanOrEqual(want);
  });

  it('finds nothing for nonsense, and ranks the title matches of a plain word first', async () => {
    expect((await search('жирафы')).meta.total).toBe(0);
    expect((await search('qwzx')).meta.total).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?perPage=100&page=1&filter[search]=${encodeURIComponent('ламинирование')}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json<{ data: { title: string }[]; meta: { total: number } }>();
    // Ten products name it in the title, seven more are found by their category «Ламинирование»: both
    // kinds, or the order would prove nothing.
    expect([data.length, meta.total]).toEqual([17, 17]);
    const inTitle = data.map((p) => /ламинир/i.test(p.title));
    expect(inTitle).toEqual([...Array(10).fill(true), ...Array(7).fill(false)]);
  });

  it('keeps the other filters and an asked sort: category, flags, price order', async () => {
    const inCategory = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?perPage=50&filter[search]=${encodeURIComponent('клей')}&filter[categorySlug]=kley-dlya-chuvstvitelnyh-glaz`,
    });
    const glue = inCategory.json<{ data: { slug: string }[] }>().data;
    expect(glue.map((p) => p.slug).sort()).toEqual([
      'kley-dlya-chuvstvitelnyh-glaz-lashline-delicate',
      'kley-dlya-chuvstvitelnyh-glaz-velora-care',
      'kley-dlya-chuvstvitelnyh-glaz-velora-delicate',
      'kley-dlya-chuvstvitelnyh-glaz-velora-gentle',
    ]);
    const byPrice = await t.app.inject({
      method: 'GET',
      url: `/api/products/search?perPage=50&sort=price&filter[search]=${encodeURIComponent('пинцет')}`,
    });
    const prices = byPrice.json<{ data: { salePrice: number }[] }>().data.map((p) => p.salePrice);
    // All the tweezers of the demo shop, at more than one price, or any order would pass.
    expect(prices).toHaveLength(16);
    expect(new Set(prices).size).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('indexes a product on every admin save: new words, new articles, a changed title', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { authorization: t.adminToken }, payload });
    const created = await call('POST', '/api/admin/products', {
      title: 'Клей Zeltara Nova, сцепка 1 сек',
      slug: 'kley-zeltara-nova',
      offers: [{ article: 'ZN-77-5ML', basePrice: 150000, stock: 3 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await search('зелтара')).data[0]?.slug).toBe('kley-zeltara-nova');
    expect((await search('zn-77-5ml')).data[0]?.slug).toBe('kley-zeltara-nova');
    const renamed = await call('PUT', `/api/admin/products/${id}`, { title: 'Клей Zeltara Orbita' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search('zeltara orbita')).data[0]?.slug).toBe('kley-zeltara-nova');
    expect((await search('zeltara nova')).meta.total).toBe(0);
    // The offers were kept, and so was their article.
    expect((await search('ZN-77')).data[0]?.slug).toBe('kley-zeltara-nova');
  });

  it('builds the documents that products stored before search existed lack', async () => {
    const db = t.database.db;
    await db.execute(sql`UPDATE products SET search_vector = NULL WHERE slug LIKE 'pintset-pryamoy-%'`);
    const slugs = async () => (await search('пинцет прямой silkara titan')).data.map((p) => p.slug);
    expect(await slugs()).not.toContain('pintset-pryamoy-silkara-titan');
    expect(await indexProducts(db)).toBe(5);
    expect((await slugs())[0]).toBe('pintset-pryamoy-silkara-titan');
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM products WHERE search_vector IS NULL`,
    );
    expect(row?.n).toBe(0);
  });
});
