// The 54-FZ receipt of an order's online payment (spec: /work/shared/spec/payments-ru.md §6). Pure: the
// caller reads the order, the products' receipt fields and the shop's receipt settings; this turns them into
// receipt items whose sum is the payment's amount to the kopeck, or says in Russian why it cannot.
//
// A receipt item is one unit's price × quantity, and the cashbox refuses a receipt whose items do not add up
// to the payment. Discounts and bonuses are already baked into each line's `payable`, so a line's unit price
// is payable / quantity; when that is not whole, the line becomes two items one kopeck apart.
import { receiptPositions } from '../pricing';
import type { Receipt, ReceiptItem } from './provider';

/** YooKassa's VAT codes (§7): 1 без НДС … 11 22%, 12 22/122. */
export type VatCode = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
/** The payment subjects the shop's settings and products offer. */
export type PaymentSubject = 'commodity' | 'excise' | 'job' | 'service' | 'composite' | 'another';
export type PaymentMode = ReceiptItem['paymentMode'];

export interface ReceiptLineInput {
  /** The product's (and offer's) name as the order shows it. */
  title: string;
  /** Whole pieces, ≥ 1. */
  quantity: number;
  /** Kopecks for the whole line after every discount and bonus share (PricedLine.payable). */
  payable: number;
  /** The product's own receipt fields; null = the shop's default. */
  vatCode: VatCode | null;
  paymentSubject: PaymentSubject | null;
}

export interface ReceiptInput {
  /** What the payment charges, in kopecks: the items must add up to exactly this. */
  amount: number;
  lines: readonly ReceiptLineInput[];
  /** The chosen delivery and what the customer pays for it (kopecks); null or price 0 = no delivery item. */
  delivery: { title: string; price: number } | null;
  customer: {
    email: string | null;
    /** As the shop stores it, +79991234567; sent as digits only. */
    phone: string | null;
    fullName?: string | null;
    /** A company's or sole trader's INN, when the buyer gave one. */
    inn?: string | null;
  };
  /** The shop's receipt settings (settings.receiptVatCode, …). */
  defaults: {
    vatCode: VatCode;
    deliveryVatCode: VatCode;
    paymentSubject: PaymentSubject;
    /** Sent only when set: third-party cashboxes may need it, Чеки от ЮKassa ignore it. */
    taxSystemCode: number | null;
  };
  /** full_prepayment when the goods are shipped later (the usual case), full_payment when handed over now. */
  paymentMode: PaymentMode;
}

export type ReceiptProblem =
  'invalid_line' | 'no_contact' | 'nothing_to_pay' | 'too_many_items' | 'sum_mismatch';

/** Why a receipt could not be made; `message` is Russian and may be shown as is. */
export class ReceiptError extends Error {
  constructor(
    public readonly problem: ReceiptProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ReceiptError';
  }
}

/** YooKassa's limits (§6). */
export const RECEIPT_MAX_ITEMS = 100;
const DESCRIPTION_MAX = 128;
/** Чеки от ЮKassa take at most 99999.999 of an item. */
const QUANTITY_MAX = 99_999;

/** One line of text, 1–128 characters (code points, so an emoji is never cut in half). */
function itemDescription(title: string, fallback: string): string {
  const text = title.replace(/\s+/g, ' ').trim() || fallback;
  return Array.from(text).slice(0, DESCRIPTION_MAX).join('');
}

/** +7 (999) 123-45-67 → 79991234567; null when it does not look like a phone number (E.164: ≤ 15 digits). */
export function receiptPhone(phone: string | null): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  // A Russian number typed with the domestic 8 prefix.
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * A prepayment's VAT is charged at the calculated rate (Tax Code art. 164 p. 4: 22/122 instead of 22 %, and
 * so on), and the receipt of a full prepayment says so; the goods' own rate belongs to the receipt made at
 * the handover. "Без НДС" and 0 % have no calculated form.
 */
const PREPAYMENT_VAT: Partial<Record<number, VatCode>> = { 3: 5, 4: 6, 7: 9, 8: 10, 11: 12 };
export const vatFor = (code: number, mode: PaymentMode): number =>
  mode === 'full_prepayment' ? (PREPAYMENT_VAT[code] ?? code) : code;

export function buildReceipt(input: ReceiptInput): Receipt {
  const items: ReceiptItem[] = [];
  const item = (
    description: string,
    quantity: number,
    amount: number,
    vatCode: number,
    paymentSubject: string,
  ) =>
    items.push({
      description,
      quantity,
      amount,
      vatCode: vatFor(vatCode, input.paymentMode),
      paymentSubject,
      paymentMode: input.paymentMode,
      measure: 'piece',
    });

  input.lines.forEach((line, i) => {
    if (!whole(line.payable) || !whole(line.quantity) || line.quantity < 1 || line.quantity > QUANTITY_MAX)
      throw new ReceiptError(
        'invalid_line',
        `Строка ${i + 1} заказа («${line.title}»): количество ${line.quantity} или сумма ${line.payable} не годятся для чека`,
      );
    const description = itemDescription(line.title, 'Товар');
    const vatCode = line.vatCode ?? input.defaults.vatCode;
    const subject = line.paymentSubject ?? input.defaults.paymentSubject;
    // Units priced 0 kopecks (a gift, or bonuses covering under a kopeck a unit) stay out, like zero lines:
    // YooKassa's acceptance of zero items is unconfirmed, and they change no sum.
    for (const position of receiptPositions(line.payable, line.quantity))
      if (position.price > 0) item(description, position.quantity, position.price, vatCode, subject);
  });

  if (input.delivery && input.delivery.price > 0) {
    if (!whole(input.delivery.price))
      throw new ReceiptError(
        'invalid_line',
        `Стоимость доставки ${input.delivery.price} не годится для чека`,
      );
    // Delivery is a service whatever the goods are, with its own VAT setting.
    item(
      itemDescription(input.delivery.title, 'Доставка'),
      1,
      input.delivery.price,
      input.defaults.deliveryVatCode,
      'service',
    );
  }

  if (items.length === 0)
    throw new ReceiptError('nothing_to_pay', 'В заказе нечего оплачивать онлайн: сумма к оплате — 0 ₽');
  // A cart may hold 100 products and each may need two items, so this can happen. Moving kopecks between
  // lines to merge items would change what the receipt says each product cost; the order is better paid
  // another way (on delivery, by invoice) or split.
  if (items.length > RECEIPT_MAX_ITEMS)
    throw new ReceiptError(
      'too_many_items',
      `В чеке может быть не больше ${RECEIPT_MAX_ITEMS} позиций, а у этого заказа их ${items.length}: ` +
        'выберите другой способ оплаты или разделите заказ на несколько',
    );

  const total = items.reduce((sum, it) => sum + it.amount * it.quantity, 0);
  if (total !== input.amount)
    throw new ReceiptError(
      'sum_mismatch',
      `Сумма чека (${total} коп.) не совпадает с суммой платежа (${input.amount} коп.): чек не отправлен`,
    );

  // E-mail first: Чеки от ЮKassa send receipts by e-mail only; a phone serves third-party cashboxes.
  const email = input.customer.email?.trim() || null;
  const phone = email ? null : receiptPhone(input.customer.phone);
  const contact = email ? { email } : phone ? { phone } : null;
  if (!contact)
    throw new ReceiptError(
      'no_contact',
      'Для чека нужен e-mail или телефон покупателя, а в заказе нет ни того, ни другого',
    );
  const fullName = input.customer.fullName?.trim();
  const inn = input.customer.inn?.replace(/\D/g, '');

  return {
    customer: {
      ...contact,
      ...(fullName ? { fullName: Array.from(fullName).slice(0, 256).join('') } : {}),
      ...(inn && (inn.length === 10 || inn.length === 12) ? { inn } : {}),
    },
    items,
    ...(input.defaults.taxSystemCode ? { taxSystemCode: input.defaults.taxSystemCode } : {}),
  };
}
