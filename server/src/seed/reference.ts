// The catalogue's skeleton: directories (offer characteristics, brands, colours) and the two-level
// category tree. The product generator refers to both by code and slug, never by id.
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db';
import { directories, directoryEntries, directoryFields, productCategories } from '../../generated/tables';
import { demoImageUrl } from './images';

interface EntryDef {
  code: string;
  title: string;
  values?: Record<string, string>;
}

interface DirectoryDef {
  code: string;
  title: string;
  description: string;
  /** The unit its entries' titles end with («0,07 мм»): the YML feed gives it apart from the value. */
  unit?: string;
  useInOffers: boolean;
  useInFilter: boolean;
  fields: { code: string; title: string; type: 'string' | 'color'; required?: boolean }[];
  entries: EntryDef[];
}

// Entry codes are what offers store in `attributes`; the code pattern forbids "+", hence Lplus.
export const CURLS = ['B', 'C', 'CC', 'D', 'DD', 'L', 'Lplus', 'M'] as const;
export const THICKNESSES = ['0.05', '0.07', '0.10', '0.12', '0.15', '0.20'] as const;
export const LENGTHS = ['5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16'] as const;
export const MIX_LENGTHS = ['6-10', '7-12', '8-13', '9-14', '10-15'] as const;

export const LASH_COLOURS = {
  black: { title: 'Чёрный', plural: 'чёрные', hex: '#15131a' },
  'dark-brown': { title: 'Тёмно-коричневый', plural: 'тёмно-коричневые', hex: '#3b2418' },
  brown: { title: 'Коричневый', plural: 'коричневые', hex: '#6f4529' },
  blue: { title: 'Синий', plural: 'синие', hex: '#22408f' },
  green: { title: 'Зелёный', plural: 'зелёные', hex: '#1f6b45' },
  purple: { title: 'Фиолетовый', plural: 'фиолетовые', hex: '#5d2d8a' },
  burgundy: { title: 'Бордовый', plural: 'бордовые', hex: '#701a2c' },
  copper: { title: 'Медный', plural: 'медные', hex: '#b0622b' },
} as const;
export type LashColour = keyof typeof LASH_COLOURS;

export const BRANDS = [
  { code: 'miralash', title: 'Miralash', country: 'Южная Корея' },
  { code: 'nordlash', title: 'Nordlash', country: 'Россия' },
  { code: 'silkara', title: 'Silkara', country: 'Южная Корея' },
  { code: 'velora', title: 'Velora', country: 'Южная Корея' },
  { code: 'amberie', title: 'Amberie', country: 'Россия' },
  { code: 'lashline', title: 'LashLine', country: 'Россия' },
] as const;

export const VOLUMES = {
  '5ml': '5 мл',
  '10ml': '10 мл',
  '15ml': '15 мл',
  '30ml': '30 мл',
  '50ml': '50 мл',
  '100ml': '100 мл',
};
export const PACKS = {
  '1pc': '1 шт.',
  '10pcs': '10 шт.',
  '20pcs': '20 шт.',
  '50pcs': '50 шт.',
  '100pcs': '100 шт.',
  '5pairs': '5 пар',
  '50pairs': '50 пар',
  '100pairs': '100 пар',
};
export type VolumeCode = keyof typeof VOLUMES;
export type PackCode = keyof typeof PACKS;

const CURL_HINTS: Record<(typeof CURLS)[number], [string, string]> = {
  B: ['B', 'Самый мягкий изгиб, почти как у натуральных ресниц'],
  C: ['C', 'Естественный изгиб: открывает взгляд, не меняя форму глаза'],
  CC: ['CC', 'Между C и D: заметнее C, но мягче D'],
  D: ['D', 'Выраженный изгиб для яркого открытого взгляда'],
  DD: ['DD', 'Самый сильный из классических изгибов, «кукольный» эффект'],
  L: ['L', 'Прямое основание и резкий подъём: для нависшего века'],
  Lplus: ['L+', 'Как L, но с более крутым подъёмом кончика'],
  M: ['M', 'Прямое основание и плавный подъём: для прямых и опущенных ресниц'],
};

const THICKNESS_TECHNIQUE: Record<(typeof THICKNESSES)[number], string> = {
  '0.05': 'Объём 4D–6D',
  '0.07': 'Объём 2D–4D',
  '0.10': 'Объём 2D, классика',
  '0.12': 'Классика',
  '0.15': 'Классика',
  '0.20': 'Классика, эффект подводки',
};

export const DIRECTORIES: DirectoryDef[] = [
  {
    code: 'curl',
    title: 'Изгиб',
    description: 'Изгиб искусственных ресниц; выбирается в вариантах товара.',
    useInOffers: true,
    useInFilter: true,
    fields: [{ code: 'hint', title: 'Подсказка', type: 'string' }],
    entries: CURLS.map((code) => ({
      code,
      title: CURL_HINTS[code][0],
      values: { hint: CURL_HINTS[code][1] },
    })),
  },
  {
    code: 'thickness',
    title: 'Толщина',
    description: 'Толщина волокна в миллиметрах.',
    unit: 'мм',
    useInOffers: true,
    useInFilter: true,
    fields: [{ code: 'technique', title: 'Техника', type: 'string' }],
    entries: THICKNESSES.map((code) => ({
      code,
      title: `${code.replace('.', ',')} мм`,
      values: { technique: THICKNESS_TECHNIQUE[code] },
    })),
  },
  {
    code: 'length',
    title: 'Длина',
    description: 'Длина ресниц в миллиметрах; «микс» — несколько длин в одной палетке.',
    unit: 'мм',
    useInOffers: true,
    useInFilter: true,
    fields: [],
    entries: [
      ...LENGTHS.map((code) => ({ code, title: `${code} мм` })),
      ...MIX_LENGTHS.map((code) => ({ code, title: `Микс ${code.replace('-', '–')} мм` })),
    ],
  },
  {
    code: 'colour',
    title: 'Цвет',
    description: 'Цвет ресниц.',
    useInOffers: true,
    useInFilter: true,
    fields: [{ code: 'hex', title: 'Образец цвета', type: 'color', required: true }],
    entries: Object.entries(LASH_COLOURS).map(([code, c]) => ({
      code,
      title: c.title,
      values: { hex: c.hex },
    })),
  },
  {
    code: 'brand',
    title: 'Бренд',
    description: 'Производители материалов.',
    useInOffers: false,
    useInFilter: true,
    fields: [{ code: 'country', title: 'Страна производства', type: 'string' }],
    entries: BRANDS.map((b) => ({ code: b.code, title: b.title, values: { country: b.country } })),
  },
  {
    code: 'volume',
    title: 'Объём',
    description: 'Объём флакона для жидкостей и гелей.',
    unit: 'мл',
    useInOffers: true,
    useInFilter: false,
    fields: [],
    entries: Object.entries(VOLUMES).map(([code, title]) => ({ code, title })),
  },
  {
    code: 'pack',
    title: 'Количество в упаковке',
    description: 'Для расходников, которые продаются штуками или парами.',
    useInOffers: true,
    useInFilter: false,
    fields: [],
    entries: Object.entries(PACKS).map(([code, title]) => ({ code, title })),
  },
];

interface CategoryDef {
  slug: string;
  title: string;
  description: string;
  image: string;
  children?: Omit<CategoryDef, 'children'>[];
}

export const CATEGORIES: CategoryDef[] = [
  {
    slug: 'resnitsy',
    title: 'Ресницы',
    description: 'Ресницы для наращивания: классика, объём, цветные и лёгкие пучки Easy fan.',
    image: 'lashes-black',
    children: [
      {
        slug: 'chernye-resnitsy',
        title: 'Чёрные ресницы',
        description: 'Классический насыщенный чёрный без синевы.',
        image: 'lashes-black',
      },
      {
        slug: 'korichnevye-resnitsy',
        title: 'Коричневые ресницы',
        description: 'Мягкий естественный эффект для светлых и рыжих клиенток.',
        image: 'lashes-brown',
      },
      {
        slug: 'tsvetnye-resnitsy',
        title: 'Цветные ресницы',
        description: 'Синие, зелёные, бордовые и другие оттенки для акцентов.',
        image: 'lashes-blue',
      },
      {
        slug: 'miks-dlin',
        title: 'Микс длин',
        description: 'Несколько длин в одной палетке — удобно для моделирования.',
        image: 'lashes-mix-black',
      },
      {
        slug: 'easy-fan',
        title: 'Лёгкие ресницы «Easy fan»',
        description: 'Самораскрывающиеся ресницы для быстрого объёма.',
        image: 'easyfan-black',
      },
    ],
  },
  {
    slug: 'kley',
    title: 'Клей',
    description: 'Клей для наращивания ресниц с разной скоростью сцепки.',
    image: 'glue-black',
    children: [
      {
        slug: 'kley-dlya-narashchivaniya',
        title: 'Клей для наращивания',
        description: 'Профессиональный клей со сцепкой от 0,5 до 2 секунд.',
        image: 'glue-gold',
      },
      {
        slug: 'kley-dlya-chuvstvitelnyh-glaz',
        title: 'Для чувствительных глаз',
        description: 'Клей с минимальным испарением для клиенток с чувствительными глазами.',
        image: 'glue-sensitive',
      },
    ],
  },
  {
    slug: 'laminirovanie',
    title: 'Ламинирование',
    description: 'Всё для ламинирования и долговременной укладки ресниц.',
    image: 'sachet-1',
    children: [
      {
        slug: 'sostavy-dlya-laminirovaniya',
        title: 'Составы',
        description: 'Составы для лифтинга, фиксации и восстановления ресниц.',
        image: 'sachet-2',
      },
      {
        slug: 'valiki-i-formy',
        title: 'Валики и силиконовые формы',
        description: 'Многоразовые силиконовые валики разных размеров.',
        image: 'rollers-pink',
      },
      {
        slug: 'uhod-za-resnitsami',
        title: 'Уход',
        description: 'Масла, сыворотки и кератин для ухода после процедуры.',
        image: 'serum',
      },
    ],
  },
  {
    slug: 'preparaty',
    title: 'Препараты',
    description: 'Обезжириватели, праймеры и ремуверы.',
    image: 'bottle-primer',
    children: [
      {
        slug: 'obezzhirivateli',
        title: 'Обезжириватели',
        description: 'Подготовка натуральных ресниц к наращиванию.',
        image: 'bottle-degreaser',
      },
      {
        slug: 'praymery',
        title: 'Праймеры',
        description: 'Улучшают сцепление клея с натуральными ресницами.',
        image: 'bottle-primer',
      },
      {
        slug: 'remuvery',
        title: 'Ремуверы',
        description: 'Гелевые, кремовые и жидкие средства для снятия ресниц.',
        image: 'jar-cream',
      },
    ],
  },
  {
    slug: 'pintsety',
    title: 'Пинцеты',
    description: 'Пинцеты из медицинской стали с ручной заточкой.',
    image: 'tweezers-straight-silver',
    children: [
      {
        slug: 'pryamye-pintsety',
        title: 'Прямые',
        description: 'Для изоляции натуральных ресниц.',
        image: 'tweezers-straight-silver',
      },
      {
        slug: 'izognutye-pintsety',
        title: 'Изогнутые',
        description: 'Для классики и работы с внутренним уголком.',
        image: 'tweezers-curved-silver',
      },
      {
        slug: 'pintsety-dlya-obema',
        title: 'Для объёма',
        description: 'Г-образные пинцеты для формирования пучков.',
        image: 'tweezers-volume-rose',
      },
    ],
  },
  {
    slug: 'aksessuary',
    title: 'Аксессуары',
    description: 'Расходники, без которых не обходится ни одна процедура.',
    image: 'patches-pink',
    children: [
      {
        slug: 'patchi',
        title: 'Патчи',
        description: 'Гидрогелевые и силиконовые патчи под нижние ресницы.',
        image: 'patches-pink',
      },
      {
        slug: 'mikrobrashi',
        title: 'Микробраши',
        description: 'Одноразовые аппликаторы для препаратов.',
        image: 'microbrush',
      },
      {
        slug: 'nefritovye-kamni',
        title: 'Нефритовые камни',
        description: 'Держат клей прохладным и продлевают его жизнь.',
        image: 'jade',
      },
      { slug: 'skotch', title: 'Скотч', description: 'Для фиксации нижних ресниц и века.', image: 'tape' },
    ],
  },
  {
    slug: 'nabory-i-obuchenie',
    title: 'Наборы и обучение',
    description: 'Стартовые наборы для мастеров и курсы от наших тренеров.',
    image: 'kit',
    children: [
      {
        slug: 'nabory',
        title: 'Наборы',
        description: 'Готовые наборы для старта и для ламинирования.',
        image: 'kit',
      },
      { slug: 'obuchenie', title: 'Обучение', description: 'Онлайн-курсы и мастер-классы.', image: 'course' },
    ],
  },
];

/**
 * Creates the directories and the category tree. Rows an administrator already made (same code or
 * slug) are kept as they are; only what is missing is added.
 */
export async function seedReference(
  db: DbOrTx,
): Promise<{ directories: number; directoryEntries: number; categories: number }> {
  const counts = { directories: 0, directoryEntries: 0, categories: 0 };
  for (const [i, def] of DIRECTORIES.entries()) {
    const [created] = await db
      .insert(directories)
      .values({
        title: def.title,
        code: def.code,
        description: def.description,
        unit: def.unit ?? null,
        useInOffers: def.useInOffers,
        useInFilter: def.useInFilter,
        sortOrder: (i + 1) * 10,
      })
      .onConflictDoNothing()
      .returning({ id: directories.id });
    // A directory an administrator already made is kept; it only gets the entries it lacks.
    const directoryId =
      created?.id ??
      (await db.select({ id: directories.id }).from(directories).where(eq(directories.code, def.code)))[0]!
        .id;
    if (created) {
      counts.directories++;
      if (def.fields.length) {
        await db.insert(directoryFields).values(
          def.fields.map((f, position) => ({
            directoryId,
            code: f.code,
            title: f.title,
            type: f.type,
            required: f.required ?? false,
            sortOrder: position * 10,
            position,
          })),
        );
      }
    }
    const added = await db
      .insert(directoryEntries)
      .values(
        def.entries.map((e, position) => ({
          directoryId,
          code: e.code,
          title: e.title,
          values: e.values ?? {},
          sortOrder: position * 10,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: directoryEntries.id });
    counts.directoryEntries += added.length;
  }

  for (const [i, root] of CATEGORIES.entries()) {
    const [created] = await db
      .insert(productCategories)
      .values(categoryRow(root, null, i))
      .onConflictDoNothing()
      .returning({ id: productCategories.id });
    const parentId =
      created?.id ??
      (
        await db
          .select({ id: productCategories.id })
          .from(productCategories)
          .where(eq(productCategories.slug, root.slug))
      )[0]!.id;
    const children = root.children ?? [];
    const added = await db
      .insert(productCategories)
      .values(children.map((c, j) => categoryRow(c, parentId, j)))
      .onConflictDoNothing()
      .returning({ id: productCategories.id });
    counts.categories += (created ? 1 : 0) + added.length;
  }
  return counts;
}

function categoryRow(def: Omit<CategoryDef, 'children'>, parentId: number | null, index: number) {
  return {
    title: def.title,
    slug: def.slug,
    parentId,
    description: def.description,
    imageUrl: demoImageUrl(def.image),
    sortOrder: (index + 1) * 10,
    seoTitle: `${def.title} для мастеров — купить в LashLine`,
    seoDescription: def.description,
  };
}

/** What the product generator needs from the database: category ids by slug and the brands. */
export interface CatalogContext {
  categoryIds: Map<string, number>;
  brandIds: Map<string, number>;
}

export async function loadCatalogContext(db: DbOrTx): Promise<CatalogContext> {
  const slugs = CATEGORIES.flatMap((c) => [c.slug, ...(c.children ?? []).map((x) => x.slug)]);
  const cats = await db
    .select({ id: productCategories.id, slug: productCategories.slug })
    .from(productCategories)
    .where(inArray(productCategories.slug, slugs));
  const [brandDir] = await db
    .select({ id: directories.id })
    .from(directories)
    .where(eq(directories.code, 'brand'));
  const brands = brandDir
    ? await db
        .select({
          id: directoryEntries.id,
          code: directoryEntries.code,
          directoryId: directoryEntries.directoryId,
        })
        .from(directoryEntries)
        .where(
          inArray(
            directoryEntries.code,
            BRANDS.map((b) => b.code),
          ),
        )
    : [];
  const context: CatalogContext = {
    categoryIds: new Map(cats.map((c) => [c.slug, c.id])),
    brandIds: new Map(brands.filter((b) => b.directoryId === brandDir?.id).map((b) => [b.code, b.id])),
  };
  const missing = [
    ...slugs.filter((s) => !context.categoryIds.has(s)).map((s) => `category ${s}`),
    ...BRANDS.filter((b) => !context.brandIds.has(b.code)).map((b) => `brand ${b.code}`),
  ];
  if (missing.length) throw new Error(`Seed: the base data was changed, missing: ${missing.join(', ')}`);
  return context;
}
