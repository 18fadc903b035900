// Every text the engine gives a customer, in one place (docs/pricing.md lists them). The shop calls a code a
// «промокод» to customers (the admin's «купон»); sums are whole roubles unless kopecks are there.
import { ruDate } from './dates';
import { formatMoney } from '@shop/schemas/rules/money';
import { points } from './money';
import { quoted } from '@shop/schemas/rules/quotes';

// Codes and rule titles as names: a title with its own quotes gets „…“ inside (quoted).
const q = quoted;

export const couponMessages = {
  unknown: (code: string) => `Промокод ${q(code)} не найден. Проверьте, правильно ли он введён`,
  inactive: (code: string) => `Промокод ${q(code)} больше не действует`,
  guest: (code: string) =>
    `Промокод ${q(code)} персональный: войдите в личный кабинет, чтобы им воспользоваться`,
  other_customer: (code: string) => `Промокод ${q(code)} выпущен для другого покупателя`,
  not_started: (code: string, startsAt: string | Date) =>
    `Промокод ${q(code)} начнёт действовать ${ruDate(startsAt)}`,
  expired: (code: string) => `Срок действия промокода ${q(code)} истёк`,
  usage_limit: (code: string) => `Промокод ${q(code)} уже использован максимальное число раз`,
  user_limit: (code: string, limit: number) =>
    limit === 1
      ? `Вы уже использовали промокод ${q(code)}, повторно он не действует`
      : `Вы уже использовали промокод ${q(code)} максимальное число раз`,
  categories: (code: string) => `Промокод ${q(code)} не действует на товары в корзине`,
  min_total: (code: string, min: number, left: number) =>
    `Промокод ${q(code)} действует для заказов от ${formatMoney(min)}. Добавьте товаров ещё на ${formatMoney(left)}`,
  not_combinable: (code: string, ruleTitle: string) =>
    `Промокод ${q(code)} не суммируется с акцией ${q(ruleTitle)}: применена более выгодная скидка`,
  applied: (code: string, amount: number) => `Промокод ${q(code)} применён: скидка ${formatMoney(amount)}`,
  appliedFreeDelivery: (code: string) => `Промокод ${q(code)} применён: доставка бесплатно`,
};

export const bonusMessages = {
  guest: 'Войдите в личный кабинет, чтобы оплатить часть заказа баллами',
  notAllowed: 'Оплата баллами недоступна для вашего типа покупателя',
  limitedByPercent: (percent: number, spent: number) =>
    `Баллами можно оплатить не больше ${percent}\u00a0% стоимости товаров, спишем ${points(spent)}`,
  limitedByBalance: (available: number) => `На вашем счёте ${points(available)}`,
};

export const problemMessages = {
  emptyCart: 'Корзина пуста',
  belowMinOrder: (min: number, left: number) =>
    `Минимальная сумма заказа — ${formatMoney(min)}. Добавьте товаров ещё на ${formatMoney(left)}`,
  deliveryUnavailable: 'Выбранный способ доставки недоступен, выберите другой',
  paymentUnavailable: (title: string | null) =>
    `${title ? `Способ оплаты ${q(title)}` : 'Выбранный способ оплаты'} недоступен для этого заказа, выберите другой`,
};

export const paymentMessages = {
  fromTotal: (min: number, left: number) =>
    `Для заказов от ${formatMoney(min)}: добавьте товаров ещё на ${formatMoney(left)}`,
  upToTotal: (max: number) => `Для заказов до ${formatMoney(max)}`,
};

export const deliveryMessages = {
  leftForFree: (left: number) => `До бесплатной доставки осталось ${formatMoney(left)}`,
};

export const discountTitles = {
  userType: (percent: number, typeTitle: string) => `Скидка ${percent}\u00a0% по статусу ${q(typeTitle)}`,
  coupon: (code: string) => `Промокод ${code}`,
};
