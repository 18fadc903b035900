// Everything that is not a lash tray: glue, lamination, preparations, tweezers, accessories, kits and courses.
import { cardName, viewName } from './product-views';
import type { Rng } from './random';
import { PACKS, VOLUMES, type PackCode, type VolumeCode } from './reference';
import type { Brand, Kind, OfferSpec, ProductSpec } from './types';

const round10 = (n: number) => Math.max(10, Math.round(n / 10) * 10);

/** Variants by bottle size: a bigger bottle costs more, but less per millilitre. */
function byVolume(codes: readonly VolumeCode[], price: number, tare = 20): OfferSpec[] {
  const first = parseInt(codes[0] ?? '5ml', 10);
  return codes.map((code) => {
    const ml = parseInt(code, 10);
    return {
      attributes: { volume: code },
      tail: code.toUpperCase(),
      price: round10(price * (ml / first) ** 0.75),
      weight: tare + ml,
    };
  });
}

function byPack(codes: readonly PackCode[], price: number, weightEach: number): OfferSpec[] {
  const first = parseInt(codes[0] ?? '1pc', 10);
  return codes.map((code) => {
    const n = parseInt(code, 10);
    return {
      attributes: { pack: code },
      tail: code.toUpperCase(),
      price: round10(price * (n / first) ** 0.85),
      weight: Math.ceil(n * weightEach) + 10,
    };
  });
}

const single = (price: number, weight: number | null): OfferSpec[] => [
  { attributes: {}, tail: '', price: round10(price), weight },
];

const sizes = (offers: OfferSpec[], key: 'volume' | 'pack'): string =>
  offers
    .map((o) =>
      key === 'volume' ? VOLUMES[o.attributes.volume as VolumeCode] : PACKS[o.attributes.pack as PackCode],
    )
    .join(', ');

/**
 * A small number that tells apart the products of one kind and brand, from the picks their title is made of
 * (each list's index of the item the title names): the cards compose themselves by it (product-views.ts).
 */
function variantOf(title: string, ...lists: readonly (readonly string[])[]): number {
  return lists.reduce(
    (v, list) =>
      v * list.length +
      Math.max(
        0,
        list.findIndex((x) => title.includes(x)),
      ),
    0,
  );
}

/** The usual pictures of a supply: its card, then a close-up or another shot, then the brand's carton. */
function supplyPictures(
  family: string,
  brand: Brand,
  v: number,
  parts: (string | number)[],
  more: { name: string; shows: string }[],
  packed = true,
): ProductSpec['images'] {
  return [
    { name: cardName(family, brand.code, v, ...parts) },
    ...more,
    ...(packed ? [{ name: viewName('pack', family, brand.code, ...parts), shows: 'упаковка' }] : []),
  ];
}

/** A few sentences from a pool, in random order, so descriptions of one kind differ. */
const sentences = (rng: Rng, pool: readonly string[], n: number) => rng.shuffle(pool).slice(0, n).join(' ');

const GLUE = [
  'Клей образует эластичное соединение, которое не трескается и не белеет.',
  'Перед работой встряхивайте флакон не менее 30 секунд, чтобы пигмент равномерно распределился.',
  'Невскрытый флакон храните в холодильнике, а перед работой дайте ему прогреться до комнатной температуры.',
  'После вскрытия клей лучше израсходовать за 4–6 недель.',
  'Насыщенный чёрный цвет маскирует место склейки.',
  'Капля на нефритовом камне остаётся рабочей 15–20 минут.',
];

const GLUE_LINES = ['Black Power', 'Pro Fast', 'Ultra Hold', 'Expert', 'Flex', 'Turbo', 'Classic', 'Strong'];
const GLUE_SPEEDS = [
  ['0,5–1', 'жидкая', '40–55 %'],
  ['1–2', 'средняя', '45–60 %'],
  ['1–2', 'жидкая', '45–60 %'],
  ['2–3', 'густая', '50–70 %'],
] as const;
/** Glue bottles' caps. */
const CAPS = ['34343c', 'c9a14a', 'e58fb0'];

/** A bottle of glue: the card, open by the jade stone with a drop, and the carton. */
const gluePictures = (brand: Brand, v: number, cap: string) =>
  supplyPictures(
    'glue',
    brand,
    v,
    [cap],
    [{ name: viewName('shot', 'gluedrop', cap), shows: 'капля клея на нефритовом камне' }],
    false,
  ).concat({ name: viewName('pack', 'glue', brand.code), shows: 'упаковка' });

const glue: Kind = {
  key: 'glue',
  category: 'kley-dlya-narashchivaniya',
  prefix: 'GL',
  demoCount: 10,
  make(rng, brand) {
    const line = rng.pick(GLUE_LINES);
    const glueKind = rng.pick(GLUE_SPEEDS);
    const [speed, texture, humidity] = glueKind;
    const offers = byVolume(rng.sample(['5ml', '10ml'] as const, rng.int(1, 2)), rng.int(90, 160) * 10);
    return {
      title: `Клей ${brand.title} ${line}, сцепка ${speed} сек`,
      short: `Сцепка ${speed} секунды, стойкость до ${rng.int(5, 8)} недель.`,
      paragraphs: [
        `Профессиональный клей для наращивания ресниц с ${texture === 'густая' ? 'плавной' : 'быстрой'} сцепкой. ${sentences(rng, GLUE, 2)}`,
        `Лучший результат клей показывает при влажности ${humidity} и температуре 20–24 °C.`,
      ],
      facts: [
        ['Сцепка', `${speed} сек`],
        ['Консистенция', texture],
        ['Цвет', 'чёрный'],
        ['Объём', sizes(offers, 'volume')],
      ],
      images: gluePictures(
        brand,
        GLUE_LINES.indexOf(line) * GLUE_SPEEDS.length + GLUE_SPEEDS.indexOf(glueKind),
        rng.pick(CAPS),
      ),
      offers,
    };
  },
};

const SENSITIVE_LINES = ['Sensitive', 'Gentle', 'Care', 'Soft', 'Delicate'];

const glueSensitive: Kind = {
  key: 'glue-sensitive',
  category: 'kley-dlya-chuvstvitelnyh-glaz',
  prefix: 'GS',
  demoCount: 4,
  make(rng, brand) {
    const line = rng.pick(SENSITIVE_LINES);
    const offers = byVolume(rng.sample(['5ml', '10ml'] as const, rng.int(1, 2)), rng.int(110, 180) * 10);
    return {
      title: `Клей для чувствительных глаз ${brand.title} ${line}`,
      short: 'Минимум испарений, сцепка 3–4 секунды: для чувствительных глаз и начинающих мастеров.',
      paragraphs: [
        'Клей почти не испаряется и не вызывает слезотечения, поэтому подходит клиенткам с чувствительными глазами и тем, кто носит линзы.',
        `Сцепка медленнее обычной, и у мастера есть время поправить ресницу. ${sentences(rng, GLUE, 1)}`,
      ],
      facts: [
        ['Сцепка', '3–4 сек'],
        ['Стойкость', `до ${rng.int(4, 6)} недель`],
        ['Объём', sizes(offers, 'volume')],
      ],
      images: gluePictures(brand, SENSITIVE_LINES.indexOf(line), '7cc7b2'),
      offers,
    };
  },
};

const LIFT_LINES = ['Lift', 'Lash Up', 'Curl Pro', 'Silk Lift', 'Keratin'];
const LIFT = [
  'Кремовая текстура не растекается и не попадает на кожу века.',
  'Время выдержки подбирается по типу ресниц: для тонких — 8–10 минут, для жёстких — до 15 минут.',
  'Перед процедурой обязательно проведите тест на чувствительность.',
  'Результат держится 6–8 недель, до естественного обновления ресниц.',
  'Одноразовые саше защищают состав от окисления: каждая процедура — со свежим составом.',
];

/** The steps' colours, on sachets and bottles alike. */
const STEP_COLOURS = ['8e4b93', '2f8f8a', 'c48a2e'];

/** A lamination product: its card, the three steps' sachets, the rollers, the carton. */
const laminationPictures = (family: string, brand: Brand, v: number, parts: (string | number)[]) =>
  supplyPictures(family, brand, v, parts, [
    { name: viewName('shot', 'sachets'), shows: 'три этапа' },
    { name: viewName('shot', 'rollers', 'f2a7c0'), shows: 'с валиками' },
  ]);

const laminationStep =
  (n: 1 | 2 | 3, what: string, sentence: string): ((rng: Rng, brand: Brand) => ProductSpec) =>
  (rng, brand) => {
    const sachets = rng.chance(0.5);
    const offers = sachets
      ? byPack(rng.sample(['10pcs', '20pcs'] as const, rng.int(1, 2)), rng.int(90, 150) * 10, 1)
      : byVolume(['5ml', '10ml'], rng.int(60, 110) * 10);
    const line = rng.pick(LIFT_LINES);
    const v = LIFT_LINES.indexOf(line) * 2 + (sachets ? 1 : 0);
    const colour = STEP_COLOURS[n - 1]!;
    return {
      title: `Состав № ${n} для ламинирования ресниц ${brand.title} ${line}${sachets ? ', саше' : ''}`,
      short: `${what}.`,
      paragraphs: [`${sentence} ${sentences(rng, LIFT, 2)}`],
      facts: [
        ['Этап', `${n} — ${what.toLowerCase()}`],
        [sachets ? 'В упаковке' : 'Объём', sizes(offers, sachets ? 'pack' : 'volume')],
      ],
      images: sachets
        ? laminationPictures('sachet', brand, v, [colour, n])
        : laminationPictures('dropper', brand, v, [colour, '6b2d6f']),
      offers,
    };
  };

const LAMINATION_RECIPES = [
  laminationStep(
    1,
    'Лифтинг-состав: размягчает ресницы',
    'Первый состав бережно размягчает кератиновые связи и позволяет уложить ресницы в новом положении.',
  ),
  laminationStep(
    2,
    'Фиксирующий состав: закрепляет изгиб',
    'Второй состав восстанавливает связи в структуре ресницы и закрепляет полученный изгиб.',
  ),
  laminationStep(
    3,
    'Восстанавливающий состав: питание и блеск',
    'Третий состав с кератином и маслами питает ресницы и возвращает им блеск после процедуры.',
  ),
  (rng: Rng, brand: Brand): ProductSpec => {
    const offers = byVolume(['5ml', '10ml'], rng.int(50, 90) * 10);
    const line = rng.pick(LIFT_LINES);
    return {
      title: `Клей для ламинирования ресниц ${brand.title} ${line}`,
      short: 'Прозрачный клей-гель для фиксации ресниц на валике.',
      paragraphs: [
        'Клей надёжно удерживает ресницы на силиконовом валике и легко смывается водой после процедуры. Не склеивает ресницы между собой и не оставляет белого налёта.',
      ],
      facts: [['Объём', sizes(offers, 'volume')]],
      images: laminationPictures('glue', brand, LIFT_LINES.indexOf(line), ['e58fb0']),
      offers,
    };
  },
];

const laminationCompositions: Kind = {
  key: 'lamination',
  category: 'sostavy-dlya-laminirovaniya',
  prefix: 'LL',
  demoCount: 7,
  make: (rng, brand) => rng.pick(LAMINATION_RECIPES)(rng, brand),
};

const ROLLER_LINES = ['Soft', 'Curl', 'Wave', 'Lift'];
/** The words that tell the three sets of rollers apart in their titles. */
const ROLLER_SHAPES = ['5 размеров', 'с рельефом', 'изгиб M'];

const rollerPictures = (brand: Brand, v: number, colour: string) =>
  supplyPictures(
    'rollers',
    brand,
    v,
    [colour],
    [{ name: viewName('zoom', 'rollers', colour), shows: 'рельеф валиков' }],
  );

const rollers: Kind = {
  key: 'rollers',
  category: 'valiki-i-formy',
  prefix: 'LR',
  demoCount: 4,
  make(rng, brand) {
    const line = rng.pick(ROLLER_LINES);
    const [title, short] = rng.pick([
      [
        `Силиконовые валики для ламинирования ${brand.title} ${line}, 5 размеров`,
        'Набор из пяти пар валиков: S, M, M1, L и XL.',
      ],
      [
        `Силиконовые формы ${brand.title} ${line} с рельефом`,
        'Рельефная поверхность удерживает ресницы и упрощает их разделение.',
      ],
      [`Силиконовые валики ${brand.title} ${line}, изгиб M`, 'Плавный изгиб M для естественного результата.'],
    ] as const);
    return {
      title,
      short,
      paragraphs: [
        'Мягкий медицинский силикон повторяет форму века и не давит на него. Валики многоразовые: после процедуры их достаточно промыть и продезинфицировать.',
        'Размер подбирается по длине ресниц: чем длиннее ресницы, тем крупнее валик.',
      ],
      facts: [['Материал', 'медицинский силикон']],
      images: rollerPictures(
        brand,
        variantOf(title, ROLLER_LINES, ROLLER_SHAPES),
        rng.pick(['f2a7c0', 'c3a6ea']),
      ),
      offers: byPack(['5pairs'], rng.int(35, 75) * 10, 2),
    };
  },
};

const CARE_LINES = ['Care', 'Nutri', 'Keratin Plus', 'Vita', 'Bio'];
const CARE_PRODUCTS = [
  ['Масло для ресниц и бровей', 'dropper', ['d69a3a', '6b2d6f']],
  ['Сыворотка для роста ресниц', 'serum', ['f5eef5']],
  ['Кератин для ресниц', 'serum', ['f3e6c8']],
  ['Бальзам для ресниц', 'dropper', ['e9b77c', 'c2577f']],
] as const;

const care: Kind = {
  key: 'care',
  category: 'uhod-za-resnitsami',
  prefix: 'LU',
  demoCount: 5,
  make(rng, brand) {
    const line = rng.pick(CARE_LINES);
    const product = rng.pick(CARE_PRODUCTS);
    const [what, family, parts] = product;
    const offers = byVolume(rng.sample(['5ml', '10ml'] as const, rng.int(1, 2)), rng.int(45, 120) * 10);
    return {
      title: `${what} ${brand.title} ${line}`,
      short: 'Уход после ламинирования и окрашивания: питание, блеск и эластичность.',
      paragraphs: [
        `Средство питает ресницы после ламинирования и окрашивания, возвращает им блеск и эластичность. ${rng.pick(
          [
            'В составе — касторовое масло, пантенол и витамин E.',
            'В составе — гидролизованный кератин, масло арганы и экстракт ромашки.',
            'В составе — пептиды, гиалуроновая кислота и масло жожоба.',
          ],
        )}`,
        'Наносите на чистые ресницы вечером, как тушь, не затрагивая слизистую. Подходит и для бровей.',
      ],
      facts: [['Объём', sizes(offers, 'volume')]],
      images: supplyPictures(
        family,
        brand,
        CARE_LINES.indexOf(line) * CARE_PRODUCTS.length + CARE_PRODUCTS.indexOf(product),
        [...parts],
        [{ name: viewName('zoom', family, ...parts), shows: family === 'serum' ? 'кисточка' : 'пипетка' }],
      ),
      offers,
    };
  },
};

const prep = (o: {
  key: string;
  category: string;
  prefix: string;
  demoCount: number;
  /** The bottle's liquid and label colours. */
  bottle: [string, string];
  /** The lists the title picks from, in order: they tell the cards apart. */
  lines: readonly (readonly string[])[];
  title: (rng: Rng, b: Brand) => string;
  short: string;
  pool: string[];
  volumes: VolumeCode[];
  price: [number, number];
}): Kind => ({
  key: o.key,
  category: o.category,
  prefix: o.prefix,
  demoCount: o.demoCount,
  make(rng, brand) {
    const offers = byVolume(
      rng.sample(o.volumes, rng.int(1, o.volumes.length)),
      rng.int(o.price[0] / 10, o.price[1] / 10) * 10,
    );
    const title = o.title(rng, brand);
    return {
      title,
      short: o.short,
      paragraphs: [sentences(rng, o.pool, 3)],
      facts: [['Объём', sizes(offers, 'volume')]],
      images: supplyPictures('dropper', brand, variantOf(title, ...o.lines), o.bottle, [
        { name: viewName('zoom', 'dropper', ...o.bottle), shows: 'пипетка' },
      ]),
      offers,
    };
  },
});

const PREP_LINES = ['Clean', 'Fresh', 'Pure', 'Pro', 'Active', 'Soft'];
const SCENTS = [
  'с ароматом клубники',
  'с ароматом мяты',
  'с ароматом персика',
  'с ароматом кокоса',
  'без отдушки',
];

const degreaser = prep({
  key: 'degreaser',
  category: 'obezzhirivateli',
  prefix: 'PD',
  demoCount: 4,
  bottle: ['8cc2ec', '2f6fa8'],
  lines: [PREP_LINES],
  title: (rng, b) => `Обезжириватель ${b.title} ${rng.pick(PREP_LINES)}`,
  short: 'Очищает натуральные ресницы перед наращиванием и продлевает носку.',
  pool: [
    'Удаляет с ресниц остатки косметики и кожного жира, и наращенные ресницы держатся дольше.',
    'Не содержит масел и не раздражает глаза.',
    'Быстро испаряется и не оставляет плёнки.',
    'Наносится микробрашем от корней к кончикам перед нанесением праймера.',
  ],
  volumes: ['15ml', '30ml', '50ml'],
  price: [350, 650],
});

const primer = prep({
  key: 'primer',
  category: 'praymery',
  prefix: 'PP',
  demoCount: 5,
  bottle: ['f29ab8', 'b83d72'],
  lines: [PREP_LINES, SCENTS],
  title: (rng, b) => `Праймер ${b.title} ${rng.pick(PREP_LINES)}, ${rng.pick(SCENTS)}`,
  short: 'Улучшает сцепление клея с натуральными ресницами.',
  pool: [
    'Праймер раскрывает чешуйки кератина и улучшает сцепление клея с натуральной ресницей.',
    'Наносится микробрашем за 1–2 минуты до начала наращивания.',
    'Особенно нужен клиенткам с жёсткими и жирными ресницами.',
    'Лёгкий аромат делает процедуру приятнее для клиентки.',
  ],
  volumes: ['15ml', '30ml'],
  price: [390, 750],
});

const REMOVERS = [
  ['Гелевый', ['jar', 'f7b6cf', '6b2d6f'], 'Гелевая текстура не растекается и не попадает на слизистую.'],
  [
    'Кремовый',
    ['jar', 'f4efe9', 'c9a14a'],
    'Кремовая текстура держится точно на линии склейки и ухаживает за натуральными ресницами.',
  ],
  [
    'Жидкий',
    ['dropper', 'c7b6ef', '6b2d6f'],
    'Жидкая текстура удобна для точечного снятия отдельных ресниц при коррекции.',
  ],
] as const;
const REMOVER_LINES = ['Soft', 'Quick', 'Gentle', 'Rose', 'Pro'];

const remover: Kind = {
  key: 'remover',
  category: 'remuvery',
  prefix: 'PR',
  demoCount: 5,
  make(rng, brand) {
    const remover = rng.pick(REMOVERS);
    const [type, [family, ...parts], texture] = remover;
    const offers = byVolume(rng.sample(['5ml', '15ml'] as const, rng.int(1, 2)), rng.int(39, 69) * 10);
    const line = rng.pick(REMOVER_LINES);
    return {
      title: `${type} ремувер ${brand.title} ${line}`,
      short: 'Бережное снятие наращенных ресниц за несколько минут.',
      paragraphs: [
        `${texture} Ремувер растворяет клей за 5–7 минут и не повреждает натуральные ресницы.`,
        'Перед снятием защитите нижние ресницы патчами.',
      ],
      facts: [['Объём', sizes(offers, 'volume')]],
      images: supplyPictures(
        family,
        brand,
        REMOVERS.indexOf(remover) * REMOVER_LINES.length + REMOVER_LINES.indexOf(line),
        parts,
        [{ name: viewName('shot', 'brushes'), shows: 'наносится микробрашем' }],
      ),
      offers,
    };
  },
};

const TWEEZER_LINES = ['Pro', 'Expert', 'Precise', 'Classic', 'Titan', 'Master', 'Diamond Grip'];
const TWEEZERS = [
  'Пинцет изготовлен из медицинской нержавеющей стали и выдерживает стерилизацию в сухожаре и автоклаве.',
  'Кончики сведены вручную: пинцет захватывает даже одну тонкую ресницу.',
  'Мягкое сжатие не утомляет руку даже после нескольких процедур подряд.',
  'Рифлёная ручка не скользит в перчатках.',
];

const tweezers = (
  shape: 'straight' | 'curved' | 'volume',
  o: {
    category: string;
    prefix: string;
    demoCount: number;
    name: string;
    purpose: string;
    price: [number, number];
  },
): Kind => ({
  key: `tweezers-${shape}`,
  category: o.category,
  prefix: o.prefix,
  demoCount: o.demoCount,
  make(rng, brand) {
    const finish = rng.pick(['матовое', 'зеркальное', 'розовое золото']);
    const length = rng.pick([11.5, 12, 12.5, 13]);
    const line = rng.pick(TWEEZER_LINES);
    const metal = finish === 'розовое золото' ? 'rose' : 'silver';
    return {
      title: `${o.name} ${brand.title} ${line}${metal === 'rose' ? ', розовое золото' : ''}`,
      short: `${o.purpose} Длина ${String(length).replace('.', ',')} см.`,
      paragraphs: [`${o.purpose} ${sentences(rng, TWEEZERS, 2)}`],
      facts: [
        ['Длина', `${String(length).replace('.', ',')} см`],
        ['Покрытие', finish],
        ['Материал', 'нержавеющая сталь'],
      ],
      images: supplyPictures(
        'tweezers',
        brand,
        TWEEZER_LINES.indexOf(line) * 2 + (metal === 'rose' ? 1 : 0),
        [shape, metal],
        [{ name: viewName('zoom', 'tweezers', shape, metal), shows: 'кончики' }],
        false,
      ),
      offers: single(rng.int(o.price[0] / 10, o.price[1] / 10) * 10, 20),
    };
  },
});

const PATCH_LINES = ['Gel Soft', 'Cool', 'Aqua', 'Collagen', 'Silk'];

const patches: Kind = {
  key: 'patches',
  category: 'patchi',
  prefix: 'AP',
  demoCount: 4,
  make(rng, brand) {
    const silicone = rng.chance(0.25);
    const line = rng.pick(PATCH_LINES);
    const offers = silicone
      ? byPack(['5pairs'], rng.int(30, 50) * 10, 3)
      : byPack(rng.sample(['50pairs', '100pairs'] as const, rng.int(1, 2)), rng.int(39, 69) * 10, 1);
    return {
      title: silicone
        ? `Силиконовые патчи ${brand.title} ${line}, многоразовые`
        : `Гидрогелевые патчи ${brand.title} ${line}`,
      short: 'Защищают нижние ресницы во время наращивания и снятия.',
      paragraphs: [
        silicone
          ? 'Многоразовые патчи из мягкого силикона плотно прилегают к коже и легко моются.'
          : 'Гидрогелевые патчи плотно прилегают к коже, охлаждают и не сдвигаются во время процедуры. Пропитка с гиалуроновой кислотой и экстрактом алоэ увлажняет кожу под глазами.',
        'Форма повторяет линию роста нижних ресниц.',
      ],
      facts: [['В упаковке', sizes(offers, 'pack')]],
      images: (() => {
        const colour = silicone ? 'ecc97f' : rng.pick(['f7a9c4', 'ecc97f']);
        return supplyPictures(
          'patches',
          brand,
          PATCH_LINES.indexOf(line) * 2 + (silicone ? 1 : 0),
          [colour],
          [{ name: viewName('zoom', 'patches', colour), shows: 'вблизи' }],
        );
      })(),
      offers,
    };
  },
};

const BRUSH_SIZES = ['S', 'M', 'L'];

const microbrushes: Kind = {
  key: 'microbrush',
  category: 'mikrobrashi',
  prefix: 'AM',
  demoCount: 3,
  make(rng, brand) {
    const size = rng.pick(BRUSH_SIZES);
    const offers = byPack(rng.sample(['50pcs', '100pcs'] as const, rng.int(1, 2)), rng.int(9, 19) * 10, 0.3);
    return {
      title: `Микробраши ${brand.title}, размер ${size}`,
      short: 'Одноразовые аппликаторы для праймера, обезжиривателя и ремувера.',
      paragraphs: [
        'Ворсистые наконечники удобны для нанесения препаратов точно на ресницы. Гибкий стержень позволяет менять угол наклона.',
      ],
      facts: [
        ['Размер наконечника', size],
        ['В упаковке', sizes(offers, 'pack')],
      ],
      images: supplyPictures(
        'brushes',
        brand,
        BRUSH_SIZES.indexOf(size),
        [],
        [{ name: viewName('zoom', 'brushes'), shows: 'наконечники' }],
      ),
      offers,
    };
  },
};

const JADE_SHAPES = ['круглый', 'квадратный', 'в форме сердца', 'с подставкой'];

const jade: Kind = {
  key: 'jade',
  category: 'nefritovye-kamni',
  prefix: 'AJ',
  demoCount: 3,
  make(rng, brand) {
    const shape = rng.pick(JADE_SHAPES);
    return {
      title: `Нефритовый камень для клея ${brand.title}, ${shape}`,
      short: 'Держит клей прохладным и продлевает жизнь капли.',
      paragraphs: [
        'Нефрит долго остаётся прохладным: капля клея на нём не густеет раньше времени. Камень легко очищается ремувером или ацетоном.',
      ],
      facts: [['Материал', 'натуральный нефрит']],
      images: supplyPictures(
        'jade',
        brand,
        JADE_SHAPES.indexOf(shape),
        [],
        [{ name: viewName('zoom', 'jade'), shows: 'капля клея на камне' }],
        false,
      ),
      offers: single(rng.int(35, 80) * 10, 60),
    };
  },
};

const TAPES = ['бумажный', 'силиконовый', 'микропористый', 'прозрачный'];

const tape: Kind = {
  key: 'tape',
  category: 'skotch',
  prefix: 'AS',
  demoCount: 4,
  make(rng, brand) {
    const type = rng.pick(TAPES);
    return {
      title: `Скотч для ресниц ${brand.title}, ${type}`,
      short: 'Фиксирует нижние ресницы и не оставляет следов на коже.',
      paragraphs: [
        'Скотч надёжно фиксирует нижние ресницы и веко и не оставляет следов клея на коже. Легко рвётся руками, ножницы не нужны.',
      ],
      facts: [
        ['Ширина', `${rng.pick([1.25, 2.5])} см`.replace('.', ',')],
        ['Длина рулона', `${rng.pick([5, 9])} м`],
      ],
      images: supplyPictures(
        'tape',
        brand,
        TAPES.indexOf(type),
        [],
        [{ name: viewName('zoom', 'tape'), shows: 'край ленты' }],
      ),
      offers: single(rng.int(15, 45) * 10, 25),
    };
  },
};

const KITS = [
  [
    'Стартовый набор для наращивания ресниц',
    'ресницы 3 палетки, клей 5 мл, праймер, обезжириватель, ремувер, 2 пинцета, патчи, микробраши',
    [4900, 9900],
  ],
  [
    'Набор для ламинирования ресниц',
    'составы № 1–3 в саше, клей для ламинирования, силиконовые валики, микробраши',
    [3900, 7900],
  ],
  [
    'Набор для объёмного наращивания',
    'ресницы Easy fan 2 палетки, клей с быстрой сцепкой, пинцет для объёма, нефритовый камень',
    [5900, 11900],
  ],
  ['Набор для снятия и коррекции', 'гелевый ремувер, патчи, микробраши, прямой пинцет', [1900, 3500]],
] as const;

const kits: Kind = {
  key: 'kits',
  category: 'nabory',
  prefix: 'KS',
  demoCount: 4,
  alwaysInStock: true,
  make(rng, brand) {
    const kit = rng.pick(KITS);
    const [name, content, price] = kit;
    return {
      title: `${name} ${brand.title}`,
      short: 'Всё необходимое в одной коробке — выгоднее, чем по отдельности.',
      paragraphs: [
        'Набор собран нашими тренерами: в нём всё, что нужно для первых процедур. Подходит выпускницам курсов и мастерам, которые пробуют новую технику.',
      ],
      facts: [['Состав набора', content]],
      images: supplyPictures('kit', brand, KITS.indexOf(kit), [], []),
      offers: single(rng.int(price[0] / 100, price[1] / 100) * 100 - 10, 600),
    };
  },
};

const COURSES = [
  [
    'Онлайн-курс «Классическое наращивание с нуля»',
    '24 урока, практика на модели и проверка работ.',
    [9900, 14900],
  ],
  ['Курс «Объём 2D–6D»', 'Для мастеров, которые уверенно работают в классике.', [12900, 19900]],
  ['Мастер-класс «Ламинирование ресниц»', 'Один день: теория, подбор валиков и практика.', [4900, 7900]],
  ['Курс «Мегаобъём и Easy fan»', 'Быстрый объём без потери качества.', [14900, 24900]],
  [
    'Интенсив «Коррекция, снятие и разбор ошибок»',
    'Разбираем частые ошибки на реальных работах.',
    [5900, 8900],
  ],
] as const;
/** The eyes on the courses' second pictures, one colour each. */
const IRISES = ['6b2d6f', '2f6fa8', '1f7a6d', 'c2577f', 'b9782c'];

const courses: Kind = {
  key: 'courses',
  category: 'obuchenie',
  prefix: 'ED',
  demoCount: 4,
  brands: ['lashline'],
  alwaysInStock: true,
  make(rng, brand) {
    const course = rng.pick(COURSES);
    const [title, short, price] = course;
    const v = COURSES.indexOf(course);
    return {
      title,
      short,
      paragraphs: [
        'Курс ведёт тренер с опытом работы более восьми лет. Все уроки доступны в личном кабинете в течение года.',
        'После практики и проверки работ вы получите сертификат.',
      ],
      facts: [['Формат', title.startsWith('Онлайн') ? 'онлайн' : 'в учебном центре в Москве или онлайн']],
      images: supplyPictures(
        'course',
        brand,
        v,
        [],
        [{ name: viewName('shot', 'eye', IRISES[v % IRISES.length]!), shows: 'результат' }],
        false,
      ),
      offers: single(rng.int(price[0] / 100, price[1] / 100) * 100 - 10, null),
    };
  },
};

export const SUPPLY_KINDS: Kind[] = [
  glue,
  glueSensitive,
  laminationCompositions,
  rollers,
  care,
  degreaser,
  primer,
  remover,
  tweezers('straight', {
    category: 'pryamye-pintsety',
    prefix: 'TS',
    demoCount: 5,
    name: 'Пинцет прямой',
    purpose: 'Прямой пинцет удобен для изоляции натуральных ресниц.',
    price: [700, 2200],
  }),
  tweezers('curved', {
    category: 'izognutye-pintsety',
    prefix: 'TC',
    demoCount: 5,
    name: 'Пинцет изогнутый',
    purpose: 'Изогнутый пинцет удобен для классики и работы во внутреннем уголке глаза.',
    price: [800, 2500],
  }),
  tweezers('volume', {
    category: 'pintsety-dlya-obema',
    prefix: 'TV',
    demoCount: 6,
    name: 'Пинцет для объёма',
    purpose: 'Г-образные кончики с плотным сведением помогают формировать ровные пучки.',
    price: [1200, 3500],
  }),
  patches,
  microbrushes,
  jade,
  tape,
  kits,
  courses,
];
