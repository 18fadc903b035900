// The demo shop's people and what hangs on them: customers of each type (two of them act for a
// representative group), the organisations some of them buy for (with requisites whose check digits are
// right, as a real registry would have them), photo galleries of the shop's events and two cart rules.
// Demo customers have no password: nobody signs in as them.
import { isValidAccount, isValidInn, isValidOgrn } from '@shop/schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../platform/db';
import {
  cartRules,
  coupons,
  galleries,
  galleryImages,
  productCategories,
  userGroups,
  userTypes,
  users,
  userOrganizations,
} from '../../generated/tables';
import { demoImageUrl } from './images';

const DAY = 24 * 60 * 60 * 1000;

interface CustomerDef {
  name: string;
  lastName: string;
  email: string;
  phone: string;
  type: 'retail' | 'master' | 'salon';
  /** Index of the representative group the customer acts for. */
  group?: number;
  subscribeEmail?: boolean;
  organisation?: { legalForm: 'ooo' | 'ip'; name: string; address: string; director: string };
}

const CUSTOMERS: CustomerDef[] = [
  {
    name: 'Анна',
    lastName: 'Смирнова',
    email: 'anna.smirnova@example.ru',
    phone: '+79161234501',
    type: 'master',
    subscribeEmail: true,
  },
  {
    name: 'Екатерина',
    lastName: 'Иванова',
    email: 'katya.lash@example.ru',
    phone: '+79261234502',
    type: 'master',
  },
  {
    name: 'Ольга',
    lastName: 'Кузнецова',
    email: 'olga.k@example.ru',
    phone: '+79031234503',
    type: 'retail',
    subscribeEmail: true,
  },
  {
    name: 'Марина',
    lastName: 'Попова',
    email: 'marina.popova@example.ru',
    phone: '+79851234504',
    type: 'retail',
  },
  {
    name: 'Светлана',
    lastName: 'Соколова',
    email: 'studio.sokolova@example.ru',
    phone: '+79171234505',
    type: 'salon',
    organisation: {
      legalForm: 'ooo',
      name: 'ООО «Студия взгляда»',
      address: '109012, г. Москва, ул. Никольская, д. 10, пом. 3',
      director: 'Соколова Светлана Игоревна',
    },
  },
  {
    name: 'Дарья',
    lastName: 'Лебедева',
    email: 'lebedeva.ip@example.ru',
    phone: '+79211234506',
    type: 'salon',
    group: 0,
    organisation: {
      legalForm: 'ip',
      name: 'ИП Лебедева Дарья Андреевна',
      address: '191025, г. Санкт-Петербург, ул. Марата, д. 25, кв. 12',
      director: 'Лебедева Дарья Андреевна',
    },
  },
  {
    name: 'Алсу',
    lastName: 'Галиева',
    email: 'alsu.kazan@example.ru',
    phone: '+79871234507',
    type: 'salon',
    group: 1,
    organisation: {
      legalForm: 'ooo',
      name: 'ООО «Ресницы Казани»',
      address: '420111, г. Казань, ул. Пушкина, д. 12, офис 4',
      director: 'Галиева Алсу Ринатовна',
    },
  },
  {
    name: 'Юлия',
    lastName: 'Морозова',
    email: 'yulia.morozova@example.ru',
    phone: '+79091234508',
    type: 'master',
    subscribeEmail: true,
  },
  {
    name: 'Наталья',
    lastName: 'Волкова',
    email: 'n.volkova@example.ru',
    phone: '+79121234509',
    type: 'retail',
  },
  {
    name: 'Виктория',
    lastName: 'Фёдорова',
    email: 'vika.lashmaker@example.ru',
    phone: '+79531234510',
    type: 'master',
  },
  {
    name: 'Ирина',
    lastName: 'Новикова',
    email: 'beauty.novikova@example.ru',
    phone: '+79641234511',
    type: 'salon',
    organisation: {
      legalForm: 'ip',
      name: 'ИП Новикова Ирина Сергеевна',
      address: '630099, г. Новосибирск, Красный проспект, д. 77',
      director: 'Новикова Ирина Сергеевна',
    },
  },
  {
    name: 'Ксения',
    lastName: 'Павлова',
    email: 'ksenia.pavlova@example.ru',
    phone: '+79991234512',
    type: 'retail',
  },
];

// ---- requisites with correct check digits (the rules of @shop/schemas) -----------------------------

/** The first completion of `make(n)` for n = 0, 1, 2… that the rule accepts: the check digits. */
function completed(make: (n: number) => string, valid: (s: string) => boolean): string {
  for (let n = 0; n < 100; n++) if (valid(make(n))) return make(n);
  throw new Error(`no check digits complete ${make(0)}`);
}
const withCheck = (base: string, digitsCount: 1 | 2, valid: (s: string) => boolean) =>
  completed((n) => base + String(n).padStart(digitsCount, '0'), valid);

const BANK = { name: 'ПАО Сбербанк', bik: '044525225', correspondent: '30101810400000000225' };

function organisationRow(def: CustomerDef, index: number, userId: number) {
  const org = def.organisation!;
  const n = String(index + 1).padStart(2, '0');
  const company = org.legalForm === 'ooo';
  return {
    userId,
    legalForm: org.legalForm,
    name: org.name,
    inn: company ? withCheck(`77041${n}35`, 1, isValidInn) : withCheck(`7801234${n}5`, 2, isValidInn),
    kpp: company ? `7704010${n}` : null,
    ogrn: withCheck(company ? `11777460${n}35` : `3197847000${n}12`, 1, isValidOgrn),
    directorName: org.director,
    legalAddress: org.address,
    actualAddress: org.address,
    bankName: BANK.name,
    bik: BANK.bik,
    settlementAccount: completed(
      (key) => `${company ? '40702810' : '40802810'}${key % 10}38000${n}1234`,
      (a) => isValidAccount(BANK.bik, a),
    ),
    correspondentAccount: BANK.correspondent,
  };
}

export async function seedCustomers(tx: Tx, now: Date): Promise<Record<string, number>> {
  const types = new Map(
    (await tx.select({ id: userTypes.id, code: userTypes.code }).from(userTypes)).map((t) => [t.code, t.id]),
  );
  const groups = (await tx.select({ id: userGroups.id }).from(userGroups).orderBy(userGroups.id)).map(
    (g) => g.id,
  );
  const people = await tx
    .insert(users)
    .values(
      CUSTOMERS.map((c, i) => {
        const since = new Date(now.getTime() - (CUSTOMERS.length - i) * 9 * DAY);
        return {
          name: c.name,
          lastName: c.lastName,
          email: c.email,
          phone: c.phone,
          role: 'customer',
          userTypeId: types.get(c.type) ?? null,
          groupIds: c.group !== undefined && groups[c.group] ? [groups[c.group]!] : [],
          subscribeEmail: c.subscribeEmail ?? false,
          emailConfirmedAt: since,
          createdAt: since,
          updatedAt: since,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const organisations = CUSTOMERS.flatMap((c, i) =>
    c.organisation && idOf.has(c.email) ? [organisationRow(c, i, idOf.get(c.email)!)] : [],
  );
  if (organisations.length) await tx.insert(userOrganizations).values(organisations);

  const galleryRows = await tx
    .insert(galleries)
    .values([
      {
        title: 'Мастер-класс по ламинированию в Москве',
        slug: 'master-klass-laminirovanie-moskva',
        description: 'Практический день в учебном центре: составы, подбор валиков, разбор ошибок.',
        eventDate: new Date(now.getTime() - 40 * DAY).toISOString().slice(0, 10),
        sortOrder: 10,
      },
      {
        title: 'Стенд LashLine на выставке InterCHARM',
        slug: 'stend-intercharm',
        description: 'Новинки ресниц и клеев, которые можно было потрогать руками.',
        eventDate: new Date(now.getTime() - 75 * DAY).toISOString().slice(0, 10),
        sortOrder: 20,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: galleries.id, slug: galleries.slug });
  const photos: Record<string, [string, string][]> = {
    'master-klass-laminirovanie-moskva': [
      ['rollers-pink', 'Валики для ламинирования'],
      ['sachet-1', 'Составы в саше'],
      ['jar-gel', 'Гель-фиксатор'],
    ],
    'stend-intercharm': [
      ['lashes-black', 'Чёрные ресницы на стенде'],
      ['glue-gold', 'Клей для опытных мастеров'],
      ['tweezers-volume-rose', 'Пинцеты для объёма'],
      ['kit', 'Стартовый набор'],
    ],
  };
  const images = galleryRows.flatMap((g) =>
    (photos[g.slug] ?? []).map(([name, alt], i) => ({
      galleryId: g.id,
      url: demoImageUrl(name),
      alt,
      sortOrder: i,
      position: i,
    })),
  );
  if (images.length) await tx.insert(galleryImages).values(images);

  const [glue] = await tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.slug, 'kley'));
  const rules = await tx
    .insert(cartRules)
    .values([
      {
        title: 'Бесплатная доставка от 5 000 ₽',
        description: 'Доставка за наш счёт, когда товаров в корзине на 5 000 ₽ и больше.',
        minItemsTotal: 500_000,
        discountType: 'free_delivery',
        priority: 10,
      },
      {
        title: '−5 % на клей при покупке от трёх флаконов',
        description: 'Скидка на клей, когда в корзине три флакона и больше.',
        minQuantity: 3,
        categoryIds: glue ? [glue.id] : [],
        discountType: 'percent',
        discountValue: 5,
        priority: 20,
      },
    ])
    .returning({ id: cartRules.id });

  // Promo codes of every kind, listed in the README's demo section; one has expired, to show its message.
  const demoCoupons = await tx
    .insert(coupons)
    .values([
      {
        code: 'LASH10',
        description: '−10 % на весь заказ, не больше 1 000 ₽',
        type: 'percent',
        value: 10,
        maxDiscount: 100_000,
      },
      {
        code: 'MINUS500',
        description: '−500 ₽ на заказ от 3 000 ₽',
        type: 'fixed',
        value: 50_000,
        minOrderTotal: 300_000,
      },
      { code: 'DOSTAVKA', description: 'Бесплатная доставка', type: 'free_delivery', value: 0 },
      {
        code: 'KLEY15',
        description: '−15 % на клей',
        type: 'percent',
        value: 15,
        categoryIds: glue ? [glue.id] : [],
      },
      {
        code: 'LETO2025',
        description: 'Летняя акция прошлого года',
        type: 'percent',
        value: 20,
        startsAt: new Date(now.getTime() - 500 * DAY),
        endsAt: new Date(now.getTime() - 400 * DAY),
      },
    ])
    .returning({ id: coupons.id });

  return {
    customers: people.length,
    organisations: organisations.length,
    galleries: galleryRows.length,
    galleryImages: images.length,
    cartRules: rules.length,
    coupons: demoCoupons.length,
  };
}
