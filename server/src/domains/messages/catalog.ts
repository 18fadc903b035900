// Which variables a template may use. The server fills a template by its code (auth.registration,
// order.created…), so each known code has its own variables; a template of a code the server does not know
// (a newsletter an administrator writes for send-emails) may use the common ones. Saving a template with any
// other variable is refused (messages/template-hooks.ts), and the admin's preview fills the samples in.

export interface TemplateVariable {
  name: string;
  /** What the value is, in Russian, for the admin's list of variables. */
  label: string;
  /** A plausible value for the preview. */
  sample: string;
  /** The value is ready HTML (e-mail only): it goes in unescaped. */
  html?: boolean;
  /**
   * A secret: a link with a single-use or personal token (password reset, confirmation, unsubscribe) or a
   * code. In an e-mail it may stand only as the whole href of a link (messages/template-hooks.ts), so a template
   * cannot hand it to another site; a system template of its code must keep it.
   */
  secret?: boolean;
}

export type Channel = 'email' | 'sms';

const v = (
  name: string,
  label: string,
  sample: string,
  kind: { html?: true; secret?: true } = {},
): TemplateVariable => ({ name, label, sample, ...kind });

/** Every template may use these; the sender fills them in for each message. */
export const COMMON_VARIABLES: TemplateVariable[] = [
  v('shopName', 'Название магазина', 'Lash Shop'),
  v('siteUrl', 'Адрес сайта', 'https://lash-shop.ru'),
  v('supportPhone', 'Телефон поддержки', '+7 (800) 555-35-35'),
  v('customerName', 'Имя покупателя', 'Анна'),
];

/** A newsletter's own variable: each subscriber gets a link of their own. */
const UNSUBSCRIBE = v(
  'unsubscribeUrl',
  'Ссылка для отписки',
  'https://lash-shop.ru/newsletter/unsubscribe?token=…',
  { secret: true },
);

const ORDER = [
  v('orderNumber', 'Номер заказа', '2026-000125'),
  v('orderTotal', 'Сумма заказа', '4 350,00 ₽'),
  v(
    'orderUrl',
    'Ссылка на страницу заказа (в личном кабинете или личная ссылка гостя)',
    'https://lash-shop.ru/profile/orders/2026-000125',
  ),
];

/** Where the customer follows the parcel: the carrier's page for its tracking number (empty before shipping). */
const TRACKING = v(
  'trackingUrl',
  'Ссылка для отслеживания посылки',
  'https://www.cdek.ru/ru/tracking?order_id=1234567890',
);

const BY_CODE: Record<string, { email?: TemplateVariable[]; sms?: TemplateVariable[] }> = {
  'auth.registration': {
    email: [
      v('confirmUrl', 'Ссылка подтверждения e-mail', 'https://lash-shop.ru/mail-confirm?token=…', {
        secret: true,
      }),
    ],
    sms: [v('code', 'Код подтверждения', '4821', { secret: true })],
  },
  'auth.password_recovery': {
    email: [
      v('resetUrl', 'Ссылка на смену пароля', 'https://lash-shop.ru/change-password?token=…', {
        secret: true,
      }),
    ],
    sms: [v('code', 'Код подтверждения', '4821', { secret: true })],
  },
  'order.created': {
    email: [
      ...ORDER,
      v('deliveryService', 'Способ доставки', 'СДЭК до пункта выдачи'),
      v('paymentService', 'Способ оплаты', 'Картой онлайн'),
      v(
        'orderItems',
        'Таблица товаров заказа',
        '<table><tr><td>Клей Sky S+, 5 мл</td><td>1 шт.</td><td>1 290,00 ₽</td></tr></table>',
        { html: true },
      ),
    ],
    sms: ORDER,
  },
  'order.admin_created': {
    email: [
      ...ORDER,
      v('deliveryService', 'Способ доставки', 'СДЭК до пункта выдачи'),
      v('paymentService', 'Способ оплаты', 'При получении'),
      v('customerPhone', 'Телефон покупателя', '+79991234567'),
      v('customerEmail', 'E-mail покупателя', 'anna@example.ru'),
      v(
        'orderItems',
        'Таблица товаров заказа',
        '<table><tr><td>Клей Sky S+, 5 мл</td><td>1 шт.</td><td>1 290,00 ₽</td></tr></table>',
        { html: true },
      ),
      v('adminUrl', 'Ссылка на заказ в админке', 'https://lash-shop.ru/nuxt/orders/25'),
    ],
  },
  'order.status_changed': {
    email: [
      ...ORDER,
      v('orderStatus', 'Новый статус', 'Передан в доставку'),
      v('statusComment', 'Комментарий', 'Трек-номер 1234567890'),
      TRACKING,
    ],
    sms: [...ORDER, v('orderStatus', 'Новый статус', 'Передан в доставку'), TRACKING],
  },
  'order.shipment_returning': {
    email: [
      v('orderNumber', 'Номер заказа', '2026-000125'),
      v('trackNumber', 'Трек-номер', '1234567890'),
      v('shipmentStatus', 'Статус у службы доставки', 'Возвращен на склад отправителя'),
      v('adminUrl', 'Ссылка на заказ в админке', 'https://lash-shop.ru/nuxt/orders/2026-000125'),
    ],
  },
  'feedback.call': {
    email: [
      v('requestName', 'Имя из заявки', 'Мария'),
      v('requestPhone', 'Телефон из заявки', '+7 912 345-67-89'),
      v('adminUrl', 'Ссылка на заявку в админке', 'https://lash-shop.ru/nuxt/forms-list'),
    ],
  },
  'feedback.message': {
    email: [
      v('requestName', 'Имя из заявки', 'Мария'),
      v('requestEmail', 'E-mail из заявки', 'maria@example.ru'),
      v('requestPhone', 'Телефон из заявки', '89123456789'),
      v('requestMessage', 'Текст сообщения', 'Подскажите, есть ли клей Sky S+ в наличии?'),
      v('adminUrl', 'Ссылка на заявку в админке', 'https://lash-shop.ru/nuxt/forms-list'),
    ],
  },
  'feedback.represent': {
    email: [
      v('requestName', 'Имя из заявки', 'Анна Петрова'),
      v('requestCity', 'Город', 'Казань'),
      v('requestPhone', 'Телефон из заявки', '+7 912 345-67-89'),
      v('requestEmail', 'E-mail из заявки', 'anna@example.ru'),
      v('requestExperience', 'Опыт работы', 'Мастер 3 года, своя студия, веду курсы'),
      v('adminUrl', 'Ссылка на заявку в админке', 'https://lash-shop.ru/nuxt/forms-list'),
    ],
  },
  'stock.back': {
    email: [
      v('productName', 'Название товара', 'Ресницы Lash Shop Black'),
      v('variantName', 'Вариант и артикул', 'D 0,07 11 мм, арт. LS-D007-11'),
      v('productPrice', 'Цена варианта', '1 250 ₽'),
      v('productUrl', 'Ссылка на товар', 'https://lash-shop.ru/catalog/lashes/product/black?offer=12'),
    ],
    sms: [
      v('productName', 'Название товара', 'Ресницы Lash Shop Black'),
      v('variantName', 'Вариант и артикул', 'D 0,07 11 мм, арт. LS-D007-11'),
      v('productPrice', 'Цена варианта', '1 250 ₽'),
      v('productUrl', 'Ссылка на товар', 'https://lash-shop.ru/catalog/lashes/product/black?offer=12'),
    ],
  },
  'newsletter.confirm': {
    email: [
      v('confirmUrl', 'Ссылка подтверждения подписки', 'https://lash-shop.ru/newsletter/confirm?token=…', {
        secret: true,
      }),
    ],
  },
};

/** Codes the server sends by itself (the admin lists them as "system" templates). */
export const SYSTEM_TEMPLATE_CODES = Object.keys(BY_CODE);

/** The variables a template of this code and channel may use: its own and the common ones. */
export function variablesFor(channel: Channel, code: string): TemplateVariable[] {
  const own = BY_CODE[code]?.[channel];
  return [...COMMON_VARIABLES, ...(own ?? [UNSUBSCRIBE].filter(() => channel === 'email'))];
}

/** Sample values for a preview of a template of this code. */
export function sampleValues(channel: Channel, code: string): Record<string, string> {
  return Object.fromEntries(variablesFor(channel, code).map((x) => [x.name, x.sample]));
}

/** The secret variables (links with tokens, codes) a template of this code and channel may use. */
export function secretVariables(channel: Channel, code: string): string[] {
  return variablesFor(channel, code)
    .filter((x) => x.secret)
    .map((x) => x.name);
}

/** The variables a system template of this code must keep: its secret link or code, the reason it exists. */
export function requiredVariables(channel: Channel, code: string): string[] {
  return (BY_CODE[code]?.[channel] ?? []).filter((x) => x.secret).map((x) => x.name);
}

/** The account templates (registration, password recovery): only an administrator may change them. */
export const isAccountTemplate = (code: unknown) => typeof code === 'string' && code.startsWith('auth.');

/** Variables that are ready HTML in e-mails of this code. */
export function rawHtmlVariables(code: string): string[] {
  return (BY_CODE[code]?.email ?? []).filter((x) => x.html).map((x) => x.name);
}
