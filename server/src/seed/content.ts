// Everything around the catalogue: settings, delivery and payment, customer types and representative
// groups, banners, pages, articles, promotions, reviews and message templates.
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db';
import {
  articles,
  banners,
  deliveryServices,
  mailTemplates,
  pages,
  paymentServices,
  productReviews,
  promotions,
  settings,
  siteReviews,
  smsTemplates,
  userGroups,
  userTypes,
} from '../../generated/tables';
import { BANNER_ART } from './banner-art';
import { demoImageUrl } from './images';
import { ARTICLES, COMPANY, PAGES } from './pages';
import type { Rng } from './random';
import { productReviewRows, siteReviewRows } from './reviews';
import { mailTemplateRows, smsTemplateRows } from './templates';
import type { SeededProduct } from './types';

const DAY = 24 * 60 * 60 * 1000;
const rub = (n: number) => n * 100;

/**
 * The home slider's demo banners: their words are text on the page (set in the site's typeface over the
 * plain pictures of banner-art.ts); `alt` says only what the picture shows.
 */
/** Where a banner's or a promotion's text names the day the promotion ends («до 23 декабря»). */
const UNTIL = '{until}';

/** The Easy fan promotion runs this many days from the seed: its texts name that day, not «до конца месяца». */
const EASY_FAN_DAYS = 25;

const dayAndMonth = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Moscow',
});

const DEMO_BANNERS: {
  title: string;
  headline: string;
  text: string;
  buttonLabel: string;
  textTheme: 'dark' | 'light';
  art: string;
  alt: string;
  link: string;
}[] = [
  {
    title: 'Неделя Easy fan',
    headline: 'Лёгкие ресницы Easy fan',
    text: `Пучок за одно касание — скидка 15\u00a0% до ${UNTIL}`,
    buttonLabel: 'Подробнее',
    textTheme: 'light',
    art: 'banner-easy-fan',
    alt: 'Лента лёгких ресниц Easy fan на сиреневом фоне',
    link: '/promotions/nedelya-easy-fan',
  },
  {
    title: 'Ламинирование',
    headline: 'Всё для ламинирования',
    text: 'Составы, валики и уход от ведущих брендов',
    buttonLabel: 'В каталог',
    textTheme: 'dark',
    art: 'banner-lamination',
    alt: 'Три саше составов для ламинирования на мятном фоне',
    link: '/catalog/laminirovanie',
  },
  {
    title: 'Бесплатная доставка',
    headline: 'Бесплатная доставка от 5\u00a0000\u00a0₽',
    text: 'СДЭК, Почта России и курьер по Москве',
    buttonLabel: 'Подробнее',
    textTheme: 'light',
    art: 'banner-delivery',
    alt: 'Открытая коробка с ресницами, клеем и пинцетом',
    link: '/payment-and-delivery',
  },
];
for (const b of DEMO_BANNERS) {
  if (!BANNER_ART.some((a) => a.name === b.art)) throw new Error(`No picture drawn for the banner ${b.art}`);
}

/** Tables without a natural unique key are filled only when empty, so that nothing is doubled. */
async function isEmpty(tx: Tx, table: PgTable): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedContent(
  tx: Tx,
  rng: Rng,
  seeded: SeededProduct[],
  now: Date,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const until = (text: string) => text.replaceAll(UNTIL, dayAndMonth.format(ago(-EASY_FAN_DAYS)));

  if (await isEmpty(tx, settings)) {
    await tx.insert(settings).values({
      shopName: COMPANY.shopName,
      supportPhone: COMPANY.phone,
      supportEmail: COMPANY.email,
      workingHours: COMPANY.hours,
      address: COMPANY.address,
      mapLatitude: COMPANY.latitude,
      mapLongitude: COMPANY.longitude,
      legalName: COMPANY.legalName,
      ogrn: COMPANY.ogrn,
      inn: COMPANY.inn,
      kpp: COMPANY.kpp,
      legalAddress: COMPANY.legalAddress,
      // No policy document ships with the demo: the footer links the consent page (/company/consent) until an
      // administrator sets the address of an uploaded PDF.
      privacyPolicyUrl: null,
      vkUrl: 'https://vk.com/lashline',
      telegramUrl: 'https://t.me/lashline',
      pinterestUrl: 'https://www.pinterest.com/lashline',
      ozonUrl: 'https://www.ozon.ru/seller/lashline',
      wildberriesUrl: 'https://www.wildberries.ru/seller/lashline',
      whatsappUrl: 'https://wa.me/78005553535',
      minOrderTotal: rub(500),
      bonusEnabled: true,
      bonusAccrualPercent: 5,
      bonusMaxSpendPercent: 30,
      bonusPointValue: rub(1),
      bonusLifetimeDays: 365,
      bonusWelcomePoints: 300,
      adminNotificationEmail: 'orders@lashline.example',
      mailFromName: 'LashLine',
      mailFromEmail: 'noreply@lashline.example',
      smsSenderName: 'LashLine',
      seoTitle: 'LashLine — материалы для наращивания и ламинирования ресниц',
      seoDescription:
        'Интернет-магазин ресниц для наращивания, клея, составов для ламинирования и инструментов для мастеров. Доставка по всей России.',
      // The demo publishes its YML feed at /yml.xml at once, to be looked at; a new shop's stays off
      // until the administrator turns it on (docs/integrations.md).
      ymlEnabled: true,
      maintenanceMode: false,
      maintenanceMessage: `Мы обновляем сайт и скоро вернёмся. Заказы принимаем по телефону ${COMPANY.phoneDisplay}.`,
    });
    counts.settings = 1;
  }

  const delivery = await tx
    .insert(deliveryServices)
    .values([
      {
        code: 'cdek_pvz',
        title: 'СДЭК — пункт выдачи',
        kind: 'pickup_point',
        description: 'Доставка в любой из пунктов выдачи СДЭК. Хранение — 7 дней.',
        // Priced by СДЭК for the customer's city once the administrator enters the keys (docs/delivery.md);
        // until then, and whenever СДЭК does not answer, by the flat price below.
        provider: 'cdek',
        tariffCode: 136,
        senderCity: 'Москва',
        senderPostalCode: '101000',
        price: rub(350),
        freeFrom: rub(5000),
        minDays: 2,
        maxDays: 6,
        sortOrder: 10,
      },
      {
        code: 'russian_post',
        title: 'Почта России',
        kind: 'post',
        description: 'В любое отделение почты. Удобно для небольших городов и сёл.',
        // Почта России's public calculator needs no keys: priced by the customer's index.
        provider: 'russian_post',
        tariffCode: 27030,
        senderCity: 'Москва',
        senderPostalCode: '101000',
        price: rub(300),
        freeFrom: rub(7000),
        minDays: 5,
        maxDays: 14,
        sortOrder: 20,
      },
      {
        code: 'courier_moscow',
        title: 'Курьер по Москве',
        kind: 'courier',
        description: 'В пределах МКАД, с 10:00 до 21:00. Курьер позвонит за час.',
        price: rub(450),
        freeFrom: rub(5000),
        minDays: 1,
        maxDays: 2,
        zones: [
          { city: 'Москва', price: rub(450), minDays: 1, maxDays: 2 },
          { city: 'Химки', price: rub(650), minDays: 1, maxDays: 2 },
          { city: 'Балашиха', price: rub(650), minDays: 1, maxDays: 2 },
        ],
        timeSlots: ['10:00–14:00', '14:00–18:00', '18:00–21:00'],
        sortOrder: 30,
      },
      {
        code: 'self_pickup',
        title: 'Самовывоз из шоу-рума',
        kind: 'self_pickup',
        description: 'Бесплатно, в день заказа после сообщения о готовности.',
        pickupAddress: COMPANY.address,
        price: 0,
        minDays: 0,
        maxDays: 1,
        sortOrder: 40,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: deliveryServices.id, code: deliveryServices.code });
  counts.deliveryServices = delivery.length;
  const onDelivery = delivery
    .filter((d) => d.code === 'courier_moscow' || d.code === 'self_pickup' || d.code === 'cdek_pvz')
    .map((d) => d.id);

  // The online services are ЮKassa's in test mode and say so in their titles, which both the administrator
  // and the customer read: the demo must never look like it takes real money. They have no keys, so they
  // point at nothing and the checkout does not offer them (payments/providers.ts) until an administrator
  // enters a test shop's shopId and secretKey (docs/payments.md).
  const payment = await tx
    .insert(paymentServices)
    .values([
      {
        code: 'card_online',
        title: 'Картой онлайн (ЮKassa, тестовый режим)',
        kind: 'online',
        provider: 'yookassa',
        testMode: true,
        description:
          'Карты «Мир», Visa и Mastercard на защищённой странице ЮKassa. Тестовый режим: деньги не списываются, ' +
          'платите тестовой картой 5555 5555 5555 4477.',
        sortOrder: 10,
      },
      {
        code: 'sbp',
        title: 'СБП (ЮKassa, тестовый режим)',
        kind: 'online',
        provider: 'yookassa',
        testMode: true,
        description:
          'Оплата по QR-коду через приложение вашего банка на странице ЮKassa. Тестовый режим: деньги не списываются.',
        sortOrder: 20,
      },
      {
        code: 'on_delivery',
        title: 'При получении',
        kind: 'on_delivery',
        description: 'Наличными или картой курьеру и в пунктах выдачи СДЭК.',
        maxOrderTotal: rub(30000),
        deliveryServiceIds: onDelivery,
        sortOrder: 30,
      },
      {
        code: 'invoice',
        title: 'По счёту для юрлиц',
        kind: 'invoice',
        description: 'Для организаций и ИП: счёт, закрывающие документы через ЭДО.',
        minOrderTotal: rub(10000),
        sortOrder: 40,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: paymentServices.id });
  counts.paymentServices = payment.length;

  const types = await tx
    .insert(userTypes)
    .values([
      {
        code: 'retail',
        title: 'Розница',
        description: 'Покупатели без подтверждённой квалификации.',
        discountPercent: 0,
        sortOrder: 10,
      },
      {
        code: 'master',
        title: 'Мастер',
        description: 'Мастера с сертификатом: постоянная скидка 5 %.',
        discountPercent: 5,
        sortOrder: 20,
      },
      {
        code: 'salon',
        title: 'Салон / опт',
        description: 'Салоны и студии: скидка 10 %, оплата по счёту. Не суммируется с баллами.',
        discountPercent: 10,
        bonusAllowed: false,
        sortOrder: 30,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: userTypes.id });
  counts.userTypes = types.length;

  if (await isEmpty(tx, userGroups)) {
    const groups = await tx
      .insert(userGroups)
      .values(
        [
          {
            title: 'Представитель в Санкт-Петербурге',
            region: 'Санкт-Петербург',
            city: 'Санкт-Петербург',
            address: 'ул. Марата, д. 25, офис 12',
            phone: '+78121234567',
            email: 'spb@lashline.example',
            latitude: 59.9244,
            longitude: 30.3538,
          },
          {
            title: 'Представитель в Казани',
            region: 'Республика Татарстан',
            city: 'Казань',
            address: 'ул. Пушкина, д. 12, офис 4',
            phone: '+78432123456',
            email: 'kazan@lashline.example',
            latitude: 55.7908,
            longitude: 49.1255,
          },
          {
            title: 'Представитель в Екатеринбурге',
            region: 'Свердловская область',
            city: 'Екатеринбург',
            address: 'ул. Малышева, д. 51, офис 706',
            phone: '+73432123456',
            email: 'ekb@lashline.example',
            latitude: 56.8357,
            longitude: 60.6128,
          },
          {
            title: 'Представитель в Новосибирске',
            region: 'Новосибирская область',
            city: 'Новосибирск',
            address: 'Красный проспект, д. 77, офис 210',
            phone: '+73832123456',
            email: 'nsk@lashline.example',
            latitude: 55.0415,
            longitude: 82.9346,
          },
        ].map((g) => ({
          ...g,
          isRepresentative: true,
          showOnMap: true,
          description: `Официальный представитель LashLine: продажа по ценам сайта, консультации и мастер-классы. ${g.city}, ${g.address}.`,
        })),
      )
      .returning({ id: userGroups.id });
    counts.userGroups = groups.length;
  }

  if (await isEmpty(tx, banners)) {
    await tx.insert(banners).values(
      DEMO_BANNERS.map((b, i) => ({
        title: b.title,
        headline: b.headline,
        text: until(b.text),
        buttonLabel: b.buttonLabel,
        textTheme: b.textTheme,
        imageDesktopUrl: demoImageUrl(`${b.art}-desktop-bg`),
        imageMobileUrl: demoImageUrl(`${b.art}-mobile-bg`),
        alt: b.alt,
        link: b.link,
        position: 'home_slider',
        sortOrder: (i + 1) * 10,
      })),
    );
    counts.banners = DEMO_BANNERS.length;
  }

  const pageRows = await tx
    .insert(pages)
    .values(
      PAGES.map((p) => ({
        slug: p.slug,
        title: p.title,
        content: p.content,
        seoTitle: `${p.title} — LashLine`,
        seoDescription: p.seoDescription,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pages.id });
  counts.pages = pageRows.length;

  const articleRows = await tx
    .insert(articles)
    .values(
      ARTICLES.map((a) => ({
        slug: a.slug,
        title: a.title,
        announce: a.announce,
        content: a.content,
        coverUrl: demoImageUrl(a.cover),
        publishedAt: ago(a.daysAgo),
        seoDescription: a.announce,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: articles.id });
  counts.articles = articleRows.length;

  const ofKind = (...kinds: string[]) => seeded.filter((p) => kinds.includes(p.kind)).map((p) => p.id);
  const promoRows = await tx
    .insert(promotions)
    .values([
      {
        slug: 'nedelya-easy-fan',
        title: 'Неделя Easy fan: −15 % на лёгкие ресницы',
        announce: until(`Все лёгкие ресницы Easy fan со скидкой 15 % до ${UNTIL}.`),
        content: until(
          `<p>Собирайте объём быстрее: на все лёгкие ресницы Easy fan действует скидка 15 %. Цены уже пересчитаны в каталоге.</p><p>Акция действует до ${UNTIL} или пока товар есть на складе.</p>`,
        ),
        imageUrl: demoImageUrl('promo-easy-fan'),
        startsAt: ago(5),
        endsAt: ago(-EASY_FAN_DAYS),
        productIds: ofKind('lashes-easyfan'),
        sortOrder: 10,
      },
      {
        slug: 'podarok-k-zakazu',
        title: 'Патчи в подарок к заказу от 7 000 ₽',
        announce: 'Добавим упаковку гидрогелевых патчей к каждому заказу от 7 000 ₽.',
        content:
          '<p>Оформите заказ на сумму от 7 000 ₽ — и мы положим в посылку упаковку гидрогелевых патчей (50 пар). Ничего добавлять в корзину не нужно.</p><p>Один подарок на заказ. Акция не суммируется с оплатой по счёту.</p>',
        imageUrl: demoImageUrl('patches-pink'),
        startsAt: ago(10),
        endsAt: ago(-50),
        productIds: [],
        sortOrder: 20,
      },
      {
        slug: 'kley-dlya-chuvstvitelnyh-glaz-skidka',
        title: 'Клей для чувствительных глаз со скидкой 10 %',
        announce: 'Мягкий клей для клиенток с чувствительными глазами — дешевле на 10 %.',
        content:
          '<p>Клей с минимальным испарением подходит клиенткам, которые носят линзы или жалуются на слезотечение. До конца акции — скидка 10 % на весь клей для чувствительных глаз.</p>',
        imageUrl: demoImageUrl('cover-glue'),
        startsAt: ago(2),
        endsAt: ago(-30),
        productIds: ofKind('glue-sensitive'),
        sortOrder: 30,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: promotions.id });
  counts.promotions = promoRows.length;

  if (await isEmpty(tx, siteReviews)) {
    const rows = siteReviewRows(now);
    await tx.insert(siteReviews).values(rows);
    counts.siteReviews = rows.length;
  }
  if (await isEmpty(tx, productReviews)) {
    const rows = productReviewRows(rng, seeded, now);
    if (rows.length) await tx.insert(productReviews).values(rows);
    counts.productReviews = rows.length;
  }

  counts.mailTemplates = (
    await tx
      .insert(mailTemplates)
      .values(mailTemplateRows())
      .onConflictDoNothing()
      .returning({ id: mailTemplates.id })
  ).length;
  counts.smsTemplates = (
    await tx
      .insert(smsTemplates)
      .values(smsTemplateRows())
      .onConflictDoNothing()
      .returning({ id: smsTemplates.id })
  ).length;
  return counts;
}
