// Everything that is not a lash tray: glue, lamination, preparations, tweezers, accessories, kits and courses.
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

const glue: Kind = {
  key: 'glue',
  category: 'kley-dlya-narashchivaniya',
  prefix: 'GL',
  demoCount: 10,
  make(rng, brand) {
    const line = rng.pick([
      'Black Power',
      'Pro Fast',
      'Ultra Hold',
      'Expert',
      'Flex',
      'Turbo',
      'Classic',
      'Strong',
    ]);
    const [speed, texture, humidity] = rng.pick([
      ['0,5–1', 'жидкая', '40–55 %'],
      ['1–2', 'средняя', '45–60 %'],
      ['1–2', 'жидкая', '45–60 %'],
      ['2–3', 'густая', '50–70 %'],
    ] as const);
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
      image: rng.pick(['glue-black', 'glue-gold', 'glue-pink']),
      offers,
    };
  },
};

const glueSensitive: Kind = {
  key: 'glue-sensitive',
  category: 'kley-dlya-chuvstvitelnyh-glaz',
  prefix: 'GS',
  demoCount: 4,
  make(rng, brand) {
    const line = rng.pick(['Sensitive', 'Gentle', 'Care', 'Soft', 'Delicate']);
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
      image: 'glue-sensitive',
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

const laminationStep =
  (n: 1 | 2 | 3, what: string, sentence: string): ((rng: Rng, brand: Brand) => ProductSpec) =>
  (rng, brand) => {
    const sachets = rng.chance(0.5);
    const offers = sachets
      ? byPack(rng.sample(['10pcs', '20pcs'] as const, rng.int(1, 2)), rng.int(90, 150) * 10, 1)
      : byVolume(['5ml', '10ml'], rng.int(60, 110) * 10);
    return {
      title: `Состав № ${n} для ламинирования ресниц ${brand.title} ${rng.pick(LIFT_LINES)}${sachets ? ', саше' : ''}`,
      short: `${what}.`,
      paragraphs: [`${sentence} ${sentences(rng, LIFT, 2)}`],
      facts: [
        ['Этап', `${n} — ${what.toLowerCase()}`],
        [sachets ? 'В упаковке' : 'Объём', sizes(offers, sachets ? 'pack' : 'volume')],
      ],
      image: `sachet-${n}`,
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
    return {
      title: `Клей для ламинирования ресниц ${brand.title} ${rng.pick(LIFT_LINES)}`,
      short: 'Прозрачный клей-гель для фиксации ресниц на валике.',
      paragraphs: [
        'Клей надёжно удерживает ресницы на силиконовом валике и легко смывается водой после процедуры. Не склеивает ресницы между собой и не оставляет белого налёта.',
      ],
      facts: [['Объём', sizes(offers, 'volume')]],
      image: 'glue-pink',
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

const rollers: Kind = {
  key: 'rollers',
  category: 'valiki-i-formy',
  prefix: 'LR',
  demoCount: 4,
  make(rng, brand) {
    const line = rng.pick(['Soft', 'Curl', 'Wave', 'Lift']);
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
      image: rng.pick(['rollers-pink', 'rollers-lilac']),
      offers: byPack(['5pairs'], rng.int(35, 75) * 10, 2),
    };
  },
};

const care: Kind = {
  key: 'care',
  category: 'uhod-za-resnitsami',
  prefix: 'LU',
  demoCount: 5,
  make(rng, brand) {
    const line = rng.pick(['Care', 'Nutri', 'Keratin Plus', 'Vita', 'Bio']);
    const [what, image] = rng.pick([
      ['Масло для ресниц и бровей', 'oil'],
      ['Сыворотка для роста ресниц', 'serum'],
      ['Кератин для ресниц', 'serum'],
      ['Бальзам для ресниц', 'oil'],
    ] as const);
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
      image,
      offers,
    };
  },
};

const prep = (o: {
  key: string;
  category: string;
  prefix: string;
  demoCount: number;
  image: string;
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
    return {
      title: o.title(rng, brand),
      short: o.short,
      paragraphs: [sentences(rng, o.pool, 3)],
      facts: [['Объём', sizes(offers, 'volume')]],
      image: o.image,
      offers,
    };
  },
});

const PREP_LINES = ['Clean', 'Fresh', 'Pure', 'Pro', 'Active', 'Soft'];

const degreaser = prep({
  key: 'degreaser',
  category: 'obezzhirivateli',
  prefix: 'PD',
  demoCount: 4,
  image: 'bottle-degreaser',
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
  image: 'bottle-primer',
  title: (rng, b) =>
    `Праймер ${b.title} ${rng.pick(PREP_LINES)}, ${rng.pick(['с ароматом клубники', 'с ароматом мяты', 'с ароматом персика', 'с ароматом кокоса', 'без отдушки'])}`,
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
  ['Гелевый', 'jar-gel', 'Гелевая текстура не растекается и не попадает на слизистую.'],
  [
    'Кремовый',
    'jar-cream',
    'Кремовая текстура держится точно на линии склейки и ухаживает за натуральными ресницами.',
  ],
  ['Жидкий', 'bottle-remover', 'Жидкая текстура удобна для точечного снятия отдельных ресниц при коррекции.'],
] as const;

const remover: Kind = {
  key: 'remover',
  category: 'remuvery',
  prefix: 'PR',
  demoCount: 5,
  make(rng, brand) {
    const [type, image, texture] = rng.pick(REMOVERS);
    const offers = byVolume(rng.sample(['5ml', '15ml'] as const, rng.int(1, 2)), rng.int(39, 69) * 10);
    return {
      title: `${type} ремувер ${brand.title} ${rng.pick(['Soft', 'Quick', 'Gentle', 'Rose', 'Pro'])}`,
      short: 'Бережное снятие наращенных ресниц за несколько минут.',
      paragraphs: [
        `${texture} Ремувер растворяет клей за 5–7 минут и не повреждает натуральные ресницы.`,
        'Перед снятием защитите нижние ресницы патчами.',
      ],
      facts: [['Объём', sizes(offers, 'volume')]],
      image,
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
    return {
      title: `${o.name} ${brand.title} ${rng.pick(TWEEZER_LINES)}${finish === 'розовое золото' ? ', розовое золото' : ''}`,
      short: `${o.purpose} Длина ${String(length).replace('.', ',')} см.`,
      paragraphs: [`${o.purpose} ${sentences(rng, TWEEZERS, 2)}`],
      facts: [
        ['Длина', `${String(length).replace('.', ',')} см`],
        ['Покрытие', finish],
        ['Материал', 'нержавеющая сталь'],
      ],
      image: `tweezers-${shape}-${finish === 'розовое золото' ? 'rose' : 'silver'}`,
      offers: single(rng.int(o.price[0] / 10, o.price[1] / 10) * 10, 20),
    };
  },
});

const patches: Kind = {
  key: 'patches',
  category: 'patchi',
  prefix: 'AP',
  demoCount: 4,
  make(rng, brand) {
    const silicone = rng.chance(0.25);
    const line = rng.pick(['Gel Soft', 'Cool', 'Aqua', 'Collagen', 'Silk']);
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
      image: silicone ? 'patches-gold' : rng.pick(['patches-pink', 'patches-gold']),
      offers,
    };
  },
};

const microbrushes: Kind = {
  key: 'microbrush',
  category: 'mikrobrashi',
  prefix: 'AM',
  demoCount: 3,
  make(rng, brand) {
    const size = rng.pick(['S', 'M', 'L']);
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
      image: 'microbrush',
      offers,
    };
  },
};

const jade: Kind = {
  key: 'jade',
  category: 'nefritovye-kamni',
  prefix: 'AJ',
  demoCount: 3,
  make(rng, brand) {
    const shape = rng.pick(['круглый', 'квадратный', 'в форме сердца', 'с подставкой']);
    return {
      title: `Нефритовый камень для клея ${brand.title}, ${shape}`,
      short: 'Держит клей прохладным и продлевает жизнь капли.',
      paragraphs: [
        'Нефрит долго остаётся прохладным: капля клея на нём не густеет раньше времени. Камень легко очищается ремувером или ацетоном.',
      ],
      facts: [['Материал', 'натуральный нефрит']],
      image: 'jade',
      offers: single(rng.int(35, 80) * 10, 60),
    };
  },
};

const tape: Kind = {
  key: 'tape',
  category: 'skotch',
  prefix: 'AS',
  demoCount: 4,
  make(rng, brand) {
    const type = rng.pick(['бумажный', 'силиконовый', 'микропористый', 'прозрачный']);
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
      image: 'tape',
      offers: single(rng.int(15, 45) * 10, 25),
    };
  },
};

const kits: Kind = {
  key: 'kits',
  category: 'nabory',
  prefix: 'KS',
  demoCount: 4,
  alwaysInStock: true,
  make(rng, brand) {
    const [name, content, price] = rng.pick([
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
    ] as const);
    return {
      title: `${name} ${brand.title}`,
      short: 'Всё необходимое в одной коробке — выгоднее, чем по отдельности.',
      paragraphs: [
        'Набор собран нашими тренерами: в нём всё, что нужно для первых процедур. Подходит выпускницам курсов и мастерам, которые пробуют новую технику.',
      ],
      facts: [['Состав набора', content]],
      image: 'kit',
      offers: single(rng.int(price[0] / 100, price[1] / 100) * 100 - 10, 600),
    };
  },
};

const courses: Kind = {
  key: 'courses',
  category: 'obuchenie',
  prefix: 'ED',
  demoCount: 4,
  brands: ['lashline'],
  alwaysInStock: true,
  make(rng) {
    const [title, short, price] = rng.pick([
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
    ] as const);
    return {
      title,
      short,
      paragraphs: [
        'Курс ведёт тренер с опытом работы более восьми лет. Все уроки доступны в личном кабинете в течение года.',
        'После практики и проверки работ вы получите сертификат.',
      ],
      facts: [['Формат', title.startsWith('Онлайн') ? 'онлайн' : 'в учебном центре в Москве или онлайн']],
      image: 'course',
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
