// Lash products: a palette per product, variants over curl × thickness × length (and colour).
import { cardName, viewName } from './product-views';
import type { Rng } from './random';
import { CURLS, LASH_COLOURS, MIX_LENGTHS, type LashColour } from './reference';
import type { Brand, Kind, OfferSpec, ProductSpec } from './types';

const LINES = [
  'Silk',
  'Velvet',
  'Mink Touch',
  'Cashmere',
  'Matte',
  'Soft Touch',
  'Premium',
  'Flat',
  'Cloud',
  'Elite',
  'Basic',
  'Royal',
];
const COLOUR_LINES = ['Color', 'Art', 'Bright', 'Fashion', 'Rainbow'];
const FAN_LINES = ['Bloom', 'Quick', 'Flash', 'Air', 'Wow'];

// Popular curls come up more often, as they do in a real assortment.
const CURL_POOL: Curl[] = ['C', 'C', 'CC', 'D', 'D', 'L', 'M', 'B', 'DD', 'Lplus'];
type Curl = (typeof CURLS)[number];

const COMMON = [
  'Волокно мягкое и эластичное: ресницы не ломаются в работе и не колют веко клиентки.',
  'Ресницы легко снимаются с ленты, и на их основании не остаётся клея.',
  'Изгиб держится стабильно: ресницы не распрямляются от влаги, пара и умывания.',
  'Линии уложены ровно, без перекрестий, поэтому палетки хватает надолго.',
  'Матовое покрытие делает наращивание неотличимым от натуральных ресниц.',
  'Ресницы не электризуются и не слипаются между собой.',
  'Кончики тонко заострены, и переход от натуральной ресницы к искусственной незаметен.',
  'Плотная фиксация на ленте: ресницы не рассыпаются, даже если палетку уронить.',
];

const CARE = [
  'Храните палетку закрытой, вдали от прямых солнечных лучей и отопительных приборов.',
  'Берите ресницы пинцетом за середину, а не за кончик, чтобы не деформировать изгиб.',
  'Перед работой проверьте, что длина и изгиб подходят к натуральным ресницам клиентки.',
];

interface LashOptions {
  key: string;
  category: string;
  prefix: string;
  demoCount: number;
  colours: readonly LashColour[];
  lines: readonly string[];
  title: (brand: Brand, line: string, colourPlural: string) => string;
  shorts: readonly string[];
  specific: readonly string[];
  thicknesses: readonly string[];
  mix?: boolean;
  fan?: boolean;
  price: [number, number];
}

function lashKind(o: LashOptions): Kind {
  return {
    key: o.key,
    category: o.category,
    prefix: o.prefix,
    demoCount: o.demoCount,
    make(rng: Rng, brand: Brand): ProductSpec {
      const colour = rng.pick(o.colours);
      const line = rng.pick(o.lines);
      const curls = [...new Set(rng.sample(CURL_POOL, rng.int(3, 4)))].slice(0, 3);
      while (curls.length < 2) curls.push(curls[0] === 'D' ? 'C' : 'D');
      const thicknesses = rng.sample(o.thicknesses, rng.int(1, 2));
      const lengths = o.mix ? rng.sample(MIX_LENGTHS, 2) : consecutive(rng, rng.int(3, 4));
      // A mix tray has fewer length options; one more curl keeps it at six variants or more.
      if (o.mix && curls.length < 3) curls.push(curls.includes('L') ? 'M' : 'L');
      curls.sort((a, b) => CURLS.indexOf(a) - CURLS.indexOf(b));
      const price = rng.int(o.price[0] / 10, o.price[1] / 10) * 10;
      const offers: OfferSpec[] = [];
      for (const curl of curls)
        for (const thickness of thicknesses)
          for (const length of lengths) {
            offers.push({
              attributes: { curl, thickness, length, colour },
              tail: `${curl === 'Lplus' ? 'LP' : curl}-${thickness.replace('.', '')}-${length}`,
              // The thinnest fibre takes more material per line and costs a little more.
              price: thickness === '0.05' ? price + 50 : price,
              weight: 25,
            });
          }
      const c = LASH_COLOURS[colour];
      const lineCount = o.mix ? 16 : rng.pick([16, 20]);
      return {
        title: o.title(brand, line, c.plural),
        short: rng.pick(o.shorts),
        paragraphs: [[...rng.sample(o.specific, 1), ...rng.sample(COMMON, 2)].join(' '), rng.pick(CARE)],
        facts: [
          ['Цвет', c.title.toLowerCase()],
          ['Изгибы', curls.map((x) => (x === 'Lplus' ? 'L+' : x)).join(', ')],
          ['Толщина', thicknesses.map((t) => `${t.replace('.', ',')} мм`).join(', ')],
          [
            'Длина',
            o.mix
              ? lengths.map((l) => `микс ${l.replace('-', '–')} мм`).join(', ')
              : `${lengths[0]}–${lengths.at(-1)} мм`,
          ],
          ['Линий в палетке', String(lineCount)],
        ],
        images: lashPictures(
          brand,
          o.fan ? 'fan' : o.mix ? 'mix' : 'single',
          c.hex,
          o.lines.indexOf(line),
          curls,
          {
            swatch: o.key === 'lashes-colour',
          },
        ),
        offers,
      };
    },
  };
}

/** The colour black and brown lashes are drawn in on the pictures they share. */
const INK = '2a2228';

/**
 * A lash product's pictures: the palette on the brand's ground (the line sets its composition), the curls
 * from the side, the brand's box and, for coloured lashes, the colour beside black.
 */
function lashPictures(
  brand: Brand,
  mode: 'single' | 'mix' | 'fan',
  hex: string,
  line: number,
  curls: Curl[],
  { swatch }: { swatch: boolean },
): ProductSpec['images'] {
  return [
    { name: cardName('palette', brand.code, line, mode, hex) },
    // Shared by the products with these curls (and this colour when it is not black or brown), and the boxes
    // by the brand's palettes of a mode: fewer pictures to render.
    { name: viewName('shot', 'curls', swatch ? hex : INK, ...curls), shows: 'профиль изгибов' },
    { name: viewName('pack', 'palette', brand.code, mode, INK), shows: 'упаковка' },
    ...(swatch ? [{ name: viewName('shot', 'swatch', hex), shows: 'цвет рядом с чёрным' }] : []),
  ];
}

/** A run of n neighbouring lengths between 7 and 14 mm: masters buy the lengths they use together. */
function consecutive(rng: Rng, n: number): string[] {
  const start = rng.int(7, 15 - n);
  return Array.from({ length: n }, (_, i) => String(start + i));
}

export const LASH_KINDS: Kind[] = [
  lashKind({
    key: 'lashes-black',
    category: 'chernye-resnitsy',
    prefix: 'LB',
    demoCount: 14,
    colours: ['black'],
    lines: LINES,
    title: (b, line) => `Ресницы ${b.title} ${line}, чёрные`,
    shorts: [
      'Мягкие матовые ресницы для классики и объёма.',
      'Насыщенный чёрный цвет, стойкий изгиб и лёгкий съём с ленты.',
      'Базовые чёрные ресницы на каждый рабочий день.',
      'Глубокий чёрный без синевы для выразительного взгляда.',
    ],
    specific: [
      'Глубокий чёрный цвет без синевы даёт эффект лёгкой подводки.',
      'Чёрные ресницы — универсальный выбор для большинства клиенток и для эффекта «мокрых» ресниц.',
      'Такие ресницы подходят и для классики, и для объёма 2D–4D.',
    ],
    thicknesses: ['0.05', '0.07', '0.10', '0.12', '0.15', '0.20'],
    price: [690, 1490],
  }),
  lashKind({
    key: 'lashes-brown',
    category: 'korichnevye-resnitsy',
    prefix: 'LC',
    demoCount: 10,
    colours: ['brown', 'dark-brown'],
    lines: LINES,
    title: (b, line, colour) => `Ресницы ${b.title} ${line}, ${colour}`,
    shorts: [
      'Мягкий естественный оттенок для светлых и рыжих клиенток.',
      'Коричневые ресницы для натурального эффекта.',
      'Тёплый оттенок, который не утяжеляет взгляд.',
    ],
    specific: [
      'Коричневый оттенок выглядит мягче чёрного и особенно хорош для блондинок, рыжих и клиенток со светлыми бровями.',
      'Результат получается естественным и не утяжеляет взгляд даже при объёмном наращивании.',
      'Коричневые ресницы часто выбирают для первого наращивания, когда клиентка боится слишком яркого эффекта.',
    ],
    thicknesses: ['0.05', '0.07', '0.10', '0.12'],
    price: [720, 1490],
  }),
  lashKind({
    key: 'lashes-colour',
    category: 'tsvetnye-resnitsy',
    prefix: 'LT',
    demoCount: 10,
    colours: ['blue', 'green', 'purple', 'burgundy', 'copper'],
    lines: COLOUR_LINES,
    title: (b, line, colour) => `Цветные ресницы ${b.title} ${line}, ${colour}`,
    shorts: [
      'Яркий акцент во внешнем уголке или вкраплениями по всей линии роста.',
      'Цветные ресницы для смелых образов и фотосессий.',
      'Насыщенный цвет, который не выгорает до коррекции.',
    ],
    specific: [
      'Цветные ресницы эффектно смотрятся как акцент во внешних уголках или вкраплениями по всей линии роста.',
      'Пигмент не выгорает и не тускнеет до самой коррекции.',
      'При дневном свете оттенок выглядит сдержанно, а при вечернем освещении раскрывается ярче.',
    ],
    thicknesses: ['0.07', '0.10'],
    price: [790, 1390],
  }),
  lashKind({
    key: 'lashes-mix',
    category: 'miks-dlin',
    prefix: 'LM',
    demoCount: 8,
    colours: ['black', 'black', 'brown'],
    lines: LINES,
    title: (b, line, colour) => `Ресницы ${b.title} ${line}, микс длин, ${colour}`,
    shorts: [
      'Несколько длин в одной палетке для моделирования.',
      'Все нужные длины под рукой: удобно для эффектов «лисий» и «беличий».',
    ],
    specific: [
      'Несколько длин в одной палетке экономят время и место на рабочем столе.',
      'Микс удобен для моделирования эффектов «лисий», «беличий» и «кукольный».',
      'Длины идут по порядку, и нужную линию легко найти даже в середине процедуры.',
    ],
    thicknesses: ['0.05', '0.07', '0.10', '0.12'],
    mix: true,
    price: [790, 1500],
  }),
  lashKind({
    key: 'lashes-easyfan',
    category: 'easy-fan',
    prefix: 'LE',
    demoCount: 8,
    colours: ['black', 'black', 'brown'],
    lines: FAN_LINES,
    title: (b, line, colour) => `Лёгкие ресницы ${b.title} Easy fan ${line}, ${colour}`,
    shorts: [
      'Самораскрывающиеся ресницы: пучок за одно касание пинцетом.',
      'Быстрый объём без долгой тренировки.',
      'Ресницы, которые сами раскрываются в ровный веер.',
    ],
    specific: [
      'Ресницы раскрываются в ровный пучок от лёгкого касания пинцетом, поэтому объём собирается в разы быстрее.',
      'Подходят начинающим мастерам, которые осваивают объёмное наращивание, и опытным — для экономии времени.',
      'Из одной линии можно собрать пучки от 2D до 10D, меняя угол захвата.',
    ],
    thicknesses: ['0.05', '0.07'],
    fan: true,
    price: [890, 1500],
  }),
];
