// Demo reviews: of the shop, and of products with texts that fit the product's kind.
import type { productReviews, siteReviews } from '../../generated/tables';
import type { SeededProduct } from './types';
import type { Rng } from './random';

const DAY = 24 * 60 * 60 * 1000;

interface ReviewText {
  rating: number;
  text: string;
  advantages?: string;
  disadvantages?: string;
}

const LASHES: ReviewText[] = [
  {
    rating: 5,
    text: 'Беру эти ресницы уже полгода. Изгиб держится до коррекции, с ленты снимаются легко.',
    advantages: 'Лёгкий съём, стойкий изгиб',
    disadvantages: 'Хотелось бы больше линий в палетке',
  },
  {
    rating: 5,
    text: 'Очень мягкие, клиентки говорят, что совсем не чувствуют их на глазах.',
    advantages: 'Мягкость, матовый блеск',
  },
  { rating: 5, text: 'Цвет насыщенный, без рыжины и синевы. Длина соответствует заявленной.' },
  {
    rating: 4,
    text: 'Хорошие ресницы за свои деньги, но пара линий в палетке оказалась чуть короче соседних.',
    advantages: 'Цена',
    disadvantages: 'Небольшой разброс по длине',
  },
  { rating: 5, text: 'Работаю объёмом 3D–4D, ресницы не слипаются и красиво раскрываются в пучок.' },
];

const GLUE: ReviewText[] = [
  {
    rating: 5,
    text: 'Сцепка быстрая, как и заявлено. При влажности около 50 % носка 5–6 недель.',
    advantages: 'Стойкость, чёрный цвет',
  },
  { rating: 5, text: 'Клей почти без паров, глаза у клиенток не слезятся. Беру второй флакон.' },
  {
    rating: 4,
    text: 'Хороший клей, но в жару густеет быстрее. Держу закрытый флакон в холодильнике — помогает.',
    disadvantages: 'Чувствителен к жаре',
  },
];

const TWEEZERS: ReviewText[] = [
  {
    rating: 5,
    text: 'Сведение плотное, захватывает даже одну ресничку. Покрытие не облезло после стерилизации.',
    advantages: 'Точное сведение',
  },
  { rating: 5, text: 'Лёгкий и удобный, рука не устаёт даже к концу дня.' },
  {
    rating: 4,
    text: 'Хороший пинцет, но к жёсткости пришлось привыкать пару дней.',
    disadvantages: 'Туговат',
  },
];

const LAMINATION: ReviewText[] = [
  {
    rating: 5,
    text: 'Составы мягкие, после процедуры ресницы не пушатся. Клиентки довольны.',
    advantages: 'Мягкий результат',
  },
  { rating: 5, text: 'Результат держится около семи недель. Саше удобнее баночек: ничего не окисляется.' },
  { rating: 4, text: 'Работает хорошо, но на жёстких ресницах приходится держать дольше, чем написано.' },
];

const GENERIC: ReviewText[] = [
  { rating: 5, text: 'Заказ пришёл за два дня, всё упаковано аккуратно. Качеством довольна.' },
  { rating: 5, text: 'Пользуюсь постоянно, рекомендую коллегам.' },
  { rating: 4, text: 'Хорошее соотношение цены и качества, буду брать ещё.' },
];

function pool(kind: string): ReviewText[] {
  if (kind.startsWith('lashes')) return LASHES;
  if (kind.startsWith('glue')) return GLUE;
  if (kind.startsWith('tweezers')) return TWEEZERS;
  if (['lamination', 'rollers', 'care'].includes(kind)) return LAMINATION;
  return GENERIC;
}

const NAMES = [
  'Анна К.',
  'Марина С.',
  'Екатерина В.',
  'Ольга Д.',
  'Дарья П.',
  'Алина М.',
  'Юлия Н.',
  'Светлана Р.',
  'Ксения Л.',
  'Виктория Т.',
  'Наталья Б.',
  'Ирина Ж.',
  'Полина Г.',
  'Елена Ф.',
];
const ANSWERS = [
  'Спасибо за отзыв! Рады, что материалы вам подошли.',
  'Спасибо! Передали ваш комментарий производителю.',
  'Благодарим за подробный отзыв — он поможет другим мастерам с выбором.',
];

export function productReviewRows(
  rng: Rng,
  seeded: SeededProduct[],
  now: Date,
): (typeof productReviews.$inferInsert)[] {
  const rows: (typeof productReviews.$inferInsert)[] = [];
  for (const product of rng.sample(seeded, 45)) {
    const texts = rng.sample(pool(product.kind), rng.int(1, 3));
    for (const t of texts) {
      const createdAt = new Date(now.getTime() - rng.int(1, 150) * DAY);
      const answered = rng.chance(0.35);
      rows.push({
        productId: product.id,
        authorName: rng.pick(NAMES),
        rating: t.rating,
        text: t.text,
        advantages: t.advantages ?? null,
        disadvantages: t.disadvantages ?? null,
        verifiedPurchase: rng.chance(0.7),
        // A few wait for moderation, so that the admin queue is not empty.
        status: rng.chance(0.9) ? 'published' : 'pending',
        answer: answered ? rng.pick(ANSWERS) : null,
        answeredAt: answered ? new Date(createdAt.getTime() + DAY) : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  return rows;
}

const SITE: [string, string, number, string][] = [
  [
    'Ольга',
    'Тверь',
    5,
    'Заказываю в LashLine третий год. Собирают быстро, клей приходит свежий, с хорошим запасом срока годности.',
  ],
  [
    'Екатерина',
    'Самара',
    5,
    'Очень понравилась консультация: помогли подобрать валики под мои ресницы и объяснили, как работать с составами.',
  ],
  [
    'Дарья',
    'Новосибирск',
    5,
    'СДЭК до Новосибирска — четыре дня. Упаковка надёжная, клей зимой пришёл в термопакете.',
  ],
  [
    'Алина',
    'Краснодар',
    4,
    'Большой выбор и нормальные цены. Нужного изгиба не было в наличии, но менеджер предложила хорошую замену.',
  ],
  [
    'Виктория',
    'Москва',
    5,
    'Прошла курс по объёму — всё понятно и с разбором ошибок. Теперь материалы заказываю только здесь.',
  ],
  ['Наталья', 'Казань', 5, 'Бонусная программа действительно работает: оплатила баллами почти треть заказа.'],
  [
    'Ксения',
    'Москва',
    5,
    'Удобный самовывоз недалеко от метро. При мне проверили заказ и подсказали по новинкам.',
  ],
  [
    'Мария',
    'Воронеж',
    4,
    'Однажды перепутали длину в заказе, но быстро обменяли за свой счёт. Спасибо за честность.',
  ],
];

export function siteReviewRows(now: Date): (typeof siteReviews.$inferInsert)[] {
  return [
    ...SITE.map(([authorName, city, rating, text], i) => {
      const createdAt = new Date(now.getTime() - (i * 17 + 3) * DAY);
      return {
        authorName,
        city,
        rating,
        text,
        status: 'published',
        answer:
          rating < 5
            ? 'Спасибо, что рассказали! Мы учли ваш опыт и стараемся, чтобы такое не повторялось.'
            : null,
        answeredAt: rating < 5 ? new Date(createdAt.getTime() + DAY) : null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
    {
      authorName: 'Софья',
      city: 'Тула',
      rating: 5,
      text: 'Первый заказ, пока всё нравится: быстро ответили в чате и помогли с выбором клея.',
      status: 'pending',
    },
  ];
}
